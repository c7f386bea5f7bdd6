import AirsignCrypto
import AirsignMessages

/// UOS's two framings of a payload into QR codes (parity-signer docs/src/development/UOS.md):
/// - Legacy multipart: every frame is `00 ‖ u16 BE frame count ‖ u16 BE frame index ‖ data`,
///   even a payload that fits one frame (polkadot-js `createFrames`, 1024 data bytes a frame).
///   Frames come in any order and repeat; the payload is the data in index order once all are
///   in. The frames carry no message id, so the collector refuses what shows two payloads
///   mixed: a count other than the first frame's, or an index seen before with other data.
///   At most `maxFrames` frames and `maxPayloadLength` data bytes in all.
/// - RaptorQ (Vault-style producers): every frame is `u32 BE (0x80000000 | payload size) ‖
///   RaptorQ packet` (the `raptorq` crate's serialized `EncodingPacket`: SBN, 24-bit ESI,
///   symbol). Any large enough set of distinct packets decodes (`UOSRaptorQStream`, liblcrq).
///   A size or symbol size other than the first frame's, an ESI seen before with another
///   symbol, or a frame the decoded payload does not give is refused as mixed.
public struct UOSFraming: ForeignFraming {
    public let name = "UOS multipart"
    /// The legacy header: `00`, count, index.
    static let headerLength = 5
    /// The largest UOS payload, legacy or RaptorQ (`RaptorQ.maxLength`, 1 MiB): a sign request
    /// is kilobytes (polkadot-js sends only the hash of a call over about 2.5 KB; an RFC-0078
    /// proof is tens of KB). It bounds what the collector keeps, whatever the frames claim.
    public static let maxPayloadLength = RaptorQ.maxLength
    /// Most frames one legacy payload may have: 1 MiB in polkadot-js' 1024-byte frames.
    public static let maxFrames = 1024

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
            throw SubstrateError.frames(.header(raptorQ: false, bytes: payload.count))
        }
        count = Int(payload[1]) << 8 | Int(payload[2])
        index = Int(payload[3]) << 8 | Int(payload[4])
        guard count > 0, count <= UOSFraming.maxFrames else {
            throw SubstrateError.frames(.count(count))
        }
        guard index < count else { throw SubstrateError.frames(.index(index, count: count)) }
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
            throw SubstrateError.frames(.header(raptorQ: true, bytes: payload.count))
        }
        size = Int(payload[1]) << 16 | Int(payload[2]) << 8 | Int(payload[3])
        guard size > 0 else { throw SubstrateError.frames(.emptyPayload) }
        guard payload[4] == 0 else { throw SubstrateError.frames(.sourceBlock(payload[4])) }
        esi = UInt32(payload[5]) << 16 | UInt32(payload[6]) << 8 | UInt32(payload[7])
        symbol = Array(payload[8...])
    }
}

/// Collects the frames of one UOS payload, legacy or RaptorQ (the first frame decides).
public struct UOSFrameCollector: ForeignFrameCollector {
    private enum Mode: Sendable {
        case empty
        /// The frame count, the data by index, and how many data bytes they hold.
        case legacy(count: Int, parts: [Int: [UInt8]], bytes: Int)
        case raptorQ(UOSRaptorQStream)
    }

    private var mode = Mode.empty
    public private(set) var message: [UInt8]?

    public init() {}

    public var received: Int {
        switch mode {
        case .empty: return 0
        case let .legacy(_, parts, _): return parts.count
        case let .raptorQ(stream): return stream.received
        }
    }

    /// The legacy frame count, or for RaptorQ the source symbol count (the fewest frames that
    /// can decode; a few more may be needed).
    public var expected: Int? {
        switch mode {
        case .empty: return nil
        case let .legacy(count, _, _): return count
        case let .raptorQ(stream): return stream.k
        }
    }

    static func mixed(_ what: String) -> SubstrateError {
        .frames(.mixed(what))
    }

    public mutating func receive(_ payload: [UInt8]) throws -> Bool {
        if payload.first == 0x80 { return try receiveRaptorQ(try UOSRaptorQFrame(payload)) }
        let frame = try UOSFrame(payload)
        var (parts, bytes): ([Int: [UInt8]], Int)
        switch mode {
        case .empty: (parts, bytes) = ([:], 0)
        case let .legacy(count, known, held):
            guard frame.count == count else {
                throw Self.mixed(
                    "frame \(frame.index + 1) says the payload has \(frame.count) frames, earlier frames said \(count)")
            }
            (parts, bytes) = (known, held)
        case .raptorQ: throw Self.mixed("a legacy frame among RaptorQ frames")
        }
        if let known = parts[frame.index] {
            guard known == frame.data else {
                throw Self.mixed("two different frames \(frame.index + 1) of \(frame.count)")
            }
            return false
        }
        bytes += frame.data.count
        guard bytes <= UOSFraming.maxPayloadLength else {
            throw SubstrateError.frames(.overLimit(bytes: bytes, frames: parts.count + 1))
        }
        parts[frame.index] = frame.data
        mode = .legacy(count: frame.count, parts: parts, bytes: bytes)
        if parts.count == frame.count, message == nil {
            message = (0..<frame.count).flatMap { parts[$0] ?? [] }
        }
        return true
    }

    /// A RaptorQ stream decodes once more with every frame held (the K+1 frames of files whose
    /// first K did not decode would otherwise wait for a frame that never comes).
    public mutating func finish() throws {
        guard case .raptorQ(var stream) = mode, message == nil else { return }
        try stream.finish()
        mode = .raptorQ(stream)
        message = stream.message
    }

    private mutating func receiveRaptorQ(_ frame: UOSRaptorQFrame) throws -> Bool {
        var stream: UOSRaptorQStream
        switch mode {
        case .empty: stream = try UOSRaptorQStream(first: frame)
        case let .raptorQ(current): stream = current
        case .legacy: throw Self.mixed("a RaptorQ frame among legacy frames")
        }
        let added = try stream.receive(frame)
        mode = .raptorQ(stream)
        if message == nil { message = stream.message }
        return added
    }

    /// The 1-based numbers of the legacy frames still missing, for the refusal of an incomplete set.
    public var missing: [Int] {
        guard case let .legacy(count, parts, _) = mode else { return [] }
        return (0..<count).filter { parts[$0] == nil }.map { $0 + 1 }
    }

    /// Assembles `payloads` (one QR code's bytes each, any order, repeats allowed) into the UOS
    /// payload; refuses mixed frames and says what is missing.
    public static func assemble(_ payloads: [[UInt8]]) throws(SubstrateError) -> [UInt8] {
        var collector = UOSFrameCollector()
        for payload in payloads {
            do { _ = try collector.receive(payload) } catch let error as SubstrateError { throw error } catch {
                throw SubstrateError.unreadable(field: "", reason: "\(error)")
            }
        }
        do { try collector.finish() } catch let error as SubstrateError { throw error } catch {
            throw SubstrateError.unreadable(field: "", reason: "\(error)")
        }
        guard let message = collector.message else {
            let missing = collector.missing
            guard !missing.isEmpty else {
                let needed = collector.expected ?? 0
                throw SubstrateError.frames(.notDecodedYet(received: collector.received, needed: needed))
            }
            throw SubstrateError.frames(.missing(missing, count: collector.expected ?? 0))
        }
        return message
    }
}
