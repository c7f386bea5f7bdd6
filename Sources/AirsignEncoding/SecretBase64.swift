import AirsignCrypto

extension SecretText {
    /// Decodes RFC 4648 base64 (standard alphabet, `=` padding required) held as UTF-8 in
    /// `text`, as PEM bodies carry private keys. Strict: the length is a multiple of 4, padding
    /// appears only at the end, and the unused bits before it are zero, so every accepted text
    /// is the one encoding of its bytes. Line breaks must be removed first.
    public static func decodeBase64(_ text: SecureBytes) throws(EncodingError) -> SecureBytes {
        guard text.count % 4 == 0 else {
            throw .invalidValue(codec: "base64", offset: text.count, reason: "length is not a multiple of 4")
        }
        // One or two trailing '='; any other '=' is caught as a character outside the alphabet.
        let padding = text.reading { input -> Int in
            guard let last = input.last, last == UInt8(ascii: "=") else { return 0 }
            return input.count >= 2 && input[input.count - 2] == UInt8(ascii: "=") ? 2 : 1
        }
        var out = SecureBytes(count: text.count / 4 * 3 - padding)
        try text.reading { (input: UnsafeRawBufferPointer) throws(EncodingError) in
            try out.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) throws(EncodingError) in
                var packed = SymbolBits()
                defer { packed.clear() }
                for (offset, c) in input.enumerated() {
                    if offset >= input.count - padding {
                        break  // the checked '=' characters
                    }
                    guard let value = base64Value(c) else { throw secretCharacter("base64", at: offset) }
                    packed.append(value, width: 6, into: bytes)
                }
                guard packed.leftoverIsZero else {
                    throw .nonCanonical(codec: "base64", offset: input.count - padding - 1, reason: "unused trailing bits are not zero")
                }
            }
        }
        return out
    }

    /// The value of a standard-alphabet base64 character.
    private static func base64Value(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "A") ... UInt8(ascii: "Z"): return c - UInt8(ascii: "A")
        case UInt8(ascii: "a") ... UInt8(ascii: "z"): return c - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): return c - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
