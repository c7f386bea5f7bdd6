import AirsignCLI
import AirsignOnline
import AirsignStellar
import AirsignWatch
import ArgumentParser
import Foundation

/// The options every Stellar builder shares: source, network, sequence and fee, memo, validity,
/// extra operations, and where the request (and its SEP-7 URI) goes.
struct StellarTransactionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("The watch-only source account (G…), imported with `account import`.", valueName: "G…"),
        transform: AccountID.parse)
    var from: AccountID

    @Option(help: ArgumentHelp("public (pubnet), testnet, futurenet, or a network passphrase.", valueName: "NETWORK"))
    var network: String

    @Option(
        help: ArgumentHelp("The transaction's sequence number (the account's current one plus 1).", valueName: "N"),
        transform: StellarTransactionOptions.sequence)
    var seq: Int64?

    @Option(
        help: ArgumentHelp(
            "A Horizon server to read the account's sequence number and the base fee from.", valueName: "URL"))
    var horizon: String?

    @Option(
        help: ArgumentHelp(
            "A Stellar RPC server: reads the sequence number (without --horizon) and simulates a Soroban transaction.",
            valueName: "URL"))
    var rpc: String?

    @Option(
        name: .customLong("soroban-data"),
        help: ArgumentHelp(
            "A Soroban transaction's data (base64 SorobanTransactionData, as simulation returns it), instead of --rpc.",
            valueName: "BASE64"))
    var sorobanData: String?

    @Option(
        help: ArgumentHelp(
            "Fee per operation in stroops (default: Horizon's base fee, else 100).", valueName: "STROOPS"),
        transform: StellarTransactionOptions.fee)
    var fee: UInt32?

    @Option(name: .customLong("memo-text"), help: ArgumentHelp("A text memo (at most 28 bytes).", valueName: "TEXT"))
    var memoText: String?

    @Option(name: .customLong("memo-id"), help: ArgumentHelp("An id memo (64-bit unsigned).", valueName: "N"))
    var memoID: String?

    @Option(name: .customLong("memo-hash"), help: ArgumentHelp("A hash memo (32 bytes as hex).", valueName: "HEX"))
    var memoHash: String?

    @Option(name: .customLong("memo-return"), help: ArgumentHelp("A return memo (32 bytes as hex).", valueName: "HEX"))
    var memoReturn: String?

    @Option(
        name: .customLong("valid-until"),
        help: ArgumentHelp(
            "Latest time the network accepts it: seconds since 1970, or +N with s, m, h or d.", valueName: "TIME"))
    var validUntil: String?

    @Option(
        help: ArgumentHelp("Another operation in this transaction: \"TYPE key=value …\" (repeatable).", valueName: "OP")
    )
    var op: [String] = []

    @Option(
        help: ArgumentHelp(
            "More operations from a JSON list: [{\"type\":\"payment\",\"to\":\"G…\",\"amount\":\"1\"}, …].",
            valueName: "FILE"))
    var ops: String?

    @Option(
        help: ArgumentHelp(
            "A watch-only account asked to sign (repeatable, for multisig): one request each; default --from.",
            valueName: "G…"), transform: AccountID.parse)
    var signer: [AccountID] = []

    @Option(
        help: ArgumentHelp(
            "Also write the unsigned transaction as a SEP-7 web+stellar:tx URI: a file or -.", valueName: "FILE|-"))
    var sep7: String?

    @Option(
        name: .customLong("sep7-qr"),
        help: ArgumentHelp("Also write the SEP-7 URI as one QR code (PNG) for a wallet to scan.", valueName: "FILE.png")
    )
    var sep7QR: String?

    @OptionGroup var output: RequestOutputOptions

    func validate() throws {
        if seq == nil && horizon == nil && rpc == nil {
            throw ValidationError("give the sequence number with --seq N, or --horizon URL or --rpc URL to read it")
        }
    }

    /// `--seq`: 1 to 2^63-1.
    static func sequence(_ text: String) throws(StellarError) -> Int64 {
        guard let value = Int64(text), value > 0 else { throw .option(.sequence) }
        return value
    }

    /// `--fee`: stroops per operation, at least 100.
    static func fee(_ text: String) throws(StellarError) -> UInt32 {
        guard let value = UInt32(text), value >= 100 else { throw .option(.fee) }
        return value
    }

    /// Builds the transaction with `primary` (the command's own operation, naming `pool`) first,
    /// issues the request and writes the outputs; `assets` are the assets whose Stellar Asset
    /// Contract it calls (named for the signer).
    func issue(
        _ primary: OperationBody?, pool: LiquidityPoolParameters? = nil, assets: [AirsignStellar.Asset] = [],
        footprint: LedgerFootprint? = nil
    ) throws {
        var builder = try builder(primary, pool: pool, now: Int64(Date().timeIntervalSince1970))
        builder.assets = assets
        if let footprint {
            // A TTL extension or restore names its entries itself; simulation sizes the rest.
            guard builder.sorobanData == nil else { throw StellarError.build(.footprintWithSorobanData) }
            builder.sorobanData = SorobanTransactionData(
                resources: SorobanResources(footprint: footprint, instructions: 0, diskReadBytes: 0, writeBytes: 0),
                resourceFee: 0)
            guard builder.rpc != nil else { throw StellarError.build(.footprintNeedsRPC) }
        }
        try StellarActions.issue(
            builder, output: output.output(others: sep7 != nil || sep7QR != nil), sep7: sep7, sep7QR: sep7QR)
    }

    /// The builder of `primary` followed by the `--op` and `--ops` operations. Every option is
    /// checked here, before any network access.
    func builder(_ primary: OperationBody?, pool: LiquidityPoolParameters?, now: Int64) throws
        -> StellarTransactionBuilder
    {
        let opsFile = try ops.map { try QRMessageIO.read($0) }
        var builder = StellarTransactionBuilder(
            from: from, network: try StellarNetwork(caip2: network) ?? StellarNetwork(name: network), sequence: seq,
            feePerOperation: fee,
            memo: try StellarTransactionBuilder.memo(
                text: memoText, id: memoID, hash: memoHash, returnHash: memoReturn),
            validUntil: try validUntil.map { try StellarTransactionBuilder.validUntil($0, now: now) },
            note: output.note, signers: signer)
        if let primary { builder.append(Operation(body: primary), naming: pool) }
        var specs: [StellarOperationSpec] = []
        for text in op { specs.append(try StellarOperationSpec(text: text)) }
        if let opsFile { specs += try StellarOperationSpec.list(json: opsFile) }
        for spec in specs {
            let index = builder.operations.count
            do { builder.append(try spec.operation(), naming: try spec.pool) } catch {
                throw StellarError.inOperation(index: index, error)
            }
        }
        guard !builder.operations.isEmpty else { throw StellarError.build(.noOperation) }
        builder.horizon = try horizon.map { try StellarHorizon(url: $0, transport: URLSessionTransport()) }
        builder.rpc = try rpc.map { try StellarRPC(url: $0, transport: URLSessionTransport()) }
        builder.sorobanData = try sorobanData.map { (text: String) throws in
            do { return try SorobanTransactionData(base64: text) } catch {
                throw StellarError.unreadable(field: "--soroban-data", reason: "\(error)")
            }
        }
        return builder
    }
}
