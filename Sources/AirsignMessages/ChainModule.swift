import AirsignEncoding
import AirsignKeys

/// What every chain module implements: the same verbs for every chain, so a person learns one
/// flow and a maintainer adds a chain by adding one folder (docs/adding-a-chain.md).
///
/// - `review` (decode and validate the whole payload, no secrets) and `sign` (sign exactly the
///   reviewed bytes): the chain's signer side, `Sources/Chains/<Chain>/Signer`.
/// - The watch checks responses with the chain's `ChainFinalizer` (AirsignWatch), on the
///   chain's online side. The watch's builders hand their requests to `RequestIssuer`, which
///   runs `review` on them before storing, so the watch never issues what the signer would
///   refuse.
///
/// Errors thrown by a module should be its own typed error whose description names the field
/// at fault and never holds secret bytes; the pipeline reports them with the request's place.
/// A module links no networking code (the signer links it).
public protocol ChainModule: Sendable {
    /// The `chain` value of the messages this module handles.
    var chain: ChainID { get }

    /// The chain's name for people ("Ethereum").
    var displayName: String { get }

    /// Decodes and validates all of `request.payload` (docs/security.md, signer rule 2: trailing
    /// bytes, unknown fields, a payload for another network than `request.network` are refused)
    /// and describes it (signer rule 3). Destinations are labelled with
    /// `context.describe(_:chain:identity:)`.
    /// Throws when the request must be refused; never asks for a secret.
    func review(_ request: SignRequest, context: ReviewContext) throws -> Review

    /// What `request` asks to sign, decoded with no clock, contacts or tables: the same items
    /// (labels, bytes and typed values) `review` puts in `signing`, for the watch's finalizer to
    /// check a response against. Refuses what `review` refuses for the payload's form.
    func signingItems(_ request: SignRequest) throws -> [SigningItem]

    /// Signs `review.signing` with `key` (which the pipeline has checked is the key of
    /// `review.key`), computing every digest itself (signer rule 1), and assembles the chain's
    /// result.
    /// Reads each item's typed `value`; must not look at `review.request.payload` or an item's
    /// label to decide what to sign.
    func sign(_ review: Review, with key: SigningKey) throws -> SignedOutput

    /// The identity of an address on this chain, to compare two spellings of one account (see
    /// `AddressIdentity.swift`); nil when `address` is not an address of this chain.
    func addressIdentity(_ address: String) -> String?

    /// The chain's native unsigned artifact (a bare SignerPayloadJSON, unsigned Ethereum
    /// transaction hex, a Stellar envelope), so existing online tools can feed the signer: the
    /// sign requests it stands for, each for one of `accounts` (the signer's own) with a fresh
    /// id; nil when `input` is not this chain's native form. The requests then go through
    /// `review` like any other. Default: nil (the chain takes sign requests only).
    func nativeRequests(_ input: [UInt8], accounts: [OwnAccount]) throws -> [SignRequest]?

    /// As `nativeRequests(_:accounts:)`, told the network the person named (the signer's
    /// `--network`), for native artifacts that do not carry it (a bare Stellar envelope); nil
    /// when none was named. Default: the network is not needed, the two-argument form answers.
    func nativeRequests(_ input: [UInt8], accounts: [OwnAccount], network: String?) throws -> [SignRequest]?

    /// The wallets' own QR protocols this chain reads and answers in kind (UOS for Substrate;
    /// see `ForeignFormat`). Default: none.
    var foreignFormats: [any ForeignFormat] { get }

    /// The chain's account knowledge (default paths, `account add` options, `key import`
    /// forms, network binding) for the signer's account commands. Default: none (a chain of
    /// the tests, whose accounts the keystore never derives).
    var accounts: (any ChainAccounts)? { get }

    /// What the person may install on the signer for this chain's reviews: its members of the
    /// signer's knowledge file (see `InstalledKnowledgeFormat`). Default: none.
    var installedKnowledge: (any InstalledKnowledgeFormat)? { get }
}

extension ChainModule {
    public func nativeRequests(_ input: [UInt8], accounts: [OwnAccount]) throws -> [SignRequest]? { nil }

    public var foreignFormats: [any ForeignFormat] { [] }

    public var accounts: (any ChainAccounts)? { nil }

    public var installedKnowledge: (any InstalledKnowledgeFormat)? { nil }

    public func nativeRequests(_ input: [UInt8], accounts: [OwnAccount], network: String?) throws -> [SignRequest]? {
        try nativeRequests(input, accounts: accounts)
    }

    /// The chain's address formats (`ChainAccounts.addressIdentity`); a chain without account
    /// rules (the tests') compares the text as it is.
    public func addressIdentity(_ address: String) -> String? {
        guard let accounts else { return address.isEmpty ? nil : address }
        return accounts.addressIdentity(address)
    }

    /// `address` with its label from `context` ("…, contact \"Alice\"", "not in your contacts").
    public func describe(_ address: String, in context: ReviewContext) -> String {
        context.describe(address, chain: chain, identity: addressIdentity)
    }
}

/// What `sign` returns: the signatures (chain-native hex) and the broadcastable result.
public struct SignedOutput: Sendable {
    /// One per `SigningItem`, in order, in the chain's native hex form.
    public let signatures: [String]
    /// The chain's artifact (`rawTransaction`, `extrinsic`, `envelope`, …); nil when the chain
    /// has none for this payload type.
    public let result: JSONValue?

    public init(signatures: [String], result: JSONValue?) {
        self.signatures = signatures
        self.result = result
    }
}
