import AirsignEncoding
import AirsignMessages
import AirsignOnline
import AirsignStellar
import AirsignWatch

/// What `airsign-watch stellar <operation>` builds a transaction from: the watch-only source
/// account, the network, the sequence number and fee (given, or read from Horizon), memo,
/// validity and the operations. `build` returns the sign requests (not yet issued), the
/// unsigned envelope and the RPC server's simulation.
///
/// A Soroban operation (a contract call, a TTL extension, a restore) is a transaction's only
/// operation, and its transaction carries Soroban data: from a Stellar RPC server's
/// `simulateTransaction` (`rpc`: footprint, resources, resource fee and, for a call that names
/// none, the authorizations), or as given (`sorobanData`). Its fee is the inclusion fee plus
/// the resource fee.
public struct StellarTransactionBuilder: Sendable {
    public var from: AccountID
    public var network: StellarNetwork
    /// The transaction's own sequence number (the account's current one plus 1).
    public var sequence: Int64?
    public var horizon: StellarHorizon?
    /// The fee per operation in stroops; default Horizon's base fee, else 100.
    public var feePerOperation: UInt32?
    public var memo: Memo
    /// Latest ledger close time (seconds since 1970) at which the transaction is valid.
    public var validUntil: UInt64?
    /// The operations, in order.
    public var operations: [Operation]
    /// The liquidity pools the operations name by their assets (a deposit or withdrawal carries
    /// only the pool's id): the request lists them so the signer can name each pool.
    public var pools: [LiquidityPoolParameters]
    public var note: String?
    /// The watch-only accounts asked to sign, one request each (multisig); empty means `from`.
    public var signers: [AccountID]
    /// A Stellar RPC server: the sequence number (when there is no Horizon) and the simulation
    /// of a Soroban transaction.
    public var rpc: StellarRPC?
    /// A Soroban transaction's data as given (or, with `rpc`, the footprint to simulate with).
    public var sorobanData: SorobanTransactionData?
    /// Assets whose Stellar Asset Contract the transaction calls: a hint the signer checks
    /// against the contract ids it derives, so it can name the token.
    public var assets: [AirsignStellar.Asset] = []

    public init(
        from: AccountID, network: StellarNetwork, sequence: Int64? = nil, horizon: StellarHorizon? = nil,
        feePerOperation: UInt32? = nil,
        memo: Memo = .none, validUntil: UInt64? = nil, operations: [Operation] = [],
        pools: [LiquidityPoolParameters] = [],
        note: String? = nil, signers: [AccountID] = []
    ) {
        self.from = from
        self.network = network
        self.sequence = sequence
        self.horizon = horizon
        self.feePerOperation = feePerOperation
        self.memo = memo
        self.validUntil = validUntil
        self.operations = operations
        self.pools = pools
        self.note = note
        self.signers = signers
    }

    /// Adds `operation` and the pool it names by its assets, if any (each pool listed once).
    public mutating func append(_ operation: Operation, naming pool: LiquidityPoolParameters? = nil) {
        operations.append(operation)
        if let pool, !pools.contains(pool) { pools.append(pool) }
    }

    /// The watch-only Stellar account `address` as a request names it: the one stored for
    /// `networkID`, else any stored Stellar one (the key is the same on every network).
    static func watchAccount(_ address: String, networkID: String, accounts: WatchStore) throws -> MessageAccount {
        _ = try AccountID(address)
        return try accounts.requestAccount(address, chain: .stellar, network: networkID)
    }

    /// The Soroban operation types: one is a transaction's only operation.
    static func isSoroban(_ body: OperationBody) -> Bool {
        switch body {
        case .invokeHostFunction, .extendFootprintTTL, .restoreFootprint: return true
        default: return false
        }
    }

    /// The default fee per operation when neither `--fee` nor Horizon gives one (the network's
    /// minimum base fee).
    public static let defaultFee: UInt32 = 100

