import AirsignMessages
import AirsignTestChain
import AirsignTestSupport
import AirsignWatch
import Foundation
import Testing

/// The built `airsign-watch`: `requests` and `finalize` refuse bad input clearly, write
/// nothing, and, with no chain module in this build, refuse every response by name.
@Suite struct WatchCLITests {
    typealias Home = ProgramHome

    /// An Ethereum request stored as issued (by the library: no chain module can build one yet).
    func storedEthereumRequest(_ home: Home) throws -> SignRequest {
        let account = try MessageAccount(
            address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", publicKey: [4] + [UInt8](repeating: 0x11, count: 64))
        // No build has a module for "cardano", so finalize refuses it by name (the "no module" case below).
        let request = try SignRequest.make(
            chain: ChainID("cardano"), network: "cardano:mainnet", account: account,
            payload: .object([
                (key: "type", value: .string("transaction")), (key: "transaction", value: .string("0x02")),
            ]))
        try home.store.add([request], now: 1_767_225_600)
        return request
    }

    @Test func requestsListAndShow() throws {
        let home = Home()
        let empty = try home.watch(["requests", "list"])
        #expect(empty.status == 0)
        #expect(empty.stderr.contains("No requests issued yet."))
        let request = try storedEthereumRequest(home)
        let list = try home.watch(["requests", "list"])
        #expect(
            list.stderr.contains(request.id.text) && list.stderr.contains("issued")
                && list.stderr.contains("2026-01-01T00:00:00Z"))
        let show = try home.watch(["requests", "show", request.id.text, "--json"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("\"status\":\"issued\""))
        #expect(try home.watch(["requests", "show", "6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10"]).status == 3)
        #expect(try home.watch(["requests", "show", "not-an-id"]).status == 2)
    }

    @Test func finalizeRefusesBadInputAndWritesNothing() throws {
        let home = Home()
        let request = try storedEthereumRequest(home)
        let recordPath = home.store.directory + "/\(request.id).json"
        let before = try String(contentsOfFile: recordPath, encoding: .utf8)
        let out = home.dir.path + "/final.json"
        func finalize(_ input: String) throws -> ProgramRun.Result {
            let result = try home.watch(["finalize", "-", "--out", out], stdin: input)
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(try String(contentsOfFile: recordPath, encoding: .utf8) == before)
            return result
        }
        let notJSON = try finalize("not json")
        #expect(notJSON.status == 3 && notJSON.stderr.contains("not JSON"))
        let wrongShape = try finalize("[1,2]")
        #expect(wrongShape.status == 3 && wrongShape.stderr.contains("message 1: expected a JSON object"))
        let unknownID = try finalize(
            "{\"airsign\":\"sign-response\",\"version\":1,\"id\":\"6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10\",\"signature\":\"0x00\"}"
        )
        #expect(
            unknownID.status == 3
                && unknownID.stderr.contains("no stored request has the id 6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10"))
        let other = try SignResponse(
            id: request.id, chain: request.chain, network: request.network,
            account: MessageAccount(
                address: "0x0000000000000000000000000000000000000001",
                publicKey: [4] + [UInt8](repeating: 0x22, count: 64)),
            signatures: ["0x00"], result: nil)
        let otherAccount = try finalize(String(decoding: MessageFile.serialize([other]), as: UTF8.self))
        #expect(otherAccount.status == 3 && otherAccount.stderr.contains("does not fit the stored request"))
        let compact = try SignResponse(id: request.id, signatures: ["0x00"])
        let noModule = try finalize(String(decoding: MessageFile.serialize([compact]), as: UTF8.self))
        #expect(noModule.status == 3 && noModule.stderr.contains("no chain module for cardano yet"))
    }

    @Test func aDamagedStoreFileIsNamed() throws {
        let home = Home()
        let request = try storedEthereumRequest(home)
        let path = home.store.directory + "/\(request.id).json"
        _ = FileManager.default.createFile(atPath: path, contents: Data("{}".utf8))
        let list = try home.watch(["requests", "list"])
        #expect(list.status == 5)
        #expect(list.stderr.contains(path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")
    }
}
