import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignTestSupport
import Testing

/// Issue 18 item 11: signRaw data that is not a plain message (the Ethereum message prefix, or
/// a transaction's signing payload dressed as a message) needs --blind, and the review says
/// truly whether the signed bytes carry the <Bytes> tags.
@Suite struct SubstrateSignRawTests {
    typealias F = SubstrateFixtures

    func alice() throws -> MessageAccount { try F.account(try F.key("//Alice", .sr25519)) }

    func review(_ data: [UInt8]) throws -> Review {
        try F.module.review(try F.rawRequest(try alice(), data: "0x" + testHex(data)), context: F.context())
    }

    /// The bytes of a valid Polkadot transfer's signing payload, as the watch would have built it.
    func transferPayload() throws -> [UInt8] {
        try SigningPayload(trusting: try SignerPayload(json: F.payloadJSON(try alice(), method: try F.transferCall())))
            .bytes
    }

    /// polkadot-js signs Ethereum-prefixed data as given: the review says it is not wrapped,
    /// signs it as given, and asks for --blind.
    @Test func ethereumPrefixIsUnwrappedAndNeedsBlind() throws {
        let data = Array("\u{19}Ethereum Signed Message:\n5hello".utf8)
        let review = try review(data)
        #expect(review.signing == [SubstrateSignable.message(data, wrapped: false).item])
        #expect(review.title == "Substrate message (signRaw, Ethereum prefix, not <Bytes> wrapped)")
        #expect(
            review.confirmation == .explicit(reason: "Ethereum-prefixed data, signed as given without <Bytes> tags"))
        #expect(
            review.warnings == [
                "the data starts with the Ethereum message prefix, so it is signed as given, without <Bytes> tags"
            ])
        let batch = BatchReview([review.request], registry: .standard, context: try F.context(), blind: .none)
        #expect(batch.refusals.count == 1)
        let text = ReviewText.render(review, position: 1, of: 1, module: F.module, context: try F.context())
        #expect(
            unwrappedReview(text).contains(
                "signs     1 message, \(data.count) bytes: message (Ethereum prefix, not <Bytes> wrapped)"), "\(text)")
    }

    /// A transaction payload sent as a message, bare or already wrapped: it carries Polkadot's
    /// genesis hash, so it needs --blind; the signed bytes are still wrapped, and say so.
    @Test func transactionPayloadAsAMessageNeedsBlind() throws {
        let payload = try transferPayload()
        for data in [
            payload, Array("<Bytes>".utf8) + payload + Array("</Bytes>".utf8), Array("sign in to dapp ".utf8) + payload,
        ] {
            let review = try review(data)
            #expect(review.confirmation == .explicit(reason: "a message that may be a transaction's signing payload"))
            #expect(
                review.warnings == [
                    "the data holds Polkadot's genesis hash, as a transaction's signing payload does: it may be a transaction shown as a message"
                ])
            #expect(review.title == "Substrate message (signRaw, <Bytes> wrapped)")
            #expect(review.signing.first?.label == "message (<Bytes> wrapped)")
            #expect(RawMessage.isWrapped(review.signing.first?.bytes ?? []))
        }
        // Another known network's payload is caught the same way.
        let kusama = testBytes("0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe")
        #expect(try review([1, 2] + kusama + [3]).warnings.first?.contains("Kusama's genesis hash") == true)
    }

    /// A raw `payload` that is a known network's extrinsic payload is reviewed as that
    /// transaction (its transfer counted, its recipient labelled), never as opaque bytes; the
    /// same bytes are signed. Bytes that are not one (a byte changed) stay unknown.
    @Test func aRawPayloadOfAKnownNetworkIsReviewedAsItsTransaction() throws {
        let payload = try transferPayload()
        let request = try F.rawRequest(try alice(), data: "0x" + testHex(payload), type: "payload")
        let review = try F.module.review(request, context: F.context())
        #expect(review.title == "Substrate transaction on Polkadot (given as a raw payload, signRaw type payload)")
        #expect(review.unknowns.isEmpty)
        #expect(review.totals.map(\.formatted) == ["1.2346 DOT + the fee"])
        let bob = try F.account(try F.key("//Bob", .sr25519)).address
        #expect(
            review.effects.contains {
                if case let .outflow(o) = $0 { o.to == "\(bob) (contact \"Bob\")" } else { false }
            })
        #expect(review.signing == [SubstrateSignable.rawPayload(payload).item])
        var changed = payload
        changed[changed.count - 40] ^= 1
        let opaque = try F.module.review(
            try F.rawRequest(try alice(), data: "0x" + testHex(changed), type: "payload"), context: F.context())
        #expect(opaque.unknowns == ["a transaction payload given as raw bytes, which cannot be shown"])
    }

    /// Signed with --blind: the signature is over exactly the reviewed bytes.
    @Test func blindSignatureIsOverTheReviewedBytes() throws {
        let key = try F.key("//Alice", .sr25519)
        let data = Array("\u{19}Ethereum Signed Message:\n5hello".utf8)
        let (output, finalized) = try F.roundTrip(try F.rawRequest(try alice(), data: "0x" + testHex(data)), key: key)
        let signature = testBytes(try #require(output.signatures.first))
        #expect(try SubstrateSigning.isValid(.sr25519(signature), message: data, publicKey: try alice().publicKey))
        #expect(finalized.lines.contains(ReviewLine("scheme", "sr25519")))
    }

    /// Plain messages, bare or already wrapped, need no --blind and are signed wrapped once.
    @Test func plainMessagesAreStandard() throws {
        for (data, signed) in [
            ("hello", "<Bytes>hello</Bytes>"), ("<Bytes>hello</Bytes>", "<Bytes>hello</Bytes>"),
            ("", "<Bytes></Bytes>"),
        ] {
            let review = try review(Array(data.utf8))
            #expect(review.confirmation == .standard && review.warnings.isEmpty, "\(data)")
            #expect(review.signing == [SubstrateSignable.message(Array(signed.utf8), wrapped: true).item])
            #expect(review.title == "Substrate message (signRaw, <Bytes> wrapped)")
        }
        // The rule looks for a whole genesis hash: most of one is nothing.
        let genesis = testBytes(F.polkadotGenesis)
        #expect(RawMessage.disguise(in: Array(genesis.dropLast())) == nil)
        #expect(RawMessage.disguise(in: genesis) != nil)
    }
}
