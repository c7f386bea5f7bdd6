import AirsignEncoding
import BigInt

/// A Candid value as decoded from the wire or built for encoding. `blob` stands for
/// `vec nat8`, kept as bytes.
public indirect enum CandidValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case nat(BigUInt)
    case int(BigInt)
    case nat8(UInt8), nat16(UInt16), nat32(UInt32), nat64(UInt64)
    case int8(Int8), int16(Int16), int32(Int32), int64(Int64)
    case float32(Float), float64(Double)
    case text(String)
    case reserved
    case principal(Principal)
    case opt(CandidValue?)
    case vec([CandidValue])
    case blob([UInt8])
    case record([CandidFieldValue])
    /// The chosen field (id and value).
    case variant(CandidFieldValue)
    /// A function reference: service and method.
    case function(Principal, String)
    case service(Principal)

    /// The value of field `name` of a record.
    public subscript(name: String) -> CandidValue? {
        guard case let .record(fields) = self else { return nil }
        let id = CandidLabel.hash(name)
        return fields.first { $0.id == id }?.value
    }
}

/// One field of a record or variant value.
public struct CandidFieldValue: Equatable, Sendable {
    public let id: UInt32
    public let value: CandidValue

    public init(id: UInt32, value: CandidValue) {
        self.id = id
        self.value = value
    }

    public init(_ name: String, _ value: CandidValue) {
        self.init(id: CandidLabel.hash(name), value: value)
    }
}
