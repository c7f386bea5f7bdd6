import AirsignEncoding
import AirsignICP
import AirsignKeys
import AirsignMessages
import BigInt

/// Builds the watch's ICP sign requests: ledger transfers (`transfer` to a 64-hex account id,
/// `icrc1_transfer` to a principal or ICRC-1 account text, as quill does) and any other update
/// call, each as one content or, with `validFor`, a series of the same content in consecutive
/// 5-minute expiry windows.
public enum ICPRequestBuilder {
    /// The IC refuses a call whose expiry is more than about 5 minutes ahead.
    public static let window: Int64 = 300
    /// Longest `--valid-for`: the ledger refuses transfers whose created_at_time is more than
    /// 24 hours old, so the last window must close well before that.
    public static let maxValidFor: Int64 = 23 * 3600
    public static let defaultFeeE8s: UInt64 = 10_000

    public struct Transfer: Sendable {
        public var to: String
        public var amount: String
        public var fee: String?
        public var memo: UInt64?
        public var fromSubaccount: String?
        /// Nil for the ICP ledger.
        public var ledger: String?
        public var decimals: Int?
        public var symbol: String?

        public init(
            to: String, amount: String, fee: String? = nil, memo: UInt64? = nil, fromSubaccount: String? = nil,
            ledger: String? = nil, decimals: Int? = nil, symbol: String? = nil
        ) {
            self.to = to
            self.amount = amount
            self.fee = fee
            self.memo = memo
            self.fromSubaccount = fromSubaccount
            self.ledger = ledger
            self.decimals = decimals
            self.symbol = symbol
        }
    }

    /// `1h`, `90m`, `600s`, `23h` → seconds (at most 23 hours, at least one window).
    public static func duration(_ text: String) throws(ICPError) -> Int64 {
        let units: [(Character, Int64)] = [("s", 1), ("m", 60), ("h", 3600)]
        guard let last = text.last, let unit = units.first(where: { $0.0 == last }),
            let number = Int64(text.dropLast()), number > 0
        else {
            throw .malformed(field: "--valid-for", reason: "\"\(text)\" is not a duration such as 90m or 6h")
        }
        let (seconds, overflow) = number.multipliedReportingOverflow(by: unit.1)
        guard !overflow, seconds <= maxValidFor else { throw .malformed(field: "--valid-for", reason: "at most 23h") }
        guard seconds >= window else {
            throw .malformed(field: "--valid-for", reason: "at least 5m (one expiry window)")
        }
        return seconds
    }

    /// A subaccount as quill reads it: up to 64 hex digits, right-aligned in 32 bytes.
    public static func subaccount(_ text: String) throws(ICPError) -> [UInt8] {
        guard !text.isEmpty, text.utf8.count <= 64 else {
            throw .malformed(field: "subaccount", reason: "1 to 64 hex digits")
        }
        do { return try Hex.decode(String(repeating: "0", count: 64 - text.utf8.count) + text) } catch {
            throw .malformed(field: "subaccount", reason: "\(error)")
        }
    }

    /// The ledger canister (`--ledger`, default the ICP ledger) and its decimals: the signer's
    /// table's for a known ledger (a different `--decimals` is refused), else `--decimals`.
    public static func ledger(_ text: String?, decimals: Int?) throws(ICPError) -> (canister: Principal, decimals: Int)
    {
        guard let text else { return (ICPLedger.icp.canister, 8) }
        let canister: Principal
        do { canister = try Principal(text: text) } catch { throw .malformed(field: "--ledger", reason: "\(error)") }
        let known = ICPLedger.known(canister)
        guard let d = decimals ?? known?.decimals else {
            throw .malformed(field: "--decimals", reason: "needed for a ledger this build does not know")
        }
        if let knownDecimals = known?.decimals, knownDecimals != d {
            throw .malformed(
                field: "--decimals", reason: "\(known?.symbol ?? "this ledger") has \(knownDecimals) decimals, not \(d)"
            )
        }
        return (canister, d)
    }

