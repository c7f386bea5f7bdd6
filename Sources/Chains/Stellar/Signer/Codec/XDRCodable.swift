import AirsignEncoding

/// A Stellar XDR type: decoded strictly from an `XDRReader`, encoded to an `XDRWriter`, so that
/// decode → encode reproduces the input bytes exactly.
public protocol XDRCodable: Sendable, Hashable {
    /// Reads one value; throws `StellarError` or `EncodingError`.
    init(from reader: inout XDRReader) throws
    /// Appends this value's XDR.
    func encode(to writer: inout XDRWriter) throws
}

extension XDRCodable {
    /// Decodes exactly one value from `bytes`, refusing trailing bytes.
    public init(xdr bytes: [UInt8]) throws(StellarError) {
        var reader = XDRReader(bytes, maxDepth: XDRLimits.maxDepth)
        do {
            let value = try Self(from: &reader)
            try reader.finish()
            self = value
        } catch {
            throw StellarError.wrap(error)
        }
    }

    /// This value's XDR bytes.
    public func xdr() throws(StellarError) -> [UInt8] {
        var writer = XDRWriter()
        do { try encode(to: &writer) } catch { throw StellarError.wrap(error) }
        return writer.bytes
    }
}

/// The decoder's bounds (docs/chains/stellar.md, "Limits").
public enum XDRLimits {
    /// How deep recursive values may nest, all kinds together: claim predicates (stellar-core
    /// accepts 4 levels), Soroban values (vectors, maps, contract instances) and authorized
    /// invocation trees, counted along one path from the envelope. Real contract calls stay far
    /// below it; hostile input cannot recurse without bound.
    public static let maxDepth = 32
}

extension XDRReader {
    /// 32 raw bytes (`uint256`, `Hash`).
    mutating func read32() throws -> [UInt8] { try readFixedOpaque(count: 32) }
}

extension XDRWriter {
    mutating func write32(_ bytes: [UInt8], what: String) throws {
        guard bytes.count == 32 else { throw StellarError.invalidLength(what: what, expected: 32, found: bytes.count) }
        try writeFixedOpaque(bytes, length: 32)
    }
}
