/// RFC 4648 base64, standard alphabet, `=` padding required. Decoding is strict: the length is a
/// multiple of 4, padding appears only at the end and the unused bits before it are zero, so
/// every accepted text is the one encoding of its bytes (a review and a signature always refer
/// to the same bytes); whitespace and line breaks are not accepted. One decoder serves public
/// text (`decode`) and secrets (`SecretText.decodeBase64`, into `SecureBytes`).
public enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The padded base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        // The alphabet read once, not through its lazy global once a character.
        let alphabet = Self.alphabet
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while bytes.count - i >= 3 {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(v >> 18 & 63)])
            out.append(alphabet[Int(v >> 12 & 63)])
            out.append(alphabet[Int(v >> 6 & 63)])
            out.append(alphabet[Int(v & 63)])
            i += 3
        }
        // The last one or two bytes: two or three characters, padded to four.
        let rest = bytes.count - i
        if rest > 0 {
            let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out.append(alphabet[Int(v >> 18 & 63)])
            out.append(alphabet[Int(v >> 12 & 63)])
            out.append(rest == 2 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of canonical base64 `text`; errors name the offending character.
    public static func decode(_ text: String) throws(EncodingError) -> [UInt8] {
        let input = Array(text.utf8)
        // `withUnsafeBytes` rethrows untyped errors, so the typed one travels in a Result.
        let result = input.withUnsafeBytes { (chars: UnsafeRawBufferPointer) -> Result<[UInt8], EncodingError> in
            do throws(EncodingError) {
                let (count, padding) = try layout(chars)
                var out = [UInt8](repeating: 0, count: count)
                let written = out.withUnsafeMutableBytes {
                    (bytes: UnsafeMutableRawBufferPointer) -> Result<Void, EncodingError> in
                    do throws(EncodingError) {
                        return .success(
                            try decode(chars, padding: padding, into: bytes) {
                                .invalidCharacter(codec: "base64", in: text, utf8Offset: $0)
                            })
                    } catch {
                        return .failure(error)
                    }
                }
                try written.get()
                return .success(out)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The decoded length of base64 text and its number of `=`, or the error for a length no
    /// canonical text has (a length says nothing of a secret's characters).
    static func layout(_ input: UnsafeRawBufferPointer) throws(EncodingError) -> (count: Int, padding: Int) {
        guard input.count % 4 == 0 else {
            throw .invalidValue(
                codec: "base64", offset: input.count, reason: "length \(input.count) is not a multiple of 4")
        }
        // One or two trailing '='; any other '=' is caught as a character outside the alphabet.
        var padding = 0
        if let last = input.last, last == UInt8(ascii: "=") {
            padding = input.count >= 2 && input[input.count - 2] == UInt8(ascii: "=") ? 2 : 1
        }
        return (input.count / 4 * 3 - padding, padding)
    }

    /// Decodes `input` (laid out by `layout`) into `bytes`, exactly its decoded length;
    /// `badCharacter` makes the error for a character outside the alphabet at a byte offset (a
    /// secret's names no character).
    static func decode(
        _ input: UnsafeRawBufferPointer, padding: Int, into bytes: UnsafeMutableRawBufferPointer,
        badCharacter: (Int) -> EncodingError
    ) throws(EncodingError) {
        var packed = SymbolBits()
        defer { packed.clear() }
        for offset in 0..<input.count - padding {
            guard let value = self.value(of: input[offset]) else { throw badCharacter(offset) }
            packed.append(value, width: 6, into: bytes)
        }
        guard packed.leftoverIsZero else {
            throw .nonCanonical(
                codec: "base64", offset: input.count - padding - 1, reason: "unused trailing bits are not zero")
        }
    }

    /// The value of a standard-alphabet base64 character.
    static func value(of c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return c - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return c - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
