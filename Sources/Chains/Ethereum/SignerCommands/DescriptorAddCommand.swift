import AirsignCLI
import AirsignSignerCLI
import ArgumentParser

struct DescriptorAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Install an ERC-7730 descriptor (its includes resolved beside it).")

    @OptionGroup var input: MessageInputOptions

    @Option(help: "The name to install it under (default: the file name without .json).")
    var name: String?

    @OptionGroup var pin: PINFileOption

    func run() throws {
        try DescriptorActions.add(bytes: try input.read(), source: input.file, name: name, pinFile: pin.path)
    }
}
