import AirsignEthereumOnline
import AirsignICPOnline
import AirsignStellarOnline
import AirsignSubstrateOnline
import AirsignWatch
import ArgumentParser

/// The watch's chain table: what each chain brings to `airsign-watch`, one line a chain (the
/// signer's own table is `ChainRegistry.standard` in AirsignChains, which links no online code).
public enum WatchChains {
    /// One chain's part of the watch: its `airsign-watch <chain> …` command group and the
    /// finalizer that checks its responses.
    public struct Entry: Sendable {
        public let command: any ParsableCommand.Type
        public let finalizer: any ChainFinalizer
    }

    public static let standard: [Entry] = [
        Entry(command: EthereumCommand.self, finalizer: EthereumFinalizer()),
        Entry(command: StellarCommand.self, finalizer: StellarFinalizer()),
        Entry(command: SubstrateCommand.self, finalizer: SubstrateFinalizer()),
        Entry(command: ICPCommand.self, finalizer: ICPFinalizer()),
    ]

    /// Every chain's finalizer, for `finalize`.
    public static let finalizers = FinalizerRegistry(standard.map(\.finalizer))
}
