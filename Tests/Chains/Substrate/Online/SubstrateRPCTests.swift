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
            guard let body = try? JSONParser().parse(request.body), case let .string(method)? = body["method"],
                let result = results[method]
            else {
                return HTTPResponse(status: 400, body: [])
            }
            let reply: JSONValue = .object([
                (key: "jsonrpc", value: .string("2.0")), (key: "id", value: .number("1")),
                (key: "result", value: result),
            ])
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
            "state_getRuntimeVersion": .object([
                (key: "specVersion", value: .number("1002005")), (key: "transactionVersion", value: .number("26")),
            ]),
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
        let header = { (number: String) in
            Self.rpc([
                "chain_getFinalizedHead": .string(Self.hash),
                "chain_getHeader": .object([(key: "number", value: .string(number))]),
            ])
        }
        for number in ["0x", "0x+1", "0x-0", "0x100000000", "123", "0xg"] {
            #expect(Self.isBadReply { _ = try header(number).finalizedHead() }, "\(number)")
        }
        #expect(Self.isBadReply { _ = try Self.rpc(["chain_getBlockHash": .string("0xabab")]).genesisHash() })
        #expect(Self.isBadReply { _ = try Self.rpc(["system_accountNextIndex": .number("4294967296")]).nextIndex("x") })
        #expect(
            Self.isBadReply {
                _ = try Self.rpc(["state_getRuntimeVersion": .object([(key: "specVersion", value: .number("1"))])])
                    .runtimeVersion()
            })
        #expect(Self.isBadReply { _ = try Self.rpc(["state_getMetadata": .string("6d657461")]).metadata() })
    }

    /// A node that answers a method it does not serve with a JSON-RPC error, as nodes do.
    struct PartialNode: HTTPTransport {
        let results: [String: JSONValue]
        func send(_ request: HTTPRequest) throws(OnlineError) -> HTTPResponse {
            guard let body = try? JSONParser().parse(request.body), case let .string(method)? = body["method"] else {
                return HTTPResponse(status: 400, body: [])
            }
            let answer: (key: String, value: JSONValue) =
                results[method].map { (key: "result", value: $0) }
                ?? (
                    key: "error",
                    value: .object([
                        (key: "code", value: .number("-32601")), (key: "message", value: .string("Method not found")),
                    ])
                )
            let reply: JSONValue = .object([
                (key: "jsonrpc", value: .string("2.0")), (key: "id", value: .number("1")), answer,
            ])
            return HTTPResponse(status: 200, body: Array(JSONSerializer().serialize(reply).utf8))
        }
    }

    static func partial(_ results: [String: JSONValue]) -> SubstrateRPC {
        SubstrateRPC(client: JSONRPCClient(url: "http://node", transport: PartialNode(results: results)))
    }

    /// V15 metadata from `Metadata_metadata_at_version` when served (its `Option` kept), nil for
    /// `None` or a node without the call; the token from `system_properties` (first of lists),
    /// nil for what is not stated.
    @Test func metadataAtVersionAndTokenProperties() throws {
        #expect(
            try Self.partial(["state_call": .string("0x01106d657461")]).metadataV15() == [1, 0x10] + Array("meta".utf8))
        #expect(try Self.partial(["state_call": .string("0x00")]).metadataV15() == nil)
        #expect(try Self.partial([:]).metadataV15() == nil)
        #expect(Self.isBadReply { _ = try Self.partial(["state_call": .string("0x02")]).metadataV15() })
        #expect(Self.isBadReply { _ = try Self.partial(["state_call": .number("1")]).metadataV15() })
        let listed = try Self.partial([
            "system_properties": .object([
                (key: "tokenDecimals", value: .array([.number("12"), .number("18")])),
                (key: "tokenSymbol", value: .array([.string("KSM"), .string("X")])),
            ])
        ]).tokenProperties()
        #expect(listed.decimals == 12 && listed.symbol == "KSM")
        let single = try Self.partial([
            "system_properties": .object([
                (key: "tokenDecimals", value: .number("10")), (key: "tokenSymbol", value: .string("DOT")),
            ])
        ])
        .tokenProperties()
        #expect(single.decimals == 10 && single.symbol == "DOT")
        let none = try Self.partial([:]).tokenProperties()
        #expect(none.decimals == nil && none.symbol == nil)
        let odd = try Self.partial([
            "system_properties": .object([
                (key: "tokenDecimals", value: .number("99")), (key: "tokenSymbol", value: .string("")),
            ])
        ])
        .tokenProperties()
        #expect(odd.decimals == nil && odd.symbol == nil)
    }
}
