import AirsignEncoding

/// Base64 for envelopes and SEP-7: `Base64`'s strict codec, its refusals worded as Stellar's
/// (`invalid base64: …`).
public enum StellarBase64 {
    /// The padded base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String { Base64.encode(bytes) }

    /// The bytes of canonical base64 `text`.
    public static func decode(_ text: String) throws(StellarError) -> [UInt8] {
        do { return try Base64.decode(text) } catch {
            switch error {
            case let .invalidCharacter(_, character, offset):
                throw .invalidBase64("character \(character.debugDescription) at position \(offset)")
            case let .invalidValue(_, _, reason), let .nonCanonical(_, _, reason): throw .invalidBase64(reason)
            default: throw .invalidBase64("\(error)")
            }
        }
    }
}
