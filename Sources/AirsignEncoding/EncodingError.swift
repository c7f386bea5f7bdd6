/// Every way untrusted text or bytes can fail to decode, in words meant for the person reading
/// them. `codec` names the format ("hex", "RLP", "CBOR", …); offsets count bytes (or characters
/// for text formats) from the start of the input.
public enum EncodingError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A character outside the format's alphabet.
    case invalidCharacter(codec: String, character: Character, offset: Int)
    /// The input ended before the value did.
    case truncated(codec: String, offset: Int)
    /// The value decoded but bytes were left over.
    case trailingBytes(codec: String, count: Int)
    /// A valid value written in a form the format forbids (leading zeros, long form where a
    /// short one is required, non-zero padding, unsorted keys, …).
    case nonCanonical(codec: String, offset: Int, reason: String)
    /// A length, depth or count beyond what the decoder accepts.
    case limitExceeded(codec: String, limit: String)
    /// A number that does not fit the type asked for.
    case overflow(codec: String, offset: Int)
    /// Well-formed bytes whose meaning is not allowed here (an unknown tag, a bad bool, …).
    case invalidValue(codec: String, offset: Int, reason: String)
    /// A checksum that does not match its payload.
    case checksumMismatch(codec: String)
    /// A decoded value of another kind than the caller asked for (a text string where bytes belong).
    case unexpectedType(codec: String, expected: String, found: String)

    public var description: String {
        switch self {
        case let .invalidCharacter(codec, character, offset):
            return "\(codec): invalid character \(character.debugDescription) at position \(offset)"
        case let .truncated(codec, offset):
            return "\(codec): input ends too early (at byte \(offset))"
        case let .trailingBytes(codec, count):
            return "\(codec): \(count) unexpected byte\(count == 1 ? "" : "s") after the end of the value"
        case let .nonCanonical(codec, offset, reason):
            return "\(codec): non-canonical encoding at byte \(offset): \(reason)"
        case let .limitExceeded(codec, limit):
            return "\(codec): input exceeds the limit (\(limit))"
        case let .overflow(codec, offset):
            return "\(codec): number at byte \(offset) is too large"
        case let .invalidValue(codec, offset, reason):
            return "\(codec): invalid value at byte \(offset): \(reason)"
        case let .checksumMismatch(codec):
            return "\(codec): checksum does not match (mistyped or corrupted)"
        case let .unexpectedType(codec, expected, found):
            return "\(codec): expected \(expected), found \(found)"
        }
    }
}
