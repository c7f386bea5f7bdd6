import AirsignKeys
import AirsignKeystore
import AirsignCLI
import ArgumentParser

/// `--pin-file FILE`: the keystore PIN for automation, instead of the terminal prompt.
public struct PINFileOption: ParsableArguments {
    /// The file, `-`, or nil to ask on the terminal.
    @Option(name: .customLong("pin-file"), help: ArgumentHelp(
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
