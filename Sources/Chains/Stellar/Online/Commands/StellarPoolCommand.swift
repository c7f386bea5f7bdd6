import AirsignStellar
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
    @Option(
        name: .customLong("asset-a"),
        help: ArgumentHelp("The pool's first asset: native or CODE:ISSUER.", valueName: "ASSET"), transform: Asset.parse
    )
    var assetA: Asset

    @Option(
        name: .customLong("asset-b"), help: ArgumentHelp("The pool's second asset.", valueName: "ASSET"),
        transform: Asset.parse)
    var assetB: Asset

    /// The pool, for the operation `type` (named when the assets are out of order).
    func pool(for type: String) throws(StellarError) -> LiquidityPoolParameters {
        try StellarOperations.pool(assetA, assetB, in: type)
    }
}

struct StellarPoolDepositCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deposit", abstract: "Deposit at most these amounts, within a price range.")

    @OptionGroup var assets: StellarPoolAssets

    @Option(
        name: .customLong("max-a"), help: ArgumentHelp("The most of asset A to deposit.", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var maxA: StellarAmountArgument

    @Option(
        name: .customLong("max-b"), help: ArgumentHelp("The most of asset B to deposit.", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var maxB: StellarAmountArgument

    @Option(
        name: .customLong("min-price"),
        help: ArgumentHelp("The lowest price of A in B accepted (N/D or a decimal).", valueName: "PRICE"),
        transform: Price.parse)
    var minPrice: Price

    @Option(
        name: .customLong("max-price"), help: ArgumentHelp("The highest price of A in B accepted.", valueName: "PRICE"),
        transform: Price.parse)
    var maxPrice: Price

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        let pool = try assets.pool(for: "liquidity-pool-deposit")
        try transaction.issue(
            try StellarOperations.deposit(pool, maxA: maxA, maxB: maxB, minPrice: minPrice, maxPrice: maxPrice),
            pool: pool)
    }
}

struct StellarPoolWithdrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw", abstract: "Withdraw pool shares for at least these amounts.")

    @OptionGroup var assets: StellarPoolAssets

    @Option(
        help: ArgumentHelp("The pool shares to redeem.", valueName: "AMOUNT"), transform: StellarAmountArgument.parse)
    var amount: StellarAmountArgument

    @Option(
        name: .customLong("min-a"), help: ArgumentHelp("The least of asset A to receive.", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var minA: StellarAmountArgument

    @Option(
        name: .customLong("min-b"), help: ArgumentHelp("The least of asset B to receive.", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var minB: StellarAmountArgument

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        let pool = try assets.pool(for: "liquidity-pool-withdraw")
        try transaction.issue(try StellarOperations.withdraw(pool, amount: amount, minA: minA, minB: minB), pool: pool)
    }
}
