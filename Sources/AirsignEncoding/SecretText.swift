import AirsignCrypto

/// Text codecs for secrets (private keys, seeds, extended private keys): the same formats as
/// `Hex`, `Base32`, `Base58Check` and base64, but reading and writing `SecureBytes`, so neither
/// the secret nor its text form passes through ordinary Swift arrays or strings.
///
/// Errors name the codec and a byte offset, never the offending character: in a secret's text
/// even one character is part of the secret.
public enum SecretText {}

extension SecretText {
    /// Decodes hex (optional `0x`/`0X`, digits in either case) held as UTF-8 in `text`.
    public static func decodeHex(_ text: SecureBytes) throws(EncodingError) -> SecureBytes {
        try text.reading { (input: UnsafeRawBufferPointer) throws(EncodingError) -> SecureBytes in
            var start = 0
            if input.count >= 2, input[0] == UInt8(ascii: "0"), input[1] | 0x20 == UInt8(ascii: "x") { start = 2 }
            let digits = input.count - start
            guard digits % 2 == 0 else { throw .truncated(codec: "hex", offset: input.count) }
            var out = SecureBytes(count: digits / 2)
            try out.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) throws(EncodingError) in
                for index in 0..<digits / 2 {
                    let offset = start + 2 * index
                    guard let high = Hex.value(of: input[offset]) else { throw secretCharacter("hex", at: offset) }
                    guard let low = Hex.value(of: input[offset + 1]) else {
                        throw secretCharacter("hex", at: offset + 1)
                    }
                    bytes[index] = high << 4 | low
                }
            }
            return out
        }
    }

    /// The error for a character outside a codec's alphabet, without the character.
    static func secretCharacter(_ codec: String, at offset: Int) -> EncodingError {
        .invalidValue(codec: codec, offset: offset, reason: "character is not part of the \(codec) alphabet")
    }

    /// A protected copy of the first `count` bytes of `buffer` (`count` ≤ its size).
    static func protectedPrefix(_ buffer: SecureBytes, count: Int) -> SecureBytes {
        buffer.withUnsafeBytes { SecureBytes(copying: UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
    }
}

extension SecureBytes {
    /// `withUnsafeBytes` with a typed error: the `ContiguousBytes` requirement only rethrows
    /// `any Error`.
    func reading<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withUnsafeBytes { buffer in
            do throws(E) { return .success(try body(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
