import AirsignEncoding

/// Turns the payloads of scanned QR codes back into one message, whatever mix of frames arrives:
/// a single binary QR (the raw message), a single-part UR, or the parts of a multi-part UR in any
/// order with duplicates and gaps.
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
    }

    private var state: State = .empty
    /// Bounds on what untrusted frames may make it allocate.
    public let limits: FountainLimits

    /// An empty assembler; the first frame decides the message.
    public init(limits: FountainLimits = .default) {
        self.limits = limits
    }

    /// The message once complete: the raw bytes of a binary QR, the content of a `ur:bytes`,
    /// or the CBOR of a UR of another type.
    public var message: [UInt8]? {
        if case let .complete(message, _, _) = state { return message }
        return nil
    }

    /// The UR type the message came in (nil for a binary QR).
    public var urType: String? {
        switch state {
        case .empty: return nil
        case let .complete(_, type, _): return type
        case let .fountain(type, _): return type
        }
    }

    /// True once `message` is available.
    public var isComplete: Bool { message != nil }

    /// Progress of a multi-part message (nil before the first part or for single frames).
    public var progress: Progress? {
        guard case let .fountain(_, decoder) = state, let expected = decoder.expectedFragmentCount else { return nil }
        let received = decoder.receivedPartCount
        let estimated = max(expected, received + expected - decoder.knownCount)
        let percent = min(99, 100 * decoder.knownCount / max(1, expected))
        return Progress(framesReceived: received, framesEstimated: estimated, percent: percent)
    }

    /// Takes the payload of one QR code.
    @discardableResult
    public mutating func receive(_ payload: [UInt8]) throws(TransportError) -> Outcome {
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
            case let .complete(message, completeType, _):
                guard completeType == type else { throw .differentMessage("a UR part of type \(type) after a complete message") }
                // A late part of the finished message is a duplicate; one of another message is not.
                var probe = FountainDecoder()
                try probe.receive(part)
                guard probe.checksum == CRC32Checksum.of(message: message, type: type),
                      probe.expectedFragmentCount != nil else {
                    throw .differentMessage("a UR part of another message after a complete message")
                }
                return .duplicate
            }
        }
    }

    private static func feed(_ decoder: inout FountainDecoder, _ part: FountainPart) throws(TransportError) -> Outcome {
        switch try decoder.receive(part) {
        case .accepted: return .accepted
        case .duplicate: return .duplicate
        }
    }

    private mutating func finishIfComplete() throws(TransportError) {
        guard case let .fountain(type, decoder) = state, let cbor = decoder.message else { return }
        let content = type == "bytes" ? try (UR(type: type, cbor: cbor)).bytesContent(limit: limits.maxMessageLength) : cbor
        state = .complete(message: content, type: type, frame: [])
    }

    private mutating func receiveSingle(message: [UInt8], type: String?, frame: [UInt8]) throws(TransportError) -> Outcome {
        guard message.count <= limits.maxMessageLength else {
            throw .messageTooLong(length: message.count, limit: limits.maxMessageLength)
        }
        switch state {
        case .empty:
            state = .complete(message: message, type: type, frame: frame)
            return .accepted
        case let .complete(current, currentType, _):
            guard current == message, currentType == type else {
                throw .differentMessage("another QR code (\(message.count) bytes) than the message read before (\(current.count) bytes)")
            }
            return .duplicate
        case let .fountain(currentType, _):
            throw .differentMessage("a single QR code while reading a \(currentType) UR sequence")
        }
    }

    /// A payload is read as a UR when it is ASCII text starting with `ur:` in either case. The
    /// encoder never sends a raw message that looks like this (it sends it as a `ur:bytes`), so
    /// the rule is unambiguous for our frames.
    public static func isUR(_ payload: [UInt8]) -> Bool {
        guard payload.count > 3,
              payload[0] | 0x20 == UInt8(ascii: "u"), payload[1] | 0x20 == UInt8(ascii: "r"), payload[2] == UInt8(ascii: ":")
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
