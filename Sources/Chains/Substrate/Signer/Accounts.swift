import AirsignKeys

/// Substrate's accounts: junction paths under sr25519 (the default), ed25519 or ecdsa, their
/// address prefix the network's, and `0x` seeds.
public struct SubstrateAccounts: ChainAccounts {
    public let chain = Chain.substrate

    /// Not bound (yet): the genesis hash is in what is signed, and development keys sign on
    /// local chains with the account recorded for Polkadot.
    public let isNetworkBound = false

    public let secretImports = [
        SecretImport(
            kind: "substrate-seed", prompt: "Substrate seed 0x… (input hidden): ", parse: KeyImport.substrateSeed)
    ]

    public init() {}

    /// A network known only by its genesis hash has no prefix of its own: its addresses use
    /// the generic 42.
    public func request(index: UInt32?, scheme: SubstrateScheme?, path: String?, on network: ChainNetwork)
        throws(KeysError) -> AccountRequest
    {
        guard index == nil else {
            throw .invalidDerivationPath("Substrate accounts take --path //junctions, not --index")
        }
        // A ///password is a secret: it is the key's passphrase, given when the phrase is
        // stored, never part of a path kept in the clear.
        if let path, path.contains("///") {
            throw .invalidSecretURI(
                "a ///password is a secret and is never stored in a path; import the phrase with --passphrase-file instead (it is then the password of every Substrate account of that key)"
            )
        }
        let junctions = try SubstrateDerivationPath(path ?? "")
        return .substrate(scheme: scheme ?? .sr25519, path: junctions, ss58Prefix: network.ss58Prefix ?? 42)
    }

    /// sr25519 at the root, as polkadot-js creates an account from a phrase.
    public func defaultRequest(on network: ChainNetwork) -> AccountRequest {
        .substrate(scheme: .sr25519, path: SubstrateDerivationPath(junctions: []), ss58Prefix: network.ss58Prefix ?? 0)
    }

    public func indexOption(forPath path: String) -> String? { nil }
}
