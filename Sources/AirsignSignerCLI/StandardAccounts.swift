import AirsignChains
import AirsignKeys
import AirsignMessages

/// The chain table's account knowledge (`ChainModule.accounts` of `ChainRegistry.standard`),
/// which the signer's account and key commands ask instead of switching on the chain.
enum StandardAccounts {
    /// `chain`'s accounts. Every `Chain` has a module in the standard table, so the refusal
    /// is only for a build that leaves one out.
    static func of(_ chain: Chain) throws(KeysError) -> any ChainAccounts {
        guard let accounts = ChainRegistry.standard.accounts(for: ChainID(chain)) else {
            throw .secretDoesNotFitAccount("no chain module for \(chain.rawValue) accounts in this build")
        }
        return accounts
    }

    /// The chain's import form named `kind` (a `key import --kind` value), if a chain reads it.
    static func secretImport(kind: String) -> (accounts: any ChainAccounts, form: SecretImport)? {
        for accounts in ChainRegistry.standard.accounts {
            if let form = accounts.secretImports.first(where: { $0.kind == kind }) { return (accounts, form) }
        }
        return nil
    }
}
