/// Holds the request's note against what the review read from the signed bytes: a note that
/// names an amount the signed lines contradict is flagged, whatever its wording, so a
/// requester's words cannot pass for the amount that is signed. The note's wordings read:
///
/// - a number then a symbol: "12.5 USDC", "12,500,000 USDC", "0.5eth";
/// - a symbol then a number: "USDC 12.5" (the symbol in capitals) and "USDC: 12.5",
///   "usdc: 12.5" (any case, with a colon), unless a ticker follows the number ("rent: 1.5
///   TST" names TST);
/// - a currency sign and a number: "$12.50", "€ 10", "12.50 $": an amount in no asset the
///   signer shows, flagged when no signed line shows that number in any asset.
///
/// A symbol in capitals that no signed line shows is flagged; a symbol in other case ("usdc",
/// "months") only when the signed lines show that symbol, so "2 months" or "3 days" are never
/// held to the lines. Words that label a number rather than price it ("ID 42", "INVOICE 7",
/// "ERC 20") or tell a time ("10:30 UTC") are held to the lines only when they show them as a
/// symbol; a number joined to a word by a hyphen ("ERC-20") is no amount. Out of scope: numbers
/// in words ("twelve USDC"), suffixes ("12.5k USDC", "1M DAI": the number is not read), and
/// symbols or signs separated from their number by anything but one space or a colon.
public enum NoteCheck {
    /// One amount written in text: the number exactly as digits and the symbol next to it.
    package struct Mention: Equatable {
        /// The number without grouping: "12500000", "12.5".
        package let number: String
        /// Upper-cased, or the currency sign itself ("$").
        let symbol: String
        /// Written in capitals, as tickers are ("USDC", not "months"), and not a word that labels
        /// a number ("ID 42").
        var isTicker = true
        /// `symbol` is a currency sign: the amount names no asset the signer shows.
        var isCurrencySign = false
    }

    /// Warnings for `review`'s note: each amount the note names whose symbol the signed lines
    /// show with no equal amount, whose symbol (a ticker in capitals) the signed lines do not
    /// show at all, or, for an amount in a currency sign, whose number no signed line shows.
    public static func contradictions(_ review: Review) -> [String] {
        guard let note = review.request.note else { return [] }
        let said = mentions(in: note)
        guard !said.isEmpty else { return [] }
        // The signed lines are the signer's own words: "<number> <SYMBOL>" only.
        var shown: [Mention] = []
        for line in review.lines where line.source != .request {
            shown += mentions(in: line.value, noteWordings: false)
        }
        for total in review.totals { shown += mentions(in: total.formatted, noteWordings: false) }
        for approval in review.approvals {
            shown += mentions(in: approval.allowance + " " + approval.asset, noteWordings: false)
        }
        var warnings: [String] = []
        for mention in said {
            if mention.isCurrencySign {
                guard !shown.contains(where: { equal($0.number, mention.number) }) else { continue }
                warnings.append(
                    "the note speaks of \(mention.symbol)\(mention.number), but no signed line shows the amount \(canonical(mention.number)) in any asset (the signer shows amounts in the assets signed, never in a currency): trust the lines above, not the note"
                )
                continue
            }
            let same = shown.filter { $0.symbol == mention.symbol }
            let text = "\(mention.number) \(mention.symbol)"
            if same.isEmpty {
                // "2 months" is not an asset; only a ticker in capitals is held to the lines.
                guard mention.isTicker else { continue }
                warnings.append(
                    "the note speaks of \(text), but no signed line shows any \(mention.symbol): trust the lines above, not the note"
                )
            } else if !same.contains(where: { equal($0.number, mention.number) }) {
                var signed: [String] = []
                for item in same where !signed.contains(canonical(item.number)) {
                    signed.append(canonical(item.number))
                }
                let amounts = signed.map { "\($0) \(mention.symbol)" }.joined(separator: ", ")
                warnings.append(
                    "the note says \(text), but the signed lines show \(amounts): the note contradicts what is signed")
            }
        }
        // A note may name one amount twice ("USDC: 12.5 USDC"): each warning once.
        var once: [String] = []
        for warning in warnings where !once.contains(warning) { once.append(warning) }
        return once
    }

