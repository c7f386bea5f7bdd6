import AirsignCrypto

extension SecretText {
    /// Decodes base64 held as UTF-8 in `text` (as PEM bodies carry private keys) with `Base64`'s
    /// strict decoder, straight into a secure buffer. Line breaks must be removed first.
    public static func decodeBase64(_ text: SecureBytes) throws(EncodingError) -> SecureBytes {
        try text.reading { (input: UnsafeRawBufferPointer) throws(EncodingError) -> SecureBytes in
            let (count, padding) = try Base64.layout(input)
            var out = SecureBytes(count: count)
            try out.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) throws(EncodingError) in
                try Base64.decode(input, padding: padding, into: bytes) { secretCharacter("base64", at: $0) }
            }
            return out
        }
    }
}
