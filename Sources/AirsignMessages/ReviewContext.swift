import AirsignKeys

/// One of the signer's own accounts, as the keystore lists it (no PIN needed).
public struct OwnAccount: Sendable, Equatable {
    public let chain: ChainID
    public let address: String
    public let publicKey: [UInt8]
    /// The keystore key that holds it.
    public let keyName: String
    /// Its derivation path, when it has one.
    public let path: String?
    /// The network the account was added for (`eip155:1`, …), when the keystore records one.
    public let network: String?
    /// The key's signature scheme, when the keystore records it (a wallet request naming a
    /// scheme is checked against it before the review).
    public let scheme: KeyScheme?

    public init(
        chain: ChainID, address: String, publicKey: [UInt8], keyName: String, path: String?, network: String? = nil,
        scheme: KeyScheme? = nil
    ) {
        self.chain = chain
        self.address = address
        self.publicKey = publicKey
        self.keyName = keyName
        self.path = path
        self.network = network
        self.scheme = scheme
    }
}

/// Who an address belongs to, as far as the signer knows.
public enum AddressLabel: Sendable, Equatable {
    /// One of the keystore's accounts.
    case own(keyName: String, path: String?)
    /// An address book entry.
    case contact(name: String)
    /// Neither: the review says "not in your contacts".
    case unknown

    /// The words the review puts after the address.
    public var text: String {
        switch self {
        case let .own(keyName, path):
            return "your account (key \"\(keyName)\"\(path.map { $0.isEmpty ? "" : ", " + $0 } ?? ""))"
        case let .contact(name): return "contact \"\(name)\""
        case .unknown: return "not in your contacts"
        }
    }
}

/// What a chain module may know about the signer's world while it reviews: the keystore's
/// accounts, the address book and the time. No secrets. Tests pin the clock.
public struct ReviewContext: Sendable {
    public let ownAccounts: [OwnAccount]
    public let contacts: AddressBook
    /// Seconds since 1970 (UTC), for expiry checks and for showing times.
    public let now: Int64
    /// The person asked for every detail (`sign`/`inspect --details`): a module lists what its
    /// review otherwise only counts (a Stellar Soroban footprint's entries).
    public var details = false

    /// Shared by copies of this context, which hold the same accounts and contacts.
    private let known = KnownAddresses()

    public init(ownAccounts: [OwnAccount] = [], contacts: AddressBook = AddressBook.empty, now: Int64) {
        self.ownAccounts = ownAccounts
        self.contacts = contacts
        self.now = now
    }

    /// Labels `address` on `chain`: own account first, then contact, else unknown. `identity`
    /// is the chain module's (see `ChainModule.addressIdentity`).
    public func label(_ address: String, chain: ChainID, identity: (String) -> String?) -> AddressLabel {
        let table = known.table(chain, own: ownAccounts, contacts: contacts, identity: identity)
        guard let wanted = table.identities[address] ?? identity(address) else { return .unknown }
        return table.labels[wanted] ?? .unknown
    }

    /// `address` followed by its label in parentheses, ready for a review line.
    public func describe(_ address: String, chain: ChainID, identity: (String) -> String?) -> String {
        "\(address) (\(label(address, chain: chain, identity: identity).text))"
    }

    /// `label` for an address the chain module wrote itself, which therefore knows its
    /// identity (what `identity` gives for the text, nil for none) without decoding it again.
    public func label(knownIdentity: String?, chain: ChainID, identity: (String) -> String?) -> AddressLabel {
        let table = known.table(chain, own: ownAccounts, contacts: contacts, identity: identity)
        return knownIdentity.flatMap { table.labels[$0] } ?? .unknown
    }

    /// `describe` for an address the chain module wrote itself (see `label(knownIdentity:…)`).
    public func describe(_ address: String, knownIdentity: String?, chain: ChainID, identity: (String) -> String?)
        -> String
    {
        "\(address) (\(label(knownIdentity: knownIdentity, chain: chain, identity: identity).text))"
    }
}

extension AddressBook {
    /// An address book with no contacts.
    public static let empty: AddressBook = {
        guard let book = try? AddressBook([]) else { preconditionFailure("an empty address book is valid") }
        return book
    }()
}
