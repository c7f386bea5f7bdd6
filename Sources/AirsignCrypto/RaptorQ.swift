internal import CLCRQ

/// RFC 6330 RaptorQ decoding of an object sent as one source block (Z = 1, N = 1), through
/// Debian's liblcrq (librecast): what Polkadot Vault-style apps send as "RaptorQ" UOS frames
/// (the Rust `raptorq` crate's `Encoder::with_defaults`). Checked against PyPI `raptorq`, the
/// same crate (Tests/interop/substrate/test_substrate_uos.py).
///
/// liblcrq trusts its arguments, so every bound is checked here first: the object size and
/// symbol size, a source-block count of one, at most `maxSourceSymbols` source symbols and
/// `maxLength` bytes (the decoder's work grows with K³ and K²·T), ESIs distinct and below
/// `maxESI(for:)`, and as many symbols as needed and no more than `maxSymbols(for:)`.
public enum RaptorQ {
    /// The most source symbols an object may have. One decoding costs about K³ (and K²·T for
    /// the symbols): measured with liblcrq, K = 1024 takes about 0.3 s, K = 2048 several
    /// seconds, so a hostile stream of tiny symbols is held to the former. Vault's producers
    /// send 128-byte symbols (parity-signer qrcode_rtx), so this admits 128 KiB payloads there.
    public static let maxSourceSymbols = 1024

    /// The largest object: a sign request is kilobytes (an RFC-0078 proof included), and this
    /// bounds K·T, so large symbols cannot make a decoding slow either.
    public static let maxLength = 1 << 20

    /// The parameters liblcrq derives for an object of `length` bytes in `symbolSize`-byte
    /// symbols: its source symbol count K, or nil when it is not one source block of at most
    /// `maxSourceSymbols` symbols and `maxLength` bytes (or the sizes are out of range).
    public static func sourceSymbols(length: Int, symbolSize: Int) -> Int? {
        guard length > 0, length <= maxLength, symbolSize >= 4, symbolSize <= Int(UInt16.max),
            symbolSize % Int(RQ_AL) == 0
        else { return nil }
        let k = (length + symbolSize - 1) / symbolSize
        guard k <= maxSourceSymbols, let rq = rq_init(UInt64(length), UInt16(symbolSize)) else { return nil }
        defer { rq_free(rq) }
        guard rq_Z(rq) == 1, rq_N(rq) == 1, Int(rq_K(rq)) == k else { return nil }
        return k
    }

    /// The largest ESI accepted for K source symbols: a sender's repair symbols follow the
    /// source ones; Vault sends as many repair as source symbols.
    public static func maxESI(for k: Int) -> UInt32 { UInt32(16 * k + 64) }

    /// The most symbols handed to one decoding: K and an overhead of 32. RFC 6330 decoding
    /// fails with probability below 10⁻⁶ from K + 2 symbols of one object, so a set this large
    /// that does not decode is not one object's.
    public static func maxSymbols(for k: Int) -> Int { k + 32 }

    /// The symbol counts at which a collector tries to decode: K, K + 2, K + 8 and
    /// `maxSymbols(for:)`; at most four decodings a stream, since each costs about K³.
    public static func attempts(for k: Int) -> [Int] { [k, k + 2, k + 8, maxSymbols(for: k)] }

    /// The object of `length` bytes from `symbols` (ESI and `symbolSize` bytes each, ESIs
    /// distinct), or nil when they do not determine it (too few, or a singular system: more
    /// symbols may). Nil too for parameters outside the bounds above.
    public static func decode(length: Int, symbolSize: Int, symbols: [(esi: UInt32, data: [UInt8])]) -> [UInt8]? {
        guard let k = sourceSymbols(length: length, symbolSize: symbolSize), symbols.count >= k,
            symbols.count <= maxSymbols(for: k),
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

extension RaptorQ {
    /// The symbols of a decoded object, re-encoded (liblcrq `rq_encode`, `rq_symbol`): what
    /// tells whether a frame that comes after the decoding is of the same object.
    public final class Encoder: @unchecked Sendable {
        // Immutable after init; rq_symbol only reads the context.
        private let rq: OpaquePointer
        private let object: UnsafeMutableBufferPointer<UInt8>
        public let symbolSize: Int

        /// Nil for parameters outside `RaptorQ`'s bounds or when liblcrq cannot encode.
        public init?(object bytes: [UInt8], symbolSize: Int) {
            guard sourceSymbols(length: bytes.count, symbolSize: symbolSize) != nil,
                let rq = rq_init(UInt64(bytes.count), UInt16(symbolSize))
            else { return nil }
            // liblcrq may read the object when it makes a source symbol, so it lives as long as
            // the context; and it works on whole padded symbols (K'·T bytes, as `decode` writes),
            // so the buffer is that long, zero past the object, lest a last partial symbol be
            // read beyond the allocation.
            let padded = max(bytes.count, (Int(rq_KP(rq)) + 1) * symbolSize)
            let object = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: padded)
            object.initialize(repeating: 0)
            _ = UnsafeMutableBufferPointer(rebasing: object[..<bytes.count]).initialize(from: bytes)
            guard rq_encode(rq, object.baseAddress, bytes.count) == 0 else {
                rq_free(rq)
                object.deallocate()
                return nil
            }
            self.rq = rq
            self.object = object
            self.symbolSize = symbolSize
        }

        deinit {
            rq_free(rq)
            object.deallocate()
        }

        /// The symbol with encoding symbol id `esi` (source block 0); nil beyond 24 bits.
        public func symbol(esi: UInt32) -> [UInt8]? {
            guard esi <= 0xff_ffff else { return nil }
            // lcrq.h `rq_pidsetesi` (a macro): the ESI in network order in the low 24 bits.
            #if _endian(little)
                var pid = esi.bigEndian >> 8
            #else
                var pid = esi
            #endif
            var out = [UInt8](repeating: 0, count: symbolSize)
            let made = out.withUnsafeMutableBufferPointer { rq_symbol(rq, &pid, $0.baseAddress, 0) }
            return made == nil ? nil : out
        }
    }
}
