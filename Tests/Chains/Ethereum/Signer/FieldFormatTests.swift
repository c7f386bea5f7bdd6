import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

/// Each ERC-7730 field format as an installed descriptor shows it (issue 21 Build 2), on a call
/// to `ClearSigningTests.pool`, chain 1: the text of every format, its source (signed bytes or
/// the signer's tables), the `excluded` and "not described" rules, and groups over arrays.
@Suite struct FieldFormatTests {
    typealias C = ClearSigningTests
    /// Neither the pool, a token nor a contact.
    static let stranger = "0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0"
    static let unknownToken = "0x1111111111111111111111111111111111111111"
    static let dai = "0x6B175474E89094C44Da98b954EedeAC495271d0F"

    /// The review of `signature` called with `values` on the pool, shown by a descriptor whose
    /// one format has `fields` (and `extra` members after them), with `metadata` members.
    static func review(
        _ signature: String, _ values: [ABIValue], fields: String, metadata: String = #""owner":"Test app""#,
        extra: String = ""
    ) throws -> TransactionReview {
        let text = """
            {"context":{"contract":{"deployments":[{"chainId":1,"address":"\(C.pool)"}]}},"metadata":{\(metadata)},
             "display":{"formats":{"\(signature)":{"intent":"Act","fields":[\(fields)]\(extra)}}}}
            """
        let descriptor = try ClearSigningDescriptor(document: try JSONParser().parse(Array(text.utf8)))
        let knowledge = EthereumKnowledge(descriptors: [InstalledDescriptor(name: "test", descriptor: descriptor)])
        return try C.review(try ABIEncoder.call(try ABIFunction(signature: signature), values), knowledge: knowledge)
    }

    static func line(_ review: TransactionReview, _ label: String) throws -> ReviewLine {
        try #require(review.lines.first { $0.label == label }, "no line \(label) in \(review.lines)")
    }

    static func address(_ text: String) throws -> ABIValue { .address(try EthereumAddress(text)) }

    @Test func rawShowsEachTypeAsItIs() throws {
        let review = try Self.review(
            "f(uint256 a,int8 b,bool c,bytes d,string e,address f)",
            [.uint(1_500_000), .int(-7), .bool(true), .bytes([1, 2]), .string("hi"), try Self.address(Self.stranger)],
            fields: ["a", "b", "c", "d", "e", "f"].map {
                #"{"path":"\#($0)","label":"\#($0.uppercased())","format":"raw"}"#
            }.joined(separator: ","))
        let expected = ["A": "1500000", "B": "-7", "C": "true", "D": "0x0102", "E": "\"hi\"", "F": Self.stranger]
        for (label, value) in expected {
            let line = try Self.line(review, label)
            #expect(line.value == value && line.source == .signed, "\(line)")
        }
        #expect(!review.lines.contains { $0.label == "not described by the descriptor" })
    }

    @Test func addressNameNamesTokensFromTheListAndLeavesOthersAsAddresses() throws {
        let review = try Self.review(
            "g(address a,address b)", [try Self.address(C.usdc), try Self.address(Self.stranger)],
            fields: #"{"path":"a","label":"A","format":"addressName"},{"path":"b","label":"B","format":"addressName"}"#)
        let token = try Self.line(review, "A")
        #expect(token.value == "\(C.usdc) (token USDC, the signer's token list)" && token.source == .signerTable)
        #expect(try Self.line(review, "B").value == Self.stranger)
        // The descriptor's own contract, named by it.
        let own = try Self.review(
            "g(address a)", [try Self.address(C.pool)], fields: #"{"path":"a","label":"A","format":"addressName"}"#)
        #expect(try Self.line(own, "A").value == "\(C.pool) (Test app, per an installed descriptor)")
    }

    @Test func tokenAmountUsesTheListTheThresholdAndNeverGuessesASymbol() throws {
        let unlimited = "0xffffffffffffffffffffffffffffffff"
        let review = try Self.review(
            "h(address token,uint256 a,uint256 b,uint256 c,uint256 d,uint256 e)",
            [
                try Self.address(C.usdc), .uint(1_500_000), .uint(BigUInt(1) << 200), .uint(42),
                .uint(1_500_000_000_000_000_000), .uint(7),
            ],
            fields: """
                {"path":"a","label":"Known","format":"tokenAmount","params":{"tokenPath":"token"}},
                {"path":"b","label":"Huge","format":"tokenAmount","params":{"tokenPath":"token","threshold":"\(unlimited)"}},
                {"path":"c","label":"Unknown","format":"tokenAmount","params":{"token":"\(Self.unknownToken)"}},
                {"path":"d","label":"Native","format":"tokenAmount","params":{"token":"0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE","nativeCurrencyAddress":["0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"]}},
                {"path":"e","label":"Nameless","format":"tokenAmount"}
                """)
        #expect(try Self.line(review, "Known").value == "1.5 USDC (1500000 base units)")
        #expect(try Self.line(review, "Known").source == .signerTable)
        #expect(try Self.line(review, "Huge").value == "Unlimited USDC (2^200 base units)")
        #expect(
            try Self.line(review, "Unknown").value
                == "42 ??? (base units of token \(Self.unknownToken), not in the signer's token list)")
        #expect(try Self.line(review, "Native").value == "1.5 ETH")
        #expect(try Self.line(review, "Nameless").value == "7 ??? (base units of a token the descriptor does not name)")
        #expect(
            review.warnings.contains(
                "Nameless: the descriptor names no token for this amount; it is shown in base units"))
    }

