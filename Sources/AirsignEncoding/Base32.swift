/// RFC 4648 base32 (A–Z, 2–7) without padding, decoded strictly: a text has exactly one byte
/// string and every byte string exactly one text per letter case, as Stellar StrKey (SEP-23)
/// and ICP principal text require. One codec serves public text and secrets
/// (`SecretText.encodeBase32`/`decodeBase32`, in `SecureBytes`).
public enum Base32 {
    /// Which letter case `decode` accepts.
    public enum LetterCase: Sendable {
        case upper
        case lower
        /// All upper or all lower, never a mix: no encoder writes a mix, so one is a sign of
        /// tampering or a typo rather than a spelling to tolerate.
        case either
    }

    static let upperAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
    static let lowerAlphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    public static func encode(_ bytes: some Sequence<UInt8>, lowercase: Bool = false) -> String {
        let input = Array(bytes)
        var out = [UInt8](repeating: 0, count: encodedLength(input.count))
        input.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { text in
                encode(source, alphabet: lowercase ? lowerAlphabet : upperAlphabet, into: text)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Rejects padding, lengths no byte string produces (1, 3 or 6 mod 8) and non-zero unused
    /// trailing bits.
    public static func decode(_ text: some StringProtocol, letterCase: LetterCase = .either) throws(EncodingError)
        -> [UInt8]
    {
        let utf8 = Array(text.utf8)
        // `withUnsafeBytes` rethrows untyped errors, so the typed one travels in a Result.
        let result = utf8.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Result<[UInt8], EncodingError> in
            var out = [UInt8](repeating: 0, count: decodedLength(input.count))
            return out.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) -> Result<Void, EncodingError> in
                do throws(EncodingError) {
                    return .success(
                        try decode(input, letterCase: letterCase, into: bytes) {
                            .invalidCharacter(codec: "base32", in: text, utf8Offset: $0)
                        })
                } catch {
                    return .failure(error)
                }
            }.map { out }
        }
        return try result.get()
    }

    /// The characters `count` bytes take.
    static func encodedLength(_ count: Int) -> Int { (count * 8 + 4) / 5 }

    /// The bytes `count` characters hold (whatever is left over is unused bits).
    static func decodedLength(_ count: Int) -> Int { count * 5 / 8 }

    /// Writes the base32 text of `input` into `text` (exactly `encodedLength` bytes).
    static func encode(_ input: UnsafeRawBufferPointer, alphabet: [UInt8], into text: UnsafeMutableRawBufferPointer) {
        var buffer: UInt32 = 0  // holds fewer than 5 pending bits between bytes
        var bits = 0
        var written = 0
        for byte in input {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                text[written] = alphabet[Int(buffer >> UInt32(bits) & 31)]
                written += 1
            }
            buffer &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 { text[written] = alphabet[Int(buffer << UInt32(5 - bits) & 31)] }
        buffer = 0
    }

    /// Decodes `input` into `bytes` (exactly `decodedLength` bytes): characters first, then the
    /// length, then the unused bits. `badCharacter` makes the error for a character outside the
    /// alphabet (or of the other letter case) at a byte offset; a secret's names no character.
    static func decode(
        _ input: UnsafeRawBufferPointer, letterCase: LetterCase, into bytes: UnsafeMutableRawBufferPointer,
        badCharacter: (Int) -> EncodingError
    ) throws(EncodingError) {
        var wantLower: Bool? =
            switch letterCase {
            case .upper: false
            case .lower: true
            case .either: nil
            }
        var packed = SymbolBits()
        defer { packed.clear() }
        for (offset, c) in input.enumerated() {
            let value: UInt8
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                let isLower = c >= UInt8(ascii: "a")
                if wantLower == nil { wantLower = isLower }
                guard wantLower == isLower else { throw badCharacter(offset) }
                value = (c | 0x20) - UInt8(ascii: "a")
            case UInt8(ascii: "2")...UInt8(ascii: "7"):
                value = c - UInt8(ascii: "2") + 26
            default:
                throw badCharacter(offset)
            }
            packed.append(value, width: 5, into: bytes)
        }
        // All characters were ASCII, so the count below is also the character count.
        switch input.count % 8 {
        case 1, 3, 6:
            throw .invalidValue(
                codec: "base32", offset: input.count,
                reason: "\(input.count) characters is not a possible unpadded base32 length")
        default:
            break
        }
        guard packed.leftoverIsZero else {
            throw .nonCanonical(codec: "base32", offset: input.count - 1, reason: "unused trailing bits are not zero")
        }
    }
}
