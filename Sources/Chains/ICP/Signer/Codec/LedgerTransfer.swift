import AirsignCandid
import AirsignEncoding
import BigInt

/// The ICP ledger's legacy `transfer(TransferArgs)` (quill `candid/ledger.did`).
public struct ICPLedgerTransfer: Equatable, Sendable {
    public static let method = "transfer"
    public var to: ICPAccountIdentifier
    /// e8s.
    public var amount: UInt64
    public var fee: UInt64
    public var memo: UInt64
    public var fromSubaccount: [UInt8]?
    /// Nanoseconds since 1970.
    public var createdAtTime: UInt64?

    public init(
        to: ICPAccountIdentifier, amount: UInt64, fee: UInt64, memo: UInt64, fromSubaccount: [UInt8]?,
        createdAtTime: UInt64?
    ) {
        self.to = to
        self.amount = amount
        self.fee = fee
        self.memo = memo
        self.fromSubaccount = fromSubaccount
        self.createdAtTime = createdAtTime
    }

    static let tokens = CandidType.record([("e8s", .nat64)])
    public static let argumentType = argumentType(.blob)

    /// How the record writes its destination: `transfer` as the account identifier's 32 bytes,
    /// `send_dfx` (`SendArgs`) as its hex text. The other fields are the same.
    enum Destination {
        case blob, text
        var type: CandidType { self == .blob ? .blob : .text }
        var record: String { self == .blob ? "TransferArgs" : "SendArgs" }
    }

    static func argumentType(_ destination: Destination) -> CandidType {
        .record([
            ("to", destination.type), ("fee", tokens), ("memo", .nat64), ("from_subaccount", .opt(.blob)),
            ("created_at_time", .opt(.record([("timestamp_nanos", .nat64)]))), ("amount", tokens),
        ])
    }

    /// The call's Candid argument bytes.
    public func argumentBytes() throws(ICPError) -> [UInt8] { try argumentBytes(.blob) }

    func argumentBytes(_ destination: Destination) throws(ICPError) -> [UInt8] {
        let value: CandidValue = .record(
            sortedFields([
                CandidFieldValue("to", destination == .blob ? .blob(to.bytes) : .text(to.hex)),
                CandidFieldValue("fee", .record([CandidFieldValue("e8s", .nat64(fee))])),
                CandidFieldValue("memo", .nat64(memo)),
                CandidFieldValue("from_subaccount", .opt(fromSubaccount.map { .blob($0) })),
                CandidFieldValue(
                    "created_at_time",
                    .opt(createdAtTime.map { .record([CandidFieldValue("timestamp_nanos", .nat64($0))]) })),
                CandidFieldValue("amount", .record([CandidFieldValue("e8s", .nat64(amount))])),
            ]))
        return try ICPError.catchingCandid { () throws(CandidError) in
            try CandidEncoder.encode([(Self.argumentType(destination), value)])
        }
    }

    /// Decodes the arguments of a `transfer` call: exactly one argument of exactly this type.
    public init(candid message: CandidMessage) throws(ICPError) {
        try self.init(candid: message, destination: .blob)
    }

    /// Decodes exactly one argument of exactly the record type for `destination`; the
    /// destination must be a valid account identifier (its CRC checked).
    init(candid message: CandidMessage, destination: Destination) throws(ICPError) {
        guard message.hasArgumentTypes([Self.argumentType(destination)]), let value = message.values.first else {
            throw .notRecord("the ledger\'s \(destination.record) record")
        }
        guard case let .nat64(fee)? = value["fee"]?["e8s"], case let .nat64(memo)? = value["memo"],
            case let .opt(from)? = value["from_subaccount"], case let .opt(created)? = value["created_at_time"],
            case let .nat64(amount)? = value["amount"]?["e8s"]
        else {
            throw .incomplete("the \(destination.record) record")
        }
        let hex: String
        switch (destination, value["to"]) {
        case let (.blob, .blob(bytes)?): hex = Hex.encode(bytes)
        case let (.text, .text(text)?): hex = text
        default: throw .incomplete("the \(destination.record) record")
        }
        do { self.to = try ICPAccountIdentifier(hex: hex) } catch { throw .malformed(field: "to", reason: "\(error)") }
        self.fee = fee
        self.memo = memo
        self.amount = amount
        self.fromSubaccount = try decodedSubaccount(from)
        if let created {
            guard case let .nat64(nanos)? = created["timestamp_nanos"] else { throw .incomplete("created_at_time") }
            createdAtTime = nanos
        } else {
            createdAtTime = nil
        }
    }
}

