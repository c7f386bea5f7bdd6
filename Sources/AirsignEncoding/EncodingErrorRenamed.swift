extension EncodingError {
    /// The same error reported under another codec's name, for formats built on base58/base32.
    func renamed(_ codec: String) -> EncodingError {
        switch self {
        case let .invalidCharacter(_, character, offset): return .invalidCharacter(codec: codec, character: character, offset: offset)
        case let .truncated(_, offset): return .truncated(codec: codec, offset: offset)
        case let .trailingBytes(_, count): return .trailingBytes(codec: codec, count: count)
        case let .nonCanonical(_, offset, reason): return .nonCanonical(codec: codec, offset: offset, reason: reason)
        case let .limitExceeded(_, limit): return .limitExceeded(codec: codec, limit: limit)
        case let .overflow(_, offset): return .overflow(codec: codec, offset: offset)
        case let .invalidValue(_, offset, reason): return .invalidValue(codec: codec, offset: offset, reason: reason)
        case .checksumMismatch: return .checksumMismatch(codec: codec)
        case let .unexpectedType(_, expected, found): return .unexpectedType(codec: codec, expected: expected, found: found)
        }
    }
}
