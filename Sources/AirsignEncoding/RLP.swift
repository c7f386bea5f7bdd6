/// One RLP value: a byte string or a list of values (Ethereum Yellow Paper, appendix B).
public enum RLPItem: Equatable, Sendable {
    case bytes([UInt8])
    case list([RLPItem])
}

extension RLPItem {
    /// An unsigned integer as Ethereum writes it: big-endian without leading zeros, zero as the
    /// empty string.
    public static func integer(_ value: UInt64) -> RLPItem {
        var bytes: [UInt8] = []
        var rest = value
        while rest != 0 {
            bytes.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
        return .bytes(bytes.reversed())
    }

    /// A big-endian unsigned integer of any width (a 256-bit amount, say), leading zeros removed.
    @inlinable
    public static func unsignedBigEndian(_ bytes: some Collection<UInt8>) -> RLPItem {
        // Inlinable, so specialized at the caller; contiguous bytes are trimmed in one pass.
        if let item = bytes.withContiguousStorageIfAvailable({ RLPItem.bytes(Array($0.drop { $0 == 0 })) }) {
            return item
        }
        return .bytes(Array(bytes.drop { $0 == 0 }))
    }

    // The accessors report offset 0: an item does not remember where it was decoded, so callers
    // that know the field should say which one failed.

    public func asBytes() throws(EncodingError) -> [UInt8] {
        guard case .bytes(let bytes) = self else {
            throw .invalidValue(codec: "RLP", offset: 0, reason: "expected a byte string, found a list")
        }
        return bytes
    }

    public func asList() throws(EncodingError) -> [RLPItem] {
        guard case .list(let items) = self else {
            throw .invalidValue(codec: "RLP", offset: 0, reason: "expected a list, found a byte string")
        }
        return items
    }

    /// A canonical unsigned integer of at most 8 bytes.
    public func asUInt64() throws(EncodingError) -> UInt64 {
        var value: UInt64 = 0
        for byte in try asUnsignedBigEndian(maxBytes: 8) { value = value << 8 | UInt64(byte) }
        return value
    }

    /// The big-endian bytes of a canonical unsigned integer (no leading zero; zero is empty) of
    /// at most `maxBytes` bytes: 32 for a uint256.
    public func asUnsignedBigEndian(maxBytes: Int) throws(EncodingError) -> [UInt8] {
        let bytes = try asBytes()
        if bytes.first == 0 {
            throw .nonCanonical(codec: "RLP", offset: 0, reason: "integer has a leading zero byte")
        }
        guard bytes.count <= maxBytes else { throw .overflow(codec: "RLP", offset: 0) }
        return bytes
    }
}

/// Recursive Length Prefix encoding. The decoder is strict: it accepts only the one encoding
/// `encode` would produce, so a decoded item re-encodes to exactly the bytes it came from.
public enum RLP {
    /// Deepest list nesting `decode` accepts; transactions nest three or four levels.
    public static let maxDepth = 64
    /// Largest input (and declared length) `decode` accepts, far above any transaction.
    public static let maxLength = 16 * 1024 * 1024

    public static func encode(_ item: RLPItem) -> [UInt8] {
        var out: [UInt8] = []
        append(item, to: &out)
        return out
    }

    /// Exactly one item filling all of `bytes`.
    public static func decode(_ bytes: [UInt8]) throws(EncodingError) -> RLPItem {
        let (item, bytesRead) = try decodePrefix(bytes)
        guard bytesRead == bytes.count else {
            throw .trailingBytes(codec: "RLP", count: bytes.count - bytesRead)
        }
        return item
    }

    /// One item starting `offset` bytes into `bytes`, and how many bytes it took; what follows is
    /// left to the caller (e.g. `rlp(...)` after an EIP-2718 type byte is decoded at offset 1).
    public static func decodePrefix(_ bytes: [UInt8], at offset: Int = 0) throws(EncodingError) -> (
        item: RLPItem, bytesRead: Int
    ) {
        guard offset >= 0, offset <= bytes.count else { throw .truncated(codec: "RLP", offset: offset) }
        guard bytes.count - offset <= maxLength else {
            throw .limitExceeded(codec: "RLP", limit: "at most \(maxLength) bytes")
        }
        var reader = Reader(bytes: bytes, position: offset)
        let item = try reader.item(end: bytes.count, depth: 0)
        return (item, reader.position - offset)
    }

