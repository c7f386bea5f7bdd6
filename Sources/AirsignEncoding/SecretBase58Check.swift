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
                for i in 0..<4 { target[source.count + i] = checksum[i] }
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
        let matches = data.withUnsafeBytes { bytes in (0..<4).allSatisfy { bytes[bytes.count - 4 + $0] == expected[$0] }
        }
        guard matches else { throw .checksumMismatch(codec: "base58check") }
        return payload
    }

    /// First 4 bytes of SHA-256(SHA-256(payload)). A hash of the secret, not the secret.
    private static func base58Checksum(_ payload: SecureBytes) -> [UInt8] {
        Array(SHA256.hash(SHA256.hash(payload)).prefix(4))
    }

    /// Base58 (Bitcoin alphabet) by `Base58`'s conversion, its digit scratch in protected memory.
    static func encodeBase58(_ bytes: SecureBytes) -> SecureBytes {
        var digits = SecureBytes(count: Base58.digitCapacity(bytes.count))
        let (zeros, used) = bytes.withUnsafeBytes { input in
            digits.withUnsafeMutableBytes { Base58.digitsOf(input, into: $0) }
        }
        var out = SecureBytes(count: zeros + used)
        digits.withUnsafeBytes { digit in
            out.withUnsafeMutableBytes { Base58.write(zeros: zeros, digits: digit, used: used, into: $0) }
        }
        return out
    }

    /// Base58 decoding by `Base58`'s conversion into protected memory, as strict as `Base58.decode`.
    static func decodeBase58(_ text: SecureBytes) throws(EncodingError) -> SecureBytes {
        guard text.count <= Base58.maxEncodedLength else {
            throw .limitExceeded(codec: "base58", limit: "at most \(Base58.maxEncodedLength) characters")
        }
        var number = SecureBytes(count: Base58.numberCapacity(text.count))
        let (zeros, used) = try text.reading { (input: UnsafeRawBufferPointer) throws(EncodingError) -> (Int, Int) in
            try number.withUnsafeMutableBytes {
                (digit: UnsafeMutableRawBufferPointer) throws(EncodingError) -> (Int, Int) in
                try Base58.numberOf(input, into: digit) { secretCharacter("base58", at: $0) }
            }
        }
        var out = SecureBytes(count: zeros + used)
        number.withUnsafeBytes { digit in
            out.withUnsafeMutableBytes { Base58.bigEndian(zeros: zeros, number: digit, used: used, into: $0) }
        }
        return out
    }
}
