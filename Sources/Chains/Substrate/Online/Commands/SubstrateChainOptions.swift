import AirsignCLI
import AirsignEncoding
import AirsignKeys
import AirsignWatch
import ArgumentParser

/// The options `substrate transfer` and `substrate call` share: the chain, the nonce, tip and
/// era, `--rpc`, the request's note and outputs.
struct SubstrateChainOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Sending watch-only account (SS58 address).", valueName: "ADDRESS"))
    var from: String

    @Option(
        help:
            "Network: polkadot, kusama, westend, paseo, polkadot-asset-hub, kusama-asset-hub, westend-asset-hub, astar, acala."
    )
    var network: String?

    @Option(
        help: ArgumentHelp(
            "The chain's genesis hash, for a network not in the table (or to check --rpc).", valueName: "0xHASH"))
    var genesis: String?

    @Option(help: "Runtime spec version (read from --rpc when not given).")
    var specVersion: UInt32?

    @Option(name: .customLong("tx-version"), help: "Runtime transaction version (read from --rpc when not given).")
    var txVersion: UInt32?

    @Option(help: "SS58 prefix of the network's addresses (for a network not in the table).")
    var ss58: UInt16?

    @Option(
        help: "Decimals of the network's token (for a network not in the table; default: --rpc's system_properties).")
    var decimals: Int?

    @Option(
        parsing: .upToNextOption,
        help:
            "Signed extensions in runtime order (default: from --rpc metadata, else the signer's table for a known runtime, else the Polkadot relay list)."
    )
    var extensions: [String] = []

    @Option(help: "Account nonce (read from --rpc when not given).")
    var nonce: UInt32?

    @Option(help: "Tip in the token (decimal); with --fee-asset, in that asset's base units (an integer).")
    var tip = "0"

    @Option(
        help: ArgumentHelp(
            "Pay the fee and tip in this asset (ChargeAssetTxPayment): JSON of the runtime's asset type, on Asset Hub an XCM location such as {\"parents\":0,\"interior\":{\"X2\":[{\"PalletInstance\":50},{\"GeneralIndex\":1984}]}}, or the id's SCALE bytes as 0x hex.",
            valueName: "JSON|0xHEX"))
    var feeAsset: String?

    @Option(
        help: ArgumentHelp("Mortal era length in blocks (rounded up to a power of two, 4…65536).", valueName: "PERIOD"))
    var era: UInt64 = 64

    @Flag(help: "An immortal transaction (no era): valid until its nonce is used.")
    var immortal = false

    @Option(
        help: ArgumentHelp(
            "Checkpoint block hash of a mortal era (from --rpc's finalized head when not given).", valueName: "0xHASH"))
    var blockHash: String?

    @Option(help: "Checkpoint block number of a mortal era.")
    var blockNumber: UInt32?

    @Option(
        help: ArgumentHelp(
            "A node's HTTP JSON-RPC endpoint: reads genesis, runtime version, nonce, finalized head and metadata.",
            valueName: "URL"))
    var rpc: String?

    @Option(
        help: ArgumentHelp(
            "The runtime's metadata (V15 for a metadata proof; raw or 0x hex), instead of --rpc's.", valueName: "FILE"))
    var metadata: String?

    @Option(
        help:
            "Symbol of the network's token, for the metadata hash (default: --rpc's system_properties, else the network table)."
    )
    var tokenSymbol: String?

    @OptionGroup var output: RequestOutputOptions

    func validate() throws {
        if immortal, blockHash != nil || blockNumber != nil {
            throw ValidationError("--immortal takes no --block-hash or --block-number")
        }
        if (blockHash == nil) != (blockNumber == nil) {
            throw ValidationError("give --block-hash and --block-number together")
        }
        guard (4...65536).contains(era) else { throw ValidationError("--era is 4…65536 blocks") }
        if network == nil, genesis == nil, rpc == nil { throw ValidationError("give --network, --genesis or --rpc") }
        if let decimals, !(0...38).contains(decimals) { throw ValidationError("--decimals is 0…38") }
    }

    var options: SubstrateOptions {
        var options = SubstrateOptions()
        options.network = network
        options.genesis = genesis
        options.specVersion = specVersion
        options.transactionVersion = txVersion
        options.ss58 = ss58
        options.decimals = decimals
        options.extensions = extensions.isEmpty ? nil : extensions
        options.nonce = nonce
        options.tip = tip
        options.feeAsset = feeAsset
        options.era = era
        options.immortal = immortal
        options.blockHash = blockHash
        options.blockNumber = blockNumber
        options.rpc = rpc
        options.metadataFile = metadata
        options.tokenSymbol = tokenSymbol
        return options
    }
}
