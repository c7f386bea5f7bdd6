import AirsignEncoding
import AirsignICP
import BigInt

/// ICRC-2 calls on a ledger (the ICP ledger by default): `icrc2_approve` lets a spender take
/// up to an allowance from this account; `icrc2_transfer_from` takes from an account that
/// approved this one. Both carry created_at_time = now, so the ledger deduplicates them.
public enum ICRC2Builder {
    /// The options both commands share: amounts are in the ledger's tokens.
    public struct Common: Sendable {
        public var amount: String
        public var fee: String?
        public var memo: UInt64?
        /// The signing account's subaccount (approve: the one approved from; transfer-from:
        /// the spender's).
        public var subaccount: String?
        public var ledger: String?
        public var decimals: Int?

        public init(
            amount: String, fee: String? = nil, memo: UInt64? = nil, subaccount: String? = nil, ledger: String? = nil,
            decimals: Int? = nil
        ) {
            self.amount = amount
            self.fee = fee
            self.memo = memo
            self.subaccount = subaccount
            self.ledger = ledger
            self.decimals = decimals
        }
    }

    struct Parsed {
        let canister: Principal
        let decimals: Int
        let amount: BigUInt
        let fee: BigUInt?
        let memo: [UInt8]?
        let subaccount: [UInt8]?
    }

    static func parse(_ common: Common, subaccountField: String) throws(ICPError) -> Parsed {
        let (canister, decimals) = try ICPRequestBuilder.ledger(common.ledger, decimals: common.decimals)
        let amount = try TokenAmount.parse(common.amount, decimals: decimals, field: "--amount")
        let fee = try common.fee.map { (f: String) throws(ICPError) in
            try TokenAmount.parse(f, decimals: decimals, field: "--fee")
        }
        let subaccount: [UInt8]?
        do {
            subaccount = try common.subaccount.map { (s: String) throws(ICPError) in try ICPRequestBuilder.subaccount(s)
            }
        } catch {
            throw .malformed(field: subaccountField, reason: "\(error)")
        }
        return Parsed(
            canister: canister, decimals: decimals, amount: amount,
            fee: fee ?? (canister == ICPLedger.icp.canister ? BigUInt(ICPRequestBuilder.defaultFeeE8s) : nil),
            memo: common.memo.map(memoBytes), subaccount: subaccount)
    }

    /// A 64-bit memo as its 8 big-endian bytes (as `transfer` does for ICRC-1).
    static func memoBytes(_ memo: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: memo >> (56 - 8 * UInt64($0))) }
    }

    static func account(_ text: String, field: String) throws(ICPError) -> ICRC1Account {
        do { return try ICRC1Account(text: text) } catch { throw .malformed(field: field, reason: "\(error)") }
    }

    /// `icrc2_approve`: `spender` may take up to `common.amount`; `expectedAllowance` (tokens)
    /// makes the ledger refuse unless the current allowance is exactly that; `expiresAt` in
    /// nanoseconds since 1970.
    public static func approve(
        _ common: Common, spender: String, expectedAllowance: String?, expiresAt: UInt64?,
        createdAt: UInt64
    ) throws(ICPError) -> (canister: Principal, method: String, arg: [UInt8]) {
        let parsed = try parse(common, subaccountField: "--from-subaccount")
        let expected = try expectedAllowance.map { (t: String) throws(ICPError) in
            try TokenAmount.parse(t, decimals: parsed.decimals, field: "--expected-allowance")
        }
        let args = ICRC2Approve(
            fromSubaccount: parsed.subaccount, spender: try account(spender, field: "--spender"), amount: parsed.amount,
            expectedAllowance: expected, expiresAt: expiresAt, fee: parsed.fee, memo: parsed.memo,
            createdAtTime: createdAt)
        return (parsed.canister, ICRC2Approve.method, try args.argumentBytes())
    }

    /// `icrc2_transfer_from`: moves `common.amount` from `from` (which approved this account)
    /// to `to`.
    public static func transferFrom(
        _ common: Common, from: String, to: String,
        createdAt: UInt64
    ) throws(ICPError) -> (canister: Principal, method: String, arg: [UInt8]) {
        let parsed = try parse(common, subaccountField: "--spender-subaccount")
        let args = ICRC2TransferFrom(
            spenderSubaccount: parsed.subaccount, from: try account(from, field: "--from-account"),
            to: try account(to, field: "--to"), amount: parsed.amount, fee: parsed.fee, memo: parsed.memo,
            createdAtTime: createdAt)
        return (parsed.canister, ICRC2TransferFrom.method, try args.argumentBytes())
    }
}
