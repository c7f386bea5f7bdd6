import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignMessages
import Testing

/// What is signed is the typed value the request decoded to: the review and the context-free
/// decode give the same items, and `sign` reads an item's value, not its label.
@Suite struct EthereumDecodeOnceTests {
    typealias T = EthereumChainTests

    @Test func theDecodeGivesTheItemsTheReviewSigns() throws {
        for request in [
            try T.transactionRequest(T.erc20Transfer()), try T.transactionRequest(T.plainTransfer()),
            try T.typedRequest(), try T.messageRequest(Array("hello".utf8)),
        ] {
            let review = try T.module.review(request, context: T.context())
            let decoded = try T.module.signingItems(request)
            #expect(decoded == review.signing)
            #expect(decoded.map { type(of: $0.value) == EthereumSignable.self } == [true])
        }
    }

    @Test func signReadsTheValueNotTheLabel() throws {
        let request = try T.messageRequest(Array("hello".utf8))
        let review = try T.module.review(request, context: T.context())
        // The label says "transaction"; the value is the message. A signer that dispatched on
        // the label would try to read "hello" as a transaction and fail.
        let relabelled = Review(
            request: request, title: review.title, lines: review.lines, key: review.key, effects: review.effects,
            signing: [
                SigningItem(
                    label: EthereumChain.transactionLabel, value: EthereumSignable.personalMessage(Array("hello".utf8)))
            ])
        let output = try T.module.sign(relabelled, with: .secp256k1(T.key(0x46)))
        let signature = try Hex.decode(output.signatures[0])
        #expect(
            try PersonalMessage.recover(Array("hello".utf8), signature: signature)
                == EthereumAddress(try T.account(0x46).address))
        #expect(output.result == nil)
    }

    @Test func anItemOfAnotherChainIsRefused() throws {
        let request = try T.messageRequest(Array("hello".utf8))
        let review = try T.module.review(request, context: T.context())
        let foreign = Review(
            request: request, title: review.title, lines: review.lines, key: review.key, effects: review.effects,
            signing: [
                SigningItem(
                    label: EthereumChain.personalMessageLabel, value: ICPLikeBytes(signedBytes: Array("hello".utf8)))
            ])
        #expect(throws: EthereumChainError.foreignItem(label: "personal message")) {
            try T.module.sign(foreign, with: .secp256k1(T.key(0x46)))
        }
    }
}

/// Bytes of no Ethereum type, as another chain's item would be.
private struct ICPLikeBytes: SignableValue {
    let signedBytes: [UInt8]
}
