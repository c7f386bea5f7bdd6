import AirsignCrypto
import AirsignMessages
import AirsignStellar
import Testing

/// Fee bumps that pay for another account's transaction: what the signature covers (the fee
/// bump, never the inner transaction), the inner transaction's outflows totalled as its
/// source's, and the warnings.
@Suite struct FeeBumpDangerTests {
    typealias D = Danger

    /// Account 5 (a stranger) pays Alice 10 XLM; account 1 (the signer) bumps the fee to 400.
    static func bump(innerSigned: Bool, feeSource: UInt8 = 1) throws -> TransactionEnvelope {
        let inner = try D.transaction(
            [Operation(body: .payment(destination: try D.muxed(2), asset: .native, amount: 100_000_000))], source: 5)
        let signatures =
            innerSigned
            ? [
                try TransactionEnvelope.v1(inner, signatures: []).signed(with: try D.T.key(5), network: .testnet)
                    .signature
            ] : []
        return .feeBump(
            FeeBumpTransaction(
                feeSource: try D.muxed(feeSource), fee: 400, innerTransaction: inner, innerSignatures: signatures),
            signatures: [])
    }

    @Test func payingForAnUnsignedTransactionOfAnotherAccount() throws {
        let envelope = try Self.bump(innerSigned: false)
        let review = try D.review(envelope)
        #expect(
            review.warnings.contains(
                "you pay the fee of another account's transaction (\(try D.labelled(5))), which is not signed "
                    + "yet: it cannot be submitted until that account signs it, and its signature changes the fee bump this signature covers "
                    + "(have the inner transaction signed first, then sign the fee bump)"), "\(review.warnings)")
        #expect(
            review.lines.contains(
                ReviewLine("this signature", "signs the fee bump only: the inner transaction stays unsigned by it")))
        // The fee is the signer's; the payment leaves account 5, and is totalled as its.
        #expect(
            try D.summary(envelope) == """
                Batch: 1 request, all reviewed
                  total     0.00004 XLM on stellar stellar:testnet
                  total     10 XLM from \(try D.labelled(5)) on stellar stellar:testnet
                """)
    }

    @Test func payingForAnotherAccountsSignedTransaction() throws {
        let envelope = try Self.bump(innerSigned: true)
        let review = try D.review(envelope)
        #expect(
            review.warnings.contains(
                "the fee bump pays up to 400 stroops (0.00004 XLM) for the transaction of \(try D.labelled(5)), "
                    + "which carries 1 signature this signer does not make"), "\(review.warnings)")
        #expect(
            review.lines.contains(
                ReviewLine(
                    "this signature",
                    "signs the fee bump only: the inner transaction keeps its 1 signature and gets none from it")))
        // Signed: the inner signature is untouched, and the new one verifies over the fee bump.
        let output = try D.T.module.sign(review, with: .ed25519(try D.T.key(1)))
        guard case let .string(text)? = output.result?["envelope"],
            case let .feeBump(signed, signatures) = try TransactionEnvelope(base64: text),
            case let .feeBump(original, _) = envelope
        else { Issue.record("no fee bump"); return }
        #expect(signed.innerSignatures == original.innerSignatures && signatures.count == 1)
        #expect(
            try TransactionEnvelope.feeBump(signed, signatures: signatures).verify(
                signatures[0], publicKey: try D.T.key(1).publicKey, network: .testnet))
    }

    @Test func aKeyThatIsNotTheFeeSource() throws {
        let review = try D.review(try Self.bump(innerSigned: false), signer: 5)
        #expect(
            review.warnings.contains(
                "this request's key is not the fee source \(try D.labelled(1)): its signature on the fee bump counts "
                    + "only if it is one of that account's signers, and it does not sign the inner transaction"),
            "\(review.warnings)")
    }
}
