import AirsignMessages
import BigInt

/// Where the signer's built-in interface and the canister's consent message both describe a
/// call, the amounts they state must agree: every amount the built-in reading sends to someone
/// must appear in the consent message (a typed token amount, or a number in its text; alone, or
/// with the fee as a second amount), and its recipient's address must appear in the message's
/// words; else the review warns that they disagree.
package enum ConsentComparison {
    package static func disagreements(_ consent: VerifiedConsent, effects: [Effect]) -> [String] {
        var stated: [String] = []
        var texts: [String] = []
        switch consent.info.message {
        case let .generic(text): texts = [text]
        case let .lines(pages): texts = pages.flatMap { $0 }
        case let .fields(intent, fields):
            texts = [intent]
            for field in fields {
                switch field.value {
                case let .tokenAmount(amount, decimals, _):
                    stated.append(AmountFormat.decimal(.init(amount), decimals: Int(decimals)))
                case let .text(content): texts.append(content)
                case .timestamp, .duration: continue
                }
            }
        }
        for text in texts {
            stated += NoteCheck.mentions(in: text, noteWordings: false).map(\.number)
        }
        var out: [String] = []
        for case let .outflow(outflow) in effects where outflow.to != nil {
            // A ledger's outflow to the recipient counts the fee in: the message may state the
            // amount and the fee apart, so one stated amount or the sum of two must match.
            let decimals = outflow.amount.asset.decimals
            let values = stated.compactMap { text -> BigUInt? in
                do { return try TokenAmount.parse(text, decimals: decimals, field: "consent") } catch { return nil }
            }
            let target = outflow.amount.amount
            let matched =
                values.contains(target)
                || values.indices.contains { i in
                    values.indices.contains { j in i != j && values[i] + values[j] == target }
                }
            // A recipient is labelled "<address> (contact …)": the address is its first word.
            if let to = outflow.to, let address = to.split(separator: " ").first.map(String.init),
                !texts.contains(where: { $0.lowercased().contains(address.lowercased()) })
            {
                out.append(
                    "the canister's consent message and the signer's built-in interface disagree: the interface reads the recipient \(address), the consent message does not name it"
                )
            }
            if !matched {
                out.append(
                    "the canister's consent message and the signer's built-in interface disagree: the interface reads \(outflow.amount.formatted) sent, the consent message states no such amount"
                )
            }
        }
        return out
    }
}
