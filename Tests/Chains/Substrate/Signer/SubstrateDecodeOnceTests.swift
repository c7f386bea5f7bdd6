import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import Testing

/// What is signed is the typed value the request decoded to: the review and the context-free
/// decode give the same items, and `sign` assembles the extrinsic from the decoded payload
/// without reading the request again.
@Suite struct SubstrateDecodeOnceTests {
    typealias F = SubstrateFixtures

    @Test func theDecodeGivesTheItemsTheReviewSigns() throws {
        let alice = try F.key("//Alice", .sr25519)
        let account = try F.account(alice)
        let requests = [
            try F.request(account, payload: F.payloadJSON(account, method: F.transferCall())),
            try F.rawRequest(account, data: "0x" + Hex.encode(Array("hello".utf8))),
            try F.rawRequest(account, data: "0x" + Hex.encode([UInt8](repeating: 7, count: 40)), type: "payload"),
        ]
        for request in requests {
            let review = try F.module.review(request, context: F.context())
            let decoded = try F.module.signingItems(request)
            #expect(decoded == review.signing)
            #expect(decoded.map { type(of: $0.value) == SubstrateSignable.self } == [true])
        }
    }

    @Test func signAssemblesTheExtrinsicFromTheDecodedValue() throws {
        let alice = try F.key("//Alice", .sr25519)
        let account = try F.account(alice)
        let request = try F.request(account, payload: F.payloadJSON(account, method: F.transferCall()))
        let review = try F.module.review(request, context: F.context())
        // The request the review carries names a different payload (another amount); `sign`
        // must sign and assemble the reviewed value, never re-read `review.request`.
        let other = try F.request(account, payload: F.payloadJSON(account, method: F.transferCall(amount: 1)))
        let swapped = Review(
            request: other, title: review.title, lines: review.lines, key: review.key, effects: review.effects,
            signing: review.signing)
        let output = try F.module.sign(swapped, with: alice)
        guard case let .extrinsic(payload, built)? = review.signing.first?.value as? SubstrateSignable else {
            Issue.record("the review's item is not an extrinsic")
            return
        }
        let signature = try MultiSignature(decoding: try Hex.decode(output.signatures[0]))
        #expect(output.result == SubstrateChain.result(payload, built, signature: signature))
        #expect(
            try SubstrateSigning.isValid(
                signature, message: try SigningPayload.message(for: built.bytes), publicKey: account.publicKey))
    }
}
