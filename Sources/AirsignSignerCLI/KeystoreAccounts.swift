import AirsignKeystore
import AirsignMessages

/// The keystore's accounts as the pipeline sees them: chain, address, public key, and the key
/// that holds each. Read from public metadata, no PIN. This is the one place that reads the
/// keystore's account records, so the pipeline does not depend on their shape.
public enum KeystoreAccounts {
    /// Every account of every key; accounts of chains with no valid identifier are skipped.
    public static func own(_ keys: [KeyMetadata]) -> [OwnAccount] {
        var own: [OwnAccount] = []
        for key in keys {
            for account in key.accounts {
                guard let chain = ChainID(validating: account.chain.rawValue) else { continue }
                // `Account.path` is empty for a root or imported key.
                let path: String? = account.path.isEmpty ? nil : account.path
                own.append(
                    OwnAccount(
                        chain: chain, address: account.address, publicKey: account.publicKey, keyName: key.name.value,
                        path: path,
                        network: account.network, scheme: account.scheme))
            }
        }
        return own
    }
}
