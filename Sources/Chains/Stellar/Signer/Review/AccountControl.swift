/// The review's "account control changes" warnings: operations that change who may sign for an
/// account, how much signing it takes, or what its issuer flags allow.
///
/// The rule: the signer sees the transaction, not the ledger. It cannot know an account's current
/// signers, weights or thresholds, so it cannot tell a "high" weight from a harmless one: on an
/// account with the default thresholds (all 0) a new signer of weight 1 may do everything,
/// including removing the master key. So every such change is warned about whatever its values;
/// the warning names the account and each change, and the person judges them against what they
/// know of the account.
enum AccountControl {
    /// One warning per operation that changes an account's control, in operation order.
    static func warnings(_ tx: Transaction) -> [String] {
        tx.operations.enumerated().compactMap { index, operation in
            let account = (operation.source ?? tx.source).accountID
            let place = "operation \(index + 1), account \(account)"
            switch operation.body {
            case .setOptions(let options):
                let changes = self.changes(options)
                guard !changes.isEmpty else { return nil }
                return "account control changes (\(place)): " + changes.joined(separator: "; ")
                    + (touchesSigning(options)
                        ? "; Airsign cannot see the account's current signers and thresholds "
                            + "offline: any weight may be enough to control it" : "")
            case .bumpSequence(let to) where to == Int64.max:
                return "account control changes (\(place)): sequence number set to its maximum \(to): "
                    + "the account can never send another transaction"
            case let .revokeSponsorship(.signer(sponsored, key)):
                return
                    "signer sponsorship changes (operation \(index + 1)): the sponsorship of signer \(key) on account \(sponsored) "
                    + "is revoked: the signer stays, and its reserve falls to \(sponsored) (or to a new sponsor in a sponsoring block)"
            default:
                return nil
            }
        }
    }

    /// Whether the options change signers, the master weight or thresholds (not only flags).
    private static func touchesSigning(_ options: SetOptions) -> Bool {
        options.masterWeight != nil || options.signer != nil
            || options.lowThreshold != nil || options.medThreshold != nil || options.highThreshold != nil
    }

    /// Each control change of one set_options, in words.
    private static func changes(_ options: SetOptions) -> [String] {
        var out: [String] = []
        if let weight = options.masterWeight {
            out.append(
                weight == 0
                    ? "master key disabled (weight 0): it can no longer sign for the account"
                    : "master key weight set to \(weight)")
        }
        if let signer = options.signer { out.append(describe(signer)) }
        let thresholds = [
            ("low", options.lowThreshold), ("medium", options.medThreshold), ("high", options.highThreshold),
        ]
        .compactMap { name, value in value.map { "\(name) \($0)" } }
        if !thresholds.isEmpty { out.append("thresholds set: " + thresholds.joined(separator: ", ")) }
        if let set = options.setFlags, set != 0 {
            out.append("flags set: " + flagList(set, setMeanings).joined(separator: ", "))
        }
        if let clear = options.clearFlags, clear != 0 {
            out.append("flags cleared: " + flagList(clear, clearMeanings).joined(separator: ", "))
        }
        return out
    }

    private static func describe(_ signer: Signer) -> String {
        guard signer.weight > 0 else { return "signer \(signer.key) removed" }
        switch signer.key {
        case .ed25519:
            return "signer \(signer.key) may sign with weight \(signer.weight)"
        case .preAuthTx:
            return "pre-authorized transaction \(signer.key) counts as a signature of weight \(signer.weight)"
        case .hashX:
            return "anyone who knows the preimage of hash-x \(signer.key) may sign with weight \(signer.weight)"
        case let .ed25519SignedPayload(key, _):
            return
                "signed-payload signer \(signer.key) (key \(AccountID(unchecked: key))) may sign with weight \(signer.weight)"
        }
    }

    /// What setting each account flag means for the issuer's control over its asset's holders.
    private static let setMeanings: [(UInt32, String)] = [
        (1, "auth required (holders need the issuer's authorization)"),
        (2, "auth revocable (the issuer may freeze holders' balances)"),
        (4, "auth immutable (permanent: the flags can never change again and the account can never be merged)"),
        (8, "clawback enabled (the issuer may take back balances of new trust lines)"),
    ]

    /// What clearing each account flag gives up.
    private static let clearMeanings: [(UInt32, String)] = [
        (1, "auth required (anyone may hold the issuer's assets without authorization)"),
        (2, "auth revocable (the issuer can no longer freeze holders' balances)"),
        (4, "auth immutable"),
        (8, "clawback enabled"),
    ]
}
