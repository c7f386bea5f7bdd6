import AirsignCLI
import AirsignEthereum
import AirsignOnline
import AirsignWatch
import ArgumentParser
import BigInt

/// The options every `airsign-watch ethereum` transaction builder shares: those of every
/// request, then nonce, gas and fees (each filled from `--rpc` when not given).
struct EthereumTransactionOptions: ParsableArguments {
    @OptionGroup var request: EthereumRequestOptions

    @Option(
        help: ArgumentHelp("The nonce. Default with --rpc: the account's pending transaction count.", valueName: "N"))
    var nonce: UInt64?

    @Option(
        help: ArgumentHelp(
            "The gas limit. Default with --rpc: eth_estimateGas; transfer without --rpc: 21000.", valueName: "N"))
    var gas: UInt64?

    @Option(
        name: .customLong("max-fee"),
        help: ArgumentHelp(
            "EIP-1559 fee cap per gas, with a unit (30gwei). Default with --rpc: 2 × base fee + priority fee.",
            valueName: "AMOUNT"))
    var maxFee: String?

    @Option(
        name: .customLong("priority-fee"),
        help: ArgumentHelp(
            "EIP-1559 priority fee per gas, with a unit (1.5gwei). Default with --rpc: the node's suggestion.",
            valueName: "AMOUNT"))
    var priorityFee: String?

    @Option(
        name: .customLong("gas-price"),
        help: ArgumentHelp(
            "Gas price with a unit: makes an EIP-2930 (type 1) transaction, or legacy with --legacy.",
            valueName: "AMOUNT"))
    var gasPrice: String?

    @Flag(help: "A legacy EIP-155 transaction (gas price from --gas-price or the node).")
    var legacy = false

    @Option(
        name: .customLong("access-list"),
        help: ArgumentHelp(
            "An EIP-2930 access list: [{\"address\":\"0x…\",\"storageKeys\":[\"0x…\"]}].", valueName: "FILE"))
    var accessList: String?

    @Option(
        name: .customLong("authorization"),
        help: ArgumentHelp(
            "A signed EIP-7702 authorization (from ethereum finalize, or its JSON-RPC form); repeat for several. Makes a type-4 transaction.",
            valueName: "FILE"))
    var authorizations: [String] = []

    @Option(help: ArgumentHelp("An Ethereum JSON-RPC node to fill in chain id, nonce, fees and gas.", valueName: "URL"))
    var rpc: String?

    func validate() throws {
        _ = try parsedFees()
    }

    private func parsedFees() throws -> (maxFee: BigUInt?, priorityFee: BigUInt?, gasPrice: BigUInt?) {
        func amount(_ text: String?, _ option: String) throws -> BigUInt? {
            try text.map { value in try EthereumCLI.check { try EthereumInput.wei(value, option: option) } }
        }
        return (
            try amount(maxFee, "--max-fee"), try amount(priorityFee, "--priority-fee"),
            try amount(gasPrice, "--gas-price")
        )
    }

    /// Builds, issues and writes the request for `action`.
    func issue(_ action: EthereumTransactionSpec.Action, abi: ABIFunction? = nil) throws {
        let fees = try parsedFees()
        var list: [AccessListEntry]?
        if let accessList {
            list = try EthereumAccessListFile.parse(try QRMessageIO.read(accessList), path: accessList)
        }
        var spec = EthereumTransactionSpec(
            action: action, from: request.from, chainId: try request.parsedChainId(), nonce: nonce, gas: gas,
            maxFee: fees.maxFee,
            priorityFee: fees.priorityFee, gasPrice: fees.gasPrice, legacy: legacy, accessList: list,
            note: request.output.note)
        spec.abi = abi
        spec.authorizations = try authorizations.map { path in
            try EthereumAuthorizationFile.parse(try QRMessageIO.read(path), path: path)
        }
        let builder = EthereumTransactionBuilder(store: try WatchContext.store(), rpc: rpc.map { EthereumRPC(url: $0) })
        try EthereumActions.issue(try builder.build(spec).request, output: request.output)
    }
}

/// Helpers for the Ethereum commands' `validate()`.
enum EthereumCLI {
    /// Runs a reader and turns its refusal into a usage error (exit 2) with its one-line message.
    static func check<T>(_ read: () throws -> T) throws -> T {
        do { return try read() } catch { throw ValidationError(String(describing: error)) }
    }

    static func value(_ text: String?) throws -> BigUInt {
        guard let text else { return 0 }
        return try check { try EthereumInput.wei(text, option: "--value") }
    }
}
