import AirsignEncoding

/// A Uniform Resource (BCR-2020-005): a type name and the untagged CBOR it names, written as
/// `ur:<type>/<minimal bytewords>` in one piece, or as fountain parts
/// `ur:<type>/<seqNum>-<seqLen>/<minimal bytewords of the part>`.
///
/// Strings are produced in lower case (the canonical form); `uppercased()` them for QR codes so
/// the encoder can use alphanumeric mode. Parsing accepts either case.
public struct UR: Equatable, Sendable {
    /// Letters, digits and `-`, lower case.
    public let type: String
    /// The untagged CBOR of the resource.
    public let cbor: [UInt8]

    /// A UR; the type is lower-cased and must be letters, digits and `-`.
    public init(type: String, cbor: [UInt8]) throws(TransportError) {
        let lower = type.lowercased()
        guard Self.isValidType(lower) else {
            throw .invalidUR("type \"\(type.prefix(40))\" is not letters, digits and -")
        }
        self.type = lower
        self.cbor = cbor
    }

    /// `ur:bytes/…` over arbitrary bytes: the UR type for raw data, holding a CBOR byte string.
    public static func bytes(_ content: [UInt8]) -> UR {
        // A CBOR byte string: its head, then the bytes. "bytes" is a valid UR type, so no check.
        var cbor: [UInt8] = []
        CBOREncoder.writeHead(major: 2, argument: UInt64(content.count), into: &cbor)
        return UR(unchecked: "bytes", cbor: cbor + content)
    }

    private init(unchecked type: String, cbor: [UInt8]) {
        self.type = type
        self.cbor = cbor
    }

    /// The content of a `bytes` UR (the CBOR byte string's bytes).
    public func bytesContent(limit: Int = FountainLimits.default.maxMessageLength) throws(TransportError) -> [UInt8] {
        guard type == "bytes" else { throw .invalidUR("type \(type), expected bytes") }
        do {
            return try CBORDecoder(options: .init(maxDepth: 1, maxItems: 1, maxLength: limit)).decode(cbor).asBytes()
        } catch {
            throw .invalidUR("a bytes UR must hold one CBOR byte string (\(error))")
        }
    }

    /// The single-part form, lower case.
    public var string: String {
        "ur:\(type)/" + Bytewords.encode(cbor, style: .minimal)
    }

    /// One fountain part in multi-part form, lower case.
    public static func partString(type: String, part: FountainPart) -> String {
        "ur:\(type)/\(part.seqNum)-\(part.seqLen)/" + Bytewords.encode(part.cbor, style: .minimal)
    }

    static func isValidType(_ type: String) -> Bool {
        !type.isEmpty
            && type.utf8.allSatisfy { c in
                (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                    || c == UInt8(ascii: "-")
            }
    }
}

/// A parsed UR string: a whole resource or one fountain part of one.
public enum URString: Equatable, Sendable {
    case single(UR)
    case part(type: String, FountainPart)

    /// Parses untrusted text (either case). For a part, the `seqNum-seqLen` in the path must
    /// match the part's own header.
    public static func parse(_ text: some StringProtocol, limits: FountainLimits = .default) throws(TransportError)
        -> URString
    {
        let lower = text.lowercased()
        guard lower.hasPrefix("ur:") else { throw .invalidUR("does not start with ur:") }
        // Bytewords take 2 letters a byte; refuse text that could not fit the limits before
        // decoding it.
        guard lower.utf8.count <= 2 * limits.maxMessageLength + 64 else {
            throw .invalidUR("longer than the \(limits.maxMessageLength)-byte limit allows")
        }
        let components = lower.dropFirst(3).split(separator: "/", omittingEmptySubsequences: false)
        guard let type = components.first, UR.isValidType(String(type)) else {
            throw .invalidUR("missing or malformed type")
        }
        switch components.count {
        case 2:
            let cbor = try Bytewords.decode(components[1], style: .minimal)
            return .single(try UR(type: String(type), cbor: cbor))
        case 3:
            let seq = components[1].split(separator: "-", omittingEmptySubsequences: false)
            guard seq.count == 2, let seqNum = Self.decimal(seq[0]), let seqLen = Self.decimal(seq[1]) else {
                throw .invalidUR("sequence \"\(components[1].prefix(24))\" is not <number>-<count>")
            }
            let part = try FountainPart(cbor: try Bytewords.decode(components[2], style: .minimal), limits: limits)
            guard UInt64(part.seqNum) == seqNum, UInt64(part.seqLen) == seqLen else {
                throw .invalidFountainPart("path says \(seqNum)-\(seqLen), the part says \(part.seqNum)-\(part.seqLen)")
            }
            return .part(type: String(type), part)
        default:
            throw .invalidUR("expected ur:type/message or ur:type/n-m/part")
        }
    }

    /// A plain decimal of at most 10 digits (fits UInt32 and more), no sign.
    private static func decimal(_ s: Substring) -> UInt64? {
        guard !s.isEmpty, s.utf8.count <= 10, s.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else {
            return nil
        }
        return UInt64(s)
    }
}

/// An endless stream of multi-part UR strings for one resource (lower case).
public struct UREncoder: Sendable {
    /// The resource being sent.
    public let ur: UR
    /// The fountain encoder over the resource's CBOR.
    public private(set) var fountain: FountainEncoder

    /// An encoder with fragments of at most `maxFragmentLen` bytes.
    public init(ur: UR, maxFragmentLen: Int, firstSeqNum: UInt32 = 0) throws(TransportError) {
        self.ur = ur
        fountain = try FountainEncoder(message: ur.cbor, maxFragmentLen: maxFragmentLen, firstSeqNum: firstSeqNum)
    }

    /// Number of fragments.
    public var seqLen: Int { fountain.seqLen }

    /// The next part as `ur:type/n-m/…`.
    public mutating func nextPart() -> String {
        UR.partString(type: ur.type, part: fountain.nextPart())
    }

    /// The next part worth showing on a screen (`FountainEncoder.nextShownPart`).
    public mutating func nextShownPart() -> String {
        UR.partString(type: ur.type, part: fountain.nextShownPart())
    }
}
