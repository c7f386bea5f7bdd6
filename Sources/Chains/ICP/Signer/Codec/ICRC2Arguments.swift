import AirsignCandid
import AirsignEncoding
import BigInt

/// ICRC-2's `icrc2_approve(ApproveArgs)` (rs/ledger_suite/icrc1/ledger/ledger.did, the ICP
/// ledger's too): let `spender` take up to `amount` from the caller's account.
public struct ICRC2Approve: Equatable, Sendable {
    public static let method = "icrc2_approve"
    public var fromSubaccount: [UInt8]?
    public var spender: ICRC1Account
    public var amount: BigUInt
    /// Refuse the approval unless the current allowance is this (a guard against races).
    public var expectedAllowance: BigUInt?
    /// Nanoseconds since 1970.
    public var expiresAt: UInt64?
    public var fee: BigUInt?
    public var memo: [UInt8]?
    public var createdAtTime: UInt64?

    public init(
        fromSubaccount: [UInt8]?, spender: ICRC1Account, amount: BigUInt, expectedAllowance: BigUInt?,
        expiresAt: UInt64?,
        fee: BigUInt?, memo: [UInt8]?, createdAtTime: UInt64?
    ) {
        self.fromSubaccount = fromSubaccount
        self.spender = spender
        self.amount = amount
        self.expectedAllowance = expectedAllowance
        self.expiresAt = expiresAt
        self.fee = fee
        self.memo = memo
        self.createdAtTime = createdAtTime
    }

    public static let argumentType = CandidType.record([
        ("from_subaccount", .opt(.blob)), ("spender", ICRC1Transfer.account), ("amount", .nat),
        ("expected_allowance", .opt(.nat)),
        ("expires_at", .opt(.nat64)), ("fee", .opt(.nat)), ("memo", .opt(.blob)), ("created_at_time", .opt(.nat64)),
    ])

    /// The call's Candid argument bytes.
    public func argumentBytes() throws(ICPError) -> [UInt8] {
        let value: CandidValue = .record(
            sortedFields([
                CandidFieldValue("from_subaccount", .opt(fromSubaccount.map { .blob($0) })),
                CandidFieldValue("spender", spender.candid),
                CandidFieldValue("amount", .nat(amount)),
                CandidFieldValue("expected_allowance", .opt(expectedAllowance.map { .nat($0) })),
                CandidFieldValue("expires_at", .opt(expiresAt.map { .nat64($0) })),
                CandidFieldValue("fee", .opt(fee.map { .nat($0) })),
                CandidFieldValue("memo", .opt(memo.map { .blob($0) })),
                CandidFieldValue("created_at_time", .opt(createdAtTime.map { .nat64($0) })),
            ]))
        return try ICPError.catchingCandid { () throws(CandidError) in
            try CandidEncoder.encode([(Self.argumentType, value)])
        }
    }

    /// Decodes the arguments of an `icrc2_approve` call: exactly one argument of exactly this type.
    public init(candid message: CandidMessage) throws(ICPError) {
        guard message.hasArgumentTypes([Self.argumentType]), let value = message.values.first else {
            throw .notRecord("ICRC-2\'s ApproveArgs record")
        }
        guard case let .nat(amount)? = value["amount"] else { throw .incomplete("the ApproveArgs record") }
        fromSubaccount = try decodedSubaccount(value["from_subaccount"])
        spender = try ICRC1Account(candid: value["spender"])
        self.amount = amount
        expectedAllowance = try optionalNat(value["expected_allowance"])
        expiresAt = try optionalNat64(value["expires_at"])
        fee = try optionalNat(value["fee"])
        memo = try ICRC1Transfer.memo(value["memo"])
        createdAtTime = try optionalNat64(value["created_at_time"])
    }
}

