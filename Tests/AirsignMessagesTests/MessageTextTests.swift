import AirsignTestSupport
import Testing

@testable import AirsignMessages

/// `MessageText.escaped` takes a shortcut for printable ASCII; these tests hold it to the rule
/// itself (`escapedByScalar`), byte for byte, on the characters that matter on a terminal.
@Suite struct MessageTextTests {
    /// Scalars a review could carry, grouped so that random strings mix every kind.
    static let pools: [[Unicode.Scalar]] = [
        (0x20...0x7e).compactMap(Unicode.Scalar.init),  // printable ASCII
        (0x00...0x1f).compactMap(Unicode.Scalar.init) + ["\u{7f}"],  // C0 controls and DEL
        (0x80...0x9f).compactMap(Unicode.Scalar.init),  // C1 controls
        [
            "\u{200e}", "\u{200f}", "\u{202a}", "\u{202b}", "\u{202c}", "\u{202d}", "\u{202e}",
            "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{61c}",
        ],  // bidi marks and overrides
        ["\u{200b}", "\u{200c}", "\u{200d}", "\u{2060}", "\u{feff}", "\u{ad}"],  // zero-width, soft hyphen
        (0x300...0x36f).compactMap(Unicode.Scalar.init),  // combining marks
        ["\u{2028}", "\u{2029}", "\u{a0}", "\u{3000}", "\u{85}"],  // separators and odd spaces
        ["é", "ß", "Ж", "中", "…", "€", "\u{1f600}", "\u{1f1fa}", "\u{10ffff}", "\u{e000}"],
    ]

    @Test func fixedCases() {
        let cases: [(String, String)] = [
            ("", ""),
            ("plain ASCII ~ text 0x12ab", "plain ASCII ~ text 0x12ab"),
            ("tab\there", "tab\\u{9}here"),
            ("del\u{7f}", "del\\u{7f}"),
            ("crlf\r\n", "crlf\\u{d}\\u{a}"),
            ("c1\u{85}\u{9b}", "c1\\u{85}\\u{9b}"),
            ("rtl\u{202e}txt", "rtl\\u{202e}txt"),
            ("zero\u{200b}width\u{feff}", "zero\\u{200b}width\\u{feff}"),
            ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
            ("e\u{301} no-break\u{a0}space …", "e\u{301} no-break\\u{a0}space …"),
            // Blank-rendering characters (issue 18): Hangul fillers, braille blank, CGJ, odd spaces.
            ("a\u{3164}b\u{115f}c\u{1160}d\u{ffa0}e", "a\\u{3164}b\\u{115f}c\\u{1160}d\\u{ffa0}e"),
            ("x\u{2800}y\u{34f}z\u{3000}w\u{2007}v", "x\\u{2800}y\\u{34f}z\\u{3000}w\\u{2007}v"),
            // A combining mark with no base (at the start, after a space) is escaped; on a letter it stays.
            ("\u{301}a \u{308}b c\u{308}", "\\u{301}a \\u{308}b c\u{308}"),
            // A variation selector stays on its emoji and is escaped alone.
            ("\u{2764}\u{fe0f} \u{fe0f}", "\u{2764}\u{fe0f} \\u{fe0f}"),
        ]
        for (input, expected) in cases {
            #expect(Array(MessageText.escaped(input).utf8) == Array(expected.utf8), "\(Array(input.unicodeScalars))")
        }
    }

