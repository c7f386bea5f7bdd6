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
extension EncodingError {
    /// The same error reported under another codec's name, for formats built on base58/base32.
    func renamed(_ codec: String) -> EncodingError {
        switch self {
        case let .invalidCharacter(_, character, offset):
            return .invalidCharacter(codec: codec, character: character, offset: offset)
        case let .truncated(_, offset): return .truncated(codec: codec, offset: offset)
        case let .trailingBytes(_, count): return .trailingBytes(codec: codec, count: count)
        case let .nonCanonical(_, offset, reason): return .nonCanonical(codec: codec, offset: offset, reason: reason)
        case let .limitExceeded(_, limit): return .limitExceeded(codec: codec, limit: limit)
        case let .overflow(_, offset): return .overflow(codec: codec, offset: offset)
        case let .invalidValue(_, offset, reason): return .invalidValue(codec: codec, offset: offset, reason: reason)
        case .checksumMismatch: return .checksumMismatch(codec: codec)
        case let .unexpectedType(_, expected, found):
            return .unexpectedType(codec: codec, expected: expected, found: found)
        }
    }
}
