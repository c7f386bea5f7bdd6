import AirsignOnline
import AirsignStellar
import Foundation

/// The common options of `airsign-watch stellar <operation>` as typed, turned into a builder in
/// one place so every subcommand (and the tests) reads them the same way.
public struct StellarBuildArguments: Sendable {
    public var from: String
    public var network: String
    public var sequence: String?
    public var horizon: String?
    public var fee: String?
    public var memoText: String?
    public var memoID: String?
    public var memoHash: String?
    public var memoReturn: String?
    public var validUntil: String?
    public var note: String?
    /// `--op "TYPE key=value …"`, in order, after the subcommand's own operation.
    public var ops: [String]
    /// `--ops FILE`: a JSON op list, after those.
    public var opsFile: [UInt8]?
    /// `--signer G…`: who signs (one request each); none means `from`.
    public var signers: [String] = []
    /// `--rpc URL`: a Stellar RPC server.
    public var rpc: String?
    /// `--soroban-data BASE64`: a Soroban transaction's data as given.
    public var sorobanData: String?

    public init(from: String, network: String, sequence: String? = nil, horizon: String? = nil, fee: String? = nil, memoText: String? = nil,
                memoID: String? = nil, memoHash: String? = nil, memoReturn: String? = nil, validUntil: String? = nil, note: String? = nil,
                ops: [String] = [], opsFile: [UInt8]? = nil) {
        self.from = from
        self.network = network
        self.sequence = sequence
        self.horizon = horizon
        self.fee = fee
        self.memoText = memoText
        self.memoID = memoID
        self.memoHash = memoHash
        self.memoReturn = memoReturn
        self.validUntil = validUntil
        self.note = note
        self.ops = ops
        self.opsFile = opsFile
    }

    /// The builder for `primary` (the subcommand's operation, if any) followed by `--op` and
    /// `--ops`. Every option is checked here, before any network access.
    public func builder(primary: StellarOperationSpec?, now: Int64, transport: any HTTPTransport = URLSessionTransport()) throws -> StellarTransactionBuilder {
        let network = try StellarNetwork(caip2: self.network) ?? StellarNetwork(name: self.network)
        var specs = primary.map { [$0] } ?? []
        for text in ops { specs.append(try StellarOperationSpec(text: text)) }
        if let opsFile { specs += try StellarOperationSpec.list(json: opsFile) }
        guard !specs.isEmpty else { throw StellarError.request("no operation: give one with --op \"TYPE key=value …\" or --ops FILE") }
        let sequence = try self.sequence.map { (text: String) throws -> Int64 in
            guard let value = Int64(text), value > 0 else { throw StellarError.request("--seq is the transaction's sequence number (1 to 2^63-1)") }
            return value
        }
        let fee = try self.fee.map { (text: String) throws -> UInt32 in
            guard let value = UInt32(text), value >= 100 else { throw StellarError.request("--fee is stroops per operation, at least 100") }
            return value
        }
        var builder = StellarTransactionBuilder(
            from: from, network: network, sequence: sequence, horizon: try horizon.map { try StellarHorizon(url: $0, transport: transport) },
            feePerOperation: fee, memo: try StellarTransactionBuilder.memo(text: memoText, id: memoID, hash: memoHash, returnHash: memoReturn),
            validUntil: try validUntil.map { try StellarTransactionBuilder.validUntil($0, now: now) }, operations: specs, note: note,
            signers: signers)
        builder.rpc = try rpc.map { try StellarRPC(url: $0, transport: transport) }
        builder.sorobanData = try sorobanData.map { (text: String) throws in
            do { return try SorobanTransactionData(base64: text) } catch { throw StellarError.request("--soroban-data: \(error)") }
        }
        return builder
    }
}
