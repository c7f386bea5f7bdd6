import AirsignSignerCLI
import ArgumentParser

struct DescriptorListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the installed descriptors and what each is bound to.")

    @OptionGroup var json: JSONOption

    func run() throws {
        try DescriptorActions.list(json: json.enabled)
    }
}
