import AirsignEncoding
import AirsignMessages
import Synchronization

/// The SS58 text and address identity of account ids the reviews have shown, kept for the life
/// of the chain module. A review writes each account id as SS58 (Base58 is quadratic in the
/// length, with a BLAKE2b checksum) and labelling it decoded the text straight back; in a batch
/// of 10,000 transfers from one account the same few ids were encoded and decoded tens of
/// thousands of times.
///
/// Sound because both are functions of the id and the prefix alone. Bounded: when full it
/// starts again, so a batch of distinct ids costs what it did before, never more memory.
final class AccountNames: Sendable {
    struct Name: Sendable {
        /// The SS58 address.
        let text: String
        /// What `SubstrateChain.addressIdentity` gives for `text`: nil for an id that is no
        /// account (not 32 bytes, nor a 33-byte ecdsa key).
        let identity: String?
    }

    private struct Key: Hashable {
        let id: [UInt8]
        let prefix: UInt16
    }

    static let capacity = 4096
    private let names = Mutex<[Key: Name]>([:])

    /// The name of `id` under SS58 `prefix`.
    func name(_ id: [UInt8], prefix: UInt16) throws(EncodingError) -> Name {
        let key = Key(id: id, prefix: prefix)
        if let known = names.withLock({ $0[key] }) { return known }
        let text = try SS58.encode(id, prefix: prefix)
        // The identity of the text, without decoding it: SS58 carries the id itself.
        let identity = (try? SubstrateSigning.accountID(ofPublicKey: id)).map {
            SubstrateAccounts.identity(accountID: $0)
        }
        let name = Name(text: text, identity: identity)
        names.withLock { names in
            if names.count >= Self.capacity { names.removeAll(keepingCapacity: true) }
            names[key] = name
        }
        return name
    }
}
