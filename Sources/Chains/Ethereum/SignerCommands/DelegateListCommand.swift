import AirsignSignerCLI
import ArgumentParser

struct DelegateListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the trusted EIP-7702 delegates.")

    @OptionGroup var json: JSONOption

    func run() throws {
        try DelegateActions.list(json: json.enabled)
    }
}
