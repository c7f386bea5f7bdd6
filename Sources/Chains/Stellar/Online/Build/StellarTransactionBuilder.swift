import AirsignEncoding
import AirsignMessages
import AirsignOnline
import AirsignStellar
import AirsignWatch

/// What `airsign-watch stellar <operation>` builds a transaction from: the watch-only source
/// account, the network, the sequence number and fee (given, or read from Horizon), memo,
/// validity and the operations. `build` returns the sign request (not yet issued) and the
/// unsigned envelope.
public struct StellarTransactionBuilder: Sendable {
    public var from: String
    public var network: StellarNetwork
    /// The transaction's own sequence number (the account's current one plus 1).
    public var sequence: Int64?
    public var horizon: StellarHorizon?
    /// The fee per operation in stroops; default Horizon's base fee, else 100.
    public var feePerOperation: UInt32?
    public var memo: Memo
    /// Latest ledger close time (seconds since 1970) at which the transaction is valid.
    public var validUntil: UInt64?
    public var operations: [StellarOperationSpec]
    public var note: String?
    /// The watch-only accounts asked to sign, one request each (multisig); empty means `from`.
    public var signers: [String]

    public init(from: String, network: StellarNetwork, sequence: Int64? = nil, horizon: StellarHorizon? = nil, feePerOperation: UInt32? = nil,
                memo: Memo = .none, validUntil: UInt64? = nil, operations: [StellarOperationSpec], note: String? = nil, signers: [String] = []) {
        self.from = from
        self.network = network
        self.sequence = sequence
        self.horizon = horizon
        self.feePerOperation = feePerOperation
        self.memo = memo
        self.validUntil = validUntil
        self.operations = operations
        self.note = note
        self.signers = signers
    }

    /// The default fee per operation when neither `--fee` nor Horizon gives one (the network's
    /// minimum base fee).
    public static let defaultFee: UInt32 = 100

    /// Builds the request for the watch-only account `from` found in `accounts`. Everything
    /// offline is checked before Horizon is asked.
    public func build(accounts: WatchStore) throws -> (request: SignRequest, envelope: TransactionEnvelope) {
        let (requests, envelope) = try buildAll(accounts: accounts)
        guard let first = requests.first else { throw StellarError.request("no signer") }
        return (first, envelope)
    }

    /// One request per signer (`signers`, or `from` alone), all for the same envelope.
    public func buildAll(accounts: WatchStore) throws -> (requests: [SignRequest], envelope: TransactionEnvelope) {
        guard let networkID = network.caip2 else {
            throw StellarError.request("network \(network) has no sign-request id: Airsign signs for pubnet, testnet and futurenet")
        }
        let source = try AccountID(from)
        var signing: [MessageAccount] = []
        for address in signers.isEmpty ? [from] : signers {
            _ = try AccountID(address)
            let stored = try accounts.accounts(withAddress: address).filter { $0.account.chain == .stellar }
            guard let account = stored.first(where: { $0.account.network == networkID }) ?? stored.first else {
                throw WatchError.accountNotFound(address)
            }
            let message = try MessageAccount(address: account.account.address, publicKey: account.account.publicKey)
            guard !signing.contains(message) else { throw StellarError.request("signer \(address) is given twice") }
            signing.append(message)
        }
        guard (1 ... 100).contains(operations.count) else { throw StellarError.operationCount(operations.count) }
        var ops: [Operation] = []
        for (index, spec) in operations.enumerated() {
            do { ops.append(try spec.operation()) } catch { throw StellarError.inOperation(index: index, error) }
        }
        let sequence: Int64
        if let given = self.sequence {
            sequence = given
        } else if let horizon {
            let (next, overflow) = try horizon.sequence(of: source.description).addingReportingOverflow(1)
            guard !overflow else { throw StellarError.request("the account's sequence number cannot grow any more") }
            sequence = next
        } else {
            throw StellarError.request("give the sequence number with --seq N, or --horizon URL to read it")
        }
        let perOperation = try feePerOperation ?? horizon?.baseFee() ?? Self.defaultFee
        let (fee, overflow) = perOperation.multipliedReportingOverflow(by: UInt32(ops.count))
        guard !overflow else { throw StellarError.request("a fee of \(perOperation) stroops × \(ops.count) operations does not fit 32 bits") }
        let preconditions: Preconditions = validUntil.map { .time(TimeBounds(minTime: 0, maxTime: $0)) } ?? .none
        let tx = Transaction(source: try MuxedAccount(publicKey: source.publicKey), fee: fee, sequence: sequence,
                             preconditions: preconditions, memo: memo, operations: ops)
        let envelope = TransactionEnvelope.v1(tx, signatures: [])
        let payload = try StellarChain.payload(envelope, network: network)
        let requests = try signing.map { try SignRequest.make(chain: ChainID(.stellar), network: networkID, account: $0, payload: payload, note: note) }
        return (requests, envelope)
    }

    /// `--valid-until`: seconds since 1970, or `+N` with a unit `s`, `m`, `h` or `d` from `now`.
    public static func validUntil(_ text: String, now: Int64) throws(StellarError) -> UInt64 {
        if text.hasPrefix("+") {
            let units: [Character: UInt64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
            guard let unit = text.last.flatMap({ units[$0] }), let count = UInt64(text.dropFirst().dropLast()), count > 0,
                  count <= 3650 * 86400, now >= 0 else {
                throw .request("--valid-until is seconds since 1970 or +N followed by s, m, h or d (like +2h)")
            }
            return UInt64(now) + count * unit
        }
        guard let value = UInt64(text), value > 0 else { throw .request("--valid-until is seconds since 1970 or +N followed by s, m, h or d (like +2h)") }
        return value
    }

    /// At most one memo option: text (28 bytes), id (64-bit), hash or return (32 bytes hex).
    public static func memo(text: String?, id: String?, hash: String?, returnHash: String?) throws(StellarError) -> Memo {
        let given = [text, id, hash, returnHash].compactMap { $0 }
        guard given.count <= 1 else { throw .request("give at most one of --memo-text, --memo-id, --memo-hash, --memo-return") }
        if let text { return try Memo.text(text) }
        if let id {
            guard let value = UInt64(id) else { throw .request("--memo-id is a number from 0 to 18446744073709551615") }
            return .id(value)
        }
        for (hex, option) in [(hash, "--memo-hash"), (returnHash, "--memo-return")] {
            guard let hex else { continue }
            guard let bytes = try? Hex.decode(hex), bytes.count == 32 else { throw .request("\(option) is 32 bytes as 64 hex digits") }
            return option == "--memo-hash" ? .hash(bytes) : .return(bytes)
        }
        return .none
    }
}
