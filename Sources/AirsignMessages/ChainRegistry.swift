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

    /// The module for `chain`, or `.noChainModule`.
    public func module(for chain: ChainID) throws(MessagesError) -> any ChainModule {
        guard let module = table[chain] else { throw .noChainModule(chain: chain.rawValue) }
        return module
    }
}
