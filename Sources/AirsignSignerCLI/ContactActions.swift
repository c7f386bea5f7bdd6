import AirsignCLI
import AirsignKeys
import AirsignMessages

/// The work behind `contact add|list|remove`: the signer's address book, no PIN.
public enum ContactActions {
    /// `contact add --chain CHAIN NAME ADDRESS`.
    public static func add(chain: Chain, name: String, address: String) throws {
        let store = try ContactStore(home: SignerContext.keystore().directory)
        let contact = try Contact(chain: ChainID(chain), name: name, address: address)
        try store.update { book in try book.add(contact) }
        Console.info("Added the \(chain.rawValue) contact \"\(contact.name)\": \(contact.address)")
    }

    /// `contact list [--chain CHAIN] [--json]`.
    public static func list(chain: Chain?, json: Bool) throws {
        let book = try ContactStore(home: SignerContext.keystore().directory).load()
        let contacts = chain.map { book.contacts(on: ChainID($0)) } ?? book.contacts
        if json {
            let selected = try AddressBook(contacts)
            Console.output(String(decoding: selected.fileBytes, as: UTF8.self))
        } else if contacts.isEmpty {
            Console.info("No contacts" + (chain.map { " on \($0.rawValue)" } ?? "") + ".")
        } else {
            let width = contacts.map(\.name.count).max() ?? 0
            for contact in contacts {
                Console.info("\(contact.chain.rawValue.padding(9))  \(contact.name.padding(width))  \(contact.address)")
            }
        }
    }

    /// `contact remove --chain CHAIN NAME`.
    public static func remove(chain: Chain, name: String) throws {
        let store = try ContactStore(home: SignerContext.keystore().directory)
        try store.update { book in try book.remove(name: name, chain: ChainID(chain)) }
        Console.info("Removed the \(chain.rawValue) contact \"\(MessageText.escaped(name))\".")
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
