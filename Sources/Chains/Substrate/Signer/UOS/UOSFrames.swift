import AirsignCrypto
import AirsignMessages

/// UOS's two framings of a payload into QR codes (parity-signer docs/src/development/UOS.md):
/// - Legacy multipart: every frame is `00 ‖ u16 BE frame count ‖ u16 BE frame index ‖ data`,
///   even a payload that fits one frame (polkadot-js `createFrames`, 1024 data bytes a frame).
///   Frames come in any order and repeat; the payload is the data in index order once all are
///   in. The frames carry no message id, so the collector refuses what shows two payloads
///   mixed: a count other than the first frame's, or an index seen before with other data.
/// - RaptorQ (Vault-style producers): every frame is `u32 BE (0x80000000 | payload size) ‖
///   RaptorQ packet` (the `raptorq` crate's serialized `EncodingPacket`: SBN, 24-bit ESI,
///   symbol). Any large enough set of distinct packets decodes (`RaptorQ`, liblcrq). A size or
///   symbol size other than the first frame's, or an ESI seen before with another symbol, is
///   refused as mixed.
public struct UOSFraming: ForeignFraming {
    public let name = "UOS multipart"
    /// The legacy header: `00`, count, index.
    static let headerLength = 5
    /// Most frames one legacy payload may have: 1024-byte frames of a payload within the message
    /// limit (16 MiB) are far fewer; this bounds what a forged count makes the collector keep.
    public static let maxFrames = 16384

    public init() {}

    /// A legacy frame (`00`, a count of at least 1, an index below it, data) or a RaptorQ
    /// frame (`80`: the first bit set and a payload size under 16 MiB, then a packet). Neither
    /// starts an Airsign message (JSON, a UR) or a raw XDR envelope (`00 00 …`: count 0).
    public func claims(_ payload: [UInt8]) -> Bool {
        guard payload.count > Self.headerLength else { return false }
        if payload[0] == 0x80 { return true }
        let count = Int(payload[1]) << 8 | Int(payload[2])
        let index = Int(payload[3]) << 8 | Int(payload[4])
        return payload[0] == 0 && count > 0 && index < count
    }

    public func collector() -> any ForeignFrameCollector { UOSFrameCollector() }
}

/// One legacy frame, read.
public struct UOSFrame: Sendable, Equatable {
    public let count: Int
    public let index: Int
    public let data: [UInt8]

    /// Reads one legacy frame: refuses a count of 0 or over `UOSFraming.maxFrames`, an index not
    /// below the count, and a frame without data.
    public init(_ payload: [UInt8]) throws(SubstrateError) {
        guard payload.first == 0, payload.count > UOSFraming.headerLength else {
            throw SubstrateError("a UOS frame is 00, a 2-byte frame count, a 2-byte frame index and data; this one has \(payload.count) bytes")
        }
        count = Int(payload[1]) << 8 | Int(payload[2])
        index = Int(payload[3]) << 8 | Int(payload[4])
        guard count > 0, count <= UOSFraming.maxFrames else {
            throw SubstrateError("UOS frame count \(count) is not 1…\(UOSFraming.maxFrames)")
        }
        guard index < count else { throw SubstrateError("UOS frame index \(index) is not below its frame count \(count)") }
        data = Array(payload[UOSFraming.headerLength...])
    }
}

/// One RaptorQ frame, read.
public struct UOSRaptorQFrame: Sendable, Equatable {
    /// The payload's size in bytes, from the frame's header.
    public let size: Int
    public let esi: UInt32
    public let symbol: [UInt8]

    /// Reads one RaptorQ frame: `80` and a 24-bit payload size, source block 0, a 24-bit ESI,
    /// a symbol of at least 4 bytes. Refuses a second source block (a payload this large is no
    /// sign request) and a size of 0.
    public init(_ payload: [UInt8]) throws(SubstrateError) {
        guard payload.count >= 12, payload[0] == 0x80 else {
            throw SubstrateError("a UOS RaptorQ frame is 80, a 3-byte payload size, a 4-byte packet id and a symbol; this one has \(payload.count) bytes")
        }
        size = Int(payload[1]) << 16 | Int(payload[2]) << 8 | Int(payload[3])
        guard size > 0 else { throw SubstrateError("a UOS RaptorQ frame says the payload is empty") }
        guard payload[4] == 0 else { throw SubstrateError("a UOS RaptorQ frame of source block \(payload[4]): this signer reads one-block payloads") }
        esi = UInt32(payload[5]) << 16 | UInt32(payload[6]) << 8 | UInt32(payload[7])
        symbol = Array(payload[8...])
    }
}

/// Collects the frames of one UOS payload, legacy or RaptorQ (the first frame decides).
public struct UOSFrameCollector: ForeignFrameCollector {
    private enum Mode: Sendable {
        case empty
        case legacy(count: Int, parts: [Int: [UInt8]])
        case raptorQ(size: Int, symbolSize: Int, k: Int, symbols: [UInt32: [UInt8]], nextAttempt: Int)
    }

    private var mode = Mode.empty
    public private(set) var message: [UInt8]?

    public init() {}

    public var received: Int {
        switch mode {
        case .empty: return 0
        case let .legacy(_, parts): return parts.count
        case let .raptorQ(_, _, _, symbols, _): return symbols.count
        }
    }

    /// The legacy frame count, or for RaptorQ the source symbol count (the fewest frames that
    /// can decode; a few more may be needed).
    public var expected: Int? {
        switch mode {
        case .empty: return nil
        case let .legacy(count, _): return count
        case let .raptorQ(_, _, k, _, _): return k
        }
    }

