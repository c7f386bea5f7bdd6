import AirsignEncoding
import AirsignMessages
import Testing

/// `inspect --json`'s document (docs/formats.md, "Review JSON"): a review with a descriptor's
/// intent, one without, and the effects, each value with its source.
@Suite struct ReviewJSONTests {
    struct Bytes: SignableValue { let signedBytes: [UInt8] }

    static func review(intent: ReviewIntent?, lines: [ReviewLine], effects: [Effect]) throws -> Review {
        let request = try SignRequest.make(
            chain: try ChainID("ethereum"), network: "eip155:1",
            account: try MessageAccount(address: "0xabc", publicKey: [0x04] + [UInt8](repeating: 1, count: 64)),
            payload: .object([(key: "type", value: .string("test"))]))
        return Review(
            request: request, title: "Test transaction", lines: lines, warnings: ["look"],
            key: KeyRequirement(request.account, scheme: .secp256k1), effects: effects,
            signing: [SigningItem(label: "transaction", value: Bytes(signedBytes: [1, 2, 3]))], intent: intent)
    }

    static func json(_ review: Review) throws -> JSONValue {
        let text = JSONSerializer().serialize(
            ReviewJSON.review(review, position: 1, module: nil, context: ReviewContext(now: 0)))
        return try JSONParser().parse(Array(text.utf8))
    }

    /// `value[key]`, then element `index` of the array there.
    static func item(_ value: JSONValue?, _ key: String, _ index: Int) -> JSONValue? {
        guard case .array(let items)? = value?[key], items.indices.contains(index) else { return nil }
        return items[index]
    }

    @Test func aDescriptorsIntentOwnerAndFieldsWithTheirSourcesAndANestedCall() throws {
        let inner = ReviewIntent(
            intent: "Approve", owner: "Token", source: .signerTable,
            fields: [
                ReviewField(label: "Amount", value: "1 USDC", text: "1 USDC (1000000 base units)", source: .signerTable)
            ])
        let intent = ReviewIntent(
            intent: "Execute", interpolated: "Execute on USDC", owner: "Wallet", source: .signerTable,
            fields: [
                ReviewField(label: "To", value: "Alice", text: "0x1 (contact \"Alice\")", source: .signed),
                ReviewField(label: "Call", value: "Approve", text: "Approve", source: .signerTable, call: inner),
            ])
        let document = try Self.json(
            try Self.review(
                intent: intent, lines: [ReviewLine("to", "0x1")],
                effects: [.unknown(what: "a call the signer does not count")]))
        #expect(document["intent"] == .string("Execute"))
        #expect(document["interpolatedIntent"] == .string("Execute on USDC"))
        #expect(document["owner"] == .string("Wallet"))
        #expect(document["title"] == .string("Test transaction"))
        guard case .array(let fields)? = document["fields"] else { Issue.record("no fields"); return }
        #expect(fields.count == 2)
        #expect(fields[0]["value"] == .string("Alice"))
        #expect(fields[0]["text"] == .string("0x1 (contact \"Alice\")"))
        #expect(fields[0]["source"] == .string("signed"))
        #expect(fields[1]["call"]?["intent"] == .string("Approve"))
        #expect(Self.item(fields[1]["call"], "fields", 0)?["value"] == .string("1 USDC"))
        #expect(document["confirmation"] == .string("blind"))
        #expect(document["unknown"] == .string("a call the signer does not count"))
        #expect(Self.item(document, "effects", 0)?["kind"] == .string("unknown"))
        #expect(document["warnings"] == .array([.string("look")]))
        #expect(Self.item(document, "signs", 0)?["bytes"] == .integer(3))
    }

    @Test func withoutADescriptorTheTitleIsTheIntentAndTheLinesNestAsFields() throws {
        let asset = Asset(chain: try ChainID("ethereum"), network: "eip155:1", symbol: "ETH", decimals: 18)
        let document = try Self.json(
            try Self.review(
                intent: nil,
                lines: [
                    ReviewLine("to", "0x2"), ReviewLine("message", ""), ReviewLine("a", "1", level: 1),
                    ReviewLine("b", "2", level: 2), ReviewLine("c", "3", level: 1),
                    ReviewLine("token", "USDC", source: .signerTable),
                ],
                effects: [.outflow(Outflow(AssetAmount(asset: asset, amount: 1_500_000_000_000_000_000), to: "0x2"))]))
        #expect(document["intent"] == .string("Test transaction"))
        #expect(document["owner"] == .null)
        guard case .array(let fields)? = document["fields"] else { Issue.record("no fields"); return }
        #expect(fields.map { $0["label"] } == [.string("to"), .string("message"), .string("token")])
        #expect(Self.item(fields[1], "fields", 0)?["label"] == .string("a"))
        #expect(Self.item(Self.item(fields[1], "fields", 0), "fields", 0)?["label"] == .string("b"))
        #expect(Self.item(fields[1], "fields", 1)?["label"] == .string("c"))
        #expect(fields[2]["source"] == .string("signer-table"))
        guard case .array(let lines)? = document["lines"] else { Issue.record("no lines"); return }
        #expect(lines.count == 6)
        #expect(lines[3]["level"] == .integer(2))
        #expect(document["confirmation"] == .string("standard"))
        #expect(document["totals"] == .array([.string("1.5 ETH")]))
        #expect(Self.item(document, "effects", 0)?["baseUnits"] == .string("1500000000000000000"))
    }
}
