import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignTestChain
import AirsignTestSupport
import Foundation
import Testing

/// `ethereum call --sig/--abi` and `deploy --constructor-sig` through the built watch (issue 21
/// Build 1): the Solidity documentation's calls come out byte for byte, the function travels in
/// the request, and every bad argument is one line naming its position and type.
@Suite struct EthereumCallBuildCLITests {
    typealias Home = EthereumCLITests.Home
    static let from = EthereumCLITests.from
    static let to = EthereumCLITests.to
    static let fees = ["--nonce", "0", "--gas", "100000", "--max-fee", "30gwei", "--priority-fee", "1gwei"]

    func call(_ home: Home, _ extra: [String]) throws -> (ProgramRun.Result, SignRequest?) {
        let result = try home.run(
            ["ethereum", "call", "--from", Self.from, "--to", Self.to, "--out", home.out] + Self.fees + extra)
        guard result.status == 0 else { return (result, nil) }
        let request = try MessageFile.requests(Array(try String(contentsOfFile: home.out, encoding: .utf8).utf8)).first
        try? FileManager.default.removeItem(atPath: home.out)
        return (result, request)
    }

    /// A usage error whose one error line names `named`; nothing written or stored.
    func refused(_ home: Home, _ extra: [String], _ named: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let (result, _) = try call(home, extra)
        try home.expectNothing(result, status: 2, named, sourceLocation: sourceLocation)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains(named), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    func data(_ request: SignRequest?) throws -> [UInt8] {
        let hex = try #require(request?.payload["transaction"]).asString()
        return try EthereumTransaction.decodeUnsigned(try Hex.decode(hex)).data
    }

    @Test func theDocumentationsCallsAreBuiltFromTheirSignatures() throws {
        let home = try Home()
        for call in try AirsignTestSupport.Vectors.load("ethereum-abi", as: ABICodecTests.Vectors.self).calls {
            let (result, request) = try self.call(home, ["--sig", call.signature] + call.arguments)
            #expect(result.status == 0, "\(call.signature): \(result.stderr)")
            #expect(testHex(try data(request)) == String(call.calldata.dropFirst(2)).lowercased(), "\(call.signature)")
            // The request carries the function; the signer reads it back to the same signature.
            let abi = try ABIFunction.fragment(try #require(request?.payload["abi"]))
            #expect(abi.canonicalSignature == (try ABIFunction(signature: call.signature)).canonicalSignature)
        }
    }

    @Test func aFunctionIsTakenFromAJSONABI() throws {
        let home = try Home()
        let abi = try home.file(
            "pool.json",
            """
            {"abi":[{"type":"function","name":"supply","inputs":[{"name":"asset","type":"address"},{"name":"amount","type":"uint256"},
             {"name":"onBehalfOf","type":"address"},{"name":"referralCode","type":"uint16"}]},
             {"type":"event","name":"Supply","inputs":[]}]}
            """)
        let args = [Self.to, "1.5ether", Self.from, "0"]
        let (byABI, fromABI) = try call(home, ["--abi", abi, "--function", "supply"] + args)
        #expect(byABI.status == 0, "\(byABI.stderr)")
        let (bySig, fromSig) = try call(home, ["--sig", "supply(address,uint256,address,uint16)"] + args)
        #expect(bySig.status == 0, "\(bySig.stderr)")
        #expect(try data(fromABI) == data(fromSig))
        #expect(try data(fromABI).prefix(4) == [0x61, 0x7b, 0xa0, 0x37])  // supply(address,uint256,address,uint16)
        #expect(try fromABI?.payload["abi"]?["inputs"]?.asArray().count == 4)
        let fresh = try Home()
        try refused(
            fresh,
            [
                "--abi", try fresh.file("pool.json", try String(contentsOfFile: abi, encoding: .utf8)), "--function",
                "withdraw",
            ] + args,
            "no function withdraw")
    }

    @Test func everyBadArgumentNamesItsPositionAndType() throws {
        let home = try Home()
        let sig = ["--sig", "f(uint8,address,bool,bytes2,(uint256,string)[])"]
        let good = ["255", Self.to, "true", "0x1234", "[(1,a),(2,b)]"]
        #expect(try call(home, sig + good).0.status == 0)
        let cases: [([String], String)] = [
            (["256", Self.to, "true", "0x1234", "[]"], "argument 1 (uint8)"),
            (["1", "0x1234", "true", "0x1234", "[]"], "argument 2 (address)"),
            // bad EIP-55
            (["1", "0x9858efFD232B4033E47d90003D41EC34EcaEda94", "true", "0x1234", "[]"], "argument 2 (address)"),
            (["1", Self.to, "yes", "0x1234", "[]"], "argument 3 (bool)"),
            (["1", Self.to, "true", "0x12", "[]"], "argument 4 (bytes2)"),
            (["1", Self.to, "true", "0x1234", "[(1,a),(x,b)]"], "argument 5 ((uint256,string)[])"),
            (["1", Self.to, "true", "0x1234"], "5 arguments expected"),
        ]
        for (args, named) in cases {
            try refused(try Home(), sig + args, named)
        }
        try refused(try Home(), ["--sig", "f(uint7)", "1"], "--sig")
        try refused(try Home(), ["--sig", "f()", "--data", "0x12345678"], "exactly one of")
    }

    @Test func constructorArgumentsAreAppendedToTheInitCode() throws {
        let home = try Home()
        let code = "0x6080604052"
        let result = try home.run(
            [
                "ethereum", "deploy", "--from", Self.from, "--data", code, "--constructor-sig",
                "constructor(uint256,address)",
                "--out", home.out,
            ] + Self.fees + ["7", Self.to])
        #expect(result.status == 0, "\(result.stderr)")
        let request = try #require(
            try MessageFile.requests(Array(try String(contentsOfFile: home.out, encoding: .utf8).utf8)).first)
        let expected =
            try Hex.decode(code)
            + ABIEncoder.encode([.uint(7), .address(try EthereumAddress(Self.to))], as: [.uint(256), .address])
        #expect(try data(request) == expected)
        let fresh = try Home()
        let bad = try fresh.run(
            [
                "ethereum", "deploy", "--from", Self.from, "--data", code, "--constructor-sig", "constructor(uint256)",
                "--out", fresh.out,
            ]
                + Self.fees + ["-1"])
        try fresh.expectNothing(bad, status: 2, "constructor argument 1 (uint256)")
    }
}
