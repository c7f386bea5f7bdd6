import AirsignCrypto

extension SecretText {
    /// Base58Check of `payload` (BIP32 `xprv…`), as UTF-8 in protected memory. Same output as
    /// `Base58Check.encode`.
    public static func encodeBase58Check(_ payload: SecureBytes) -> SecureBytes {
        let checksum = base58Checksum(payload)
        var data = SecureBytes(count: payload.count + 4)
        payload.withUnsafeBytes { source in
            data.withUnsafeMutableBytes { target in
                target.copyMemory(from: source)
                for i in 0 ..< 4 { target[source.count + i] = checksum[i] }
            }
        }
        return encodeBase58(data)
    }

    /// The payload of Base58Check text held as UTF-8 in `text`, after checking the checksum.
    public static func decodeBase58Check(_ text: SecureBytes) throws(EncodingError) -> SecureBytes {
        let data = try decodeBase58(text)
        guard data.count >= 4 else { throw .truncated(codec: "base58check", offset: data.count) }
        let payload = protectedPrefix(data, count: data.count - 4)
        let expected = base58Checksum(payload)
        let matches = data.withUnsafeBytes { bytes in (0 ..< 4).allSatisfy { bytes[bytes.count - 4 + $0] == expected[$0] } }
        guard matches else { throw .checksumMismatch(codec: "base58check") }
        return payload
    }

    /// First 4 bytes of SHA-256(SHA-256(payload)). A hash of the secret, not the secret.
    private static func base58Checksum(_ payload: SecureBytes) -> [UInt8] {
        Array(SHA256.hash(SHA256.hash(payload)).prefix(4))
    }

    /// The digit value of an ASCII base58 character.
    private static func base58Value(_ character: UInt8) -> Int? {
        Base58.alphabet.firstIndex(of: character)
    }

    /// Base58 (Bitcoin alphabet), the schoolbook conversion of `Base58.encode`, with its digit
    /// scratch in protected memory.
    static func encodeBase58(_ bytes: SecureBytes) -> SecureBytes {
        bytes.withUnsafeBytes { input in
            let zeros = input.prefix { $0 == 0 }.count
            // Little-endian base-58 digits of the number after the leading zeros.
            var digits = SecureBytes(count: input.count * 138 / 100 + 1)
            var used = 0
            digits.withUnsafeMutableBytes { digit in
                for byte in input.dropFirst(zeros) {
                    var carry = Int(byte)
                    for i in 0 ..< used {
                        carry += Int(digit[i]) << 8
                        digit[i] = UInt8(carry % 58)
                        carry /= 58
                    }
                    while carry > 0 {
                        digit[used] = UInt8(carry % 58)
                        used += 1
                        carry /= 58
                    }
                }
            }
            var out = SecureBytes(count: zeros + used)
            digits.withUnsafeBytes { digit in
                out.withUnsafeMutableBytes { text in
                    for i in 0 ..< zeros { text[i] = Base58.alphabet[0] }
                    for i in 0 ..< used { text[zeros + i] = Base58.alphabet[Int(digit[used - 1 - i])] }
                }
            }
            return out
        }
    }

    /// Base58 decoding into protected memory, as strict as `Base58.decode`.
    static func decodeBase58(_ text: SecureBytes) throws(EncodingError) -> SecureBytes {
        guard text.count <= Base58.maxEncodedLength else {
            throw .limitExceeded(codec: "base58", limit: "at most \(Base58.maxEncodedLength) characters")
        }
        // Little-endian base-256 digits of the number; log(58)/log(256) < 0.733.
        var number = SecureBytes(count: text.count * 733 / 1000 + 1)
        var used = 0
        var zeros = 0
        try text.reading { (input: UnsafeRawBufferPointer) throws(EncodingError) in
            try number.withUnsafeMutableBytes { (digit: UnsafeMutableRawBufferPointer) throws(EncodingError) in
                var leading = true
                for (offset, character) in input.enumerated() {
                    guard let value = base58Value(character) else { throw secretCharacter("base58", at: offset) }
                    if leading {
                        if value == 0 { zeros += 1; continue }
                        leading = false
                    }
                    var carry = Int(value)
                    for i in 0 ..< used {
                        carry += Int(digit[i]) * 58
                        digit[i] = UInt8(truncatingIfNeeded: carry)
                        carry >>= 8
                    }
                    while carry > 0 {
                        digit[used] = UInt8(truncatingIfNeeded: carry)
                        used += 1
                        carry >>= 8
                    }
                }
            }
        }
        var out = SecureBytes(count: zeros + used)
        number.withUnsafeBytes { digit in
            out.withUnsafeMutableBytes { bytes in
                for i in 0 ..< used { bytes[zeros + i] = digit[used - 1 - i] }
            }
        }
        return out
    }
}
