import AirsignCrypto

/// The RaptorQ frames of one UOS payload, collected until they decode and checked after.
/// Decoding costs about K³, so it is tried only at `RaptorQ.attempts(for:)` (at most four
/// times a stream, and once more with every frame when a scan of files ends), and a set of
/// `RaptorQ.maxSymbols(for:)` frames that has not decoded is refused. Once decoded, the
/// payload is re-encoded: every frame held, and every frame that comes later, must be the
/// symbol the payload gives for its ESI, so a frame of another stream with the same sizes is
/// refused as mixed rather than ignored.
struct UOSRaptorQStream: Sendable {
    let size: Int
    let symbolSize: Int
    /// The source symbol count.
    let k: Int
    private var symbols: [UInt32: [UInt8]] = [:]
    /// Once decoded: the payload's symbols, and the ESIs of the frames checked against them.
    private var encoder: RaptorQ.Encoder?
    private var checked: Set<UInt32> = []
    private(set) var message: [UInt8]?

    /// Distinct frames taken.
    var received: Int { encoder == nil ? symbols.count : checked.count }

    /// A stream started by `first`; refuses sizes outside `RaptorQ`'s bounds.
    init(first: UOSRaptorQFrame) throws(SubstrateError) {
        guard let k = RaptorQ.sourceSymbols(length: first.size, symbolSize: first.symbol.count) else {
            throw SubstrateError.frames(.unsupportedSize(size: first.size, symbolSize: first.symbol.count))
        }
        (size, symbolSize, self.k) = (first.size, first.symbol.count, k)
    }

    /// Takes one frame; false for a repeat. Refuses a frame of other sizes, an ESI beyond what
    /// a sender of K symbols uses, another symbol for a known ESI, a frame the decoded payload
    /// does not give, and a full set that does not decode.
    mutating func receive(_ frame: UOSRaptorQFrame) throws(SubstrateError) -> Bool {
        guard frame.size == size, frame.symbol.count == symbolSize else {
            throw UOSFrameCollector.mixed(
                "a RaptorQ frame for a \(frame.size)-byte payload in \(frame.symbol.count)-byte symbols after frames for "
                    + "\(size) bytes in \(symbolSize)-byte symbols")
        }
        guard frame.esi <= RaptorQ.maxESI(for: k) else {
            throw SubstrateError.frames(.symbolID(frame.esi, max: RaptorQ.maxESI(for: k), sourceSymbols: k))
        }
        if let encoder {
            try Self.check(frame.esi, frame.symbol, against: encoder)
            return checked.insert(frame.esi).inserted
        }
        if let known = symbols[frame.esi] {
            guard known == frame.symbol else {
                throw UOSFrameCollector.mixed("two different RaptorQ frames with symbol id \(frame.esi)")
            }
            return false
        }
        symbols[frame.esi] = frame.symbol
        guard RaptorQ.attempts(for: k).contains(symbols.count) else { return true }
        try decode()
        return true
    }

    /// Every frame there will be is in (a scan of files): one more decoding with all of them,
    /// unless the last one already tried them all or there are fewer than K.
    mutating func finish() throws(SubstrateError) {
        guard message == nil, symbols.count >= k, !RaptorQ.attempts(for: k).contains(symbols.count) else { return }
        try decode()
    }

    /// Decodes the frames held; once decoded, checks them against the payload's own symbols.
    /// Refuses a full set that does not decode.
    private mutating func decode() throws(SubstrateError) {
        let held = symbols.sorted { $0.key < $1.key }.map { (esi: $0.key, data: $0.value) }
        guard let decoded = RaptorQ.decode(length: size, symbolSize: symbolSize, symbols: held) else {
            guard symbols.count < RaptorQ.maxSymbols(for: k) else {
                throw SubstrateError.frames(.undecodable(frames: symbols.count, size: size))
            }
            return
        }
        guard let encoder = RaptorQ.Encoder(object: decoded, symbolSize: symbolSize) else {
            throw SubstrateError.frames(.notReencodable)
        }
        for symbol in held { try Self.check(symbol.esi, symbol.data, against: encoder) }
        self.encoder = encoder
        checked = Set(held.map(\.esi))
        symbols = [:]
        message = decoded
    }

    private static func check(_ esi: UInt32, _ symbol: [UInt8], against encoder: RaptorQ.Encoder) throws(SubstrateError)
    {
        guard encoder.symbol(esi: esi) == symbol else {
            throw UOSFrameCollector.mixed("the RaptorQ frame with symbol id \(esi) is not one of the decoded payload's")
        }
    }
}
