import AirsignEncoding
import AirsignMessages

/// Turns the payloads of scanned QR codes back into one message, whatever mix of frames arrives:
/// a single binary QR (the raw message), a single-part UR, the parts of a multi-part UR in any
/// order with duplicates and gaps, or the frames of a `ForeignFraming` the program plugged in
/// (UOS's legacy multipart), assembled by that framing's collector.
///
/// The first frame decides which message is being read; a frame of any other message (other
/// bytes, UR type, length or checksum) is refused with `TransportError.differentMessage` and
/// leaves the progress untouched, so two sequences shown one after the other cannot mix.
public struct MessageAssembler: Sendable {
    /// What one frame did.
    public enum Outcome: Equatable, Sendable {
        /// It added information (or completed the message).
        case accepted
        /// Already known; nothing changed.
        case duplicate
    }

    /// How far a multi-part message has come.
    public struct Progress: Equatable, Sendable, CustomStringConvertible {
        /// Distinct frames received.
        public var framesReceived: Int
        /// Frames probably needed in all: those received plus what is still unknown.
        public var framesEstimated: Int
        /// 0…100.
        public var percent: Int

        /// "42% — 17 of ~40 frames".
        public var description: String {
            "\(percent)% — \(framesReceived) of ~\(framesEstimated) frames"
        }
    }

    private enum State: Sendable {
        case empty
        case complete(message: [UInt8], type: String?, frame: [UInt8])
        case fountain(type: String, decoder: FountainDecoder)
        case foreign(framing: any ForeignFraming, collector: any ForeignFrameCollector)
    }

    private var state: State = .empty
    /// Bounds on what untrusted frames may make it allocate.
    public let limits: FountainLimits
    /// Framings of binary frames other than Airsign's, tried on a binary first frame in order.
    public let framings: [any ForeignFraming]
    /// The name of the foreign framing that assembled the message, if one did.
    public private(set) var framing: String?
    /// Distinct frames taken so far.
    public private(set) var framesReceived = 0

    /// An empty assembler; the first frame decides the message.
    public init(limits: FountainLimits = .default, framings: [any ForeignFraming] = []) {
        self.limits = limits
        self.framings = framings
    }

    /// The complete message with how it came (nil until complete).
    public var input: SignerInput? {
        guard let message else { return nil }
        return SignerInput(bytes: message, urType: urType, framing: framing, frames: framesReceived)
    }

    /// The message once complete: the raw bytes of a binary QR, the content of a `ur:bytes`,
    /// or the CBOR of a UR of another type.
    public var message: [UInt8]? {
        switch state {
        case let .complete(message, _, _): return message
        case let .foreign(_, collector): return collector.message
        case .empty, .fountain: return nil
        }
    }

    /// The UR type the message came in (nil for a binary QR).
    public var urType: String? {
        switch state {
        case .empty: return nil
        case let .complete(_, type, _): return type
        case let .fountain(type, _): return type
        case .foreign: return nil
        }
    }

    /// True once `message` is available.
    public var isComplete: Bool { message != nil }

    /// Progress of a multi-part message (nil before the first part or for single frames).
    public var progress: Progress? {
        if case let .foreign(_, collector) = state, collector.message == nil, let expected = collector.expected {
            let percent = min(99, 100 * collector.received / max(1, expected))
            return Progress(framesReceived: collector.received, framesEstimated: expected, percent: percent)
        }
        guard case let .fountain(_, decoder) = state, let expected = decoder.expectedFragmentCount else { return nil }
        let received = decoder.receivedPartCount
        let estimated = max(expected, received + expected - decoder.knownCount)
        let percent = min(99, 100 * decoder.knownCount / max(1, expected))
        return Progress(framesReceived: received, framesEstimated: estimated, percent: percent)
    }

    /// Takes the payload of one QR code. A frame a foreign framing's collector refuses throws
    /// `.refusedFrame`, which ends the scan.
    @discardableResult
    public mutating func receive(_ payload: [UInt8]) throws(TransportError) -> Outcome {
        let outcome = try receiveFrame(payload)
        if outcome == .accepted { framesReceived += 1 }
        return outcome
    }

    /// No more frames will come (a scan of files has read them all): a foreign framing gets
    /// its last try at the message with every frame it holds.
    public mutating func finish() throws(TransportError) {
        guard case .foreign(let framing, var collector) = state, collector.message == nil else { return }
        do { try collector.finish() } catch { throw .refusedFrame("\(framing.name): \(error)") }
        try checkLength(collector)
        state = .foreign(framing: framing, collector: collector)
    }

    /// A foreign framing's message, once assembled, is held to the same limit as any other.
    private func checkLength(_ collector: any ForeignFrameCollector) throws(TransportError) {
        if let message = collector.message, message.count > limits.maxMessageLength {
            throw .messageTooLong(length: message.count, limit: limits.maxMessageLength)
        }
    }