    @Test func shortcutAgreesWithTheRuleOnRandomText() {
        var random = SeededRandom.forTest("MessageText.escaped")
        for round in 0..<20_000 {
            // Every fourth string is printable ASCII only, the shortcut's case; the rest mix pools.
            let asciiOnly = round % 4 == 0
            let length = Int.random(in: 0...24, using: &random)
            var text = String.UnicodeScalarView()
            for _ in 0..<length {
                let pool = asciiOnly ? Self.pools[0] : Self.pools[Int.random(in: 0..<Self.pools.count, using: &random)]
                text.append(pool[Int.random(in: 0..<pool.count, using: &random)])
            }
            let input = String(text)
            let fast = MessageText.escaped(input)
            // String's == is canonical equivalence; the bytes are what reaches the terminal.
            #expect(
                Array(fast.utf8) == Array(MessageText.escapedByScalar(input).utf8),
                "seed \(random.seed), round \(round): \(Array(input.unicodeScalars))")
            #expect(!fast.unicodeScalars.contains(where: MessageText.isHidden))
            if asciiOnly { #expect(Array(fast.utf8) == Array(input.utf8)) }
        }
    }

    @Test func wrappingKeepsTheTextAndTheWidthOnRandomText() {
        var random = SeededRandom.forTest("MessageText.wrapped")
        let words = ["a", "bb", "ccc", "0x1234567890abcdef1234567890abcdef", "東京", "…", "\u{200b}", "é", "🙂"]
        for round in 0..<5000 {
            let width = Int.random(in: 8...40, using: &random)
            let count = Int.random(in: 0...30, using: &random)
            let asciiOnly = round % 2 == 0
            var text = ""
            for _ in 0..<count {
                let word = words[Int.random(in: 0..<(asciiOnly ? 4 : words.count), using: &random)]
                text += (Bool.random(using: &random) ? " " : "") + word
            }
            let escaped = MessageText.escaped(text)
            let pieces = MessageText.wrapped(escaped, width: width)
            let context = "seed \(random.seed), round \(round), width \(width): \(escaped.debugDescription)"
            #expect(pieces.joined() == escaped, "\(context)")
            #expect(!pieces.isEmpty, "\(context)")
            for piece in pieces {
                #expect(MessageText.columns(of: piece) <= width, "\(context): \(piece.debugDescription)")
            }
            if asciiOnly, MessageText.isPrintableASCII(escaped) {
                // The byte cuts of ASCII text are the cuts its characters give.
                let utf8 = Array(escaped.utf8)
                let bytes = MessageText.pieces(of: utf8, width: width, isSpace: { $0 == 0x20 }, columns: { _ in 1 })
                let characters = MessageText.pieces(
                    of: escaped, width: width, isSpace: { $0 == " " }, columns: MessageText.columns)
                #expect(
                    bytes.map { String(decoding: utf8[$0], as: UTF8.self) } == characters.map { String(escaped[$0]) },
                    "\(context)")
            }
        }
    }

    /// `ReviewText.singleLine` is a shortcut for the common review line; wherever it answers, it
    /// answers what the general layout gives, byte for byte.
    @Test func singleLineShortcutAgreesWithTheLayout() {
        var random = SeededRandom.forTest("ReviewText.singleLine")
        let words = [
            "a", "to", "amount", "0x1234567890abcdef1234567890abcdef", "16PG7A3jD9uoFr7Jtk5zuh", "é", "…", "\u{7}",
        ]
        let sources: [ReviewSource] = [.signed, .signerTable, .request]
        var taken = 0
        func text(_ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &random)).map { _ in
                words[Int.random(in: 0..<words.count - (Bool.random(using: &random) ? 0 : 3), using: &random)]
            }.joined(separator: Bool.random(using: &random) ? " " : "  ")
        }
        for round in 0..<5000 {
            let label = text(0...(round % 10 == 0 ? 12 : 3))
            let value = text(0...(round % 4 == 0 ? 14 : 5))
            let item = ReviewLine(
                label, value, level: Int.random(in: 0...5, using: &random), source: sources[round % 3])
            let context = "seed \(random.seed), round \(round): \(label.debugDescription) \(value.debugDescription)"
            guard let single = ReviewText.singleLine(item) else { continue }
            taken += 1
            #expect([single] == ReviewText.laidOut(item), "\(context)")
        }
        // Both kinds of line occur, so the comparison is not vacuous.
        #expect(taken > 500 && taken < 4500, "seed \(random.seed): shortcut taken \(taken) times of 5000")
    }
}
