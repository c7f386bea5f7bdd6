import AirsignEncoding

/// A transaction memo. Text is kept as raw bytes (up to 28): the XDR string need not be UTF-8,
/// and re-encoding must reproduce it exactly.
public enum Memo: XDRCodable, CustomStringConvertible {
    case none
    case text([UInt8])
    case id(UInt64)
    case hash([UInt8])
    case `return`([UInt8])

    /// A text memo, refusing more than 28 UTF-8 bytes.
    public static func text(_ string: String) throws(StellarError) -> Memo {
        let bytes = Array(string.utf8)
        guard bytes.count <= 28 else { throw .memoTooLong(bytes: bytes.count) }
        return .text(bytes)
    }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .none
        case 1: self = .text(try r.readString(max: 28))
        case 2: self = .id(try r.readUInt64())
        case 3: self = .hash(try r.read32())
        case 4: self = .return(try r.read32())
        default: throw r.unknownDiscriminant(type, of: "MemoType")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .none: w.writeDiscriminant(0)
        case .text(let t):
            guard t.count <= 28 else { throw StellarError.memoTooLong(bytes: t.count) }
            w.writeDiscriminant(1); try w.writeString(bytes: t, max: 28)
        case .id(let id): w.writeDiscriminant(2); w.writeUInt64(id)
        case .hash(let h): w.writeDiscriminant(3); try w.write32(h, what: "memo hash")
        case .return(let h): w.writeDiscriminant(4); try w.write32(h, what: "memo return hash")
        }
    }

    /// In words; text that is not UTF-8 is shown as hex so nothing is hidden.
    public var description: String {
        switch self {
        case .none: return "none"
        case .text(let t):
            if let s = String(validating: t, as: UTF8.self) { return "text \(s.debugDescription)" }
            return "text (not UTF-8) 0x\(Hex.encode(t))"
        case .id(let id): return "id \(id)"
        case .hash(let h): return "hash \(Hex.encode(h))"
        case .return(let h): return "return \(Hex.encode(h))"
        }
    }
}
