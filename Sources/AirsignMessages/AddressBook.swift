import AirsignEncoding
import AirsignKeys

/// A named address on one chain, kept in the signer's address book.
public struct Contact: Sendable, Equatable {
    public static let maximumNameLength = 64

    public let chain: ChainID
    /// How the review calls the address: 1 to 64 characters, by the rules of `ContactName`.
    public let name: String
    public let address: String
    /// The address's identity by its chain's address formats (`AccountRules.addressIdentity`):
    /// what contacts are compared by where the chain module has none of its own.
    public let identity: String

    /// Checks the name (see `ContactName`) and that the address is one on `chain` (for the four
    /// chains, by their address formats and checksums in `rules`).
    public init(chain: ChainID, name: String, address: String, rules: AccountRules) throws(MessagesError) {
        try self.init(chain: chain, name: name, address: address, rules: rules, checkingName: true)
    }

    /// Without `checkingName`, only the name's length and the address are checked: how an
    /// address book written before a name rule existed (or edited by hand) is read to be listed
    /// and repaired.
    init(chain: ChainID, name: String, address: String, rules: AccountRules, checkingName: Bool)
        throws(MessagesError)
    {
        guard !name.isEmpty, name.count <= Self.maximumNameLength, name.utf8.count <= 4 * Self.maximumNameLength else {
            throw .invalidContact(field: "name", reason: "must be 1 to \(Self.maximumNameLength) characters")
        }
        if checkingName { try ContactName.check(name) }
        guard address.utf8.count <= 128, address.utf8.allSatisfy({ (0x21...0x7e).contains($0) }),
            let identity = rules.addressIdentity(address, chain: chain)
        else {
            throw .invalidContact(
                field: "address",
                reason: "\(MessageText.escaped(String(address.prefix(128)))) is not a valid \(chain) address")
        }
        self.chain = chain
        self.name = name
        self.address = rules.displayAddress(address, chain: chain)
        self.identity = identity
    }

    var json: JSONValue {
        .object([
            (key: "chain", value: .string(chain.rawValue)), (key: "name", value: .string(name)),
            (key: "address", value: .string(address)),
        ])
    }
}

/// The signer's address book: contacts per chain, with unique names and addresses on each
/// chain, and no name that can be taken for another (see `ContactName`): one name may stand
/// for the same person on several chains, but no two look-alike names anywhere. Stored as one
/// canonical JSON file (see `fileBytes`), read strictly.
public struct AddressBook: Sendable, Equatable {
    public static let kind = "contacts"
    public static let maximumContacts = 10_000

    /// Sorted by chain, then name.
    public private(set) var contacts: [Contact]
    /// The first contact of each skeleton as written and of each look-alike fold (see
    /// `ContactName.Skeletons`): what a new name is compared with.
    private var byPlainSkeleton: [String: Contact] = [:]
    private var byLookAlike: [String: Contact] = [:]

    public init(_ contacts: [Contact] = []) throws(MessagesError) {
        self.contacts = []
        for contact in contacts { try add(contact) }
    }

    /// The contacts of one chain, by name.
    public func contacts(on chain: ChainID) -> [Contact] { contacts.filter { $0.chain == chain } }

    /// The contact whose address is `address` on `chain`, compared by account (see
    /// `AddressIdentity.swift`): by `identity`, the chain module's, where it reads the address,
    /// else by the chain's address formats in `rules`.
    public func contact(
        for address: String, chain: ChainID, rules: AccountRules, identity: (String) -> String? = { _ in nil }
    ) -> Contact? {
        let wanted = identity(address) ?? rules.addressIdentity(address, chain: chain)
        guard let wanted else { return nil }
        return contacts.first { $0.chain == chain && (identity($0.address) ?? $0.identity) == wanted }
    }

    /// Adds a contact; its name and its address must be new on its chain, and its name must
    /// not look like another contact's name on any chain.
    public mutating func add(_ contact: Contact) throws(MessagesError) {
        try checkDistinct(contact.name)
        try addUnchecked(contact)
    }

    /// Refuses `name` when it can be taken for the name of a contact (the same name is no
    /// look-alike: it is the same person on another chain).
    public func checkDistinct(_ name: String) throws(MessagesError) {
        let skeletons = ContactName.Skeletons(name)
        let alike = [byPlainSkeleton[skeletons.plain], byLookAlike[skeletons.lookAlike]].compactMap { $0 }.first {
            $0.name != name
        }
        if let alike {
            throw ContactName.invalid(
                name,
                "looks like the \(alike.chain) contact \(ContactName.quoted(alike.name)) "
                    + "(\(skeletons.likeness(to: ContactName.Skeletons(alike.name)))): pick a name that differs at a glance"
            )
        }
    }

