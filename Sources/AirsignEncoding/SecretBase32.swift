import AirsignCrypto

extension SecretText {
    private static let base32Upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// Upper-case unpadded RFC 4648 base32 of `bytes`, as UTF-8 in protected memory (Stellar
    /// `S…` seeds).
    public static func encodeBase32(_ bytes: SecureBytes) -> SecureBytes {
        var out = SecureBytes(count: (bytes.count * 8 + 4) / 5)
        bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { text in
                var buffer: UInt32 = 0
                var bits = 0
                var written = 0
                for byte in input {
                    buffer = buffer << 8 | UInt32(byte)
                    bits += 8
                    while bits >= 5 {
                        bits -= 5
                        text[written] = base32Upper[Int(buffer >> UInt32(bits) & 31)]
                        written += 1
                    }
                    buffer &= (1 << UInt32(bits)) - 1
                }
                if bits > 0 { text[written] = base32Upper[Int(buffer << UInt32(5 - bits) & 31)] }
                buffer = 0
            }
        }
        return out
    }

    /// Decodes upper-case unpadded base32 with `Base32.decode`'s strictness: no padding, no
    /// impossible lengths, unused trailing bits zero.
    public static func decodeBase32(_ text: SecureBytes) throws(EncodingError) -> SecureBytes {
        switch text.count % 8 {
        case 1, 3, 6:
            throw .invalidValue(codec: "base32", offset: text.count,
                                reason: "\(text.count) characters is not a possible unpadded base32 length")
        default:
            break
        }
        var out = SecureBytes(count: text.count * 5 / 8)
        try text.reading { (input: UnsafeRawBufferPointer) throws(EncodingError) in
            try out.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) throws(EncodingError) in
                var packed = SymbolBits()
                defer { packed.clear() }
                for (offset, c) in input.enumerated() {
                    let value: UInt8
                    switch c {
                    case UInt8(ascii: "A") ... UInt8(ascii: "Z"): value = c - UInt8(ascii: "A")
                    case UInt8(ascii: "2") ... UInt8(ascii: "7"): value = c - UInt8(ascii: "2") + 26
                    default: throw secretCharacter("base32", at: offset)
                    }
                    packed.append(value, width: 5, into: bytes)
                }
                guard packed.leftoverIsZero else {
                    throw .nonCanonical(codec: "base32", offset: input.count - 1, reason: "unused trailing bits are not zero")
                }
            }
        }
        return out
    }
}
