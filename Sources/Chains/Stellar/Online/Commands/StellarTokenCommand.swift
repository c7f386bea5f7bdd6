import AirsignStellar
import ArgumentParser
import BigInt

/// `stellar token transfer|approve`: SEP-41 token calls, on a Stellar Asset Contract (named by
/// its asset, so the signer can derive and name the contract) or on any token contract.
struct StellarTokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Transfer or approve a Soroban token (a Stellar Asset Contract or any SEP-41 token).",
        subcommands: [StellarTokenTransferCommand.self, StellarTokenApproveCommand.self])
}

/// Which token: `--asset` (its Stellar Asset Contract, 7 decimals) or `--token C…` with its decimals.
struct StellarTokenOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The asset whose Stellar Asset Contract is called: native or CODE:ISSUER.", valueName: "ASSET"),
        transform: AirsignStellar.Asset.parse)
    var asset: AirsignStellar.Asset?

    @Option(help: ArgumentHelp("A SEP-41 token contract (C…), instead of --asset.", valueName: "C…"))
    var token: String?

    @Option(help: ArgumentHelp("The token's decimals, for --token (default 7).", valueName: "N"))
    var decimals: Int = 7

    func validate() throws {
        guard (asset == nil) != (token == nil) else {
            throw ValidationError("give the token with --asset ASSET or --token C…")
        }
        guard (0...38).contains(decimals) else { throw ValidationError("--decimals is 0 to 38") }
    }

    /// The contract's address, the asset hint (for a Stellar Asset Contract) and the amount in
    /// the token's smallest units as an i128.
    func resolve(network: String, amount text: String) throws -> (
        contract: String, assets: [AirsignStellar.Asset], amount: SCVal
    ) {
        let network = try StellarNetwork(caip2: network) ?? StellarNetwork(name: network)
        var contract = token ?? ""
        var assets: [AirsignStellar.Asset] = []
        var places = decimals
        if let asset {
            contract = try SCAddress.contract(id: try HashIDPreimage.assetContractID(asset, network: network))
                .description
            assets = [asset]
            places = 7
        }
        return (contract, assets, try Self.units(text, decimals: places))
    }

    /// An exact decimal with at most `decimals` places, as a positive i128 of smallest units.
    static func units(_ text: String, decimals: Int) throws(StellarError) -> SCVal {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts.first.map(String.init) ?? ""
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard parts.count <= 2, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit),
            fraction.count <= decimals, parts.count == 1 || !fraction.isEmpty,
            let value = BigInt(whole + fraction + String(repeating: "0", count: decimals - fraction.count), radix: 10),
            value > 0
        else {
            throw .invalidAmount(text, reason: "a positive exact decimal with at most \(decimals) places")
        }
        return try SorobanArgument.integer(value, type: "i128", place: "--amount")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

struct StellarTokenTransferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfer", abstract: "transfer(from, to, amount) from --from.")

    @OptionGroup var tokenOptions: StellarTokenOptions

    @Option(help: ArgumentHelp("The recipient (G…, M… or a contract C…).", valueName: "ADDRESS"))
    var to: String

    @Option(help: ArgumentHelp("The amount in whole tokens (at most the token's decimals).", valueName: "AMOUNT"))
    var amount: String

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        let (contract, assets, units) = try tokenOptions.resolve(network: transaction.network, amount: amount)
        let call = try SorobanCall(
            contract: contract, function: "transfer",
            args: [.address(.account(transaction.from)), .address(try SCAddress(to)), units])
        try transaction.issue(call.body(auth: transaction.rpc == nil ? [call.sourceAuthorization] : []), assets: assets)
    }
}

struct StellarTokenApproveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve", abstract: "approve(from, spender, amount, expiration_ledger) from --from.")

    @OptionGroup var tokenOptions: StellarTokenOptions

    @Option(help: ArgumentHelp("Who may spend (G… or a contract C…).", valueName: "ADDRESS"))
    var spender: String

    @Option(help: ArgumentHelp("The allowance in whole tokens.", valueName: "AMOUNT"))
    var amount: String

    @Option(
        name: .customLong("expiration-ledger"),
        help: ArgumentHelp("The last ledger the allowance is valid in.", valueName: "N"))
    var expirationLedger: UInt32

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        let (contract, assets, units) = try tokenOptions.resolve(network: transaction.network, amount: amount)
        let call = try SorobanCall(
            contract: contract, function: "approve",
            args: [
                .address(.account(transaction.from)), .address(try SCAddress(spender)), units, .u32(expirationLedger),
            ])
        try transaction.issue(call.body(auth: transaction.rpc == nil ? [call.sourceAuthorization] : []), assets: assets)
    }
}
