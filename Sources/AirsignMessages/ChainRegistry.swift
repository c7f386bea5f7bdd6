import AirsignKeys

/// The chain modules a program knows, by `chain`. The programs use `ChainRegistry.standard`
/// (module AirsignChains), which holds the real chains only; tests build their own.
public struct ChainRegistry: Sendable {
    private let table: [ChainID: any ChainModule]

    /// A registry of `modules`; two modules for one chain is a programming error.
    public init(_ modules: [any ChainModule]) {
        var table: [ChainID: any ChainModule] = [:]
        for module in modules {
            precondition(table[module.chain] == nil, "two chain modules for \(module.chain)")
            table[module.chain] = module
        }
        self.table = table
    }

    /// The chains it has modules for, sorted.
    public var chains: [ChainID] { table.keys.sorted() }

    /// The modules, by chain.
    public var modules: [any ChainModule] { chains.compactMap { table[$0] } }

    /// Every module's foreign formats (`ChainModule.foreignFormats`), in chain order.
    public var foreignFormats: [any ForeignFormat] { modules.flatMap(\.foreignFormats) }

    /// Every module's account knowledge (`ChainModule.accounts`), in chain order.
    public var accounts: [any ChainAccounts] { modules.compactMap(\.accounts) }

    /// Every module's members of the signer's knowledge file, in chain order: the file's order.
    public var installedKnowledge: [any InstalledKnowledgeFormat] { modules.compactMap(\.installedKnowledge) }

    /// Every module's account knowledge as one table, for the code below the chain table.
    public var accountRules: AccountRules { AccountRules(accounts) }

    /// The account knowledge of `chain`'s module; nil when it has none or there is no module.
    public func accounts(for chain: ChainID) -> (any ChainAccounts)? { table[chain]?.accounts }

    /// The first module (in chain order) that reads `input` as its native artifact, with the
    /// requests it stands for; nil when none does. A module that recognises the artifact but
    /// refuses it ends the search: its `MessagesError` as thrown, any other error as refused
    /// input naming the module (a module's own error type has no exit status of its own here).
    public func nativeRequests(_ input: [UInt8], accounts: [OwnAccount], network: String?) throws(MessagesError)
        -> (module: any ChainModule, requests: [SignRequest])?
    {
        for module in modules {
            let read: [SignRequest]?
            do { read = try module.nativeRequests(input, accounts: accounts, network: network) } catch let refusal
                as MessagesError
            {
                throw refusal
            } catch {
                throw .invalidField(
                    message: nil, field: "\(module.displayName) input", reason: String(describing: error))
            }
            if let read { return (module, read) }
        }
        return nil
    }

    /// The module for `chain`, or `.noChainModule`.
    public func module(for chain: ChainID) throws(MessagesError) -> any ChainModule {
        guard let module = table[chain] else { throw .noChainModule(chain: chain.rawValue) }
        return module
    }
}