/// ICRC-1's `icrc1_transfer(TransferArg)` (quill `candid/icrc1.did`).
public struct ICRC1Transfer: Equatable, Sendable {
    public static let method = "icrc1_transfer"
    /// ICRC-1 ledgers refuse longer memos by default.
    public static let maxMemoLength = 32
    public var to: ICRC1Account
    /// Base units of the token.
    public var amount: BigUInt
    public var fee: BigUInt?
    public var memo: [UInt8]?
    public var fromSubaccount: [UInt8]?
    public var createdAtTime: UInt64?

    public init(
        to: ICRC1Account, amount: BigUInt, fee: BigUInt?, memo: [UInt8]?, fromSubaccount: [UInt8]?,
        createdAtTime: UInt64?
    ) {
        self.to = to
        self.amount = amount
        self.fee = fee
        self.memo = memo
        self.fromSubaccount = fromSubaccount
        self.createdAtTime = createdAtTime
    }

    /// ICRC-1's `Account`.
    public static let account = CandidType.record([("owner", .principal), ("subaccount", .opt(.blob))])
    public static let argumentType = CandidType.record([
        ("to", account), ("fee", .opt(.nat)), ("memo", .opt(.blob)), ("from_subaccount", .opt(.blob)),
        ("created_at_time", .opt(.nat64)), ("amount", .nat),
    ])

    /// The call's Candid argument bytes.
    public func argumentBytes() throws(ICPError) -> [UInt8] {
        let value: CandidValue = .record(
            sortedFields([
                CandidFieldValue("to", to.candid), CandidFieldValue("fee", .opt(fee.map { .nat($0) })),
                CandidFieldValue("memo", .opt(memo.map { .blob($0) })),
                CandidFieldValue("from_subaccount", .opt(fromSubaccount.map { .blob($0) })),
                CandidFieldValue("created_at_time", .opt(createdAtTime.map { .nat64($0) })),
                CandidFieldValue("amount", .nat(amount)),
            ]))
        return try ICPError.catchingCandid { () throws(CandidError) in
            try CandidEncoder.encode([(Self.argumentType, value)])
        }
    }

    public init(candid message: CandidMessage) throws(ICPError) {
        guard message.hasArgumentTypes([Self.argumentType]), let value = message.values.first else {
            throw .notRecord("the ICRC-1 TransferArg record")
        }
        guard case let .nat(amount)? = value["amount"] else { throw .incomplete("the TransferArg record") }
        to = try ICRC1Account(candid: value["to"])
        self.amount = amount
        fee = try optionalNat(value["fee"])
        memo = try Self.memo(value["memo"])
        fromSubaccount = try decodedSubaccount(value["from_subaccount"])
        createdAtTime = try optionalNat64(value["created_at_time"])
    }

    /// An optional memo of at most `maxMemoLength` bytes.
    static func memo(_ value: CandidValue?) throws(ICPError) -> [UInt8]? {
        guard case let .opt(inner)? = value else { throw .missing("memo") }
        guard let inner else { return nil }
        guard case let .blob(bytes) = inner, bytes.count <= maxMemoLength else {
            throw .tooLong(field: "memo", limit: maxMemoLength)
        }
        return bytes
    }
}

/// An optional subaccount value: absent, or a 32-byte blob.
func decodedSubaccount(_ value: CandidValue?) throws(ICPError) -> [UInt8]? {
    if case let .opt(inner)? = value { return try decodedSubaccount(inner) }
    guard let value else { return nil }
    guard case let .blob(bytes) = value, bytes.count == 32 else {
        throw .notOfKind(what: "a subaccount", expected: "32 bytes")
    }
    return bytes
}

/// Record fields in id order, as the wire and `CandidType.record` have them.
func sortedFields(_ fields: [CandidFieldValue]) -> [CandidFieldValue] { fields.sorted { $0.id < $1.id } }
