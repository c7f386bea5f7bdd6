import AirsignTestSupport
import Testing

@testable import AirsignMessages

/// Plain text (PlainText.swift) is read by bytes on the strength of three claims about each
/// plain scalar; these tests check every one of them against the general rules.
@Suite struct MessageTextPlainTests {
    static let printableASCII = (0x20...0x7e).compactMap(Unicode.Scalar.init)
    static let plainScalars = (0x80...0xffff).compactMap(Unicode.Scalar.init).filter {
        MessageText.isPlainScalar($0.value)
    }

    /// Never escaped, alone or after a base, and one column wide.
    @Test func everyPlainScalarIsItsOwnEscapeAndOneColumn() {
        #expect(Self.plainScalars.count > 400)
        for scalar in Self.plainScalars {
            for text in [String(scalar), "a" + String(scalar), " " + String(scalar) + " "] {
                #expect(Array(MessageText.escapedByScalar(text).utf8) == Array(text.utf8), "\(scalar.value)")
            }
            #expect(MessageText.columns(Character(scalar)) == 1, "\(scalar.value)")
        }
    }

    /// Never one character with its neighbour: every pair of plain scalars and printable ASCII
    /// is two characters (grapheme rules for such scalars only look at pairs).
    @Test func noPlainScalarJoinsItsNeighbour() {
        let all = Self.printableASCII + Self.plainScalars
        for first in Self.plainScalars {
            for second in all {
                var pair = String.UnicodeScalarView()
                pair.append(first)
                pair.append(second)
                let forward = String(pair)
                var reversedPair = String.UnicodeScalarView()
                reversedPair.append(second)
                reversedPair.append(first)
                let backward = String(reversedPair)
                #expect(forward.count == 2, "\(first.value) \(second.value)")
                #expect(backward.count == 2, "\(second.value) \(first.value)")
            }
        }
    }

    /// The byte reader agrees with reading scalar by scalar, on plain text and on text that is
    /// not, and the eight-byte check with the byte one.
    @Test func plainColumnsAgreesWithTheScalars() {
        var random = SeededRandom.forTest("MessageText.plainColumns")
        let others: [Unicode.Scalar] = ["\u{7}", "\u{7f}", "\u{a0}", "\u{ad}", "\u{301}", "中", "\u{1f600}", "\u{2028}"]
        var plain = 0
        for round in 0..<20_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                let pick = Int.random(in: 0..<100, using: &random)
                if pick < 80 {
                    text.append(Self.printableASCII[Int.random(in: 0..<Self.printableASCII.count, using: &random)])
                } else if pick < 98 || round % 2 == 0 {
                    text.append(Self.plainScalars[Int.random(in: 0..<Self.plainScalars.count, using: &random)])
                } else {
                    text.append(others[Int.random(in: 0..<others.count, using: &random)])
                }
            }
            let string = String(text)
            let expected =
                string.unicodeScalars.allSatisfy {
                    ($0.value >= 0x20 && $0.value < 0x7f) || MessageText.isPlainScalar($0.value)
                }
                ? string.unicodeScalars.count : nil
            if expected != nil { plain += 1 }
            #expect(MessageText.plainColumns(string) == expected, "seed \(random.seed), round \(round)")
        }
        #expect(plain > 10_000 && plain < 19_000, "seed \(random.seed): \(plain) plain texts of 20000")
        for _ in 0..<20_000 {
            var bytes = (0..<8).map { _ in UInt8.random(in: 0x1e...0x81, using: &random) }
            if Bool.random(using: &random) { bytes = bytes.map { max(0x20, min(0x7e, $0)) } }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            #expect(MessageText.isPrintableASCII(word) == bytes.allSatisfy { (0x20...0x7e).contains($0) }, "\(bytes)")
        }
    }
}
