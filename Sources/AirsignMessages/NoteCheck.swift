/// Holds the request's note against what the review read from the signed bytes: a note that
/// names an amount of an asset ("12.5 USDC") that no signed line shows is flagged, so a
/// requester's words cannot pass for the amount that is signed.
public enum NoteCheck {
    /// One amount written in text: the number exactly as digits and the symbol after it.
    struct Mention: Equatable {
        /// The number without grouping: "12500000", "12.5".
        let number: String
        /// Upper-cased.
        let symbol: String
        /// Written in capitals, as tickers are ("USDC", not "months").
        var isTicker = true
    }

    /// Warnings for `review`'s note: each amount the note names whose symbol the signed lines
    /// show with no equal amount, or whose symbol (a ticker in capitals) the signed lines do
    /// not show at all.
    public static func contradictions(_ review: Review) -> [String] {
        guard let note = review.request.note else { return [] }
        let said = mentions(in: note)
        guard !said.isEmpty else { return [] }
        var shown: [Mention] = []
        for line in review.lines where line.source != .request { shown += mentions(in: line.value) }
        for total in review.totals { shown += mentions(in: total.formatted) }
        for approval in review.approvals { shown += mentions(in: approval.allowance + " " + approval.asset) }
        var warnings: [String] = []
        for mention in said {
            let same = shown.filter { $0.symbol == mention.symbol }
            let text = "\(mention.number) \(mention.symbol)"
            if same.isEmpty {
                // "2 months" is not an asset; only a ticker in capitals is held to the lines.
                guard mention.isTicker else { continue }
                warnings.append("the note speaks of \(text), but no signed line shows any \(mention.symbol): trust the lines above, not the note")
            } else if !same.contains(where: { equal($0.number, mention.number) }) {
                var signed: [String] = []
                for item in same where !signed.contains(canonical(item.number)) { signed.append(canonical(item.number)) }
                let amounts = signed.map { "\($0) \(mention.symbol)" }.joined(separator: ", ")
                warnings.append("the note says \(text), but the signed lines show \(amounts): the note contradicts what is signed")
            }
        }
        return warnings
    }

    /// Every "<number> <symbol>" in `text`: a number (digits, with `,` `_` or thin-space
    /// grouping and one decimal point), a space or none, then a symbol of 2 to 11 letters or
    /// digits starting with a letter.
    static func mentions(in text: String) -> [Mention] {
        let chars = Array(text.unicodeScalars)
        var found: [Mention] = []
        var i = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { ("0" ... "9").contains(s) }
        func isLetter(_ s: Unicode.Scalar) -> Bool { ("A" ... "Z").contains(s) || ("a" ... "z").contains(s) }
        while i < chars.count {
            // A number starts at a digit that does not continue a word or another number.
            guard isDigit(chars[i]), i == 0 || !(isDigit(chars[i - 1]) || isLetter(chars[i - 1]) || chars[i - 1] == ".") else {
                i += 1
                continue
            }
            var digits = ""
            var j = i
            var sawPoint = false
            while j < chars.count {
                let c = chars[j]
                if isDigit(c) {
                    digits.unicodeScalars.append(c)
                } else if (c == "," || c == "_" || c == "\u{2009}" || c == "'"), j + 1 < chars.count, isDigit(chars[j + 1]), !sawPoint {
                    // grouping
                } else if c == ".", !sawPoint, j + 1 < chars.count, isDigit(chars[j + 1]) {
                    sawPoint = true
                    digits.append(".")
                } else {
                    break
                }
                j += 1
            }
            var k = j
            if k < chars.count, chars[k] == " " { k += 1 }
            var symbol = ""
            while k < chars.count, isLetter(chars[k]) || (!symbol.isEmpty && isDigit(chars[k])) {
                symbol.unicodeScalars.append(chars[k])
                k += 1
            }
            let endsWord = k == chars.count || !(isLetter(chars[k]) || isDigit(chars[k]))
            if (2 ... 11).contains(symbol.count), endsWord {
                found.append(Mention(number: digits, symbol: symbol.uppercased(), isTicker: symbol == symbol.uppercased()))
                i = k
            } else {
                i = j
            }
        }
        return found
    }

    /// Whether two decimal numbers are equal: "12.50" and "12.5", "007" and "7".
    static func equal(_ a: String, _ b: String) -> Bool { canonical(a) == canonical(b) }

    static func canonical(_ number: String) -> String {
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        var whole = String(parts[0].drop(while: { $0 == "0" }))
        if whole.isEmpty { whole = "0" }
        guard parts.count > 1 else { return whole }
        let fraction = String(parts[1].reversed().drop(while: { $0 == "0" }).reversed())
        return fraction.isEmpty ? whole : whole + "." + fraction
    }
}
