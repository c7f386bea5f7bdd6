import AirsignCrypto
import Foundation

/// Unicode NFKD for secret text (BIP39 phrases and passphrases), kept in SecureBytes.
///
/// ASCII is its own NFKD form and is handled without leaving protected memory. Anything else
/// must go through Foundation's normalizer, which only works on `String`: that copy lives in
/// ordinary memory until Swift frees it and cannot be wiped. Airsign accepts this for non-ASCII
/// passphrases (the only way to match other wallets' seeds) and documents it.
enum TextNormalization {
    /// NFKD of the UTF-8 `text`; `what` names it in the error for invalid UTF-8.
    static func nfkd(_ text: SecureBytes, what: String) throws(KeysError) -> SecureBytes {
        let ascii = text.withUnsafeBytes { $0.allSatisfy { $0 < 0x80 } }
        if ascii { return text }
        return try text.reading { (bytes: UnsafeRawBufferPointer) throws(KeysError) -> SecureBytes in
            guard let string = String(validating: bytes, as: UTF8.self) else { throw .notUTF8(what: what) }
            return SecureBytes(copying: string.decomposedStringWithCompatibilityMapping.utf8)
        }
    }

    /// Checks that `text` is valid UTF-8 without normalizing it (Substrate passwords are used as
    /// written).
    static func checkUTF8(_ text: SecureBytes, what: String) throws(KeysError) {
        let ascii = text.withUnsafeBytes { $0.allSatisfy { $0 < 0x80 } }
        if ascii { return }
        let valid = text.withUnsafeBytes { String(validating: $0, as: UTF8.self) != nil }
        guard valid else { throw .notUTF8(what: what) }
    }
}
