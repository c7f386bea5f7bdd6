import AirsignMessages

/// What signing a fee bump does and does not do. The signature covers the fee bump: its fee
/// source, fee and the inner transaction *with the inner signatures it carries now*. It signs
/// nothing inside: the inner transaction needs its own source's signatures, and adding one later
/// changes the fee bump, so a signature made before that no longer verifies.
enum FeeBumpReview {
    /// The line that says what this signature covers.
    static func line(_ bump: FeeBumpTransaction) -> ReviewLine {
        let count = bump.innerSignatures.count
        return ReviewLine(
            "this signature",
            count == 0
                ? "signs the fee bump only: the inner transaction stays unsigned by it"
                : "signs the fee bump only: the inner transaction keeps its \(count) signature\(count == 1 ? "" : "s") and gets none from it"
        )
    }

    /// The warnings of paying for another account's transaction, of a fee bump over an
    /// unsigned inner transaction, and of a request key that is not the fee source's.
    static func warnings(_ bump: FeeBumpTransaction, signer: [UInt8], label: (String) -> String) -> [String] {
        let inner = bump.innerTransaction.source.accountID
        let feeSource = bump.feeSource.accountID
        guard feeSource.publicKey == signer else {
            return [
                "this request's key is not the fee source \(label(feeSource.description)): its signature on the fee bump counts only "
                    + "if it is one of that account's signers, and it does not sign the inner transaction"
            ]
        }
        let unsigned = bump.innerSignatures.isEmpty
        if inner.publicKey == signer {
            return unsigned
                ? [
                    "the inner transaction is not signed yet: this signature pays its fee but does not sign it; a fee bump "
                        + "covers the inner signatures, so sign the inner transaction first and the fee bump after"
                ] : []
        }
        if unsigned {
            return [
                "you pay the fee of another account's transaction (\(label(inner.description))), which is not signed yet: it cannot "
                    + "be submitted until that account signs it, and its signature changes the fee bump this signature covers "
                    + "(have the inner transaction signed first, then sign the fee bump)"
            ]
        }
        return [
            "the fee bump pays up to \(stroops(bump.fee)) for the transaction of \(label(inner.description)), which carries "
                + "\(bump.innerSignatures.count) signature\(bump.innerSignatures.count == 1 ? "" : "s") this signer does not make"
        ]
    }
}
