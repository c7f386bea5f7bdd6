import AirsignCLI
import AirsignWatch
import ArgumentParser

struct EthereumBroadcastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "broadcast", abstract: "Send finalized Ethereum transactions to a node (eth_sendRawTransaction).",
        discussion: """
            FILE is what ethereum finalize wrote. The hash the node returns must equal the \
            signed transaction's. With --wait, polls eth_getTransactionReceipt until mined (at \
            most --timeout seconds) and reports block, status and gas used; a reverted \
            transaction (status 0) exits with 1. One JSON line per transaction on standard output.
            """)

    @OptionGroup var input: MessageInputOptions

    @Option(help: ArgumentHelp("The Ethereum JSON-RPC node.", valueName: "URL"))
    var rpc: String

    @Flag(help: "Wait for each receipt.")
    var wait = false

    @Option(help: ArgumentHelp("Seconds to wait for a receipt with --wait.", valueName: "SECONDS"))
    var timeout = 120

    func validate() throws {
        guard (1...86_400).contains(timeout) else { throw ValidationError("--timeout must be 1…86400 seconds") }
    }

    func run() throws {
        try EthereumActions.broadcast(try input.read(), rpc: rpc, wait: wait ? timeout : nil)
    }
}
