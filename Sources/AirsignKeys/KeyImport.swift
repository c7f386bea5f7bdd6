import AirsignCrypto
import AirsignEncoding

/// Turns secrets in the forms users bring into `KeySecret`s. Every input is UTF-8 text in
/// SecureBytes (read from a file, stdin or a no-echo prompt, never argv); leading and
/// trailing whitespace, such as a file's final newline, is ignored. Errors never quote input.
public enum KeyImport {
    /// A BIP39 recovery phrase.
    public static func phrase(_ text: SecureBytes) throws(KeysError) -> KeySecret {
        .mnemonic(try Mnemonic(phrase: text))
    }

    /// A Stellar `S…` secret seed.
    public static func stellarSecret(_ text: SecureBytes) throws(KeysError) -> KeySecret {
        do {
            return .ed25519(try StrKey.decodeSecretSeed(trimmed(text)))
        } catch {
            throw .invalidSecretEncoding("not a Stellar S… secret (\(error.description))")
        }
    }

    /// An Ethereum private key: 64 hex digits, with or without `0x`.
    public static func ethereumPrivateKey(_ text: SecureBytes) throws(KeysError) -> KeySecret {
        let bytes = try hex32(trimmed(text), what: "an Ethereum private key")
        do {
            return .secp256k1(try Secp256k1.PrivateKey(bytes))
        } catch {
            throw .invalidSecretKey("the key is zero or not below the secp256k1 group order")
        }
    }

    /// A Substrate seed: `0x` and 64 hex digits (what `subkey` prints as "Secret seed").
    public static func substrateSeed(_ text: SecureBytes) throws(KeysError) -> KeySecret {
        let text = trimmed(text)
        guard text.withUnsafeBytes({ $0.starts(with: Array("0x".utf8)) }) else {
            throw .invalidSecretEncoding("a Substrate seed starts with 0x")
        }
        return .substrateSeed(try hex32(text, what: "a Substrate seed"))
    }

    /// An ICP identity PEM as dfx and quill write it: `EC PRIVATE KEY` (secp256k1) or PKCS#8
    /// `PRIVATE KEY` (Ed25519 or secp256k1).
    public static func icpPEM(_ text: SecureBytes) throws(KeysError) -> KeySecret {
        try ICPKeyFile.parse(text)
    }

    private static func hex32(_ text: SecureBytes, what: String) throws(KeysError) -> SecureBytes {
        let bytes: SecureBytes
        do {
            bytes = try SecretText.decodeHex(text)
        } catch {
            throw .invalidSecretEncoding("\(what) is not hex (\(error.description))")
        }
        guard bytes.count == 32 else {
            throw .invalidSecretEncoding("\(what) is 32 bytes (64 hex digits), not \(bytes.count)")
        }
        return bytes
    }

    /// `text` without leading and trailing ASCII whitespace.
    static func trimmed(_ text: SecureBytes) -> SecureBytes {
        text.withUnsafeBytes { bytes in
            let isSpace = { (b: UInt8) in b == 0x20 || b == 0x09 || b == 0x0a || b == 0x0d }
            let start = bytes.firstIndex { !isSpace($0) } ?? bytes.count
            let end = (bytes.lastIndex { !isSpace($0) }).map { $0 + 1 } ?? start
            return SecureBytes(copying: UnsafeRawBufferPointer(rebasing: bytes[start..<max(start, end)]))
        }
    }
}