    static func append(_ item: RLPItem, to out: inout [UInt8]) {
        switch item {
        case .bytes(let bytes):
            if bytes.count == 1, let byte = bytes.first, byte < 0x80 {
                out.append(byte)
            } else {
                appendLength(bytes.count, base: 0x80, to: &out)
                out.append(contentsOf: bytes)
            }
        case .list(let items):
            var payload: [UInt8] = []
            for child in items { append(child, to: &payload) }
            appendLength(payload.count, base: 0xc0, to: &out)
            out.append(contentsOf: payload)
        }
    }

    static func appendLength(_ length: Int, base: UInt8, to out: inout [UInt8]) {
        if length <= 55 {
            out.append(base + UInt8(length))
            return
        }
        var be: [UInt8] = []
        var rest = UInt64(length)
        while rest != 0 {
            be.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
        out.append(base + 55 + UInt8(be.count))
        out.append(contentsOf: be.reversed())
    }

    private struct Reader {
        let bytes: [UInt8]
        var position: Int

        /// Parses one item that must end by `end` (the input's end, or its enclosing list's).
        mutating func item(end: Int, depth: Int) throws(EncodingError) -> RLPItem {
            let start = position
            guard position < end else { throw shortage(start: start, end: end) }
            let prefix = bytes[position]
            position += 1
            switch prefix {
            case 0x00...0x7f:
                return .bytes([prefix])
            case 0x80...0xb7:
                let payload = try take(Int(prefix - 0x80), start: start, end: end)
                if payload.count == 1, let byte = payload.first, byte < 0x80 {
                    throw .nonCanonical(
                        codec: "RLP", offset: start,
                        reason: "a single byte below 0x80 must be written as itself")
                }
                return .bytes(payload)
            case 0xb8...0xbf:
                let length = try longLength(count: Int(prefix - 0xb7), start: start, end: end)
                return .bytes(try take(length, start: start, end: end))
            case 0xc0...0xf7:
                return .list(try list(length: Int(prefix - 0xc0), start: start, end: end, depth: depth))
            default:
                let length = try longLength(count: Int(prefix - 0xf7), start: start, end: end)
                return .list(try list(length: length, start: start, end: end, depth: depth))
            }
        }

        private mutating func list(length: Int, start: Int, end: Int, depth: Int) throws(EncodingError) -> [RLPItem] {
            guard depth < RLP.maxDepth else {
                throw .limitExceeded(codec: "RLP", limit: "lists nested at most \(RLP.maxDepth) deep")
            }
            guard length <= end - position else { throw shortage(start: start, end: end) }
            let listEnd = position + length
            var items: [RLPItem] = []
            while position < listEnd {
                items.append(try item(end: listEnd, depth: depth + 1))
            }
            return items
        }

        /// The big-endian length after a long-form prefix, checked to be canonical and to fit.
        private mutating func longLength(count: Int, start: Int, end: Int) throws(EncodingError) -> Int {
            guard count <= end - position else { throw shortage(start: start, end: end) }
            guard bytes[position] != 0 else {
                throw .nonCanonical(codec: "RLP", offset: start, reason: "length has a leading zero byte")
            }
            var length: UInt64 = 0  // count is at most 8, so this cannot overflow
            for i in position..<(position + count) { length = length << 8 | UInt64(bytes[i]) }
            position += count
            guard length > 55 else {
                throw .nonCanonical(codec: "RLP", offset: start, reason: "long form used for a length below 56")
            }
            guard length <= UInt64(end - position) else { throw shortage(start: start, end: end) }
            return Int(length)  // no larger than the input, so it fits
        }

        private mutating func take(_ length: Int, start: Int, end: Int) throws(EncodingError) -> [UInt8] {
            guard length <= end - position else { throw shortage(start: start, end: end) }
            let payload = Array(bytes[position..<(position + length)])
            position += length
            return payload
        }

        /// An item that needs more bytes than remain: a cut-off input, or an item overrunning the
        /// list that holds it.
        private func shortage(start: Int, end: Int) -> EncodingError {
            if end == bytes.count { return .truncated(codec: "RLP", offset: end) }
            return .invalidValue(codec: "RLP", offset: start, reason: "item runs past the end of its enclosing list")
        }
    }
}
