internal import CLCRQ

/// RFC 6330 RaptorQ decoding of an object sent as one source block (Z = 1, N = 1), through
/// Debian's liblcrq (librecast): what Polkadot Vault-style apps send as "RaptorQ" UOS frames
/// (the Rust `raptorq` crate's `Encoder::with_defaults`). Checked against PyPI `raptorq`, the
/// same crate (Tests/interop/substrate/test_substrate_uos.py).
///
/// liblcrq trusts its arguments, so every bound is checked here first: the object size and
/// symbol size, a source-block count of one, at most `maxSourceSymbols` source symbols (the
/// decoder's work grows with their cube), ESIs distinct and below `maxESI(for:)`, and as many
/// symbols as needed and no more than `maxSymbols(for:)`.
public enum RaptorQ {
    /// The most source symbols an object may have: UOS payloads are kilobytes (a 128-byte
    /// symbol size gives 256 KiB).
    public static let maxSourceSymbols = 2048

    /// The parameters liblcrq derives for an object of `length` bytes in `symbolSize`-byte
    /// symbols: its source symbol count K, or nil when it is not one source block of at most
    /// `maxSourceSymbols` symbols (or the sizes are out of range).
    public static func sourceSymbols(length: Int, symbolSize: Int) -> Int? {
        guard length > 0, length <= 1 << 24, symbolSize >= 4, symbolSize <= Int(UInt16.max), symbolSize % Int(RQ_AL) == 0 else { return nil }
        let k = (length + symbolSize - 1) / symbolSize
        guard k <= maxSourceSymbols, let rq = rq_init(UInt64(length), UInt16(symbolSize)) else { return nil }
        defer { rq_free(rq) }
        guard rq_Z(rq) == 1, rq_N(rq) == 1, Int(rq_K(rq)) == k else { return nil }
        return k
    }

    /// The largest ESI accepted for K source symbols: a sender's repair symbols follow the
    /// source ones; Vault sends as many repair as source symbols.
    public static func maxESI(for k: Int) -> UInt32 { UInt32(16 * k + 64) }

    /// The most symbols handed to one decoding: enough for K plus a generous overhead.
    public static func maxSymbols(for k: Int) -> Int { 2 * k + 16 }

    /// The object of `length` bytes from `symbols` (ESI and `symbolSize` bytes each, ESIs
    /// distinct), or nil when they do not determine it (too few, or a singular system: more
    /// symbols may). Nil too for parameters outside the bounds above.
    public static func decode(length: Int, symbolSize: Int, symbols: [(esi: UInt32, data: [UInt8])]) -> [UInt8]? {
        guard let k = sourceSymbols(length: length, symbolSize: symbolSize), symbols.count >= k, symbols.count <= maxSymbols(for: k),
              symbols.allSatisfy({ $0.data.count == symbolSize && $0.esi <= maxESI(for: k) }),
              Set(symbols.map(\.esi)).count == symbols.count,
              let rq = rq_init(UInt64(length), UInt16(symbolSize))
        else { return nil }
        defer { rq_free(rq) }
        var encoded = symbols.flatMap(\.data)
        var esis = symbols.map(\.esi)
        // liblcrq writes the K' (padded) source symbols.
        var decoded = [UInt8](repeating: 0, count: (Int(rq_KP(rq)) + 1) * symbolSize)
        let rc = decoded.withUnsafeMutableBufferPointer { out in
            encoded.withUnsafeMutableBufferPointer { input in
                esis.withUnsafeMutableBufferPointer { ids in
                    rq_decode(rq, out.baseAddress, input.baseAddress, ids.baseAddress, UInt32(ids.count))
                }
            }
        }
        return rc == 0 ? Array(decoded.prefix(length)) : nil
    }
}
