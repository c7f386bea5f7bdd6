/// The chain modules a program knows, by `chain`. The programs use `ChainRegistry.standard`
/// (module AirsignChains), which holds the real chains only; tests build their own.
public struct ChainRegistry: Sendable {
    private let modules: [ChainID: any ChainModule]

    /// A registry of `modules`; two modules for one chain is a programming error.
    public init(_ modules: [any ChainModule]) {
        var table: [ChainID: any ChainModule] = [:]
        for module in modules {
            precondition(table[module.chain] == nil, "two chain modules for \(module.chain)")
            table[module.chain] = module
        }
        self.modules = table
    }

    /// The chains it has modules for, sorted.
    public var chains: [ChainID] { modules.keys.sorted() }

    /// The module for `chain`, or `.noChainModule`.
    public func module(for chain: ChainID) throws(MessagesError) -> any ChainModule {
        guard let module = modules[chain] else { throw .noChainModule(chain: chain.rawValue) }
        return module
    }
}
