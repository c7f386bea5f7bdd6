import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignTestSupport
import Testing

/// Every refusal issue 8 names, each with a message naming the field.
@Suite struct SubstrateBadInputTests {
    typealias F = SubstrateFixtures

    func refusal(_ request: SignRequest) throws -> String {
        do {
            _ = try F.module.review(request, context: F.context())
        } catch let error as SubstrateError {
            return error.description
        }
        Issue.record("the request was not refused")
        return ""
    }

    func modified(_ json: JSONValue, _ name: String, _ value: JSONValue?) -> JSONValue {
        guard case var .object(members) = json else { return json }
        members.removeAll { $0.key == name }
        if let value { members.append((key: name, value: value)) }
        return .object(members)
    }

    func alice() throws -> MessageAccount { try F.account(try F.key("//Alice", .sr25519)) }

    func base() throws -> JSONValue { F.payloadJSON(try alice(), method: try F.transferCall()) }

    @Test func unknownExtensionIsRefusedByName() throws {
        let json = F.payloadJSON(try alice(), method: try F.transferCall(), extensions: F.polkadotExtensions + ["ChargeSomethingNew"])
        #expect(try refusal(try F.request(try alice(), payload: json)).contains("ChargeSomethingNew"))
    }

    @Test func mismatchedGenesis() throws {
        let kusama = "0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe"
        let text = try refusal(try F.request(try alice(), payload: modified(try base(), "genesisHash", .string(kusama))))
        #expect(text.contains("genesisHash") && text.contains(F.polkadotNetwork), "\(text)")
    }

    @Test func addressNotTheAccount() throws {
        let bob = try F.account(try F.key("//Bob", .sr25519))
        #expect(try refusal(try F.request(try alice(), payload: modified(try base(), "address", .string(bob.address)))).contains("signerPayload.address"))
        // The request's account whose address is not its key's.
        let forged = try MessageAccount(address: bob.address, publicKey: try alice().publicKey)
        #expect(try refusal(try F.request(forged, payload: F.payloadJSON(forged, method: try F.transferCall()))).contains("account.address"))
    }

    @Test func malformedHexAndWrongLengths() throws {
        let cases: [(String, JSONValue, String)] = [
            ("blockHash", .string("0x1234"), "signerPayload.blockHash is 2 bytes, not 32"),
            ("genesisHash", .string("91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3"), "signerPayload.genesisHash is not 0x-prefixed hex"),
            ("method", .string("0x05zz"), "signerPayload.method is not hex"),
            ("method", .string("0x050"), "signerPayload.method is not hex"),
            ("nonce", .string("0x0000000000000000ff"), "signerPayload.nonce has 18 hex digits"),
            ("specVersion", .string("0x0000000001"), "signerPayload.specVersion has 10 hex digits"),
            ("tip", .number("-1"), "signerPayload.tip is not an unsigned 128-bit integer"),
            ("version", .number("5"), "signerPayload.version is 5"),
            ("metadataHash", .string("0x00"), "signerPayload.metadataHash is 1 bytes, not 32"),
            ("mode", .number("2"), "signerPayload.mode is 2"),
            ("unexpected", .string("x"), "signerPayload.unexpected is not a field"),
            ("era", .string("0x1000"), "is not a valid mortal era"),
            ("era", .string("0xa5"), "era is a mortal era missing its second byte"),
            ("era", .string("0xa50200"), "era has 1 bytes after its end"),
        ]
        for (name, value, expected) in cases {
            let text = try refusal(try F.request(try alice(), payload: modified(try base(), name, value)))
            #expect(text.contains(expected), "\(name): \(text)")
        }
        #expect(try refusal(try F.request(try alice(), payload: modified(try base(), "era", nil))).contains("signerPayload.era is missing"))
    }

    @Test func trailingGarbageInADecodedCall() throws {
        let text = try refusal(try F.request(try alice(), payload: F.payloadJSON(try alice(), method: try F.transferCall() + "00")))
        #expect(text.contains("trailing"), "\(text)")
        let truncated = String(try F.transferCall().dropLast(2))
        #expect(try refusal(try F.request(try alice(), payload: F.payloadJSON(try alice(), method: truncated))).contains("does not decode"))
    }

    @Test func immortalEraNeedsTheGenesisAsBlockHash() throws {
        let text = try refusal(try F.request(try alice(), payload: F.payloadJSON(try alice(), method: try F.transferCall(), era: "0x00")))
        #expect(text.contains("immortal"), "\(text)")
    }

    @Test func metadataHashModeMismatch() throws {
        let hash = JSONValue.string("0x" + String(repeating: "aa", count: 32))
        #expect(try refusal(try F.request(try alice(), payload: modified(try base(), "metadataHash", hash))).contains("mode is 0"))
        #expect(try refusal(try F.request(try alice(), payload: modified(try base(), "mode", .number("1")))).contains("metadataHash is missing"))
    }

    @Test func rawPayloadRefusals() throws {
        let alice = try alice()
        let bob = try F.account(try F.key("//Bob", .sr25519))
        let other: JSONValue = .object([("address", .string(bob.address)), ("data", .string("0x00")), ("type", .string("bytes"))])
        let request = try SignRequest(id: RequestID(F.id), chain: F.module.chain, network: F.polkadotNetwork, account: alice,
                                      payload: .object([("type", .string("raw")), ("signerPayloadRaw", other)]))
        #expect(try refusal(request).contains("not the request's account"))
        #expect(try refusal(try F.rawRequest(alice, data: "0x00", type: "text")).contains("\"bytes\" or \"payload\""))
        #expect(try refusal(try F.rawRequest(alice, data: "zz")).contains("0x-prefixed"))
        #expect(try refusal(try F.rawRequest(alice, data: "0x00", network: "eip155:1")).contains("is not polkadot:"))
    }
}
