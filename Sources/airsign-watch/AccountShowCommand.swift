import AirsignCLI
import AirsignWatch
import ArgumentParser

struct AccountShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a watch-only account by its address.")

    @Argument(help: "The account's address.")
    var address: String

    @Flag(help: "Print the descriptors as a JSON array on standard output instead of text on standard error.")
    var json = false

    @OptionGroup var qr: QROutputOptions

    func run() throws {
        try WatchAccountActions.show(address, json: json, qr: qr)
    }
}
