import AirsignCLI
import AirsignStellar
import AirsignWatch
import ArgumentParser
import Foundation

/// The options every Stellar builder shares: source, network, sequence and fee, memo, validity,
/// extra operations, and where the request (and its SEP-7 URI) goes.
struct StellarTransactionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The watch-only source account (G…), imported with `account import`.", valueName: "G…"))
    var from: String

    @Option(help: ArgumentHelp("public (pubnet), testnet, futurenet, or a network passphrase.", valueName: "NETWORK"))
    var network: String

    @Option(help: ArgumentHelp("The transaction's sequence number (the account's current one plus 1).", valueName: "N"))
    var seq: String?

    @Option(help: ArgumentHelp("A Horizon server to read the account's sequence number and the base fee from.", valueName: "URL"))
    var horizon: String?

    @Option(help: ArgumentHelp("A Stellar RPC server: reads the sequence number (without --horizon) and simulates a Soroban transaction.", valueName: "URL"))
    var rpc: String?

    @Option(name: .customLong("soroban-data"), help: ArgumentHelp("A Soroban transaction's data (base64 SorobanTransactionData, as simulation returns it), instead of --rpc.", valueName: "BASE64"))
    var sorobanData: String?

    @Option(help: ArgumentHelp("Fee per operation in stroops (default: Horizon's base fee, else 100).", valueName: "STROOPS"))
    var fee: String?

    @Option(name: .customLong("memo-text"), help: ArgumentHelp("A text memo (at most 28 bytes).", valueName: "TEXT"))
    var memoText: String?

    @Option(name: .customLong("memo-id"), help: ArgumentHelp("An id memo (64-bit unsigned).", valueName: "N"))
    var memoID: String?

    @Option(name: .customLong("memo-hash"), help: ArgumentHelp("A hash memo (32 bytes as hex).", valueName: "HEX"))
    var memoHash: String?

    @Option(name: .customLong("memo-return"), help: ArgumentHelp("A return memo (32 bytes as hex).", valueName: "HEX"))
    var memoReturn: String?

    @Option(name: .customLong("valid-until"), help: ArgumentHelp("Latest time the network accepts it: seconds since 1970, or +N with s, m, h or d.", valueName: "TIME"))
    var validUntil: String?

    @Option(help: ArgumentHelp("Another operation in this transaction: \"TYPE key=value …\" (repeatable).", valueName: "OP"))
    var op: [String] = []

    @Option(help: ArgumentHelp("More operations from a JSON list: [{\"type\":\"payment\",\"to\":\"G…\",\"amount\":\"1\"}, …].", valueName: "FILE"))
    var ops: String?

    @Option(help: ArgumentHelp("A watch-only account asked to sign (repeatable, for multisig): one request each; default --from.", valueName: "G…"))
    var signer: [String] = []

    @Option(help: ArgumentHelp("Also write the unsigned transaction as a SEP-7 web+stellar:tx URI: a file or -.", valueName: "FILE|-"))
    var sep7: String?

    @Option(name: .customLong("sep7-qr"), help: ArgumentHelp("Also write the SEP-7 URI as one QR code (PNG) for a wallet to scan.", valueName: "FILE.png"))
    var sep7QR: String?

    @OptionGroup var output: RequestOutputOptions

    func validate() throws {
        if seq == nil && horizon == nil && rpc == nil {
            throw ValidationError("give the sequence number with --seq N, or --horizon URL or --rpc URL to read it")
        }
    }

    /// Builds the transaction with `primary` first, issues the request and writes the outputs;
    /// `assets` are the assets whose Stellar Asset Contract it calls (named for the signer).
    func issue(_ primary: StellarOperationSpec?, assets: [AirsignStellar.Asset] = [], footprint: LedgerFootprint? = nil) throws {
        var arguments = StellarBuildArguments(
            from: from, network: network, sequence: seq, horizon: horizon, fee: fee, memoText: memoText, memoID: memoID,
            memoHash: memoHash, memoReturn: memoReturn, validUntil: validUntil, note: output.note, ops: op,
            opsFile: try ops.map { try QRMessageIO.read($0) })
        arguments.signers = signer
        arguments.rpc = rpc
        arguments.sorobanData = sorobanData
        var builder = try arguments.builder(primary: primary, now: Int64(Date().timeIntervalSince1970))
        builder.assets = assets
        if let footprint {
            // A TTL extension or restore names its entries itself; simulation sizes the rest.
            guard builder.sorobanData == nil else { throw StellarError.request("give the entries with the command's options, not --soroban-data") }
            builder.sorobanData = SorobanTransactionData(resources: SorobanResources(footprint: footprint, instructions: 0, diskReadBytes: 0, writeBytes: 0),
                                                         resourceFee: 0)
            guard builder.rpc != nil else { throw StellarError.request("a TTL extension or restore needs --rpc URL to size its resources") }
        }
        try StellarActions.issue(builder, output: output.output(others: sep7 != nil || sep7QR != nil), sep7: sep7, sep7QR: sep7QR)
    }
}

extension StellarOperationSpec {
    /// The spec of a builder's own operation: its non-nil fields.
    init(_ type: String, _ fields: [String: String?]) {
        self.init(type: type, fields: fields.compactMapValues { $0 })
    }
}
