import AirsignEncoding
import AirsignOnline
import AirsignSubstrateOnline
import Foundation
import Testing

/// `SubstrateRPC`'s reading of a node's replies: well-formed answers give their values, anything
/// else is `badReply` (exit 9), never a guess.
@Suite struct SubstrateRPCTests {
    /// A node answering each method with a fixed JSON-RPC result.
    struct Node: HTTPTransport {
        let results: [String: JSONValue]
        func send(_ request: HTTPRequest) throws(OnlineError) -> HTTPResponse {
            guard let body = try? JSONParser().parse(request.body), case let .string(method)? = body["method"], let result = results[method] else {
                return HTTPResponse(status: 400, body: [])
            }
            let reply: JSONValue = .object([(key: "jsonrpc", value: .string("2.0")), (key: "id", value: .number("1")), (key: "result", value: result)])
            return HTTPResponse(status: 200, body: Array(JSONSerializer().serialize(reply).utf8))
        }
    }

    static let hash = "0x" + String(repeating: "ab", count: 32)

    static func rpc(_ results: [String: JSONValue]) -> SubstrateRPC {
        SubstrateRPC(client: JSONRPCClient(url: "http://node", transport: Node(results: results)))
    }

    static func isBadReply(_ body: () throws -> Void) -> Bool {
        do { try body() } catch let error as OnlineError {
            if case .badReply = error { return true }
            return false
        } catch { return false }
        return false
    }

    @Test func wellFormedReplies() throws {
        let rpc = Self.rpc([
            "chain_getBlockHash": .string(Self.hash), "chain_getFinalizedHead": .string(Self.hash),
            "chain_getHeader": .object([(key: "number", value: .string("0x1e240"))]),
            "state_getRuntimeVersion": .object([(key: "specVersion", value: .number("1002005")), (key: "transactionVersion", value: .number("26"))]),
            "system_accountNextIndex": .number("7"), "state_getMetadata": .string("0x6d657461"),
        ])
        #expect(try rpc.genesisHash() == [UInt8](repeating: 0xab, count: 32))
        let head = try rpc.finalizedHead()
        #expect(head.hash == [UInt8](repeating: 0xab, count: 32) && head.number == 123_456)
        let version = try rpc.runtimeVersion()
        #expect(version.specVersion == 1_002_005 && version.transactionVersion == 26)
        #expect(try rpc.nextIndex("5Grw") == 7)
        #expect(try rpc.metadata() == Array("meta".utf8))
    }

    @Test func malformedRepliesAreBadReplies() {
        let header = { (number: String) in Self.rpc(["chain_getFinalizedHead": .string(Self.hash), "chain_getHeader": .object([(key: "number", value: .string(number))])]) }
        for number in ["0x", "0x+1", "0x-0", "0x100000000", "123", "0xg"] {
            #expect(Self.isBadReply { _ = try header(number).finalizedHead() }, "\(number)")
        }
        #expect(Self.isBadReply { _ = try Self.rpc(["chain_getBlockHash": .string("0xabab")]).genesisHash() })
        #expect(Self.isBadReply { _ = try Self.rpc(["system_accountNextIndex": .number("4294967296")]).nextIndex("x") })
        #expect(Self.isBadReply {
            _ = try Self.rpc(["state_getRuntimeVersion": .object([(key: "specVersion", value: .number("1"))])]).runtimeVersion()
        })
        #expect(Self.isBadReply { _ = try Self.rpc(["state_getMetadata": .string("6d657461")]).metadata() })
    }
}
