import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

/// The call as its descriptor states it (issue 35 item 3, `inspect --json`): the intent, owner
/// and each field's value apart from the text the review adds beside it, the interpolated intent
/// and its fallback, a field through an array element by element, and what the registry's
/// descriptors write that the signer now reads (a hidden field of another version's message,
/// a hex threshold, a constant unit, "True"/"False" enum keys).
@Suite struct ReviewIntentTests {
    typealias C = ClearSigningTests
    typealias F = FieldFormatTests

    static let transfer = "t(address token,uint256 amount,address to,uint256 deadline)"

    static func transferReview(interpolated: String?, extraField: String = "") throws -> TransactionReview {
        let sentence = interpolated.map { #","interpolatedIntent":"\#($0)""# } ?? ""
        return try F.review(
            transfer, [try F.address(C.usdc), .uint(1_500_000), try F.address(F.stranger), .uint(1_767_312_000)],
            fields: """
                {"path":"amount","label":"Amount","format":"tokenAmount","params":{"tokenPath":"token"}},
                {"path":"to","label":"To","format":"addressName"},
                {"path":"deadline","label":"Until","format":"date","params":{"encoding":"timestamp"}}\(extraField)
                """, extra: sentence)
    }

    @Test func theIntentOwnerAndFieldsAreTheDescriptorsWithEachValueApartFromItsText() throws {
        let review = try Self.transferReview(interpolated: nil)
        let intent = try #require(review.intent)
        #expect(intent.intent == "Act")
        #expect(intent.owner == "Test app")
        #expect(intent.interpolated == nil)
        #expect(intent.source == .signerTable)
        #expect(intent.fields.map(\.label) == ["Amount", "To", "Until"])
        #expect(intent.fields.map(\.value) == ["1.5 USDC", F.stranger, "2026-01-02 00:00:00Z"])
        #expect(intent.fields[0].text == "1.5 USDC (1500000 base units)")
        #expect(intent.fields[0].source == .signerTable)
        #expect(intent.fields[1].text == "\(F.stranger)")
        #expect(intent.fields[2].text == "1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)")
        #expect(intent.fields[2].source == .signed)
        // The fields' texts are the review's own lines.
        for field in intent.fields {
            #expect(review.lines.contains { $0.label == field.label && $0.value == field.text })
        }
    }

    @Test func theInterpolatedIntentIsFilledFromTheFormattedValuesAndShown() throws {
        let review = try Self.transferReview(interpolated: "Send {amount} to {#.to} ({{not a path}})")
        let sentence = "Send 1.5 USDC to \(F.stranger) ({not a path})"
        #expect(review.intent?.interpolated == sentence)
        let line = try F.line(review, "summary")
        #expect(line.value == sentence)
        #expect(line.source == .signerTable)
    }

    /// ERC-7730: when an expression cannot be filled the wallet shows the plain intent.
    @Test func anInterpolatedIntentThatCannotBeFilledFallsBackToTheIntent() throws {
        for template in ["Send {amount} before {nonce}", "Send {amount", "Send amount}", "Send {@.nothing}"] {
            let review = try Self.transferReview(interpolated: template)
            #expect(review.intent?.interpolated == nil, "\(template)")
            #expect(review.intent?.intent == "Act")
            #expect(!review.lines.contains { $0.label == "summary" }, "\(template)")
        }
    }

    /// A field whose path goes through an array (`details.[].amount`) reads, for each element,
    /// that element's token: the shape of Permit2's batch permits.
    @Test func aFieldThroughAnArrayPairsEachElementWithItsOwnParameters() throws {
        let details: ABIValue = .array([
            .tuple([try F.address(C.usdc), .uint(1_500_000)]),
            .tuple([try F.address(F.dai), .uint(2_000_000_000_000_000_000)]),
        ])
        let review = try F.review(
            "b((address token,uint256 amount)[] details)", [details],
            fields:
                #"{"path":"details.[].amount","label":"Amount","format":"tokenAmount","params":{"tokenPath":"details.[].token"}}"#
        )
        #expect(try F.line(review, "Amount [1 of 2]").value == "1.5 USDC (1500000 base units)")
        #expect(try F.line(review, "Amount [2 of 2]").value == "2 DAI (2000000000000000000 base units)")
        #expect(review.intent?.fields.map(\.label) == ["Amount", "Amount"])
        #expect(review.intent?.fields.map(\.value) == ["1.5 USDC", "2 DAI"])
    }

    /// A group over an array's elements shows each element's fields together unless it asks for
    /// `sequential`.
    @Test func aGroupOverArrayElementsIsBundledUnlessItSaysSequential() throws {
        let legs: ABIValue = .array([
            .tuple([try F.address(C.usdc), .uint(1_500_000)]),
            .tuple([try F.address(F.dai), .uint(2_000_000_000_000_000_000)]),
        ])
        func labels(_ iteration: String) throws -> [String] {
            let review = try F.review(
                "r((address token,uint256 amount)[] legs)", [legs],
                fields: """
                    {"path":"legs.[]",\(iteration)"fields":[
                      {"path":"amount","label":"Leg","format":"tokenAmount","params":{"tokenPath":"token"}},
                      {"path":"token","label":"Token","format":"raw"}]}
                    """)
            return review.intent?.fields.map(\.label) ?? []
        }
        #expect(try labels("") == ["Leg", "Token", "Leg", "Token"])
        #expect(try labels(#""iteration":"sequential","#) == ["Leg", "Leg", "Token", "Token"])
    }

    /// A field that is never shown and names data the format does not have hides nothing: the
    /// descriptor is accepted. One that is shown is refused, as before.
    @Test func aHiddenFieldOfDataTheFormatLacksIsAcceptedAndAShownOneIsNot() throws {
        let review = try Self.transferReview(
            interpolated: nil, extraField: #",{"path":"interactions","label":"I","visible":"never"}"#)
        #expect(review.intent?.fields.count == 3)
        #expect(throws: EthereumError.self) {
            try Self.transferReview(interpolated: nil, extraField: #",{"path":"interactions","label":"I"}"#)
        }
    }

    @Test func theRegistrysSpellingsOfThresholdsUnitsAndBooleanEnumsAreRead() throws {
        let threshold = try F.review(
            "a(address token,uint256 amount)", [try F.address(C.usdc), .uint(BigUInt(1) << 160 - 1)],
            fields: """
                {"path":"amount","label":"Allowance","format":"tokenAmount",
                 "params":{"tokenPath":"token","threshold":"0xffffffffffffffffffffffffffffffffffffffff"}}
                """)
        #expect(threshold.intent?.fields.first?.value == "Unlimited USDC")
        let unit = try F.review(
            "s(uint256 amount)", [.uint(1_500_000_000_000_000_000)],
            fields:
                #"{"path":"amount","label":"Stake","format":"unit","params":{"base":"$.metadata.constants.ticker","decimals":18}}"#,
            metadata: #""owner":"Test app","constants":{"ticker":"POL"}"#)
        #expect(unit.intent?.fields.first?.value == "1.5POL")
        let flag = try F.review(
            "o(bool approved)", [.bool(true)],
            fields:
                #"{"path":"approved","label":"Rights","format":"enum","params":{"$ref":"$.metadata.enums.rights"}}"#,
            metadata: #""owner":"Test app","enums":{"rights":{"True":"Grant all","False":"Deny all"}}"#)
        #expect(flag.intent?.fields.first?.value == "Grant all")
        #expect(try F.line(flag, "Rights").value == "Grant all (true)")
    }
}
