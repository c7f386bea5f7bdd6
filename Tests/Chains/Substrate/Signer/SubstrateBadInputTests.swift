import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignTestSupport
import Testing

/// Every refusal issue 8 names, each with a message naming the field.
@Suite struct SubstrateBadInputTests {
    typealias F = SubstrateFixtures

    func refusal(_ request: SignRequest) throws -> SubstrateError? {
        do {
            _ = try F.module.review(request, context: F.context())
        } catch let error as SubstrateError {
            return error
        }
        Issue.record("the request was not refused")
        return nil
    }

    /// What `Hex.decode` says of `text`.
    func hexReason(_ text: String) -> String {
        do { _ = try Hex.decode(text) } catch { return "\(error)" }
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
        let json = F.payloadJSON(
            try alice(), method: try F.transferCall(), extensions: F.polkadotExtensions + ["ChargeSomethingNew"])
        #expect(
            try refusal(try F.request(try alice(), payload: json))
                == .extensions(.unknown(name: "ChargeSomethingNew", namedBy: "the request")))
    }

    @Test func mismatchedGenesis() throws {
        let kusama = "0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe"
        let refused = try refusal(
            try F.request(try alice(), payload: modified(try base(), "genesisHash", .string(kusama))))
        #expect(
            refused
                == .otherNetwork(
                    .payload(network: "polkadot:b0a8d493285c2df73290dfb7e61f870f"),
                    genesis: String(kusama.dropFirst(2)),
                    expected: F.polkadotNetwork))
    }

    @Test func addressNotTheAccount() throws {
        let bob = try F.account(try F.key("//Bob", .sr25519))
        #expect(
            try refusal(try F.request(try alice(), payload: modified(try base(), "address", .string(bob.address))))
                == .otherAccount(field: "signerPayload.address", address: bob.address, account: try alice().address))
        // The request's account whose address is not its key's.
        let forged = try MessageAccount(address: bob.address, publicKey: try alice().publicKey)
        #expect(
            try refusal(try F.request(forged, payload: F.payloadJSON(forged, method: try F.transferCall())))
                == .addressNotOfKey)
    }

    @Test func malformedHexAndWrongLengths() throws {
        let cases: [(String, JSONValue, SubstrateError)] = [
            ("blockHash", .string("0x1234"), .length(field: "signerPayload.blockHash", actual: 2, expected: 32)),
            (
                "genesisHash", .string("91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3"),
                .notOfKind(field: "signerPayload.genesisHash", expected: "0x-prefixed hex")
            ),
            ("method", .string("0x05zz"), .notHex(field: "signerPayload.method", reason: hexReason("0x05zz"))),
            ("method", .string("0x050"), .notHex(field: "signerPayload.method", reason: hexReason("0x050"))),
            (
                "nonce", .string("0x0000000000000000ff"),
                .notUnsigned(field: "signerPayload.nonce", bits: 64, text: "0x0000000000000000ff")
            ),
            (
                "specVersion", .string("0x0000000001"),
                .notUnsigned(field: "signerPayload.specVersion", bits: 32, text: "0x0000000001")
            ),
            ("tip", .number("-1"), .notUnsigned(field: "signerPayload.tip", bits: 128, text: "-1")),
            ("version", .number("5"), .extrinsicVersion(field: "signerPayload.version", version: 5)),
            ("metadataHash", .string("0x00"), .length(field: "signerPayload.metadataHash", actual: 1, expected: 32)),
            ("mode", .number("2"), .mode(field: "signerPayload.mode", value: 2)),
            ("unexpected", .string("x"), .unknownField("signerPayload.unexpected")),
            (
                "era", .string("0x1000"),
                .era(field: "signerPayload.era", .impossible(bytes: "1000", period: 2, phase: 1))
            ),
            ("era", .string("0xa5"), .era(field: "signerPayload.era", .truncated)),
            ("era", .string("0xa50200"), .era(field: "signerPayload.era", .trailing(1))),
        ]
        for (name, value, expected) in cases {
            let refused = try refusal(try F.request(try alice(), payload: modified(try base(), name, value)))
            #expect(refused == expected, "\(name): \(refused.map(\.description) ?? "none")")
        }
        #expect(
            try refusal(try F.request(try alice(), payload: modified(try base(), "era", nil)))
                == .missing("signerPayload.era"))
    }

    @Test func trailingGarbageInADecodedCall() throws {
        let call = try F.transferCall()
        let trailing = try refusal(try F.request(try alice(), payload: F.payloadJSON(try alice(), method: call + "00")))
        #expect(
            trailing
                == .call(
                    field: "method",
                    .trailing(call: "Balances.transfer_keep_alive", length: (call.count - 2) / 2, remaining: 1)))
        let truncated = try refusal(
            try F.request(try alice(), payload: F.payloadJSON(try alice(), method: String(call.dropLast(2)))))
        guard case .call(field: "method", .undecodable(pallet: 5, index: 3, _))? = truncated else {
            Issue.record("\(truncated.map(\.description) ?? "none")")
            return
        }
    }

    @Test func immortalEraNeedsTheGenesisAsBlockHash() throws {
        let refused = try refusal(
            try F.request(try alice(), payload: F.payloadJSON(try alice(), method: try F.transferCall(), era: "0x00")))
        #expect(
            refused
                == .immortalCheckpoint(
                    genesis: String(F.polkadotGenesis.dropFirst(2)), checkpoint: String(F.blockHash.dropFirst(2))))
    }

    @Test func metadataHashModeMismatch() throws {
        let hash = JSONValue.string("0x" + String(repeating: "aa", count: 32))
        #expect(
            try refusal(try F.request(try alice(), payload: modified(try base(), "metadataHash", hash)))
                == .modeAndHash(context: "signerPayload", mode: 0, hash: true))
        #expect(
            try refusal(try F.request(try alice(), payload: modified(try base(), "mode", .number("1"))))
                == .modeAndHash(context: "signerPayload", mode: 1, hash: false))
    }

    @Test func rawPayloadRefusals() throws {
        let alice = try alice()
        let bob = try F.account(try F.key("//Bob", .sr25519))
        let other: JSONValue = .object([
            ("address", .string(bob.address)), ("data", .string("0x00")), ("type", .string("bytes")),
        ])
        let request = try SignRequest(
            id: RequestID(F.id), chain: F.module.chain, network: F.polkadotNetwork, account: alice,
            payload: .object([("type", .string("raw")), ("signerPayloadRaw", other)]))
        #expect(
            try refusal(request)
                == .otherAccount(field: "signerPayloadRaw.address", address: bob.address, account: alice.address))
        #expect(
            try refusal(try F.rawRequest(alice, data: "0x00", type: "text"))
                == .shape(field: "signerPayloadRaw.type", expected: "\"bytes\" or \"payload\""))
        #expect(
            try refusal(try F.rawRequest(alice, data: "zz"))
                == .notOfKind(field: "signerPayloadRaw.data", expected: "0x-prefixed hex"))
        #expect(try refusal(try F.rawRequest(alice, data: "0x00", network: "eip155:1")) == .network("eip155:1"))
    }
}
