import AirsignEncoding

/// A named address on one chain, kept in the signer's address book.
public struct Contact: Sendable, Equatable {
    public static let maximumNameLength = 64

    public let chain: ChainID
    /// How the review calls the address: 1 to 64 characters, no control or invisible ones, no
    /// leading or trailing space.
    public let name: String
    public let address: String

    /// Checks the name and that the address is one on `chain` (for the four chains, by their
    /// address formats and checksums).
    public init(chain: ChainID, name: String, address: String) throws(MessagesError) {
        guard !name.isEmpty, name.count <= Self.maximumNameLength, name.utf8.count <= 4 * Self.maximumNameLength else {
            throw .invalidContact(field: "name", reason: "must be 1 to \(Self.maximumNameLength) characters")
        }
        guard !name.unicodeScalars.contains(where: MessageText.isHidden),
              name.first?.isWhitespace == false, name.last?.isWhitespace == false
        else {
            throw .invalidContact(field: "name", reason: "must not contain control or invisible characters, nor begin or end with a space")
        }
        guard address.utf8.count <= 128, address.utf8.allSatisfy({ (0x21 ... 0x7e).contains($0) }),
              AddressIdentity.builtIn(address, chain: chain) != nil
        else {
            throw .invalidContact(field: "address", reason: "\(MessageText.escaped(String(address.prefix(128)))) is not a valid \(chain) address")
        }
        self.chain = chain
        self.name = name
        self.address = AddressIdentity.display(address, chain: chain)
    }

    var json: JSONValue {
        .object([(key: "chain", value: .string(chain.rawValue)), (key: "name", value: .string(name)), (key: "address", value: .string(address))])
    }
}

/// The signer's address book: contacts per chain, with unique names and addresses on each
/// chain. Stored as one canonical JSON file (see `fileBytes`), read strictly.
public struct AddressBook: Sendable, Equatable {
    public static let kind = "contacts"
    public static let maximumContacts = 10_000

    /// Sorted by chain, then name.
    public private(set) var contacts: [Contact]

    public init(_ contacts: [Contact] = []) throws(MessagesError) {
        self.contacts = []
        for contact in contacts { try add(contact) }
    }

    /// The contacts of one chain, by name.
    public func contacts(on chain: ChainID) -> [Contact] { contacts.filter { $0.chain == chain } }

    /// The contact whose address is `address` on `chain` (compared by account, see
    /// `AddressIdentity`; `identity` is the chain module's when it has one).
    public func contact(for address: String, chain: ChainID, identity: (String) -> String? = { _ in nil }) -> Contact? {
        let wanted = identity(address) ?? AddressIdentity.builtIn(address, chain: chain)
        guard let wanted else { return nil }
        return contacts.first { $0.chain == chain && (identity($0.address) ?? AddressIdentity.builtIn($0.address, chain: chain)) == wanted }
    }

    /// Adds a contact; its name and its address must be new on its chain.
    public mutating func add(_ contact: Contact) throws(MessagesError) {
        guard contacts.count < Self.maximumContacts else {
            throw .invalidContact(field: "contacts", reason: "the address book holds at most \(Self.maximumContacts) contacts")
        }
        let taken = contacts.contains { $0.chain == contact.chain && $0.name == contact.name }
        guard !taken, self.contact(for: contact.address, chain: contact.chain) == nil else {
            throw .contactExists(chain: contact.chain.rawValue, name: contact.name)
        }
        contacts.append(contact)
        contacts.sort { ($0.chain, $0.name) < ($1.chain, $1.name) }
    }

    /// Removes the contact named `name` on `chain`.
    public mutating func remove(name: String, chain: ChainID) throws(MessagesError) {
        guard let index = contacts.firstIndex(where: { $0.chain == chain && $0.name == name }) else {
            throw .contactNotFound(chain: chain.rawValue, name: MessageText.escaped(name))
        }
        contacts.remove(at: index)
    }

    /// The file: `{"airsign":"contacts","version":1,"contacts":[…]}` as one canonical line.
    public var fileBytes: [UInt8] {
        var members = MessageHeader.members(Self.kind)
        members.append((key: "contacts", value: .array(contacts.map(\.json))))
        return MessageFile.serialize([.object(members)])
    }

    /// Reads the file strictly: the header, no unknown fields, every contact valid, no
    /// duplicates. `path` names the file in errors.
    public static func parse(_ bytes: [UInt8], path: String) throws(MessagesError) -> AddressBook {
        let value: JSONValue
        do throws(EncodingError) {
            value = try JSONParser().parse(bytes)
        } catch {
            throw .invalidContact(field: "file \(path)", reason: "not JSON: \(error)")
        }
        do throws(MessagesError) {
            try MessageHeader.check(value, expected: kind, message: nil)
            let fields = try MessageFields(value, message: nil, required: ["airsign", "version", "contacts"])
            guard case let .array(items)? = fields.value("contacts") else { throw fields.invalid("contacts", "must be an array") }
            var book = try AddressBook()
            for (index, item) in items.enumerated() {
                let entry = try fields.object(item, field: "contacts[\(index)]", required: ["chain", "name", "address"])
                let contact = try Contact(chain: try ChainID(try entry.string("chain")), name: try entry.string("name"), address: try entry.string("address"))
                try book.add(contact)
            }
            return book
        } catch {
            throw .invalidContact(field: "file \(path)", reason: error.description)
        }
    }
}
