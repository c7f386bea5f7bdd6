import AirsignEncoding
import AirsignStellar
import ArgumentParser

/// The ledger entries a TTL extension or restore acts on: a contract's instance (and data keys
/// of it), or uploaded Wasm code.
struct StellarFootprintOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A contract (C…): its instance entry, and the data entries of --key.", valueName: "C…"))
    var contract: String?

    @Option(
        help: ArgumentHelp(
            "A data entry of --contract by its key (repeatable; TYPE:VALUE as invoke's --arg).", valueName: "TYPE:VALUE"
        ))
    var key: [String] = []

    @Option(
        help: ArgumentHelp("The durability of the --key entries: persistent (default) or temporary.", valueName: "KIND")
    )
    var durability: String = "persistent"

    @Option(
        name: .customLong("wasm-hash"),
        help: ArgumentHelp("Uploaded contract code by its hash (repeatable; 64 hex digits).", valueName: "HEX"))
    var wasmHash: [String] = []

    func validate() throws {
        if contract == nil && wasmHash.isEmpty {
            throw ValidationError("name the entries with --contract C… and/or --wasm-hash HEX")
        }
        if contract == nil && !key.isEmpty { throw ValidationError("--key names a data entry of --contract") }
        if !["persistent", "temporary"].contains(durability) {
            throw ValidationError("--durability is persistent or temporary")
        }
    }

    /// The ledger keys, instance first.
    func keys() throws -> [LedgerKey] {
        var keys: [LedgerKey] = []
        if let contract {
            let address = try SCAddress(contract)
            guard case .contract = address else {
                throw StellarError.invalidAddress(contract, reason: "--contract is a contract address (C…)")
            }
            keys.append(.contractData(contract: address, key: .ledgerKeyContractInstance, durability: .persistent))
            for text in key {
                keys.append(
                    .contractData(
                        contract: address, key: try SorobanArgument.parse(text),
                        durability: durability == "temporary" ? .temporary : .persistent))
            }
        }
        for text in wasmHash {
            guard let hash = try? Hex.decode(text), hash.count == 32 else {
                throw StellarError.option(.hash32(option: "--wasm-hash"))
            }
            keys.append(.contractCode(hash: hash))
        }
        return keys
    }
}

struct StellarExtendTTLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extend-ttl", abstract: "Extend the time to live of contract entries (simulated with --rpc).")

    @Option(
        name: .customLong("extend-to"),
        help: ArgumentHelp("Ledgers from now the entries must live at least.", valueName: "LEDGERS"))
    var extendTo: UInt32

    @OptionGroup var entries: StellarFootprintOptions

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(
            try StellarOperations.extendFootprintTTL(extendTo: extendTo),
            footprint: LedgerFootprint(readOnly: try entries.keys()))
    }
}

struct StellarRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Restore archived contract entries (simulated with --rpc).")

    @OptionGroup var entries: StellarFootprintOptions

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(.restoreFootprint, footprint: LedgerFootprint(readWrite: try entries.keys()))
    }
}