    /// One request per signer (`signers`, or `from` alone) for the watch-only accounts found in
    /// `accounts`, all for the same envelope, and what the RPC server's simulation returned (nil
    /// when there was none). Everything offline is checked before Horizon is asked.
    public func build(accounts: WatchStore) throws
        -> (requests: [SignRequest], envelope: TransactionEnvelope, simulation: StellarRPC.Simulation?)
    {
        guard let networkID = network.caip2 else {
            throw StellarError.option(.noSignRequestID(network: "\(network)"))
        }
        var signing: [MessageAccount] = []
        for address in signers.isEmpty ? [from] : signers {
            let message = try Self.watchAccount(address.description, networkID: networkID, accounts: accounts)
            guard !signing.contains(message) else { throw StellarError.build(.signerTwice("\(address)")) }
            signing.append(message)
        }
        guard (1...100).contains(operations.count) else { throw StellarError.operationCount(operations.count) }
        let soroban = operations.contains { Self.isSoroban($0.body) }
        guard !soroban || operations.count == 1 else {
            throw StellarError.build(.sorobanNotAlone)
        }
        guard soroban || sorobanData == nil else { throw StellarError.build(.sorobanDataWithoutSoroban) }
        guard !soroban || rpc != nil || sorobanData != nil else {
            throw StellarError.build(.sorobanNeedsData)
        }
        let sequence: Int64
        if let given = self.sequence {
            sequence = given
        } else if horizon != nil || rpc != nil {
            let current =
                try horizon.map { try $0.sequence(of: from.description) } ?? rpc.map { try $0.sequence(of: from) } ?? 0
            let (next, overflow) = current.addingReportingOverflow(1)
            guard !overflow else { throw StellarError.build(.sequenceExhausted) }
            sequence = next
        } else {
            throw StellarError.build(.sequenceUnknown)
        }
        let perOperation = try feePerOperation ?? horizon?.baseFee() ?? Self.defaultFee
        let (fee, overflow) = perOperation.multipliedReportingOverflow(by: UInt32(operations.count))
        guard !overflow else {
            throw StellarError.build(.feeOverflow(perOperation: perOperation, operations: operations.count))
        }
        let preconditions: Preconditions = validUntil.map { .time(TimeBounds(minTime: 0, maxTime: $0)) } ?? .none
        var tx = Transaction(
            source: try MuxedAccount(publicKey: from.publicKey), fee: fee, sequence: sequence,
            preconditions: preconditions, memo: memo, operations: operations, sorobanData: sorobanData)
        var simulation: StellarRPC.Simulation?
        if soroban { (tx, simulation) = try completeSoroban(tx) }
        let envelope = TransactionEnvelope.v1(tx, signatures: [])
        let payload = try StellarPayload.json(envelope, network: network, assets: assets, pools: pools)
        let requests = try signing.map {
            try SignRequest.make(
                chain: ChainID(.stellar), network: networkID, account: $0, payload: payload, note: note)
        }
        return (requests, envelope, simulation)
    }

    /// The Soroban transaction `tx` (its one operation, its inclusion fee) completed: simulated
    /// when there is an RPC server (its data, and the authorizations of a call that names none,
    /// taken from the simulation), and its fee raised by the resource fee.
    private func completeSoroban(_ tx: Transaction) throws -> (Transaction, StellarRPC.Simulation?) {
        var tx = tx
        var simulation: StellarRPC.Simulation?
        if let rpc {
            let result = try rpc.simulate(.v1(tx, signatures: []))
            simulation = result
            tx.sorobanData = result.transactionData
            if case let .invokeHostFunction(function, auth)? = tx.operations.first?.body, auth.isEmpty {
                tx.operations[0].body = .invokeHostFunction(function, auth: result.auth)
            }
        }
        guard let data = tx.sorobanData, let resourceFee = UInt32(exactly: data.resourceFee) else {
            throw StellarError.build(.resourceFeeOverflow)
        }
        let (fee, overflow) = tx.fee.addingReportingOverflow(resourceFee)
        guard !overflow else { throw StellarError.build(.totalFeeOverflow(inclusion: tx.fee, resource: resourceFee)) }
        tx.fee = fee
        return (tx, simulation)
    }

    /// `--valid-until`: seconds since 1970, or `+N` with a unit `s`, `m`, `h` or `d` from `now`.
    public static func validUntil(_ text: String, now: Int64) throws(StellarError) -> UInt64 {
        if text.hasPrefix("+") {
            let units: [Character: UInt64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
            guard let unit = text.last.flatMap({ units[$0] }), let count = UInt64(text.dropFirst().dropLast()),
                count > 0,
                count <= 3650 * 86400, now >= 0
            else {
                throw .option(.validUntil)
            }
            return UInt64(now) + count * unit
        }
        guard let value = UInt64(text), value > 0 else { throw .option(.validUntil) }
        return value
    }

    /// At most one memo option: text (28 bytes), id (64-bit), hash or return (32 bytes hex).
    public static func memo(text: String?, id: String?, hash: String?, returnHash: String?) throws(StellarError) -> Memo
    {
        let given = [text, id, hash, returnHash].compactMap { $0 }
        guard given.count <= 1 else { throw .option(.memoCount) }
        if let text { return try Memo.text(text) }
        if let id {
            guard let value = UInt64(id) else { throw .option(.memoID) }
            return .id(value)
        }
        for (hex, option) in [(hash, "--memo-hash"), (returnHash, "--memo-return")] {
            guard let hex else { continue }
            guard let bytes = try? Hex.decode(hex), bytes.count == 32 else { throw .option(.hash32(option: option)) }
            return option == "--memo-hash" ? .hash(bytes) : .return(bytes)
        }
        return .none
    }
}
