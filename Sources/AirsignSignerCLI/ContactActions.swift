import AirsignCLI
import AirsignChains
import AirsignKeys
import AirsignMessages

/// The work behind `contact add|list|remove`: the signer's address book, no PIN.
public enum ContactActions {
    /// `contact add --chain CHAIN NAME ADDRESS`. The name must not look like another contact's
    /// nor like one of the keystore's key names (see `ContactName`).
    public static func add(chain: Chain, name: String, address: String) throws {
        let keystore = try SignerContext.keystore()
        let store = ContactStore(home: keystore.directory)
        let contact = try Contact(chain: ChainID(chain), name: name, address: address, rules: .standard)
        try ContactName.checkDistinct(contact.name, fromKeyNames: try keystore.list().map(\.name.value))
        try store.update { book in try book.add(contact) }
        Console.info("Added the \(chain.rawValue) contact \"\(MessageText.escaped(contact.name))\": \(contact.address)")
    }

    /// `contact list [--chain CHAIN] [--json]`. A book with names a strict read refuses (edited
    /// by hand, or written before a name rule) is listed all the same, each such name with a
    /// warning on how to remove it: signing refuses the book until then.
    public static func list(chain: Chain?, json: Bool) throws {
        let (book, problems) = try ContactStore(home: SignerContext.keystore().directory).loadForRepair()
        let contacts = chain.map { book.contacts(on: ChainID($0)) } ?? book.contacts
        if json {
            Console.output(ContactText.json(contacts))
        } else if contacts.isEmpty {
            Console.info("No contacts" + (chain.map { " on \($0.rawValue)" } ?? "") + ".")
        } else {
            ContactText.lines(contacts).forEach(Console.info)
        }
        for problem in problems {
            // The name escaped as `remove` accepts it, single-quoted for the shell.
            let argument = "'" + MessageText.escaped(problem.contact.name).replacing("'", with: "'\\''") + "'"
            Console.info(
                "warning: \(problem.reason); remove it with: airsign-signer contact remove --chain \(problem.contact.chain.rawValue) \(argument)"
            )
        }
    }

    /// `contact remove --chain CHAIN NAME`: NAME as given, or escaped as `contact list` shows
    /// it. Works on a book with names a strict read refuses, so that they can be removed.
    public static func remove(chain: Chain, name: String) throws {
        let store = try ContactStore(home: SignerContext.keystore().directory)
        try store.remove(name: name, chain: ChainID(chain))
        Console.info("Removed the \(chain.rawValue) contact \"\(MessageText.escaped(name))\".")
    }
}
