import AirsignCLI
import AirsignWatch
import ArgumentParser

struct ICPCallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Build an update call to any canister from a watch-only ICP account.",
        discussion: """
            The signer shows the canister, the method and the decoded Candid arguments, and signs \
            only with --blind. --valid-for is refused: only deduplicated ledger transfers may be \
            signed in several expiry windows.
            """)

    @Option(help: ArgumentHelp("The sending account: the principal of a watch-only ICP account.", valueName: "PRINCIPAL"))
    var from: String

    @Option(help: ArgumentHelp("The canister id (principal text).", valueName: "CANISTER"))
    var canister: String

    @Option(help: "The method name.")
    var method: String

    @Option(name: .customLong("arg-hex"), help: ArgumentHelp("The Candid-encoded arguments (DIDL…) in hex.", valueName: "HEX"))
    var argHex: String

    @Option(name: .customLong("valid-for"), help: ArgumentHelp("Refused unless the call is a ledger transfer.", valueName: "DURATION"))
    var validFor: String?

    @Option(help: ArgumentHelp("Where to write the request: a file (atomically) or - for standard output.", valueName: "FILE|-"))
    var out = "-"

    @OptionGroup var qr: QROutputOptions

    func validate() throws {
        if method.isEmpty { throw ValidationError("--method must not be empty") }
    }

    func run() throws {
        try ICPActions.call(from: from, canister: canister, method: method, argHex: argHex, validFor: validFor, out: out, qr: qr)
    }
}
