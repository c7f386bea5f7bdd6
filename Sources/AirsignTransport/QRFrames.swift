/// How a message is turned into QR frames, and the size policy that decides between one QR code
/// and a UR fountain sequence.
public struct QROptions: Sendable, Equatable {
    /// Error correction for every frame. M by default: 15 % damage tolerated, the usual choice
    /// for codes read off a screen.
    public var correction: QRErrorCorrection
    /// Largest QR version a frame may use (1…40). 12 by default (65 × 65 modules): see the
    /// docs/transport.md for why that suits a phone screen held up to a webcam.
    public var maxVersion: Int
    /// Fragment size in bytes for multi-part URs; nil picks the largest that keeps every frame
    /// within `maxVersion`.
    public var fragmentSize: Int?
    /// Pixels per module in PNG, GIF and HTML output.
    public var moduleSize: Int
    /// Light border in modules (at least 4, as the QR standard requires).
    public var quietZone: Int

    /// Options with the documented defaults.
    public init(
        correction: QRErrorCorrection = .M, maxVersion: Int = 12, fragmentSize: Int? = nil,
        moduleSize: Int = 8, quietZone: Int = 4
    ) {
        self.correction = correction
        self.maxVersion = maxVersion
        self.fragmentSize = fragmentSize
        self.moduleSize = moduleSize
        self.quietZone = quietZone
    }

    /// The default `maxVersion`.
    public static let defaultMaxVersion = 12

    /// Refuses values outside what the outputs can honour.
    public func validate() throws(TransportError) {
        guard (1...40).contains(maxVersion) else { throw .invalidOption("--max-version must be 1…40") }
        if let fragmentSize, !(10...4096).contains(fragmentSize) {
            throw .invalidOption("--fragment-size must be 10…4096 bytes")
        }
        guard (1...64).contains(moduleSize) else { throw .invalidOption("module size must be 1…64 pixels") }
        guard (4...64).contains(quietZone) else { throw .invalidOption("quiet zone must be 4…64 modules") }
    }
}

/// One QR frame: its payload (raw bytes, or an upper-case UR string) and the symbol.
public struct QRFrame: Sendable, Equatable {
    /// The exact bytes the QR code holds.
    public let payload: [UInt8]
    /// The UR text when the payload is one (upper case, as encoded).
    public let ur: String?
    /// The symbol.
    public let code: QRCode
}

/// The frames for one message, per the size policy: a message that fits one QR code of at most
/// `maxVersion` goes as that single binary QR; anything larger goes as a multi-part
/// `ur:bytes` fountain sequence, which is endless (`nextFrame`) so a display can keep showing
/// fresh mixes until the reader has enough.
public struct QRFramePlan: Sendable {
    /// One QR code, or a UR fountain sequence of `seqLen` fragments.
    public enum Kind: Sendable, Equatable {
        case single
        case multipart(seqLen: Int, fragmentLength: Int)
    }

    /// What the size policy chose.
    public let kind: Kind
    /// Length of the message in bytes.
    public let messageLength: Int
    /// The options the frames are made with.
    public let options: QROptions
    private var single: QRFrame?
    private var encoder: UREncoder?
    /// Every fountain frame uses this version (that of the longest possible part), so frames
    /// have one size and an animation does not jump.
    private var frameVersion = 0

    /// Applies the size policy to `message` (1 byte … 16 MiB).
    public init(message: [UInt8], options: QROptions = QROptions()) throws(TransportError) {
        try self.init(ur: UR.bytes(message), binary: message, options: options)
    }

    /// The frames of a UR of any type (an ERC-4527 `eth-signature`): one single-part UR code
    /// when it fits, else its fountain sequence; never a binary QR.
    public init(ur: UR, options: QROptions = QROptions()) throws(TransportError) {
        try self.init(ur: ur, binary: nil, options: options)
    }

