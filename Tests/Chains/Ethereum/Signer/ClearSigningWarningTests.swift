import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

/// The warnings and refusals of issue 21 Build 4 that concern EIP-712 messages and untrusted
/// names (the others: ApprovalReviewTests, PermitReviewTests, ClearSigningTests): a descriptor
/// for the message whose verifying contract is not its own, a domain chain id other than the
/// account's network, an address whose mixed case is not its checksum, and symbols, names and
/// labels from installed lists and descriptors shown escaped.
@Suite struct ClearSigningWarningTests {
    typealias T = EthereumChainTests
    static let mailApp = "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"
    static let other = "0x4242424242424242424242424242424242424242"

    /// A descriptor for `Mail(string contents)` messages of `contract` on chain 1.
    static func mailDescriptor(owner: String = "Mail app", contract: String = mailApp) throws -> ClearSigningDescriptor
    {
        let text = """
            {"context":{"eip712":{"deployments":[{"chainId":1,"address":"\(contract)"}],"domain":{"name":"Mail"}}},
             "metadata":{"owner":\(String(decoding: JSONSerializer().serialize(.string(owner)).utf8, as: UTF8.self))},
             "display":{"formats":{"Mail(string contents)":{"intent":"Send mail","fields":[{"path":"contents","label":"Contents","format":"raw"}]}}}}
            """
        return try ClearSigningDescriptor(document: try JSONParser().parse(Array(text.utf8)))
    }

    static func mail(chainId: Int = 1, verifyingContract: String = mailApp) -> String {
        """
        {"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"},{"name":"verifyingContract","type":"address"}],
          "Mail":[{"name":"contents","type":"string"}]},
         "primaryType":"Mail","domain":{"name":"Mail","chainId":\(chainId),"verifyingContract":"\(verifyingContract)"},
         "message":{"contents":"hello"}}
        """
    }

    static func review(_ request: SignRequest, knowledge: EthereumKnowledge) throws -> Review {
        try EthereumChain(knowledge: knowledge).review(request, context: try T.context())
    }

    @Test func aDescriptorWhoseVerifyingContractIsNotTheMessagesIsNotUsedAndSaysSo() throws {
        let knowledge = EthereumKnowledge(descriptors: [
            InstalledDescriptor(name: "mail", descriptor: try Self.mailDescriptor())
        ])
        let matching = try Self.review(try Crafted.typedData(Self.mail()), knowledge: knowledge)
        #expect(matching.lines.contains(ReviewLine("Contents", "\"hello\"", source: .signed)))
        #expect(
            matching.lines.contains {
                $0.label == "clear signing" && $0.value == "descriptor \"mail\" installed on this signer"
            })
        let elsewhere = try Self.review(
            try Crafted.typedData(Self.mail(verifyingContract: Self.other)), knowledge: knowledge)
        #expect(!elsewhere.lines.contains { $0.label == "clear signing" })
        #expect(
            elsewhere.warnings.contains(
                "the installed descriptor \"mail\" describes Mail messages of other contracts, not of the verifying contract \(Self.other) on chain id 1: not used"
            ))
        // The message is still shown whole, from the signed data.
        #expect(elsewhere.lines.contains { $0.label == "contents (string)" && $0.value == "\"hello\"" })
    }

    @Test func aDomainChainIdOtherThanTheAccountsNetworkIsRefused() throws {
        #expect(
            throws: EthereumChainError.otherChain(
                field: "payload.typedData.domain.chainId", chainId: "10", network: "eip155:1")
        ) {
            _ = try Self.review(try Crafted.typedData(Self.mail(chainId: 10)), knowledge: .none)
        }
    }

    @Test func anAddressWhoseMixedCaseIsNotItsChecksumIsNamedInAWarning() throws {
        let wrongCase = "0xcCCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"
        let review = try Self.review(try Crafted.typedData(Self.mail(verifyingContract: wrongCase)), knowledge: .none)
        #expect(
            review.warnings.contains { $0.contains("not its EIP-55 checksum (domain verifyingContract: \(wrongCase))") }
        )
        #expect(
            review.lines.contains {
                $0.label == "verifyingContract (address)" && $0.value == "\(Self.mailApp) (not in your contacts)"
            })
    }

    /// Symbols and names from any source: a look-alike of ASCII is written with its code
    /// points, control characters are escaped by the renderer; nothing reaches the screen raw.
    @Test func namesFromInstalledListsAndDescriptorsAreShownEscaped() throws {
        let usdc = try EthereumAddress(Crafted.usdc)
        let lookAlike = "USD\u{421}"  // a Cyrillic Es
        let knowledge = EthereumKnowledge(
            descriptors: [
                InstalledDescriptor(
                    name: "mail", descriptor: try Self.mailDescriptor(owner: "Ma\u{456}l \u{1b}[31mapp"))
            ],
            tokens: [KnownToken(chainId: 5, contract: usdc, symbol: lookAlike, decimals: 6, name: "fake")])
        let transfer = try ABIEncoder.call(
            try ABIFunction(signature: "transfer(address,uint256)"),
            [.address(try EthereumAddress(Self.other)), .uint(1_500_000)])
        let request = try Crafted.transaction(
            try Crafted.call(to: Crafted.usdc, data: transfer, chainId: 5), network: "eip155:5")
        let context = try T.context()
        let module = EthereumChain(knowledge: knowledge)
        let review = try module.review(request, context: context)
        let text = ReviewText.render(review, position: 1, of: 1, module: module, context: context)
        #expect(text.contains("USD\\u{421}") && !text.contains(lookAlike), "\(text)")
        let mail = try module.review(try Crafted.typedData(Self.mail()), context: context)
        let mailText = ReviewText.render(mail, position: 1, of: 1, module: module, context: context)
        #expect(
            mailText.contains("Ma\\u{456}l") && !mailText.contains("\u{1b}") && !mailText.contains("Ma\u{456}l"),
            "\(mailText)")
    }
}
