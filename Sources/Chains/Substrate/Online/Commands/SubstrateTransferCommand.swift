import AirsignEncoding
import AirsignWatch
import ArgumentParser

struct SubstrateTransferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfer",
        abstract: "A Balances transfer request: transfer_keep_alive (default), transfer_allow_death or transfer_all.")

    @OptionGroup var chain: SubstrateChainOptions

    @Option(help: ArgumentHelp("Destination SS58 address.", valueName: "ADDRESS"))
    var to: String

    @Option(help: "Amount in the token (decimal, e.g. 1.5); not with --all.")
    var amount: String?

    @Flag(help: "transfer_keep_alive: refuse to take the sender below the existential deposit (the default).")
    var keepAlive = false

    @Flag(help: "transfer_allow_death: the sender's account may be reaped.")
    var allowDeath = false

    @Flag(help: "transfer_all: the whole transferable balance (with --keep-alive, leave the existential deposit).")
    var all = false

    func validate() throws {
        if allowDeath, all || keepAlive { throw ValidationError("--allow-death takes neither --all nor --keep-alive") }
        if all == (amount != nil) { throw ValidationError(all ? "--all takes no --amount" : "--amount is needed") }
    }

    func run() throws {
        let kind: SubstrateTransfer.Kind = all ? .all : allowDeath ? .allowDeath : .keepAlive
        let transfer = SubstrateTransfer(to: to, kind: kind, amount: amount, keepAlive: keepAlive)
        try SubstrateActions.issue(
            from: chain.from, options: chain.options, call: .transfer(transfer), output: chain.output)
    }
}
