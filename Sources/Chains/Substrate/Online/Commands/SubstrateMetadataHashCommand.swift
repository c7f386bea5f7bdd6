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
            bytes, raw or 0x hex). The spec version and name and the SS58 prefix are the \
            metadata's own unless overridden; the token's decimals and symbol are not in metadata.
            """)

    @Option(help: ArgumentHelp("The runtime's V15 metadata file.", valueName: "FILE"))
    var metadata: String

    @Option(help: "Decimals of the chain's token.")
    var decimals: UInt8

    @Option(help: "Symbol of the chain's token (DOT).")
    var tokenSymbol: String

    @Option(help: "Spec version (default: the metadata's System.Version).")
    var specVersion: UInt32?

    @Option(help: "Spec name (default: the metadata's System.Version).")
    var specName: String?

    @Option(help: "SS58 prefix (default: the metadata's System.SS58Prefix).")
    var base58Prefix: UInt16?

    func run() throws {
        let runtime = try MetadataHashing.read(metadata)
        let extraInfo = try MerkleizedMetadata.extraInfo(of: runtime, decimals: decimals, tokenSymbol: tokenSymbol, specVersion: specVersion,
                                                         specName: specName, base58Prefix: base58Prefix)
        Console.output(Hex.encode(try MerkleizedMetadata(runtime, extraInfo: extraInfo).digest, prefix: true))
    }
}
