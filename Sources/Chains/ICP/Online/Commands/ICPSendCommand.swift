import AirsignCLI
import AirsignICP
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
            read_state and the reply decoded as Candid. The status is read only from a \
            certificate that verifies: its BLS12-381 signature under the root key (through the \
            subnet's delegation, whose canister ranges must hold the canister called) and its \
            time within 5 minutes of this machine's clock. A certificate that fails exits 9 \
            and reports nothing from it.
            """)

    @OptionGroup var input: MessageInputOptions
    @OptionGroup var rootKey: ICPRootKeyOptions

    @Option(help: ArgumentHelp("The IC's HTTPS endpoint.", valueName: "URL"))
    var url = "https://icp-api.io"

    func validate() throws {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw ValidationError("--url must start with https:// or http://")
        }
    }

    func run() throws {
        try ICPSend.run(try input.read(), url: url, verifier: try rootKey.verifier())
    }
}