    /// The Candid arguments and method of a transfer.
    public static func transferCall(_ transfer: Transfer, createdAt: UInt64) throws(ICPError) -> (
        canister: Principal, method: String, arg: [UInt8]
    ) {
        let from = try transfer.fromSubaccount.map { (s: String) throws(ICPError) in try subaccount(s) }
        let (canister, decimals) = try ledger(transfer.ledger, decimals: transfer.decimals)
        let amount = try TokenAmount.parse(transfer.amount, decimals: decimals, field: "--amount")
        let fee = try transfer.fee.map { (f: String) throws(ICPError) in
            try TokenAmount.parse(f, decimals: decimals, field: "--fee")
        }
        let isICP = canister == ICPLedger.icp.canister
        if transfer.to.utf8.count == 64, !transfer.to.contains("-") {
            guard isICP else {
                throw .malformed(
                    field: "--to",
                    reason: "a 64-hex account identifier is for the ICP ledger only; give a principal or ICRC-1 account"
                )
            }
            let to: ICPAccountIdentifier
            do { to = try ICPAccountIdentifier(hex: transfer.to) } catch {
                throw .malformed(field: "--to", reason: "\(error)")
            }
            guard amount.bitWidth <= 64, (fee ?? 0).bitWidth <= 64 else {
                throw .malformed(field: "--amount", reason: "too large for the ICP ledger")
            }
            let args = ICPLedgerTransfer(
                to: to, amount: UInt64(amount), fee: fee.map { UInt64($0) } ?? defaultFeeE8s, memo: transfer.memo ?? 0,
                fromSubaccount: from, createdAtTime: createdAt)
            return (canister, ICPLedgerTransfer.method, try args.argumentBytes())
        }
        let to = try ICRC1Account(text: transfer.to)
        let memo = transfer.memo.map(ICRC2Builder.memoBytes)
        let args = ICRC1Transfer(
            to: to, amount: amount, fee: fee ?? (isICP ? BigUInt(defaultFeeE8s) : nil), memo: memo,
            fromSubaccount: from, createdAtTime: createdAt)
        return (canister, ICRC1Transfer.method, try args.argumentBytes())
    }

    /// A sign request for `account` calling `method` on `canister` with `arg`: one content
    /// expiring 5 minutes from `now`, or with `validFor` the series of windows covering it;
    /// `interface` is the method's `.did` fragment the signer may name the arguments with.
    /// The call in the first expiry window `request` builds: what a consent message is fetched for.
    public static func firstCall(account: MessageAccount, canister: Principal, method: String, arg: [UInt8], now: Int64)
        throws -> ICPCallContent
    {
        ICPCallContent(
            sender: try ICPIdentity(publicKey: account.publicKey).principal, canisterID: canister, methodName: method,
            arg: arg, ingressExpiry: (UInt64(max(0, now)) + UInt64(window)) * ICPTime.nanosPerSecond)
    }

    public static func request(
        account: MessageAccount, canister: Principal, method: String, arg: [UInt8], now: Int64,
        validFor: Int64?, interface: String? = nil, consent: ICRC21Attachment? = nil, note: String? = nil
    ) throws -> SignRequest {
        let identity = try ICPIdentity(publicKey: account.publicKey)
        let windows = validFor.map { Int(($0 + window - 1) / window) } ?? 1
        let start = UInt64(max(0, now))
        let contents: [JSONValue] = (1...windows).map { i in
            let call = ICPCallContent(
                sender: identity.principal, canisterID: canister, methodName: method, arg: arg,
                ingressExpiry: (start + UInt64(i) * UInt64(window)) * ICPTime.nanosPerSecond)
            return .string(Hex.encode(ICPRequestContent.call(call).encoded))
        }
        var members: [(key: String, value: JSONValue)] =
            windows == 1
            ? [("type", .string("call")), ("content", contents[0])]
            : [("type", .string("call")), ("contents", .array(contents))]
        if let interface { members.append(("interface", .string(interface))) }
        if let consent {
            members.append(
                (
                    "consent",
                    .object([
                        ("request", .string(Hex.encode(ICPRequestContent.call(consent.request).encoded))),
                        ("certificate", .string(Hex.encode(consent.certificate))),
                    ])
                ))
        }
        let payload: JSONValue = .object(members)
        return try SignRequest.make(
            chain: ChainID(Chain.icp), network: ICPChain.network, account: account, payload: payload, note: note)
    }
}
