import AirsignCLI
import AirsignWatch
import ArgumentParser

struct ICPSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send signed ICP messages and report their status.",
        discussion: """
            FILE is a finalized sign response or quill's message JSON. Every envelope's \
            signature is checked first; the message whose expiry window covers now is posted \
            to /api/v2/canister/<id>/call, then its status is polled with the pre-signed \
            read_state and the reply decoded as Candid. The certificate's BLS signature is NOT \
            verified: the status is what the boundary node says.
            """)

    @OptionGroup var input: MessageInputOptions

    @Option(help: ArgumentHelp("The IC's HTTPS endpoint.", valueName: "URL"))
    var url = "https://icp-api.io"

    func validate() throws {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else { throw ValidationError("--url must start with https:// or http://") }
    }

    func run() throws {
        try ICPSend.run(try input.read(), url: url)
    }
}
