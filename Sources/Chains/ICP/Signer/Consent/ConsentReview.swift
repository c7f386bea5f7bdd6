import AirsignMessages
import BigInt

/// A verified consent message as review lines: a heading that names its source (the canister,
/// certified by the IC, when and by which subnet), then the message in the form the canister
/// chose, every word of it quoted as a third party's (`ReviewSource.certified`).
package struct ConsentReview {
    let consent: VerifiedConsent

    package init(_ consent: VerifiedConsent) { self.consent = consent }

    package var lines: [ReviewLine] {
        var heading = "the canister's consent message, certified by the IC"
        heading += consent.subnet.map { " (subnet \($0)" } ?? " (the root subnet"
        heading += ", \(ICPTime.utc(nanos: consent.certifiedAt)))"
        if !consent.mainnetRoot { heading += "; checked against a root key that is not the IC mainnet's" }
        var out = [ReviewLine("consent", heading)]
        if consent.askedAnonymously {
            out.append(
                ReviewLine("asked", "as the anonymous principal: the canister did not know who calls", level: 1))
        }
        out.append(ReviewLine("language", consent.info.language, level: 1, source: .certified))
        switch consent.info.message {
        case let .generic(text):
            // Each line labelled, so none reads as the continuation of the line above it.
            for line in Self.split(text) { out.append(ReviewLine("text", line, level: 1, source: .certified)) }
        case let .lines(pages):
            for (index, page) in pages.enumerated() {
                for line in page {
                    out.append(
                        ReviewLine(pages.count == 1 ? "line" : "page \(index + 1)", line, level: 1, source: .certified))
                }
            }
        case let .fields(intent, fields):
            out.append(ReviewLine("intent", intent, level: 1, source: .certified))
            for field in fields {
                out.append(ReviewLine(field.label, Self.text(field.value), level: 1, source: .certified))
            }
        }
        return out
    }

    /// A typed value in the signer's own words: an exact amount, a UTC time, a duration.
    static func text(_ value: ICRC21Value) -> String {
        switch value {
        case let .tokenAmount(amount, decimals, symbol):
            return AmountFormat.decimal(BigUInt(amount), decimals: Int(decimals)) + " " + symbol
        case let .timestamp(seconds): return ICPTime.utc(seconds: Int64(clamping: seconds))
        case let .duration(seconds): return Self.duration(seconds)
        case let .text(content): return content
        }
    }

    static func duration(_ seconds: UInt64) -> String {
        let parts: [(UInt64, String)] = [(86400, "day"), (3600, "hour"), (60, "minute"), (1, "second")]
        var rest = seconds
        var words: [String] = []
        for (size, name) in parts where rest >= size {
            let count = rest / size
            rest %= size
            words.append("\(count) \(name)\(count == 1 ? "" : "s")")
        }
        return words.isEmpty ? "0 seconds" : words.joined(separator: " ")
    }

    /// Generic text split at its line breaks; blank lines kept as one, so paragraphs show.
    static func split(_ text: String) -> [String] {
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = String(line)
            if trimmed.allSatisfy(\.isWhitespace), out.last?.isEmpty ?? true { continue }
            out.append(trimmed.allSatisfy(\.isWhitespace) ? "" : trimmed)
        }
        while out.last?.isEmpty == true { out.removeLast() }
        return out
    }
}
