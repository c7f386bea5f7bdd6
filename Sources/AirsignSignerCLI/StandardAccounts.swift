import AirsignChains
import AirsignKeys
import AirsignMessages

/// The chain table's account knowledge (`ChainModule.accounts` of `ChainRegistry.standard`),
/// which the signer's key commands ask instead of switching on the chain.
enum StandardAccounts {
    /// The chain's import form named `kind` (a `key import --kind` value), if a chain reads it.
    static func secretImport(kind: String) -> (accounts: any ChainAccounts, form: SecretImport)? {
        for accounts in ChainRegistry.standard.accounts {
            if let form = accounts.secretImports.first(where: { $0.kind == kind }) { return (accounts, form) }
        }
        return nil
    }
}
