import ArgumentParser

/// `stellar pool deposit|withdraw`: the constant-product pool of two assets.
struct StellarPoolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pool", abstract: "Deposit to or withdraw from a liquidity pool (named by its two assets).",
        discussion: """
            The pool is --asset-a and --asset-b in the network's order (native first, then \
            4-character codes, then 12-character ones, each by code then issuer), fee 30 bp. \
            Depositing needs a trust line to the pool's shares: change-trust asset-a=… asset-b=….
            """,
        subcommands: [StellarPoolDepositCommand.self, StellarPoolWithdrawCommand.self])
}

struct StellarPoolAssets: ParsableArguments {
    @Option(name: .customLong("asset-a"), help: ArgumentHelp("The pool's first asset: native or CODE:ISSUER.", valueName: "ASSET"))
    var assetA: String

    @Option(name: .customLong("asset-b"), help: ArgumentHelp("The pool's second asset.", valueName: "ASSET"))
    var assetB: String
}

struct StellarPoolDepositCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "deposit", abstract: "Deposit at most these amounts, within a price range.")

    @OptionGroup var pool: StellarPoolAssets

    @Option(name: .customLong("max-a"), help: ArgumentHelp("The most of asset A to deposit.", valueName: "AMOUNT"))
    var maxA: String

    @Option(name: .customLong("max-b"), help: ArgumentHelp("The most of asset B to deposit.", valueName: "AMOUNT"))
    var maxB: String

    @Option(name: .customLong("min-price"), help: ArgumentHelp("The lowest price of A in B accepted (N/D or a decimal).", valueName: "PRICE"))
    var minPrice: String

    @Option(name: .customLong("max-price"), help: ArgumentHelp("The highest price of A in B accepted.", valueName: "PRICE"))
    var maxPrice: String

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(StellarOperationSpec("liquidity-pool-deposit", [
            "asset-a": pool.assetA, "asset-b": pool.assetB, "max-a": maxA, "max-b": maxB, "min-price": minPrice, "max-price": maxPrice,
        ]))
    }
}

struct StellarPoolWithdrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "withdraw", abstract: "Withdraw pool shares for at least these amounts.")

    @OptionGroup var pool: StellarPoolAssets

    @Option(help: ArgumentHelp("The pool shares to redeem.", valueName: "AMOUNT"))
    var amount: String

    @Option(name: .customLong("min-a"), help: ArgumentHelp("The least of asset A to receive.", valueName: "AMOUNT"))
    var minA: String

    @Option(name: .customLong("min-b"), help: ArgumentHelp("The least of asset B to receive.", valueName: "AMOUNT"))
    var minB: String

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(StellarOperationSpec("liquidity-pool-withdraw", [
            "asset-a": pool.assetA, "asset-b": pool.assetB, "amount": amount, "min-a": minA, "min-b": minB,
        ]))
    }
}
