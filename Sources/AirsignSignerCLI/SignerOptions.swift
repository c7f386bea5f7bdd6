import AirsignCLI
import AirsignKeys
import AirsignKeystore
import AirsignMessages
import ArgumentParser

/// `--pin-file FILE`: the keystore PIN for automation, instead of the terminal prompt.
public struct PINFileOption: ParsableArguments {
    /// The file, `-`, or nil to ask on the terminal.
    @Option(
        name: .customLong("pin-file"),
        help: ArgumentHelp(
            "Read the PIN from FILE (mode 600; one trailing newline is ignored), or from standard input with -, instead of asking on the terminal.",
            valueName: "file"))
    public var path: String?

    public init() {}
}

/// `--json`: machine output on stdout instead of text on stderr.
public struct JSONOption: ParsableArguments {
    /// Whether `--json` was given.
    @Flag(name: .customLong("json"), help: "Print JSON on standard output instead of text on standard error.")
    public var enabled = false

    public init() {}
}

/// `--blind` and `--blind-request`: the requests the person lets be signed although the signer
/// does not understand everything they do. Given one by one, never for a whole batch.
public struct BlindOptions: ParsableArguments {
    @Flag(help: "Sign the one request given although the signer does not understand all it does (a batch of one only).")
    public var blind = false

    @Option(
        name: .customLong("blind-request"),
        help: ArgumentHelp(
            "Sign this request of a batch (its id, or its place from 1) although the signer does not understand all it does; repeat for each.",
            valueName: "ID|N"))
    public var requests: [String] = []

    public init() {}

    public func validate() throws {
        for named in requests where Int(named).map({ $0 < 1 }) ?? (named.count != 36) {
            throw ValidationError("--blind-request needs a request id or a place from 1, not \"\(named)\"")
        }
    }

    /// The consent they give.
    public var consent: BlindConsent { BlindConsent(onlyRequest: blind, named: requests) }
}
