import Synchronization

/// The identities of the signer's own accounts and contacts, worked out once per chain on first
/// use and kept for the life of a `ReviewContext`. Labelling an address compared it with every
/// account and contact, each decoded again (an EIP-55 checksum is a Keccak hash): a batch of
/// 10,000 requests spent more time there than in signing.
///
/// Sound because a context's accounts and contacts never change and `identity` is the chain
/// module's, a function of the address text alone.
final class KnownAddresses: Sendable {
    /// One chain's table.
    struct Table {
        /// The label each identity gets: the first own account with it, else the first contact.
        var labels: [String: AddressLabel] = [:]
        /// The identity of each own account's and contact's address text, to skip decoding a
        /// request's address when it is written the same way (the request's own account).
        var identities: [String: String] = [:]
    }

    private let tables = Mutex<[ChainID: Table]>([:])

    /// The table of `chain` for these accounts and contacts, built on the first call.
    func table(_ chain: ChainID, own: [OwnAccount], contacts: AddressBook, identity: (String) -> String?) -> Table {
        tables.withLock { tables in
            if let table = tables[chain] { return table }
            var table = Table()
            // Own accounts before contacts, each in list order, as the review always ranked them.
            for account in own where account.chain == chain {
                guard let id = identity(account.address) else { continue }
                table.identities[account.address] = id
                if table.labels[id] == nil { table.labels[id] = .own(keyName: account.keyName, path: account.path) }
            }
            for contact in contacts.contacts where contact.chain == chain {
                let byModule = identity(contact.address)
                if let byModule { table.identities[contact.address] = byModule }
                // As `AddressBook.contact(for:)`: the address format's identity when the module has none.
                let id = byModule ?? contact.identity
                if table.labels[id] == nil { table.labels[id] = .contact(name: contact.name) }
            }
            tables[chain] = table
            return table
        }
    }
}