    @Test func amountIsTheNativeCurrency() throws {
        let review = try Self.review(
            "i(uint256 v)", [.uint(1_500_000_000_000_000_000)], fields: #"{"path":"v","label":"Fee","format":"amount"}"#
        )
        #expect(try Self.line(review, "Fee").value == "1.5 ETH")
    }

    @Test func dateAsATimestampAndAsABlockHeight() throws {
        let review = try Self.review(
            "j(uint256 t,uint256 h)", [.uint(BigUInt(EthereumChainTests.now + 3600)), .uint(19_000_000)],
            fields: """
                {"path":"t","label":"Deadline","format":"date","params":{"encoding":"timestamp"}},
                {"path":"h","label":"Until","format":"date","params":{"encoding":"blockheight"}}
                """)
        #expect(try Self.line(review, "Deadline").value == "1767229200 (2026-01-01 01:00:00 UTC, in 1 hour)")
        #expect(
            try Self.line(review, "Until").value == "block 19000000 (a block height; its time is not known offline)")
    }

    @Test func durationInHoursAndDays() throws {
        let review = try Self.review(
            "k(uint256 a,uint256 b)", [.uint(8250), .uint(3 * 86400 + 14400)],
            fields: """
                {"path":"a","label":"Short","format":"duration"},{"path":"b","label":"Long","format":"duration"}
                """)
        #expect(try Self.line(review, "Short").value == "02:17:30 (8250 seconds)")
        #expect(try Self.line(review, "Long").value == "3d 04:00:00 (273600 seconds)")
    }

    @Test func unitWithDecimalsAndWithAnSIPrefix() throws {
        let review = try Self.review(
            "l(uint256 a,uint256 b)", [.uint(1234), .uint(1_500_000)],
            fields: """
                {"path":"a","label":"Rate","format":"unit","params":{"base":"%","decimals":2}},
                {"path":"b","label":"Gas","format":"unit","params":{"base":"gas","prefix":true}}
                """)
        #expect(try Self.line(review, "Rate").value == "12.34%")
        #expect(try Self.line(review, "Gas").value == "1.5Mgas")
    }

    @Test func enumKnownUnknownAndFromASlicedWord() throws {
        let review = try Self.review(
            "m(uint8 a,uint8 b,uint256 raw)", [.uint(2), .uint(5), .uint(BigUInt(0x80) << 248)],
            fields: """
                {"path":"a","label":"Mode","format":"enum","params":{"$ref":"$.metadata.enums.mode"}},
                {"path":"b","label":"Other","format":"enum","params":{"$ref":"$.metadata.enums.mode"}},
                {"path":"raw.[0:1]","label":"Direction","format":"enum","params":{"$ref":"$.metadata.enums.direction"}}
                """,
            metadata:
                #""owner":"Test app","enums":{"mode":{"0":"none","2":"variable"},"direction":{"0":"in","128":"out"}}"#)
        #expect(try Self.line(review, "Mode").value == "variable (2)")
        #expect(try Self.line(review, "Mode").source == .signerTable)
        #expect(try Self.line(review, "Other").value == "5 (not one of the descriptor's values for mode)")
        #expect(review.warnings.contains("Other: 5 is not one of the values the descriptor knows"))
        // The first byte of the word (0x80) is the enum key 128.
        #expect(try Self.line(review, "Direction").value == "out (128)")
    }

    @Test func nftNameNamesTheCollection() throws {
        let review = try Self.review(
            "n(address collection,uint256 id)", [try Self.address(Self.stranger), .uint(42)],
            fields: """
                {"path":"id","label":"NFT","format":"nftName","params":{"collectionPath":"collection"}}
                """)
        #expect(try Self.line(review, "NFT").value == "token ID 42 of the collection \(Self.stranger)")
        // The collection is read through the field, so it is not shown again as undescribed.
        #expect(!review.lines.contains { $0.label == "not described by the descriptor" })
    }

    @Test func calldataIsANestedCallShownByTheSameMachinery() throws {
        let transfer = try ABIEncoder.call(
            try ABIFunction(signature: "transfer(address,uint256)"),
            [try Self.address(Self.stranger), .uint(2_500_000)])
        let review = try Self.review(
            "o(address target,bytes data)", [try Self.address(C.usdc), .bytes(transfer)],
            fields: """
                {"path":"data","label":"Inner call","format":"calldata","params":{"calleePath":"target"}}
                """)
        let inner = try #require(review.lines.firstIndex { $0.label == "Inner call" })
        let nested = review.lines[(inner + 1)...].prefix { $0.level > review.lines[inner].level }
        #expect(
            nested.contains { $0.label == "Amount" && $0.value == "2.5 USDC (2500000 base units)" }, "\(review.lines)")
        #expect(nested.contains { $0.label == "To" && $0.value == Self.stranger })
        #expect(review.blindReason == nil)
    }

    @Test func excludedFieldsAreHiddenAndOthersAreShownAsNotDescribed() throws {
        let review = try Self.review(
            "p(uint256 a,uint256 b,uint256 c)", [.uint(1), .uint(2), .uint(3)],
            fields: #"{"path":"a","label":"A","format":"raw"}"#, extra: #","excluded":["b"]"#)
        #expect(try Self.line(review, "A").value == "1")
        #expect(try Self.line(review, "not described by the descriptor").value == "1 field, shown as they are")
        #expect(try Self.line(review, "c").value == "3")
        #expect(!review.lines.contains { $0.label == "b" })
    }

    @Test func aRequiredFieldThatIsShownLetsTheDescriptorBeUsed() throws {
        let review = try Self.review(
            "q(uint256 a)", [.uint(9)], fields: #"{"path":"a","label":"A","format":"raw"}"#,
            extra: #","required":["a"]"#)
        #expect(try Self.line(review, "A").value == "9")
        #expect(review.blindReason == nil && review.warnings.isEmpty)
    }

    /// A group over an array shows each element's fields together: each amount with its own
    /// element's token, numbered, in either iteration; a token path that is absolute
    /// (`#.legs.[].token`) reads the element being shown as a relative one does.
    @Test func aGroupOverAnArrayPairsEachAmountWithItsOwnToken() throws {
        let legs: ABIValue = .array([
            .tuple([try Self.address(C.usdc), .uint(1_500_000)]),
            .tuple([try Self.address(Self.dai), .uint(2_000_000_000_000_000_000)]),
        ])
        for iteration in ["bundled", "sequential"] {
            for tokenPath in ["token", "#.legs.[].token"] {
                let review = try Self.review(
                    "r((address token,uint256 amount)[] legs)", [legs],
                    fields: """
                        {"path":"legs.[]","iteration":"\(iteration)","fields":[
                          {"path":"amount","label":"Leg","format":"tokenAmount","params":{"tokenPath":"\(tokenPath)"}}]}
                        """)
                #expect(
                    try Self.line(review, "Leg [1 of 2]").value == "1.5 USDC (1500000 base units)",
                    "\(iteration), \(tokenPath)")
                #expect(
                    try Self.line(review, "Leg [2 of 2]").value == "2 DAI (2000000000000000000 base units)",
                    "\(iteration), \(tokenPath)")
            }
        }
    }

    /// `required` fields inside a group over an array are satisfied by an empty array (there is
    /// nothing to show), but only by fields the descriptor has: a required field no field shows
    /// still makes it unusable.
    @Test func anEmptyArrayGroupSatisfiesItsRequiredFields() throws {
        let signature = "s((address token,uint256 amount)[] legs,uint256 fee)"
        let fields = """
            {"path":"legs.[]","fields":[{"path":"amount","label":"Leg","format":"tokenAmount","params":{"tokenPath":"token"}}]},
            {"path":"fee","label":"Fee","format":"raw"}
            """
        let empty = try Self.review(
            signature, [.array([]), .uint(7)], fields: fields,
            extra: #","required":["legs.[].amount","legs.[].token","fee"]"#)
        #expect(empty.blindReason == nil && empty.warnings.isEmpty, "\(empty.warnings)")
        #expect(try Self.line(empty, "Fee").value == "7")
        #expect(!empty.lines.contains { $0.label.hasPrefix("Leg") })
        let one = try Self.review(
            signature, [.array([.tuple([try Self.address(C.usdc), .uint(1_500_000)])]), .uint(7)], fields: fields,
            extra: #","required":["legs.[].amount","fee"]"#)
        #expect(try Self.line(one, "Leg").value == "1.5 USDC (1500000 base units)")
        let unshown = try Self.review(
            signature, [.array([]), .uint(7)], fields: #"{"path":"fee","label":"Fee","format":"raw"}"#,
            extra: #","required":["legs.[].amount","fee"]"#)
        #expect(unshown.blindReason != nil)
        #expect(
            unshown.warnings.contains { $0.contains("it must show legs.[].amount but has no field that does") },
            "\(unshown.warnings)")
        // A field in the group that reads outside the array (#.fee) shows nothing when the
        // array is empty: the fee it would vouch for is not shown, so it is not counted.
        let outside = try Self.review(
            signature, [.array([]), .uint(7)],
            fields: """
                {"path":"legs.[]","fields":[{"path":"amount","label":"Leg","format":"raw"},{"path":"#.fee","label":"Fee","format":"raw"}]}
                """, extra: #","required":["legs.[].amount","fee"]"#)
        #expect(outside.blindReason != nil)
        #expect(
            outside.warnings.contains { $0.contains("it must show fee but has no field that does") },
            "\(outside.warnings)")
    }
}
