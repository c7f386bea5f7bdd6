import AirsignCrypto
import AirsignKeys

/// A recovery phrase laid out for writing down: numbered words in rows of four, built in
/// protected memory (the words never pass through a `String`).
enum PhraseLayout {
    static let columns = 4
    /// Longest BIP39 English word (8 letters) plus two spaces.
    static let cellWidth = 10

    /// `" 1 abandon    2 ability  …"`, a line break after every `columns` words.
    static func numbered(_ mnemonic: Mnemonic) -> SecureBytes {
        let phrase = mnemonic.phrase
        // Word boundaries are positions, not secrets.
        let ranges: [Range<Int>] = phrase.withUnsafeBytes { bytes in
            var out: [Range<Int>] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: " ") {
                out.append(start..<index)
                start = index + 1
            }
            return out
        }
        let labels = ranges.indices.map { n in
            let digits = Array(String(n + 1).utf8)
            return [UInt8](repeating: UInt8(ascii: " "), count: max(0, 3 - digits.count)) + digits + [UInt8(ascii: " ")]
        }
        let rows = (ranges.count + columns - 1) / columns
        let size = ranges.count * (4 + cellWidth) + rows
        var out = SecureBytes(count: size)
        var used = 0
        out.withUnsafeMutableBytes { target in
            phrase.withUnsafeBytes { source in
                for (n, range) in ranges.enumerated() {
                    for byte in labels[n] { target[used] = byte; used += 1 }
                    for index in range { target[used] = source[index]; used += 1 }
                    let isLast = n % columns == columns - 1 || n == ranges.count - 1
                    if isLast {
                        target[used] = UInt8(ascii: "\n"); used += 1
                    } else {
                        for _ in range.count..<cellWidth { target[used] = UInt8(ascii: " "); used += 1 }
                    }
                }
            }
        }
        return out.slice(0..<used)
    }
}
