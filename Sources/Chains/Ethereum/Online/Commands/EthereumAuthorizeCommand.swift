import AirsignCLI
import AirsignEthereum
import AirsignOnline
import AirsignWatch
import ArgumentParser
import BigInt

struct EthereumAuthorizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Request an EIP-7702 authorization: the account's code delegated to a contract, or revoked.",
        discussion: """
            The signer signs 0x05 ‖ rlp([chain_id, delegate, nonce]) and answers with the signed \
            authorization; finalize checks it and writes it, for --authorization of a \
            transaction (this account's own, nonce + 1, or a sponsor's). An account that \
            delegates runs the delegate's code: the signer refuses a delegate the person has \
            not put on its delegate list unless --blind names the request.
            """)

    @Option(help: ArgumentHelp("The watch-only account that authorizes (0x address).", valueName: "ADDRESS"))
    var from: String

    @Option(help: ArgumentHelp("The contract whose code the account will run (0x address).", valueName: "ADDRESS"))
    var delegate: String?

    @Flag(help: "Clear the account's delegation (an authorization to the zero address).")
    var revoke = false

    @Option(
        name: .customLong("chain-id"),
        help: ArgumentHelp(
            "The chain id it is valid on; 0 for every chain. Default: the node's with --rpc, else the account's network.",
            valueName: "ID"))
    var chainId: String?

    @Option(
        help: ArgumentHelp(
            "With --chain-id 0: the chain id of the network the request is for. Default: the node's with --rpc, else the account's one network.",
            valueName: "ID"))
    var network: String?

    @Option(help: ArgumentHelp("The account nonce it is valid at. Default with --rpc: the node's.", valueName: "N"))
    var nonce: UInt64?

    @Flag(
        name: .customLong("self-submitted"),
        help: "The account sends it in its own type-4 transaction: with --rpc, sign the node's nonce + 1.")
    var selfSubmitted = false

    @Option(help: ArgumentHelp("An Ethereum JSON-RPC node for the chain id and nonce.", valueName: "URL"))
    var rpc: String?

    @OptionGroup var output: RequestOutputOptions

    func validate() throws {
        _ = try EthereumCLI.check { try EthereumInput.address(from, option: "--from") }
        guard (delegate == nil) != !revoke else { throw ValidationError("give either --delegate ADDRESS or --revoke") }
        if let delegate { _ = try EthereumCLI.check { try EthereumInput.address(delegate, option: "--delegate") } }
        let chain = try parsedChainId()
        if network != nil, chain != 0 {
            throw ValidationError("--network is for --chain-id 0; otherwise the request's network is --chain-id's")
        }
        _ = try network.map { text in try EthereumCLI.check { try EthereumInput.chainId(text) } }
        if selfSubmitted, nonce != nil {
            throw ValidationError("--self-submitted adjusts the node's nonce; with --nonce give the nonce to sign")
        }
    }

    private func parsedChainId() throws -> BigUInt? {
        guard let chainId else { return nil }
        if chainId == "0" { return 0 }
        return try EthereumCLI.check { try EthereumInput.chainId(chainId) }
    }

    func run() throws {
        let builder = EthereumAuthorizationBuilder(
            store: try WatchContext.store(), rpc: rpc.map { EthereumRPC(url: $0) })
        let request = try builder.build(
            from: from,
            delegate: try delegate.map { text in
                try EthereumCLI.check { try EthereumInput.address(text, option: "--delegate") }
            },
            chainId: try parsedChainId(),
            network: try network.map { text in try EthereumCLI.check { try EthereumInput.chainId(text) } },
            nonce: nonce, selfSubmitted: selfSubmitted, note: output.note)
        try EthereumActions.issue(request, output: output)
    }
}
