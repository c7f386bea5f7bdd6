import AirsignKeys
import AirsignSignerCLI
import ArgumentParser

struct ContactAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Name an address on a chain.")

    @Option(help: "The chain: substrate, icp, ethereum or stellar.")
    var chain: String

    @Argument(help: "The contact's name (shown in reviews): one script, not like another contact's or key's name.")
    var name: String

    @Argument(help: "The address, in the chain's own form (checked).")
    var address: String

    func validate() throws {
        _ = try ChainArgument.parse(chain)
    }

    func run() throws {
        try ContactActions.add(chain: try ChainArgument.parse(chain), name: name, address: address)
    }
}