    /// Currency signs read before or after a number.
    static let currencySigns: Set<Unicode.Scalar> = ["$", "€", "£", "¥"]

    /// Words in capitals that label the number after them rather than price it: held to the
    /// lines only when a signed line shows them as a symbol.
    static let labelWords: Set<String> = [
        "ID", "NO", "NR", "NUM", "REF", "INV", "INVOICE", "ORDER", "PO", "TX", "TXN", "NONCE", "BLOCK", "ACCOUNT",
        "ACCT",
        "ITEM", "PIN", "CODE", "CASE", "ISSUE", "PR", "TICKET", "EIP", "ERC", "BIP", "SEP", "RFC", "CAIP", "SLIP",
        "UTC", "GMT",
        "AM", "PM", "FY", "TOP", "NUMBER", "NOTE", "STEP", "PAGE", "ROUND", "DAY", "WEEK", "MONTH", "YEAR", "VERSION",
        "ERA",
        "EPOCH", "LEDGER", "SLOT", "HEIGHT", "NEURON", "TOPIC", "PROPOSAL", "PAYMENT", "BATCH", "REQUEST", "CHAIN",
        "NETWORK",
        "PART", "PHASE", "LEVEL", "KEY", "LOT", "UNIT", "ROOM", "TABLE", "SEAT", "GATE", "FLOOR", "TEL", "ZIP", "APT",
        "VOL",
        "SEC", "ART", "PT", "CH", "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "OCT", "NOV", "DEC",
    ]

    /// Words in capitals after a number that tell a time, not an asset: "10:30 UTC", "5 PM".
    static let timeWords: Set<String> = [
        "UTC", "GMT", "AM", "PM", "CET", "CEST", "EST", "EDT", "PST", "PDT", "BST", "JST",
    ]

