import AirsignCrypto

/// One chain's account knowledge that the signer's commands ask for instead of switching on
/// the chain: how `account add`'s options name an account, which account a new key gets, the
/// single-key forms `key import` reads, and whether accounts sign only on their recorded
/// networks. Each chain implements it in `Sources/Chains/<Chain>/Signer/Accounts.swift`, and its
/// `ChainModule.accounts` lists it in the chain table (`ChainRegistry.standard`).
public protocol ChainAccounts: Sendable {
    /// The chain these accounts are of.
    var chain: Chain { get }

    /// Whether an account signs only on the networks the keystore records it for (the signer's
    /// `NetworkBinding` says why a chain is or is not).
    var isNetworkBound: Bool { get }

    /// The chain's own secret forms for `key import --kind` (the phrase, which serves every
    /// chain, is not one of them).
    var secretImports: [SecretImport] { get }

    /// The account `account add`'s options name on `network`: `index`, or for Substrate
    /// `scheme` and `path`; an option the chain does not take is refused.
    func request(index: UInt32?, scheme: SubstrateScheme?, path: String?, on network: ChainNetwork) throws(KeysError)
        -> AccountRequest

    /// The account a new key gets on `network` (the wallets' default: the first index, or the
    /// Substrate root under sr25519).
    func defaultRequest(on network: ChainNetwork) -> AccountRequest

    /// The `--index` that `account add` takes to add the account at `path` again, when the
    /// path is one of the chain's indexed paths; nil otherwise.
    func indexOption(forPath path: String) -> String?
}

/// One `key import --kind` form of a chain's single key: its name on the command line, the
/// prompt that asks for it, and its parser.
public struct SecretImport: Sendable {
    /// The `--kind` value (`ethereum-key`).
    public let kind: String
    /// What the terminal prompt asks for.
    public let prompt: String
    /// Whether the secret can be typed on one line at the prompt (a PEM file cannot).
    public let fitsOneLine: Bool
    /// The secret in the UTF-8 text (in protected memory), as `KeyImport` reads it.
    public let parse: @Sendable (SecureBytes) throws(KeysError) -> KeySecret

    public init(
        kind: String, prompt: String, fitsOneLine: Bool = true,
        parse: @escaping @Sendable (SecureBytes) throws(KeysError) -> KeySecret
    ) {
        self.kind = kind
        self.prompt = prompt
        self.fitsOneLine = fitsOneLine
        self.parse = parse
    }
}

extension ChainAccounts {
    /// Refuses the Substrate-only options for a chain whose accounts are named by `--index`
    /// alone (Ethereum, ICP, Stellar), with the words `account add` has always used.
    public func refuseSubstrateOptions(scheme: SubstrateScheme?, path: String?) throws(KeysError) {
        guard path == nil else {
            throw .invalidDerivationPath("\(chain.rawValue) accounts take --index N; --path is for Substrate junctions")
        }
        guard scheme == nil else { throw .invalidDerivationPath("--scheme is for Substrate accounts") }
    }
}
