import ArgumentParser

struct ContactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact",
        abstract: "The address book: names for addresses, shown in every review.",
        discussion: """
            Kept offline in the signer home (contacts.json): not encrypted, but written \
            atomically and read strictly. A review labels a destination that is one of your \
            accounts or a contact by name, and marks any other as "not in your contacts".
            """,
        subcommands: [ContactAddCommand.self, ContactListCommand.self, ContactRemoveCommand.self])
}
