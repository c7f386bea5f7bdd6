import AirsignEncoding

/// The ICP ledger's older `send_dfx(SendArgs)`: the same transfer as `transfer`, with the
/// destination as the account identifier's hex text (the ICP ledger's `ledger.did`).
public struct ICPLedgerSend: Equatable, Sendable {
    public static let method = "send_dfx"
    public var to: ICPAccountIdentifier
    /// e8s.
    public var amount: UInt64
    public var fee: UInt64
    public var memo: UInt64
    public var fromSubaccount: [UInt8]?
    /// Nanoseconds since 1970.
    public var createdAtTime: UInt64?

    public init(to: ICPAccountIdentifier, amount: UInt64, fee: UInt64, memo: UInt64, fromSubaccount: [UInt8]?, createdAtTime: UInt64?) {
        (self.to, self.amount, self.fee, self.memo, self.fromSubaccount, self.createdAtTime) = (to, amount, fee, memo, fromSubaccount, createdAtTime)
    }

    public static let argumentType = CandidType.record([
        ("to", .text), ("fee", ICPLedgerTransfer.tokens), ("memo", .nat64), ("from_subaccount", .opt(.blob)),
        ("created_at_time", .opt(.record([("timestamp_nanos", .nat64)]))), ("amount", ICPLedgerTransfer.tokens),
    ])

    /// The call's Candid argument bytes.
    public func argumentBytes() throws(ICPError) -> [UInt8] {
        let value: CandidValue = .record(sortedFields([
            CandidFieldValue("to", .text(to.hex)), CandidFieldValue("fee", .record([CandidFieldValue("e8s", .nat64(fee))])),
            CandidFieldValue("memo", .nat64(memo)), CandidFieldValue("from_subaccount", .opt(fromSubaccount.map { .blob($0) })),
            CandidFieldValue("created_at_time", .opt(createdAtTime.map { .record([CandidFieldValue("timestamp_nanos", .nat64($0))]) })),
            CandidFieldValue("amount", .record([CandidFieldValue("e8s", .nat64(amount))])),
        ]))
        return try CandidEncoder.encode([(Self.argumentType, value)])
    }

    /// The same transfer in `transfer`'s form, which the review reads.
    public var transfer: ICPLedgerTransfer {
        ICPLedgerTransfer(to: to, amount: amount, fee: fee, memo: memo, fromSubaccount: fromSubaccount, createdAtTime: createdAtTime)
    }

    /// Decodes the arguments of a `send_dfx` call: exactly one argument of exactly this type,
    /// the destination a valid account identifier (its CRC checked).
    public init(candid message: CandidMessage) throws(ICPError) {
        guard message.hasArgumentTypes([Self.argumentType]), let value = message.values.first else {
            throw .refused("the arguments are not the ledger's SendArgs record")
        }
        guard case let .text(to)? = value["to"], case let .nat64(fee)? = value["fee"]?["e8s"],
              case let .nat64(memo)? = value["memo"], case let .opt(from)? = value["from_subaccount"],
              case let .opt(created)? = value["created_at_time"], case let .nat64(amount)? = value["amount"]?["e8s"]
        else {
            throw .refused("the SendArgs record is incomplete")
        }
        do { self.to = try ICPAccountIdentifier(hex: to) } catch { throw .malformed(field: "to", reason: "\(error)") }
        self.fee = fee
        self.memo = memo
        self.amount = amount
        self.fromSubaccount = try decodedSubaccount(from)
        if let created {
            guard case let .nat64(nanos)? = created["timestamp_nanos"] else { throw .refused("created_at_time is incomplete") }
            createdAtTime = nanos
        } else {
            createdAtTime = nil
        }
    }
}