    static func mixed(_ what: String) -> SubstrateError {
        SubstrateError("\(what): frames of two requests are mixed; scan one request's frames only")
    }

    public mutating func receive(_ payload: [UInt8]) throws -> Bool {
        if payload.first == 0x80 { return try receiveRaptorQ(try UOSRaptorQFrame(payload)) }
        let frame = try UOSFrame(payload)
        var parts: [Int: [UInt8]]
        switch mode {
        case .empty: parts = [:]
        case let .legacy(count, known):
            guard frame.count == count else {
                throw Self.mixed("frame \(frame.index + 1) says the payload has \(frame.count) frames, earlier frames said \(count)")
            }
            parts = known
        case .raptorQ: throw Self.mixed("a legacy frame among RaptorQ frames")
        }
        if let known = parts[frame.index] {
            guard known == frame.data else { throw Self.mixed("two different frames \(frame.index + 1) of \(frame.count)") }
            return false
        }
        parts[frame.index] = frame.data
        mode = .legacy(count: frame.count, parts: parts)
        if parts.count == frame.count, message == nil {
            message = (0 ..< frame.count).flatMap { parts[$0] ?? [] }
        }
        return true
    }

    private mutating func receiveRaptorQ(_ frame: UOSRaptorQFrame) throws -> Bool {
        var (symbols, k, nextAttempt): ([UInt32: [UInt8]], Int, Int)
        switch mode {
        case .empty:
            guard let count = RaptorQ.sourceSymbols(length: frame.size, symbolSize: frame.symbol.count) else {
                throw SubstrateError("a UOS RaptorQ payload of \(frame.size) bytes in \(frame.symbol.count)-byte symbols is not one this signer "
                    + "decodes (one source block of at most \(RaptorQ.maxSourceSymbols) symbols, a symbol size divisible by 4)")
            }
            (symbols, k, nextAttempt) = ([:], count, count)
        case let .raptorQ(size, symbolSize, count, known, next):
            guard frame.size == size, frame.symbol.count == symbolSize else {
                throw Self.mixed("a RaptorQ frame for a \(frame.size)-byte payload in \(frame.symbol.count)-byte symbols after frames for "
                    + "\(size) bytes in \(symbolSize)-byte symbols")
            }
            (symbols, k, nextAttempt) = (known, count, next)
        case .legacy: throw Self.mixed("a RaptorQ frame among legacy frames")
        }
        guard frame.esi <= RaptorQ.maxESI(for: k) else {
            throw SubstrateError("a UOS RaptorQ frame with symbol id \(frame.esi), beyond the \(RaptorQ.maxESI(for: k)) a sender of \(k) source symbols uses")
        }
        if let known = symbols[frame.esi] {
            guard known == frame.symbol else { throw Self.mixed("two different RaptorQ frames with symbol id \(frame.esi)") }
            return false
        }
        // Once decoded, later frames are only checked against the others.
        if message != nil || symbols.count >= RaptorQ.maxSymbols(for: k) {
            guard message != nil else {
                throw SubstrateError("\(symbols.count) distinct UOS RaptorQ frames do not decode to a payload of \(frame.size) bytes")
            }
            mode = .raptorQ(size: frame.size, symbolSize: frame.symbol.count, k: k, symbols: symbols, nextAttempt: nextAttempt)
            return true
        }
        symbols[frame.esi] = frame.symbol
        // Decoding costs about K³: try at K symbols, then after each doubling of the extra ones,
        // and at the bound; a set that has not decoded by then is refused above.
        if symbols.count >= nextAttempt || symbols.count == RaptorQ.maxSymbols(for: k) {
            message = RaptorQ.decode(length: frame.size, symbolSize: frame.symbol.count,
                                     symbols: symbols.sorted { $0.key < $1.key }.map { (esi: $0.key, data: $0.value) })
            nextAttempt = k + max(1, 2 * (symbols.count - k))
        }
        mode = .raptorQ(size: frame.size, symbolSize: frame.symbol.count, k: k, symbols: symbols, nextAttempt: nextAttempt)
        return true
    }

    /// The 1-based numbers of the legacy frames still missing, for the refusal of an incomplete set.
    public var missing: [Int] {
        guard case let .legacy(count, parts) = mode else { return [] }
        return (0 ..< count).filter { parts[$0] == nil }.map { $0 + 1 }
    }

    /// Assembles `payloads` (one QR code's bytes each, any order, repeats allowed) into the UOS
    /// payload; refuses mixed frames and says what is missing.
    public static func assemble(_ payloads: [[UInt8]]) throws(SubstrateError) -> [UInt8] {
        var collector = UOSFrameCollector()
        for payload in payloads {
            do { _ = try collector.receive(payload) } catch let error as SubstrateError { throw error } catch {
                throw SubstrateError("\(error)")
            }
        }
        guard let message = collector.message else {
            let missing = collector.missing
            guard !missing.isEmpty else {
                throw SubstrateError("\(collector.received) UOS RaptorQ frames do not decode yet; at least \(collector.expected ?? 0) are needed")
            }
            throw SubstrateError("UOS frames missing: \(missing.prefix(10).map(String.init).joined(separator: ", "))"
                + (missing.count > 10 ? " and \(missing.count - 10) more" : "") + " of \(collector.expected ?? 0)")
        }
        return message
    }
}
