import AirsignEncoding
import AirsignOnline
import AirsignStellar

/// A Stellar RPC server (JSON-RPC 2.0, named parameters), as far as the watch needs one:
/// `simulateTransaction`, `getLedgerEntries` (an account's sequence number), `sendTransaction`
/// and `getTransaction`. The reply shapes are those of the Stellar RPC documentation
/// (developers.stellar.org/docs/data/apis/rpc/api-reference/methods); every XDR field is
/// decoded strictly here, so a garbled reply is an `OnlineError.badReply` naming the field.
public struct StellarRPC: Sendable {
    public let client: JSONRPCClient

    public init(url: String, transport: any HTTPTransport) throws(OnlineError) {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else { throw .badURL(url) }
        client = JSONRPCClient(url: url, transport: transport)
    }

    public var url: String { client.url }

    /// What `simulateTransaction` found: the Soroban data to attach (footprint, resources and
    /// resource fee), the authorizations the invocation needs, and its return value.
    public struct Simulation: Sendable {
        public let transactionData: SorobanTransactionData
        public let minResourceFee: Int64
        public let auth: [SorobanAuthorizationEntry]
        public let returnValue: SCVal?
        public let latestLedger: UInt32
    }

    /// Simulates the unsigned envelope. A simulation error (`result.error`) or a `restorePreamble`
    /// (archived entries to restore first) is refused with the server's words.
    public func simulate(_ envelope: TransactionEnvelope) throws -> Simulation {
        let result = try client.call(
            "simulateTransaction", params: .object([(key: "transaction", value: .string(try envelope.base64()))]))
        if case let .string(error)? = result["error"] {
            throw OnlineError.unexpected(url: url, reason: "simulateTransaction failed: \(error)")
        }
        if let preamble = result["restorePreamble"], preamble != .null {
            throw OnlineError.unexpected(
                url: url,
                reason: "simulateTransaction: archived ledger entries must be restored first "
                    + "(airsign-watch stellar restore)")
        }
        let data = try field(result, "transactionData", "simulateTransaction") {
            try SorobanTransactionData(base64: $0)
        }
        let fee = try integer(result, "minResourceFee", "simulateTransaction")
        var auth: [SorobanAuthorizationEntry] = []
        var returnValue: SCVal?
        if case let .array(results)? = result["results"], let first = results.first {
            if case let .array(entries)? = first["auth"] {
                for (index, entry) in entries.enumerated() {
                    auth.append(
                        try field(entry, nil, "simulateTransaction results[0].auth[\(index)]") {
                            try SorobanAuthorizationEntry(base64: $0)
                        })
                }
            }
            if case let .string(text)? = first["xdr"] {
                do { returnValue = try SCVal(xdr: try StellarBase64.decode(text)) } catch {
                    throw OnlineError.badReply(url: url, reason: "simulateTransaction results[0].xdr: \(error)")
                }
            }
        }
        guard fee >= 0, data.resourceFee >= 0 else {
            throw OnlineError.badReply(url: url, reason: "simulateTransaction: a negative resource fee")
        }
        let ledger = try integer(result, "latestLedger", "simulateTransaction")
        guard let latest = UInt32(exactly: ledger) else {
            throw OnlineError.badReply(url: url, reason: "simulateTransaction: latestLedger \(ledger)")
        }
        return Simulation(
            transactionData: data, minResourceFee: fee, auth: auth, returnValue: returnValue, latestLedger: latest)
    }

    /// The account's current sequence number, read from its ledger entry (`getLedgerEntries`
    /// with the account's `LedgerKey`; the entry's `xdr` is its `LedgerEntryData`).
    public func sequence(of account: AccountID) throws -> Int64 {
        let key = StellarBase64.encode(try LedgerKey.account(account).xdr())
        let result = try client.call(
            "getLedgerEntries", params: .object([(key: "keys", value: .array([.string(key)]))]))
        guard case let .array(entries)? = result["entries"],
            let entry = entries.first(where: { $0["key"] == .string(key) })
        else {
            throw OnlineError.unexpected(
                url: url, reason: "account \(account) does not exist on this network (getLedgerEntries found no entry)")
        }
        return try field(entry, "xdr", "getLedgerEntries entries[0]") { text throws in
            try AccountEntryPrefix(xdr: try StellarBase64.decode(text), account: account).sequence
        }
    }