    /// Every amount in `text`. `noteWordings`: every wording the type comment lists (a note);
    /// otherwise "<number> <symbol>" only, as the signer writes amounts. A number is digits,
    /// with `,` `_` `'` or thin-space grouping and one decimal point; a symbol 2 to 11 letters
    /// or digits starting with a letter after a number, 2 to 11 letters before one.
    package static func mentions(in text: String, noteWordings: Bool = true) -> [Mention] {
        let chars = Array(text.unicodeScalars)
        var found: [Mention] = []
        var i = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
        func isLetter(_ s: Unicode.Scalar) -> Bool { ("A"..."Z").contains(s) || ("a"..."z").contains(s) }
        func isWordChar(_ s: Unicode.Scalar) -> Bool { isDigit(s) || isLetter(s) }
        /// The number starting at `start` (a digit) and where it ends.
        func number(at start: Int) -> (digits: String, end: Int) {
            var digits = ""
            var j = start
            var sawPoint = false
            while j < chars.count {
                let c = chars[j]
                if isDigit(c) {
                    digits.unicodeScalars.append(c)
                } else if c == "," || c == "_" || c == "\u{2009}" || c == "'", j + 1 < chars.count,
                    isDigit(chars[j + 1]), !sawPoint
                {
                    // grouping
                } else if c == ".", !sawPoint, j + 1 < chars.count, isDigit(chars[j + 1]) {
                    sawPoint = true
                    digits.append(".")
                } else {
                    break
                }
                j += 1
            }
            return (digits, j)
        }
        /// A number that starts at `start` and ends a word there: no letter, digit or point
        /// joined to either end ("v2", "1.2.3", "12.5k" are no amounts).
        func standalone(at start: Int) -> (digits: String, end: Int)? {
            guard start < chars.count, isDigit(chars[start]) else { return nil }
            let read = number(at: start)
            guard read.end == chars.count || !(isLetter(chars[read.end]) || chars[read.end] == ".") else {
                // A sentence's full stop may end it: "USDC 12.5."
                if chars[read.end] == ".", read.end + 1 == chars.count || !isWordChar(chars[read.end + 1]) {
                    return read
                }
                return nil
            }
            return read
        }
        /// A number at `start`, a space or none, then a symbol or (in a note) a currency sign:
        /// "12.5 USDC", "0.5eth", "12.50 €".
        func numberThenSymbol(at start: Int) -> (mention: Mention, end: Int)? {
            let (digits, j) = number(at: start)
            var k = j
            if k < chars.count, chars[k] == " " { k += 1 }
            if noteWordings, k < chars.count, currencySigns.contains(chars[k]),
                k + 1 == chars.count || !isWordChar(chars[k + 1])
            {
                return (Mention(number: digits, symbol: String(chars[k]), isTicker: false, isCurrencySign: true), k + 1)
            }
            var symbol = ""
            while k < chars.count, isLetter(chars[k]) || (!symbol.isEmpty && isDigit(chars[k])) {
                symbol.unicodeScalars.append(chars[k])
                k += 1
            }
            // "USDC12.5" is no symbol: a point with a digit after it continues the word.
            let endsWord =
                k == chars.count
                || !(isWordChar(chars[k]) || (chars[k] == "." && k + 1 < chars.count && isDigit(chars[k + 1])))
            guard (2...11).contains(symbol.count), endsWord else { return nil }
            let upper = symbol.uppercased()
            return (Mention(number: digits, symbol: upper, isTicker: symbol == upper && !timeWords.contains(upper)), k)
        }
        while i < chars.count {
            // A word or number joined to the one before by a point or hyphen is part of it:
            // "1.2.3", "ERC-20", "2026-11".
            let startsWord =
                i == 0
                || !(isWordChar(chars[i - 1]) || chars[i - 1] == "."
                    || (chars[i - 1] == "-" && i >= 2 && isWordChar(chars[i - 2])))
            // A currency sign, then a number: "$12.50", "€ 10".
            if noteWordings, currencySigns.contains(chars[i]), i == 0 || !isWordChar(chars[i - 1]) {
                var k = i + 1
                if k < chars.count, chars[k] == " " { k += 1 }
                if let read = standalone(at: k) {
                    found.append(
                        Mention(number: read.digits, symbol: String(chars[i]), isTicker: false, isCurrencySign: true))
                    i = read.end
                    continue
                }
                i += 1
                continue
            }
            // A symbol, then a number: "USDC 12.5", "usdc: 12.5".
            if noteWordings, isLetter(chars[i]), startsWord {
                var k = i
                var symbol = ""
                while k < chars.count, isLetter(chars[k]) {
                    symbol.unicodeScalars.append(chars[k])
                    k += 1
                }
                var colon = false
                if k < chars.count, chars[k] == ":" {
                    colon = true
                    k += 1
                }
                if k < chars.count, chars[k] == " " { k += 1 }
                let capitals = symbol == symbol.uppercased()
                if (2...11).contains(symbol.count), capitals || colon, k > i + symbol.count,
                    let read = standalone(at: k)
                {
                    // A number followed by a ticker is that ticker's ("rent: 1.5 TST", "BOB 5
                    // ETH"); followed by anything else it is the word's before it ("USDC 12.5
                    // for", and the number is read again with what follows it).
                    if numberThenSymbol(at: k)?.mention.isTicker != true {
                        let upper = symbol.uppercased()
                        found.append(
                            Mention(
                                number: read.digits, symbol: upper, isTicker: capitals && !labelWords.contains(upper)))
                    }
                    i = k
                    continue
                }
                // Not an amount: go on after the word (a number after it is read on its own).
                i += max(symbol.count, 1)
                continue
            }
            // A number starts at a digit that does not continue a word or another number.
            guard isDigit(chars[i]), startsWord else {
                i += 1
                continue
            }
            if let read = numberThenSymbol(at: i) {
                found.append(read.mention)
                i = read.end
            } else {
                i = number(at: i).end
            }
        }
        return found
    }

    /// Whether two decimal numbers are equal: "12.50" and "12.5", "007" and "7".
    package static func equal(_ a: String, _ b: String) -> Bool { canonical(a) == canonical(b) }

    static func canonical(_ number: String) -> String {
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        var whole = String(parts[0].drop(while: { $0 == "0" }))
        if whole.isEmpty { whole = "0" }
        guard parts.count > 1 else { return whole }
        let fraction = String(parts[1].reversed().drop(while: { $0 == "0" }).reversed())
        return fraction.isEmpty ? whole : whole + "." + fraction
    }
}