    /// `binary`, when given, is sent as one binary QR if it fits; else `ur` goes as UR frames.
    private init(ur: UR, binary: [UInt8]?, options: QROptions) throws(TransportError) {
        try options.validate()
        let length = binary?.count ?? ur.cbor.count
        guard length > 0 else { throw .emptyMessage }
        guard length <= FountainLimits.default.maxMessageLength else {
            throw .messageTooLong(length: length, limit: FountainLimits.default.maxMessageLength)
        }
        self.options = options
        messageLength = length
        if let message = binary, !MessageAssembler.isUR(message),
            let code = try? QRCode.encode(bytes: message, correction: options.correction),
            code.version <= options.maxVersion
        {
            single = QRFrame(payload: message, ur: nil, code: code)
            kind = .single
            return
        }
        // A raw message that itself reads like a UR would be misread as one: send it wrapped.
        let singleUR = ur.string.uppercased()
        if let code = try? QRCode.encode(alphanumeric: singleUR, correction: options.correction),
            code.version <= options.maxVersion
        {
            single = QRFrame(payload: Array(singleUR.utf8), ur: singleUR, code: code)
            kind = .single
            return
        }
        var fragment = options.fragmentSize ?? 0
        if options.fragmentSize == nil {
            fragment = try Self.largestFragment(cborLength: ur.cbor.count, type: ur.type, options: options)
        }
        let encoder = try UREncoder(ur: ur, maxFragmentLen: fragment)
        self.encoder = encoder
        kind = .multipart(seqLen: encoder.seqLen, fragmentLength: encoder.fountain.fragmentLen)
        let worst = FountainPart(
            seqNum: .max, seqLen: encoder.seqLen, messageLen: ur.cbor.count, checksum: .max,
            data: [UInt8](repeating: 0xff, count: encoder.fountain.fragmentLen))
        frameVersion = try QRCode.encode(
            alphanumeric: UR.partString(type: ur.type, part: worst).uppercased(),
            correction: options.correction
        ).version
    }

    /// How many frames files and animations carry by default: 1 for a single QR; for a
    /// sequence, every fragment once and as many mixed parts again, so a reader that misses
    /// frames on one pass usually finishes without waiting for the loop to come round.
    public var defaultFrameCount: Int {
        switch kind {
        case .single: return 1
        case let .multipart(seqLen, _): return 2 * seqLen
        }
    }

    /// The next frame: always the same one for a single QR, the next fountain part otherwise.
    public mutating func nextFrame() throws(TransportError) -> QRFrame {
        if let single { return single }
        guard var encoder else { throw .emptyMessage }
        let text = encoder.nextShownPart().uppercased()
        self.encoder = encoder
        let code = try QRCode.encode(alphanumeric: text, correction: options.correction, minVersion: frameVersion)
        return QRFrame(payload: Array(text.utf8), ur: text, code: code)
    }

    /// The first `count` frames (for a single QR, just the one).
    public mutating func frames(count: Int? = nil) throws(TransportError) -> [QRFrame] {
        let n = kind == .single ? 1 : max(1, count ?? defaultFrameCount)
        var out: [QRFrame] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try nextFrame()) }
        return out
    }

    /// The largest maximum fragment length whose worst-case part (sequence number 2^32 − 1)
    /// still fits `maxVersion` in alphanumeric mode, found by bisection with the real encoder.
    static func largestFragment(cborLength: Int, type: String = "bytes", options: QROptions) throws(TransportError)
        -> Int
    {
        func fits(_ maxFragment: Int) -> Bool {
            let length = FountainEncoder.nominalFragmentLength(
                messageLen: cborLength, minFragmentLen: 10,
                maxFragmentLen: maxFragment)
            let seqLen = (cborLength + length - 1) / length
            let part = FountainPart(
                seqNum: .max, seqLen: seqLen, messageLen: cborLength, checksum: .max,
                data: [UInt8](repeating: 0xff, count: length))
            let text = UR.partString(type: type, part: part).uppercased()
            guard let code = try? QRCode.encode(alphanumeric: text, correction: options.correction) else {
                return false
            }
            return code.version <= options.maxVersion
        }
        guard fits(10) else {
            throw .invalidOption(
                "version \(options.maxVersion) at level \(options.correction) is too small for a UR frame; raise --max-version"
            )
        }
        var low = 10, high = 4096
        while low < high {
            let mid = (low + high + 1) / 2
            if fits(mid) { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