    /// Adds a contact whose name may look like another's (see `parseForRepair`).
    private mutating func addUnchecked(_ contact: Contact) throws(MessagesError) {
        guard contacts.count < Self.maximumContacts else {
            throw .invalidContact(
                field: "contacts", reason: "the address book holds at most \(Self.maximumContacts) contacts")
        }
        let taken = contacts.contains { $0.chain == contact.chain && $0.name == contact.name }
        let sameAccount = contacts.contains { $0.chain == contact.chain && $0.identity == contact.identity }
        guard !taken, !sameAccount else {
            throw .contactExists(chain: contact.chain.rawValue, name: MessageText.escaped(contact.name))
        }
        contacts.append(contact)
        contacts.sort { ($0.chain, $0.name) < ($1.chain, $1.name) }
        index(contact)
    }

    /// Removes the contact named `name` on `chain`; `name` may also be written as the
    /// contact list shows it, escaped.
    public mutating func remove(name: String, chain: ChainID) throws(MessagesError) {
        let index =
            contacts.firstIndex { $0.chain == chain && $0.name == name }
            ?? contacts.firstIndex { $0.chain == chain && MessageText.escaped($0.name) == name }
        guard let index else {
            throw .contactNotFound(chain: chain.rawValue, name: MessageText.escaped(name))
        }
        contacts.remove(at: index)
        byPlainSkeleton = [:]
        byLookAlike = [:]
        contacts.forEach { self.index($0) }
    }

    private mutating func index(_ contact: Contact) {
        let skeletons = ContactName.Skeletons(contact.name)
        if byPlainSkeleton[skeletons.plain] == nil { byPlainSkeleton[skeletons.plain] = contact }
        if byLookAlike[skeletons.lookAlike] == nil { byLookAlike[skeletons.lookAlike] = contact }
    }

    /// The file: `{"airsign":"contacts","version":1,"contacts":[…]}` as one canonical line.
    public var fileBytes: [UInt8] {
        var members = MessageHeader.members(Self.kind)
        members.append((key: "contacts", value: .array(contacts.map(\.json))))
        return MessageFile.serialize([.object(members)])
    }

    /// Reads the file strictly: the header, no unknown fields, every contact valid (names by
    /// `ContactName`'s rules), no duplicates, no look-alike names. `path` names the file in
    /// errors; `rules` reads the addresses.
    public static func parse(_ bytes: [UInt8], path: String, rules: AccountRules) throws(MessagesError) -> AddressBook {
        try read(bytes, path: path, rules: rules, repairing: false).book
    }

    /// Reads the file as strictly as `parse`, except that names breaking `ContactName`'s
    /// rules or looking like another contact's are kept and reported: how a book written by
    /// hand, or before a rule existed, is listed and put right with `contact remove`.
    public static func parseForRepair(_ bytes: [UInt8], path: String, rules: AccountRules) throws(MessagesError) -> (
        book: AddressBook, problems: [NameProblem]
    ) {
        try read(bytes, path: path, rules: rules, repairing: true)
    }

    /// A contact whose name `parse` refuses, and why.
    public struct NameProblem: Sendable, Equatable {
        public let contact: Contact
        public let reason: String
    }

    private static func read(_ bytes: [UInt8], path: String, rules: AccountRules, repairing: Bool) throws(MessagesError)
        -> (
            book: AddressBook, problems: [NameProblem]
        )
    {
        let value: JSONValue
        do throws(EncodingError) {
            value = try JSONParser().parse(bytes)
        } catch {
            throw .invalidContact(field: "file \(path)", reason: "not JSON: \(error)")
        }
        var book = AddressBook.empty
        var problems: [NameProblem] = []
        var nameRefused = false
        do throws(MessagesError) {
            try MessageHeader.check(value, expected: kind, message: nil)
            let fields = try MessageFields(value, message: nil, required: ["airsign", "version", "contacts"])
            guard case let .array(items)? = fields.value("contacts") else {
                throw fields.invalid("contacts", "must be an array")
            }
            for (index, item) in items.enumerated() {
                let entry = try fields.object(
                    item, field: "contacts[\(index)]", required: ["chain", "name", "address"])
                let (chain, name, address) = (
                    try ChainID(try entry.string("chain")), try entry.string("name"), try entry.string("address")
                )
                do throws(MessagesError) {
                    let contact = try Contact(
                        chain: chain, name: name, address: address, rules: rules, checkingName: false)
                    if let problem = book.nameProblem(contact) {
                        nameRefused = !repairing
                        guard repairing else { throw problem }
                        problems.append(NameProblem(contact: contact, reason: problem.description))
                    }
                    try book.addUnchecked(contact)
                } catch {
                    throw MessagesError.invalidField(
                        message: nil, field: "contacts[\(index)]", reason: error.description)
                }
            }
        } catch {
            let repair =
                nameRefused
                ? "; `airsign-signer contact list` shows every such name and `contact remove` removes one" : ""
            throw .invalidContact(field: "file \(path)", reason: error.description + repair)
        }
        return (book, problems)
    }

    /// Why a strict read refuses the name of `contact` (read without its name checked) in this
    /// book, if it does.
    private func nameProblem(_ contact: Contact) -> MessagesError? {
        do throws(MessagesError) {
            try ContactName.check(contact.name)
            try checkDistinct(contact.name)
            return nil
        } catch {
            return error
        }
    }
}
