import AirsignTestSupport
import Testing

@testable import AirsignMessages

/// `MessageText.escaped` takes a shortcut for plain text (printable ASCII and the plain scalars
/// of PlainText.swift); these tests hold it to the rule itself (`escapedByScalar`), byte for
/// byte, on the characters that matter on a terminal.
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
        ["…", "–", "—", "‖", "→", "×", "−", "≤", "≥", "·", "€", "£", "µ", "é", "ß", "\u{2030}", "\u{22ff}"],  // plain
    ]
    /// The pools of plain text: printable ASCII and plain scalars.
    static let plainPools = [pools[0], pools[pools.count - 1]]

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
            // Every fourth string is plain only, the shortcut's case; the rest mix pools.
            let plainOnly = round % 4 == 0
            let pools = plainOnly ? Self.plainPools : Self.pools
            let length = Int.random(in: 0...24, using: &random)
            var text = String.UnicodeScalarView()
            for _ in 0..<length {
                let pool = pools[Int.random(in: 0..<pools.count, using: &random)]
                text.append(pool[Int.random(in: 0..<pool.count, using: &random)])
            }
            let input = String(text)
            let fast = MessageText.escaped(input)
            // String's == is canonical equivalence; the bytes are what reaches the terminal.
            #expect(
                Array(fast.utf8) == Array(MessageText.escapedByScalar(input).utf8),
                "seed \(random.seed), round \(round): \(Array(input.unicodeScalars))")
            #expect(!fast.unicodeScalars.contains(where: MessageText.isHidden))
            if plainOnly {
                #expect(MessageText.isPlain(input), "seed \(random.seed), round \(round)")
                #expect(Array(fast.utf8) == Array(input.utf8))
            }
        }
    }

    @Test func wrappingKeepsTheTextAndTheWidthOnRandomText() {
        var random = SeededRandom.forTest("MessageText.wrapped")
        // The first seven words are plain.
        let words = [
            "a", "bb", "ccc", "0x1234567890abcdef1234567890abcdef", "…", "1–2", "é", "東京", "\u{200b}", "🙂", "e\u{301}",
        ]
        var plainTexts = 0
        for round in 0..<5000 {
            let width = Int.random(in: 8...40, using: &random)
            let count = Int.random(in: 0...30, using: &random)
            let plainOnly = round % 2 == 0
            var text = ""
            for _ in 0..<count {
                let word = words[Int.random(in: 0..<(plainOnly ? 7 : words.count), using: &random)]
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
            if MessageText.isPlain(escaped) {
                plainTexts += 1
                // The byte cuts of plain text are the cuts its characters give, and its columns
                // are its characters'.
                let utf8 = Array(escaped.utf8)
                let bytes = MessageText.plainPieces(utf8, width: width)
                let characters = MessageText.pieces(
                    of: escaped, width: width, isSpace: { $0 == " " }, columns: MessageText.columns)
                #expect(
                    bytes.map { Array(utf8[$0]) } == characters.map { Array(escaped[$0].utf8) },
                    "\(context)")
                #expect(MessageText.columns(of: escaped) == escaped.reduce(0) { $0 + MessageText.columns($1) })
            }
        }
        #expect(plainTexts > 2000 && plainTexts < 4000, "seed \(random.seed): \(plainTexts) plain texts of 5000")
    }

    /// `ReviewText.writePlain` lays out plain lines from their bytes; wherever it answers, it
    /// writes what the general layout gives, byte for byte.
    @Test func plainLayoutAgreesWithTheGeneralLayout() {
        var random = SeededRandom.forTest("ReviewText.writePlain")
        // The words before the last three are plain.
        let words = [
            "a", "to", "amount", "0x1234567890abcdef1234567890abcdef", "16PG7A3jD9uoFr7Jtk5zuh", "…", "1–8", "é",
            "\u{7}", "東京", "e\u{301}",
        ]
        let sources: [ReviewSource] = [.signed, .signerTable, .request]
        var taken = 0
        var wrapped = 0
        func text(_ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &random)).map { _ in
                words[
                    Int.random(
                        in: 0..<words.count - (Int.random(in: 0..<4, using: &random) > 0 ? 3 : 0), using: &random)]
            }.joined(separator: [" ", "  ", ""][Int.random(in: 0..<3, using: &random)])
        }
        for round in 0..<5000 {
            let label = text(0...(round % 10 == 0 ? 14 : 3))
            let value = text(0...(round % 3 == 0 ? 30 : 5))
            let item = ReviewLine(
                label, value, level: Int.random(in: 0...5, using: &random), source: sources[round % 3])
            let context = "seed \(random.seed), round \(round): \(label.debugDescription) \(value.debugDescription)"
            var out = ReviewWriter()
            guard ReviewText.writePlain(item, to: &out) else {
                #expect(out.bytes.isEmpty, "\(context)")
                continue
            }
            taken += 1
            let general = ReviewText.laidOut(item)
            if general.count > 1 { wrapped += 1 }
            #expect(out.bytes == Array(general.joined(separator: "\n").utf8), "\(context)")
        }
        // Both kinds of line occur, and wrapped ones among the plain, so the comparison is not vacuous.
        #expect(taken > 1500 && taken < 4500, "seed \(random.seed): plain layout taken \(taken) times of 5000")
        #expect(wrapped > 300, "seed \(random.seed): \(wrapped) wrapped plain lines")
    }
}
