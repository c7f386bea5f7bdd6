import AirsignMessages

extension ChainRegistry {
    /// Every chain module this build signs for: real chains only, one line each. Empty until
    /// the chain issues land; until then every request is refused as "no chain module for …
    /// yet". A chain module adds itself here, e.g. `AirsignEthereum.EthereumModule(),`.
    public static let standard = ChainRegistry([
    ])
}