/// ICRC-2's `icrc2_transfer_from(TransferFromArgs)`: the caller, as a spender, moves tokens
/// from `from` (which approved it) to `to`.
public struct ICRC2TransferFrom: Equatable, Sendable {
    public static let method = "icrc2_transfer_from"
    public var spenderSubaccount: [UInt8]?
    public var from: ICRC1Account
    public var to: ICRC1Account
    public var amount: BigUInt
    public var fee: BigUInt?
    public var memo: [UInt8]?
    public var createdAtTime: UInt64?

    public init(
        spenderSubaccount: [UInt8]?, from: ICRC1Account, to: ICRC1Account, amount: BigUInt, fee: BigUInt?,
        memo: [UInt8]?,
        createdAtTime: UInt64?
    ) {
        self.spenderSubaccount = spenderSubaccount
        self.from = from
        self.to = to
        self.amount = amount
        self.fee = fee
        self.memo = memo
        self.createdAtTime = createdAtTime
    }

    public static let argumentType = CandidType.record([
        ("spender_subaccount", .opt(.blob)), ("from", ICRC1Transfer.account), ("to", ICRC1Transfer.account),
        ("amount", .nat),
        ("fee", .opt(.nat)), ("memo", .opt(.blob)), ("created_at_time", .opt(.nat64)),
    ])

    /// The call's Candid argument bytes.
    public func argumentBytes() throws(ICPError) -> [UInt8] {
        let value: CandidValue = .record(
            sortedFields([
                CandidFieldValue("spender_subaccount", .opt(spenderSubaccount.map { .blob($0) })),
                CandidFieldValue("from", from.candid),
                CandidFieldValue("to", to.candid), CandidFieldValue("amount", .nat(amount)),
                CandidFieldValue("fee", .opt(fee.map { .nat($0) })),
                CandidFieldValue("memo", .opt(memo.map { .blob($0) })),
                CandidFieldValue("created_at_time", .opt(createdAtTime.map { .nat64($0) })),
            ]))
        return try ICPError.catchingCandid { () throws(CandidError) in
            try CandidEncoder.encode([(Self.argumentType, value)])
        }
    }

    public init(candid message: CandidMessage) throws(ICPError) {
        guard message.hasArgumentTypes([Self.argumentType]), let value = message.values.first else {
            throw .notRecord("ICRC-2\'s TransferFromArgs record")
        }
        guard case let .nat(amount)? = value["amount"] else { throw .incomplete("the TransferFromArgs record") }
        spenderSubaccount = try decodedSubaccount(value["spender_subaccount"])
        from = try ICRC1Account(candid: value["from"])
        to = try ICRC1Account(candid: value["to"])
        self.amount = amount
        fee = try optionalNat(value["fee"])
        memo = try ICRC1Transfer.memo(value["memo"])
        createdAtTime = try optionalNat64(value["created_at_time"])
    }
}

extension ICRC1Account {
    /// The account as ICRC-1's `record { owner : principal; subaccount : opt blob }` value.
    public var candid: CandidValue {
        .record(
            sortedFields([
                CandidFieldValue("owner", .principal(owner)),
                CandidFieldValue("subaccount", .opt(subaccount.map { .blob($0) })),
            ]))
    }

    /// Reads that record (the type already checked).
    init(candid value: CandidValue?) throws(ICPError) {
        guard case let .principal(owner)? = value?["owner"], case let .opt(sub)? = value?["subaccount"] else {
            throw .incomplete("an ICRC-1 account record")
        }
        try self.init(owner: owner, subaccount: try decodedSubaccount(sub))
    }
}

func optionalNat(_ value: CandidValue?) throws(ICPError) -> BigUInt? {
    guard case let .opt(inner)? = value else { throw .missing("an optional nat") }
    guard let inner else { return nil }
    guard case let .nat(n) = inner else { throw .notOfKind(what: "an optional nat", expected: "a nat") }
    return n
}

func optionalNat64(_ value: CandidValue?) throws(ICPError) -> UInt64? {
    guard case let .opt(inner)? = value else { throw .missing("an optional nat64") }
    guard let inner else { return nil }
    guard case let .nat64(n) = inner else { throw .notOfKind(what: "an optional nat64", expected: "a nat64") }
    return n
}
