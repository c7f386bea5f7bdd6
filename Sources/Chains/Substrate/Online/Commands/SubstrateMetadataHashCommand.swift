import AirsignCLI
import AirsignEncoding
import AirsignSubstrate
import ArgumentParser

struct SubstrateMetadataHashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata-hash",
        abstract: "Print a runtime's RFC-0078 metadata hash (what CheckMetadataHash signs) as 0x hex.",
        discussion: """
            FILE is the runtime's V15 metadata (Metadata_metadata_at_version(15) or its inner \
            bytes, raw or 0x hex); --rpc reads it from a node. The spec version and name and the \
            SS58 prefix are the metadata's own unless overridden; the token's decimals and symbol \
            are not in metadata (with --rpc, the node's system_properties).
            """)

    @Option(help: ArgumentHelp("The runtime's V15 metadata file.", valueName: "FILE"))
    var metadata: String?

    @Option(
        help: ArgumentHelp(
            "A node's HTTP JSON-RPC endpoint, instead of --metadata: its V15 metadata and its token's decimals and symbol.",
            valueName: "URL"))
    var rpc: String?

    @Option(help: "Decimals of the chain's token (default with --rpc: the node's system_properties).")
    var decimals: UInt8?

    @Option(help: "Symbol of the chain's token, like DOT (default with --rpc: the node's system_properties).")
    var tokenSymbol: String?

    @Option(help: "Spec version (default: the metadata's System.Version).")
    var specVersion: UInt32?

    @Option(help: "Spec name (default: the metadata's System.Version).")
    var specName: String?

    @Option(help: "SS58 prefix (default: the metadata's System.SS58Prefix).")
    var base58Prefix: UInt16?

    func validate() throws {
        if (metadata == nil) == (rpc == nil) { throw ValidationError("give --metadata FILE or --rpc URL") }
        if rpc == nil, decimals == nil || tokenSymbol == nil {
            throw ValidationError("--metadata needs --decimals and --token-symbol")
        }
    }

    func run() throws {
        let (runtime, token) = try MetadataHashing.runtime(file: metadata, rpc: rpc)
        guard let decimals = decimals ?? token.decimals.flatMap({ UInt8(exactly: $0) }),
            let tokenSymbol = tokenSymbol ?? token.symbol
        else {
            throw SubstrateError.needs(.tokenProperties)
        }
        let extraInfo = try MerkleizedMetadata.extraInfo(
            of: runtime, decimals: decimals, tokenSymbol: tokenSymbol, specVersion: specVersion,
            specName: specName, base58Prefix: base58Prefix)
        Console.output(Hex.encode(try MerkleizedMetadata(runtime, extraInfo: extraInfo).digest, prefix: true))
    }
}
