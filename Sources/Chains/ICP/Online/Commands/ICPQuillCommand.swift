import AirsignCLI
import ArgumentParser

struct ICPQuillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quill",
        abstract: "Write a signed ICP message as `quill send` reads it.",
        discussion: """
            FILE is a finalized sign response or quill's message JSON. Every envelope's \
            signature is checked, then one message is written as quill writes it: the bare \
            JSON array of {ingress, request_status}. quill sends every message it is given, \
            so a --valid-for series is written one expiry window at a time: --window N, or \
            by default the window valid now (expiring 20 s to 6 min from now).
            """)

    @OptionGroup var input: MessageInputOptions

    @Option(
        help: ArgumentHelp("The expiry window to write (1 = the earliest); default: the one valid now.", valueName: "N")
    )
    var window: Int?

    @Option(help: ArgumentHelp("Where to write quill's JSON (- for standard output).", valueName: "FILE|-"))
    var out = "-"

    func run() throws {
        try ICPQuillExport.run(try input.read(), window: window, out: out)
    }
}
