import AirsignCLI
import AirsignSignerCLI
import ArgumentParser

struct AccountShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the accounts of a key, or the account with an address (no PIN needed).")

    @Argument(help: ArgumentHelp("A key's name or an account's address.", valueName: "name-or-address"))
    var target: String

    @OptionGroup var json: JSONOption

    @OptionGroup var qr: QROutputOptions

    func run() throws {
        try AccountActions.show(target, json: json.enabled, qr: qr)
    }
}
