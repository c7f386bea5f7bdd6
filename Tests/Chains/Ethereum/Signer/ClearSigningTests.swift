import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

/// Clear signing on the signer (issue 21 Build 2): the order of trust and its labels, the
/// `required` rule, the bad inputs the issue names (each one error, nothing shown as signed).
@Suite struct ClearSigningTests {
    static let pool = "0x4242424242424242424242424242424242424242"
    static let from = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    static let usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
    static let supply = "supply(address asset,uint256 amount,address onBehalfOf,uint16 referralCode)"

    /// A descriptor for `supply` on `pool`, chain 1, after the Aave registry descriptor's shape.
    static func descriptor(required: [String] = ["asset", "amount", "onBehalfOf"], fields: String? = nil) throws
        -> ClearSigningDescriptor
    {
        let shown =
            fields ?? """
                {"path":"amount","label":"Amount to supply","format":"tokenAmount","params":{"tokenPath":"asset"}},
                {"path":"onBehalfOf","label":"Collateral recipient","format":"addressName"}
                """
        let text = """
            {"context":{"contract":{"deployments":[{"chainId":1,"address":"\(pool)"}]}},"metadata":{"owner":"Lending pool"},
             "display":{"formats":{"\(supply)":{"intent":"Supply","fields":[\(shown)],
              "required":\(String(decoding: JSONSerializer().serialize(.array(required.map { .string($0) })).utf8, as: UTF8.self)),
              "excluded":["referralCode"]}}}}
            """
        return try ClearSigningDescriptor(document: try JSONParser().parse(Array(text.utf8)))
    }

    static func supplyData(amount: BigUInt = 1_500_000) throws -> [UInt8] {
        try ABIEncoder.call(
            try ABIFunction(signature: supply),
            [.address(try EthereumAddress(usdc)), .uint(amount), .address(try EthereumAddress(from)), .uint(0)])
    }

    static func review(
        _ data: [UInt8], to: String = pool, value: BigUInt = 0, knowledge: EthereumKnowledge = .none,
        request: ABIFunction? = nil
    ) throws -> TransactionReview {
        let transaction = try EthereumTransaction(
            type: .feeMarket, chainId: 1, nonce: 0, fees: .feeMarket(maxPriorityFeePerGas: 1, maxFeePerGas: 2),
            gasLimit: 100_000, to: try EthereumAddress(to), value: value, data: data)
        return try TransactionReview(
            transaction, from: try EthereumAddress(from), knowledge: knowledge, request: request, now: 1_767_225_600)
    }

    static func value(_ review: TransactionReview, _ label: String) -> ReviewLine? {
        review.lines.first { $0.label == label }
    }

    @Test func anInstalledDescriptorComesFirstAndSaysSo() throws {
        let knowledge = EthereumKnowledge(descriptors: [
            InstalledDescriptor(name: "pool", descriptor: try Self.descriptor())
        ])
        let review = try Self.review(
            try Self.supplyData(), knowledge: knowledge, request: try ABIFunction(signature: Self.supply))
        #expect(Self.value(review, "clear signing")?.value == "descriptor \"pool\" installed on this signer")
        #expect(Self.value(review, "clear signing")?.source == .signerTable)
        #expect(Self.value(review, "Amount to supply")?.value.hasPrefix("1.5 USDC") == true)
        #expect(Self.value(review, "Collateral recipient")?.value == Self.from)
        #expect(review.blindReason == nil)
    }

    @Test func theRequestsABIIsUsedOnlyUnverifiedAndOnlyWhenItsSelectorMatches() throws {
        let function = try ABIFunction(signature: Self.supply)
        let review = try Self.review(try Self.supplyData(), request: function)
        let line = try #require(Self.value(review, "function"))
        #expect(line.source == .request && line.value.contains("names from the request, not verified"))
        #expect(review.lines.contains { $0.label.contains("amount") && $0.value.contains("1500000") })
        // Without it the call is blind.
        #expect(try Self.review(try Self.supplyData()).blindReason != nil)
        // Another function's fragment: refused, one line naming both selectors.
        let other = try ABIFunction(signature: "withdraw(address,uint256,address)")
        let error = #expect(throws: EthereumError.self) { _ = try Self.review(try Self.supplyData(), request: other) }
        #expect(error?.description.contains("selector") == true && error?.description.contains("\n") == false)
    }

