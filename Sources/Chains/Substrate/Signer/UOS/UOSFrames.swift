import AirsignMessages

/// UOS's legacy multipart framing (parity-signer docs/src/development/UOS.md, "Legacy Multipart
/// Payload"): every frame is `00 ‖ u16 BE frame count ‖ u16 BE frame index ‖ data`, even a
/// payload that fits one frame (polkadot-js `createFrames`, 1024 data bytes a frame). Frames
/// come in any order and repeat; the payload is the data in index order once all are in.
///
/// The frames carry no message id, so the collector refuses what shows two payloads mixed: a
/// count other than the first frame's, or an index seen before with other data. RaptorQ frames
/// (first bit set, Vault-ecosystem producers) are claimed too, and refused by name: this
/// signer has no RFC 6330 decoder (see docs/chains/substrate.md).
public struct UOSFraming: ForeignFraming {
    public let name = "UOS legacy multipart"
    /// The header: `00`, count, index.
    static let headerLength = 5
    /// Most frames one payload may have: 1024-byte frames of a payload within the message
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

    /// Reads one frame: refuses RaptorQ frames, a count of 0 or over `UOSFraming.maxFrames`, an
    /// index not below the count, and a frame without data.
    public init(_ payload: [UInt8]) throws(SubstrateError) {
        guard let first = payload.first else { throw SubstrateError("an empty QR code is not a UOS frame") }
        if first == 0x80 {
            throw SubstrateError("a RaptorQ (fountain) UOS frame: this signer reads only legacy multipart frames (00 + count + index); "
                + "show the request as legacy frames")
        }
        guard first == 0, payload.count > UOSFraming.headerLength else {
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

/// Collects the legacy frames of one UOS payload.
public struct UOSFrameCollector: ForeignFrameCollector {
    private var count: Int?
    private var parts: [Int: [UInt8]] = [:]
    public private(set) var message: [UInt8]?

    public init() {}

    public var received: Int { parts.count }
    public var expected: Int? { count }

    public mutating func receive(_ payload: [UInt8]) throws -> Bool {
        let frame = try UOSFrame(payload)
        if let count, frame.count != count {
            throw SubstrateError("frame \(frame.index + 1) says the payload has \(frame.count) frames, earlier frames said \(count): "
                + "frames of two requests are mixed; scan one request's frames only")
        }
        count = frame.count
        if let known = parts[frame.index] {
            guard known == frame.data else {
                throw SubstrateError("two different frames \(frame.index + 1) of \(frame.count): frames of two requests are mixed; "
                    + "scan one request's frames only")
            }
            return false
        }
        parts[frame.index] = frame.data
        if parts.count == frame.count {
            message = (0 ..< frame.count).flatMap { parts[$0] ?? [] }
        }
        return true
    }

    /// The 1-based numbers of the frames still missing, for the refusal of an incomplete set.
    public var missing: [Int] {
        guard let count else { return [] }
        return (0 ..< count).filter { parts[$0] == nil }.map { $0 + 1 }
    }

    /// Assembles `payloads` (one QR code's bytes each, any order, repeats allowed) into the UOS
    /// payload; refuses mixed frames and names the missing ones.
    public static func assemble(_ payloads: [[UInt8]]) throws(SubstrateError) -> [UInt8] {
        var collector = UOSFrameCollector()
        for payload in payloads {
            do { _ = try collector.receive(payload) } catch let error as SubstrateError { throw error } catch {
                throw SubstrateError("\(error)")
            }
        }
        guard let message = collector.message else {
            let missing = collector.missing
            throw SubstrateError("UOS frames missing: \(missing.prefix(10).map(String.init).joined(separator: ", "))"
                + (missing.count > 10 ? " and \(missing.count - 10) more" : "") + " of \(collector.count ?? 0)")
        }
        return message
    }
}
