import ArgumentParser

struct StellarManageDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manage-data", abstract: "Set or delete a data entry of the account.")

    @Option(help: ArgumentHelp("The entry's name (1 to 64 bytes).", valueName: "NAME"))
    var name: String

    @Option(help: ArgumentHelp("Its value (at most 64 bytes); leave out to delete the entry.", valueName: "VALUE"))
    var value: String?

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(try StellarOperations.manageData(name: name, value: value))
    }
}