    @Test func callDataThatDoesNotDecodeUnderTheMatchedFunctionIsRefused() throws {
        let knowledge = EthereumKnowledge(descriptors: [
            InstalledDescriptor(name: "pool", descriptor: try Self.descriptor())
        ])
        let data = try Self.supplyData()
        // Cut short, or heads that are not a strict encoding (dirty high bits).
        for bad in [Array(data.dropLast(1)), Array(data.prefix(4)) + [UInt8](repeating: 0xff, count: 128)] {
            let error = #expect(throws: EthereumError.self) { _ = try Self.review(bad, knowledge: knowledge) }
            #expect(
                error?.description.contains("does not decode under supply(address,uint256,address,uint16)") == true,
                "\(String(describing: error))")
        }
        let request = try ABIFunction(signature: Self.supply)
        #expect(throws: EthereumError.self) { _ = try Self.review(data + [0], request: request) }
    }

    /// Bytes after the arguments' strict encoding (a frontend's tag) are signed and reach the
    /// contract: an installed descriptor still shows the arguments, and the bytes come as their
    /// own signed line, every one, with a warning. The request's fragment stays strict.
    @Test func bytesAfterTheArgumentsAreShownEveryOneAndWarned() throws {
        let knowledge = EthereumKnowledge(descriptors: [
            InstalledDescriptor(name: "pool", descriptor: try Self.descriptor())
        ])
        let tag: [UInt8] = Array(0..<37).map { UInt8($0 * 7 & 0xff) }
        let review = try Self.review(try Self.supplyData() + tag, knowledge: knowledge)
        #expect(Self.value(review, "Amount to supply")?.value.hasPrefix("1.5 USDC") == true)
        let line = try #require(Self.value(review, "37 bytes after the arguments"))
        #expect(line.value == Hex.encode(tag, prefix: true) && line.source == .signed)
        #expect(review.warnings.contains { $0.contains("carries 37 bytes after the arguments of supply") })
        #expect(review.blindReason == nil)
        // One byte: singular; and a call without the tag has neither line nor warning.
        #expect(
            Self.value(
                try Self.review(try Self.supplyData() + [0], knowledge: knowledge), "1 byte after the arguments")?.value
                == "0x00")
        let plain = try Self.review(try Self.supplyData(), knowledge: knowledge)
        #expect(
            !plain.lines.contains { $0.label.contains("after the arguments") }
                && !plain.warnings.contains { $0.contains("after the arguments") })
    }

    /// The same holds for the built-in standards: an ERC-20 transfer with a frontend's tag is
    /// still a transfer, its tag shown and warned of; bytes that are not a strict encoding of its
    /// arguments (a dirty address word) make it no standard's call, so it goes blind.
    @Test func builtInStandardsShowBytesAfterTheArgumentsToo() throws {
        let transfer = try ABIFunction(signature: "transfer(address,uint256)")
        let data = try ABIEncoder.call(transfer, [.address(try EthereumAddress(Self.from)), .uint(2_500_000)])
        let tag: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x01]
        let review = try Self.review(data + tag, to: Self.usdc)
        #expect(Self.value(review, "clear signing")?.source == .signerTable)
        #expect(review.lines.contains { $0.value.hasPrefix("2.5 USDC") }, "\(review.lines)")
        #expect(Self.value(review, "5 bytes after the arguments")?.value == "0xdeadbeef01")
        #expect(review.warnings.contains { $0.contains("carries 5 bytes after the arguments of transfer") })
        #expect(review.blindReason == nil)
        var dirty = data
        dirty[4] = 0x01  // the address word's first byte: not a strict encoding of an address
        let blind = try Self.review(dirty, to: Self.usdc)
        #expect(blind.blindReason != nil)
        #expect(!blind.lines.contains { $0.value.hasPrefix("2.5 USDC") })
    }

    @Test func aDescriptorThatDoesNotShowARequiredFieldIsNotUsed() throws {
        let partial = try Self.descriptor(
            fields: """
                {"path":"amount","label":"Amount to supply","format":"tokenAmount","params":{"tokenPath":"asset"}}
                """)
        let knowledge = EthereumKnowledge(descriptors: [InstalledDescriptor(name: "partial", descriptor: partial)])
        let review = try Self.review(try Self.supplyData(), knowledge: knowledge)
        #expect(Self.value(review, "clear signing") == nil)
        #expect(
            review.warnings == [
                "the installed descriptor \"partial\" was not used for supply: it must show onBehalfOf but has no field that does"
            ])
        #expect(review.blindReason != nil)
    }

    @Test func builtInStandardsShowCallsOnAnyContract() throws {
        // ERC-4626 deposit on a contract nobody installed anything for.
        let deposit = try ABIEncoder.call(
            try ABIFunction(signature: "deposit(uint256,address)"),
            [.uint(5), .address(try EthereumAddress(Self.from))])
        let review = try Self.review(deposit)
        #expect(Self.value(review, "clear signing")?.value.contains("built-in") == true)
        #expect(review.blindReason == nil)
        // setApprovalForAll(true) to a stranger: the approval and its warnings.
        let approval = try ABIEncoder.call(
            try ABIFunction(signature: "setApprovalForAll(address,bool)"),
            [.address(try EthereumAddress(Self.pool)), .bool(true)])
        let approved = try Self.review(approval, to: Self.from)
        #expect(approved.warnings.contains { $0.hasPrefix("APPROVAL FOR ALL") })
        #expect(approved.approvals.count == 1)
    }

    @Test func valueSentWithACallNoDescriptorDescribesIsWarned() throws {
        let review = try Self.review([0xde, 0xad, 0xbe, 0xef], value: 1)
        #expect(
            review.warnings.contains { $0.contains("goes with a call that no descriptor the signer has describes") })
    }

    @Test func badDescriptorsAreRefusedWithOneLine() throws {
        let cases: [(String, String)] = [
            (#"{"context":{"contract":{}},"display":{"formats":{}},"extra":1}"#, "extra"),
            (
                #"{"context":{"contract":{"deployments":[{"chainId":1,"address":"0x12"}]}},"display":{"formats":{}}}"#,
                "address"
            ),
            (
                #"{"context":{"contract":{"deployments":[{"chainId":1,"address":"\#(Self.pool)"}]}},"display":{"formats":{"f(uint256 a)":{"fields":[{"path":"b","format":"raw"}]}}}}"#,
                "\"b\""
            ),
            (
                #"{"context":{"contract":{"deployments":[{"chainId":1,"address":"\#(Self.pool)"}]}},"display":{"formats":{"f(uint256 a)":{"fields":[{"path":"a","format":"shiny"}]}}}}"#,
                "shiny"
            ),
            (#"{"context":{"contract":{}},"display":{"formats":{}}}"#, "no deployments"),
            // Neither label nor format: Ledger's erc7730 reads it as no field at all.
            (
                #"{"context":{"contract":{"deployments":[{"chainId":1,"address":"\#(Self.pool)"}]}},"display":{"formats":{"f(uint256 a)":{"fields":[{"path":"a","visible":"never"}]}}}}"#,
                "a label or a format"
            ),
        ]
        for (text, named) in cases {
            let error = #expect(throws: EthereumError.self) {
                _ = try ClearSigningDescriptor(document: try JSONParser().parse(Array(text.utf8)))
            }
            #expect(
                error?.description.contains(named) == true && error?.description.contains("\n") == false,
                "\(String(describing: error))")
        }
        // A missing include is the loader's error, named.
        struct Missing: Error {}
        let including = try JSONParser().parse(
            Array(#"{"includes":"common.json","context":{"contract":{}},"display":{"formats":{}}}"#.utf8))
        #expect(throws: Missing.self) {
            _ = try DescriptorIncludes.resolve(including, name: "top.json") { _, _ in throw Missing() }
        }
    }
}