    /// What `sendTransaction` answered: `PENDING` (accepted for the next ledgers), `DUPLICATE`,
    /// `TRY_AGAIN_LATER` or `ERROR` (with the result XDR of the rejection).
    public struct Sent: Sendable {
        public let status: String
        public let hash: String
        public let errorResultXDR: String?
    }

    public func send(_ envelope: TransactionEnvelope) throws -> Sent {
        let result = try client.call(
            "sendTransaction", params: .object([(key: "transaction", value: .string(try envelope.base64()))]))
        guard case let .string(status)? = result["status"],
            ["PENDING", "DUPLICATE", "TRY_AGAIN_LATER", "ERROR"].contains(status)
        else {
            throw OnlineError.badReply(
                url: url, reason: "sendTransaction: status is not PENDING, DUPLICATE, TRY_AGAIN_LATER or ERROR")
        }
        guard case let .string(hash)? = result["hash"] else {
            throw OnlineError.badReply(url: url, reason: "sendTransaction: no hash")
        }
        var error: String?
        if case let .string(text)? = result["errorResultXdr"] { error = text }
        return Sent(status: status, hash: hash, errorResultXDR: error)
    }

    /// What `getTransaction` answered: `SUCCESS`, `FAILED` (with ledger and result XDR) or
    /// `NOT_FOUND` (not in a ledger yet, or too old), with the `TransactionResult` and
    /// `TransactionMeta` XDR of a transaction in a ledger (decoded by `StellarRPCSubmission`).
    public struct Status: Sendable {
        public let status: String
        public let ledger: Int64?
        public let resultXDR: String?
        public let resultMetaXDR: String?
    }

    public func transaction(hash: String) throws -> Status {
        let result = try client.call("getTransaction", params: .object([(key: "hash", value: .string(hash))]))
        guard case let .string(status)? = result["status"], ["SUCCESS", "FAILED", "NOT_FOUND"].contains(status) else {
            throw OnlineError.badReply(url: url, reason: "getTransaction: status is not SUCCESS, FAILED or NOT_FOUND")
        }
        var ledger: Int64?
        if let value = result["ledger"] { ledger = try? value.asInt64() }
        var resultXDR: String?
        if case let .string(text)? = result["resultXdr"] { resultXDR = text }
        var metaXDR: String?
        if case let .string(text)? = result["resultMetaXdr"] { metaXDR = text }
        return Status(status: status, ledger: ledger, resultXDR: resultXDR, resultMetaXDR: metaXDR)
    }

    /// `object[name]` (or `object` itself when `name` is nil) as a string, parsed by `parse`;
    /// a missing or unreadable field names the method and field.
    private func field<T>(_ object: JSONValue, _ name: String?, _ method: String, _ parse: (String) throws -> T) throws
        -> T
    {
        let place = name.map { "\(method) \($0)" } ?? method
        guard case let .string(text)? = name.map({ object[$0] }) ?? object else {
            throw OnlineError.badReply(url: url, reason: "\(place) is missing (a base64 string)")
        }
        do { return try parse(text) } catch { throw OnlineError.badReply(url: url, reason: "\(place): \(error)") }
    }

    /// A number, or a decimal string (Stellar RPC writes 64-bit values as strings).
    private func integer(_ object: JSONValue, _ name: String, _ method: String) throws -> Int64 {
        if case let .string(text)? = object[name], let value = Int64(text) { return value }
        if let value = object[name], let number = try? value.asInt64() { return number }
        throw OnlineError.badReply(url: url, reason: "\(method) \(name) is missing (an integer)")
    }
}

/// The start of an account's `LedgerEntryData` (Stellar-ledger-entries.x `AccountEntry`): type
/// ACCOUNT, the account id, balance and sequence number. The rest (thresholds, signers, …) is
/// not needed and not read.
struct AccountEntryPrefix {
    let sequence: Int64

    init(xdr bytes: [UInt8], account: AccountID) throws {
        var r = XDRReader(bytes)
        guard try r.readInt32() == 0 else { throw StellarError.soroban(.notAccountEntry) }
        guard try r.readInt32() == 0, try r.readFixedOpaque(count: 32) == account.publicKey else {
            throw StellarError.soroban(.otherAccountEntry)
        }
        _ = try r.readInt64()  // balance
        sequence = try r.readInt64()
        guard sequence >= 0 else { throw StellarError.soroban(.negativeSequence) }
    }
}
