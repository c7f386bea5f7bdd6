import AirsignCrypto
import Foundation

/// A BIP39 recovery phrase (English list), held as its entropy in protected memory.
///
/// The phrase text only exists in `SecureBytes` (`phrase`), never as a `String`, so it can be
/// written to a terminal and wiped. Parsing accepts any letter case and any run of spaces, tabs
/// or line breaks between words; the canonical phrase is lower case with single spaces, which
/// is what every BIP39 wallet hashes.
public struct Mnemonic: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// Word counts BIP39 defines, for 128 to 256 bits of entropy.
    public static let wordCounts = [12, 15, 18, 21, 24]
    /// BIP39 seeds use 2048 rounds of PBKDF2-HMAC-SHA512.
    static let iterations = 2048
    private static let saltPrefix = Array("mnemonic".utf8)

    /// 16, 20, 24, 28 or 32 bytes.
    public let entropy: SecureBytes

    public var wordCount: Int { entropy.count * 3 / 4 }

    /// The phrase for `entropy` (16, 20, 24, 28 or 32 bytes).
    public init(entropy: SecureBytes) throws(KeysError) {
        guard [16, 20, 24, 28, 32].contains(entropy.count) else { throw .entropyLength(entropy.count) }
        self.entropy = entropy
    }

    /// A new phrase of `wordCount` words from the system's CSPRNG (libsodium `randombytes`).
    public static func generate(wordCount: Int = 24) throws(KeysError) -> Mnemonic {
        guard wordCounts.contains(wordCount) else { throw .phraseWordCount(wordCount) }
        return try Mnemonic(entropy: SecureRandom.secureBytes(wordCount * 4 / 3))
    }

    /// Parses a phrase given as UTF-8 text: NFKD-normalizes it (BIP39), checks each word
    /// against the list, the word count, then the checksum. Errors name a word's position,
    /// never the word.
    public init(phrase: SecureBytes) throws(KeysError) {
        let normalized = try TextNormalization.nfkd(phrase, what: "recovery phrase")
        // Up to 24 indexes of 11 bits: 33 bytes, entropy followed by checksum bits.
        var bits = SecureBytes(count: 33)
        var count = 0
        try normalized.reading { (text: UnsafeRawBufferPointer) throws(KeysError) in
            try bits.withUnsafeMutableBytes { (packed: UnsafeMutableRawBufferPointer) throws(KeysError) in
                var start: Int?
                for position in 0...text.count {
                    let isSeparator = position == text.count || Self.isSeparator(text[position])
                    if !isSeparator {
                        if start == nil { start = position }
                        continue
                    }
                    guard let wordStart = start else { continue }
                    start = nil
                    count += 1
                    guard let index = Self.index(of: UnsafeRawBufferPointer(rebasing: text[wordStart..<position]))
                    else {
                        throw .phraseUnknownWord(position: count)
                    }
                    // More than 24 words is reported below; keep scanning for unknown words.
                    if count <= 24 { Self.store(index, at: count - 1, in: packed) }
                }
            }
        }
        guard Self.wordCounts.contains(count) else { throw .phraseWordCount(count) }
        let entropy = bits.slice(0..<count * 4 / 3)
        let candidate = try Mnemonic(entropy: entropy)
        let checksum = candidate.checksumByte()
        let checksumMatches = bits.withUnsafeBytes { packed in
            (0..<count / 3).allSatisfy { bit in
                Self.bit(count * 32 / 3 + bit, in: packed) == (checksum >> (7 - UInt8(bit)) & 1 == 1)
            }
        }
        guard checksumMatches else { throw .phraseChecksum }
        self = candidate
    }

    /// Convenience for tests and tools that already hold the phrase as a `String`. Production
    /// input should come as bytes straight into `init(phrase: SecureBytes)`.
    public init(phrase: String) throws(KeysError) {
        try self.init(phrase: SecureBytes(copying: Array(phrase.utf8)))
    }

    /// The canonical phrase: lower-case words separated by single spaces, UTF-8.
    public var phrase: SecureBytes {
        let indexes = wordIndexes()
        let length = indexes.reduce(indexes.count - 1) { $0 + BIP39WordList.english[$1].utf8.count }
        var out = SecureBytes(count: length)
        out.withUnsafeMutableBytes { text in
            var offset = 0
            for (n, index) in indexes.enumerated() {
                if n > 0 { text[offset] = UInt8(ascii: " "); offset += 1 }
                for byte in BIP39WordList.english[index].utf8 { text[offset] = byte; offset += 1 }
            }
        }
        return out
    }

    /// The 64-byte BIP39 seed: PBKDF2-HMAC-SHA512(phrase, "mnemonic" + NFKD(passphrase), 2048).
    public func seed(passphrase: SecureBytes = SecureBytes(count: 0)) throws(KeysError) -> SecureBytes {
        let salt = SecureBytes.joining([Self.saltPrefix, try TextNormalization.nfkd(passphrase, what: "passphrase")])
        do {
            return try PBKDF2.sha512(password: phrase, salt: salt, iterations: Self.iterations, length: 64)
        } catch {
            // Fixed, valid parameters: PBKDF2 cannot refuse them.
            preconditionFailure("PBKDF2 refused BIP39's fixed parameters: \(error)")
        }
    }

    /// Substrate's 32-byte mini-secret (substrate-bip39): the first half of
    /// PBKDF2-HMAC-SHA512(password: entropy, salt: "mnemonic" + password, 2048). Unlike BIP39
    /// it hashes the entropy, not the sentence, and uses the password as written (no NFKD).
    public func substrateMiniSecret(password: SecureBytes = SecureBytes(count: 0)) throws(KeysError) -> SecureBytes {
        try TextNormalization.checkUTF8(password, what: "password")
        let salt = SecureBytes.joining([Self.saltPrefix, password])
        do {
            return try PBKDF2.sha512(password: entropy, salt: salt, iterations: Self.iterations, length: 64).slice(
                0..<32)
        } catch {
            preconditionFailure("PBKDF2 refused substrate-bip39's fixed parameters: \(error)")
        }
    }

    public var description: String { "Mnemonic(\(wordCount) words, redacted)" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    // MARK: - Bits and words

    private func wordIndexes() -> [Int] {
        let checksum = checksumByte()
        return entropy.withUnsafeBytes { bytes in
            (0..<wordCount).map { word in
                (0..<11).reduce(0) { index, bit in
                    let position = word * 11 + bit
                    let checksumBit = position - bytes.count * 8
                    let value =
                        checksumBit < 0 ? Self.bit(position, in: bytes) : checksum >> (7 - UInt8(checksumBit)) & 1 == 1
                    return index << 1 | (value ? 1 : 0)
                }
            }
        }
    }

    /// The first byte of SHA-256(entropy), whose top entropy/32 bits (4 to 8) are the BIP39
    /// checksum.
    private func checksumByte() -> UInt8 {
        var hash = SHA256.hash(entropy)
        defer { wipe(&hash) }
        return hash[0]
    }

    private static func bit(_ n: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        bytes[n / 8] >> (7 - UInt8(n % 8)) & 1 == 1
    }

    /// Writes an 11-bit word index as bits `11·slot …` of `packed`.
    private static func store(_ index: Int, at slot: Int, in packed: UnsafeMutableRawBufferPointer) {
        for bit in 0..<11 where index >> (10 - bit) & 1 == 1 {
            let position = slot * 11 + bit
            packed[position / 8] |= 0x80 >> UInt8(position % 8)
        }
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// The list index of `word` (ASCII letters in any case), by binary search over the sorted
    /// list; nil for anything else.
    static func index(of word: UnsafeRawBufferPointer) -> Int? {
        var low = 0
        var high = BIP39WordList.english.count - 1
        while low <= high {
            let mid = (low + high) / 2
            switch compare(word, BIP39WordList.english[mid]) {
            case 0: return mid
            case ..<0: high = mid - 1
            default: low = mid + 1
            }
        }
        return nil
    }

    /// Lexicographic comparison of `word`, lower-cased, with a list word: negative, 0 or positive.
    private static func compare(_ word: UnsafeRawBufferPointer, _ listed: String) -> Int {
        var listedBytes = listed.utf8.makeIterator()
        for byte in word {
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            guard let other = listedBytes.next() else { return 1 }
            if lower != other { return lower < other ? -1 : 1 }
        }
        return listedBytes.next() == nil ? 0 : -1
    }
}
