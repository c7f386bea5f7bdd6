import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignStellar
import Testing

/// What is signed is the typed value the request decoded to: the review and the context-free
/// decode give the same items (a transaction's own authorizations first, found from the bytes
/// alone), and `sign` reads an item's value, not its label.
@Suite struct StellarDecodeOnceTests {
    typealias S = SorobanChainTests

    @Test func theDecodeGivesTheItemsTheReviewSigns() throws {
        let requests = [
            try S.request(try StellarChain.payload(S.transfer(), network: .testnet)),
            // Own entries (accounts 1, in two operations' worth of entries) and another's (3): the
            // decode queues exactly the own unsigned ones, in order.
            try S.request(
                try StellarChain.payload(
                    S.transfer(auth: [try S.addressEntry(1), try S.addressEntry(3), try S.addressEntry(1, nonce: 9)]),
                    network: .testnet)),
            try S.request(
                try StellarPayload.json(try S.addressEntry(1, nonce: -3, expiration: 51_000), network: .testnet)),
        ]
        for request in requests {
            let review = try S.module.review(request, context: S.context())
            let decoded = try S.module.signingItems(request)
            #expect(decoded == review.signing)
            #expect(decoded.allSatisfy { $0.value is StellarSignable })
        }
        let twoOwn = try S.module.signingItems(requests[1])
        #expect(
            twoOwn.map(\.label) == ["authorization 1 of operation 1", "authorization 3 of operation 1", "transaction"])
    }

    @Test func pendingAuthorizationsSkipSignedAndOtherAccounts() throws {
        let (signed, _) = try S.addressEntry(1, nonce: 11).authorized(with: try S.key(1), network: .testnet)
        let envelope = try S.transfer(auth: [signed, try S.addressEntry(3), try S.addressEntry(1, nonce: 12)])
        let pending = try envelope.pendingAuthorizations(of: try S.key(1).publicKey, network: .testnet)
        #expect(pending.map(\.entry) == [2])
        #expect(pending.first?.preimage == (try S.addressEntry(1, nonce: 12).signaturePreimage(network: .testnet)))
    }

    @Test func signReadsTheValueNotTheLabel() throws {
        let request = try S.request(
            try StellarPayload.json(try S.addressEntry(1, nonce: -3, expiration: 51_000), network: .testnet))
        let review = try S.module.review(request, context: S.context())
        // Labelled "transaction", holding the authorization: what is signed is the authorization.
        let values = review.signing.compactMap { $0.value as? StellarSignable }
        #expect(values.count == 1)
        let relabelled = Review(
            request: request, title: review.title, lines: review.lines, key: review.key, effects: review.effects,
            signing: values.map { SigningItem(label: StellarChain.signingLabel, value: $0) })
        let output = try S.module.sign(relabelled, with: .ed25519(try S.key(1)))
        let (_, expected) = try S.addressEntry(1, nonce: -3, expiration: 51_000).authorized(
            with: try S.key(1), network: .testnet)
        #expect(output.signatures == [Hex.encode(expected)])
    }
}
