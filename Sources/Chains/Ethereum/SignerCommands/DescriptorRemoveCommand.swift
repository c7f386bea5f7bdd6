import AirsignSignerCLI
import ArgumentParser

struct DescriptorRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an installed descriptor.")

    @Argument(help: "The descriptor's name, as `descriptor list` shows it.")
    var name: String

    @OptionGroup var pin: PINFileOption

    func run() throws {
        try DescriptorActions.remove(name: name, pinFile: pin.path)
    }
}