    private mutating func receiveFrame(_ payload: [UInt8]) throws(TransportError) -> Outcome {
        if let outcome = try receiveForeign(payload) { return outcome }
        guard Self.isUR(payload) else { return try receiveSingle(message: payload, type: nil, frame: payload) }
        switch try URString.parse(String(decoding: payload, as: UTF8.self), limits: limits) {
        case let .single(ur):
            let content = ur.type == "bytes" ? try ur.bytesContent(limit: limits.maxMessageLength) : ur.cbor
            return try receiveSingle(message: content, type: ur.type, frame: payload)
        case let .part(type, part):
            switch state {
            case .empty:
                var decoder = FountainDecoder()
                try decoder.receive(part)
                state = .fountain(type: type, decoder: decoder)
                try finishIfComplete()
                return .accepted
            case let .fountain(current, decoder):
                guard current == type else { throw .differentMessage("UR type \(type) instead of \(current)") }
                var updated = decoder
                let outcome = try Self.feed(&updated, part)
                state = .fountain(type: type, decoder: updated)
                try finishIfComplete()
                return outcome
            case .foreign:
                throw .differentMessage("a UR part while reading \(framing ?? "foreign") frames")
            case let .complete(message, completeType, _):
                guard completeType == type else {
                    throw .differentMessage("a UR part of type \(type) after a complete message")
                }
                // A late part of the finished message is a duplicate; one of another message is not.
                var probe = FountainDecoder()
                try probe.receive(part)
                guard probe.checksum == CRC32Checksum.of(message: message, type: type),
                    probe.expectedFragmentCount != nil
                else {
                    throw .differentMessage("a UR part of another message after a complete message")
                }
                return .duplicate
            }
        }
    }

    /// A binary frame of a foreign framing: started when the first frame is one, fed while one
    /// is being read; nil when `payload` is not for a foreign framing.
    private mutating func receiveForeign(_ payload: [UInt8]) throws(TransportError) -> Outcome? {
        guard !Self.isUR(payload) else { return nil }
        var current: (framing: any ForeignFraming, collector: any ForeignFrameCollector)
        switch state {
        case let .foreign(framing, collector):
            guard framing.claims(payload) else {
                throw .refusedFrame(
                    "a QR code that is not a \(framing.name) frame (\(payload.count) bytes) while reading one")
            }
            current = (framing, collector)
        case .empty:
            guard let framing = framings.first(where: { $0.claims(payload) }) else { return nil }
            current = (framing, framing.collector())
        case .complete, .fountain:
            return nil
        }
        guard payload.count <= limits.maxMessageLength else {
            throw .messageTooLong(length: payload.count, limit: limits.maxMessageLength)
        }
        let added: Bool
        do { added = try current.collector.receive(payload) } catch {
            throw .refusedFrame("\(current.framing.name): \(error)")
        }
        try checkLength(current.collector)
        // The collector stays after the message is complete: frames that come later (a scan of
        // files reads them all) are still checked against it.
        state = .foreign(framing: current.framing, collector: current.collector)
        framing = current.framing.name
        return added ? .accepted : .duplicate
    }

    private static func feed(_ decoder: inout FountainDecoder, _ part: FountainPart) throws(TransportError) -> Outcome {
        switch try decoder.receive(part) {
        case .accepted: return .accepted
        case .duplicate: return .duplicate
        }
    }

    private mutating func finishIfComplete() throws(TransportError) {
        guard case let .fountain(type, decoder) = state, let cbor = decoder.message else { return }
        let content =
            type == "bytes" ? try (UR(type: type, cbor: cbor)).bytesContent(limit: limits.maxMessageLength) : cbor
        state = .complete(message: content, type: type, frame: [])
    }

    private mutating func receiveSingle(message: [UInt8], type: String?, frame: [UInt8]) throws(TransportError)
        -> Outcome
    {
        guard message.count <= limits.maxMessageLength else {
            throw .messageTooLong(length: message.count, limit: limits.maxMessageLength)
        }
        switch state {
        case .empty:
            state = .complete(message: message, type: type, frame: frame)
            return .accepted
        case let .complete(current, currentType, _):
            guard current == message, currentType == type else {
                throw .differentMessage(
                    "another QR code (\(message.count) bytes) than the message read before (\(current.count) bytes)")
            }
            return .duplicate
        case let .fountain(currentType, _):
            throw .differentMessage("a single QR code while reading a \(currentType) UR sequence")
        case .foreign:
            throw .refusedFrame("a single QR code while reading \(framing ?? "foreign") frames")
        }
    }

    /// A payload is read as a UR when it is ASCII text starting with `ur:` in either case. The
    /// encoder never sends a raw message that looks like this (it sends it as a `ur:bytes`), so
    /// the rule is unambiguous for our frames.
    public static func isUR(_ payload: [UInt8]) -> Bool {
        guard payload.count > 3,
            payload[0] | 0x20 == UInt8(ascii: "u"), payload[1] | 0x20 == UInt8(ascii: "r"),
            payload[2] == UInt8(ascii: ":")
        else { return false }
        return payload.allSatisfy { $0 >= 0x20 && $0 < 0x7f }
    }
}

/// The CRC-32 a fountain sequence of `message` would carry (the CBOR-wrapped bytes for `bytes`).
enum CRC32Checksum {
    static func of(message: [UInt8], type: String) -> UInt32 {
        let cbor = type == "bytes" ? UR.bytes(message).cbor : message
        return CRC32.checksum(cbor)
    }
}
