import AirsignKeys
import AirsignKeystore

/// Finds accounts by what `account show` and `account export` are given: a key's name (all its
/// accounts) or an address (every account with it; Ethereum's hex addresses in any case).
public enum AccountLookup {
    public static func find(_ text: String, in keys: [KeyMetadata]) throws(SignerError) -> [(
        key: KeyName, account: Account
    )] {
        if let key = keys.first(where: { $0.name.value == text }) {
            guard !key.accounts.isEmpty else { throw .keyWithoutAccounts(key.name.value) }
            return key.accounts.map { (key.name, $0) }
        }
        let wanted = text.hasPrefix("0x") ? text.lowercased() : text
        let found = keys.flatMap { key in
            key.accounts.filter { ($0.address.hasPrefix("0x") ? $0.address.lowercased() : $0.address) == wanted }
                .map { (key.name, $0) }
        }
        guard !found.isEmpty else { throw .noSuchAccount(text) }
        return found
    }
}
