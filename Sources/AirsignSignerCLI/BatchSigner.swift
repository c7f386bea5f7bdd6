import AirsignCrypto
import AirsignKeys
import AirsignKeystore
import AirsignMessages

/// The signer's pipeline for a batch of requests, in two steps joined by the reviews:
///
/// 1. `prepare` (no PIN): every request reviewed by its chain module, refused as a whole if
///    any one is refused (naming it), and each matched to a keystore account with the same
///    public key.
/// 2. `sign` (the PIN, once): each needed key unlocked once, each review's `signing` bytes
///    signed, nothing else; the responses returned together, so the caller writes all or none.
public struct BatchSigner: Sendable {
    public let registry: ChainRegistry
    public let keystore: Keystore
    public let keys: any SigningKeySource

    public init(registry: ChainRegistry, keystore: Keystore, keys: any SigningKeySource) {
        self.registry = registry
        self.keystore = keystore
        self.keys = keys
    }

    /// What reviews may know: the keystore's accounts (public metadata, no PIN), the address
    /// book and the time.
    public static func context(accounts: [OwnAccount], contacts: AddressBook, now: Int64) -> ReviewContext {
        ReviewContext(ownAccounts: accounts, contacts: contacts, now: now)
    }

    /// Reviews every request and finds its account, before any PIN is asked for. Throws the
    /// first refusal, naming the request; then the first request for an account the keystore
    /// does not hold (or holds only for other networks, on a chain whose accounts are bound to
    /// their networks).
    public func prepare(_ requests: [SignRequest], accounts: [OwnAccount], context: ReviewContext, blind: BlindConsent)
        throws -> SigningPlan
    {
        let batch = BatchReview(requests, registry: registry, context: context, blind: blind)
        let reviews = try batch.requireAll()
        let index = AccountIndex(accounts, registry: registry)
        var signers: [OwnAccount] = []
        signers.reserveCapacity(reviews.count)
        for (offset, review) in reviews.enumerated() {
            signers.append(try index.signer(for: review, position: offset + 1))
        }
        return SigningPlan(batch: batch, reviews: reviews, signers: signers)
    }

    /// Unlocks each key of the plan once with `pin`, signs every review, and returns the
    /// responses in request order (compact ones when `compact`). Any failure throws before
    /// anything is returned, so a caller that writes only the returned value writes all or
    /// nothing. Keystore errors (wrong PIN, damaged file) are thrown as they are.
    ///
    /// `masterFingerprints` (one a review, or empty) are the master-key fingerprints foreign
    /// requests name: each is compared with its key's own as soon as the keys are open, and a
    /// request for another wallet stops the batch before anything is signed.
    public func sign(_ plan: SigningPlan, pin: SecureBytes, compact: Bool, masterFingerprints: [UInt32?] = []) throws
        -> [SignResponse]
    {
        var secrets: [String: SecretPayload] = [:]
        for name in plan.keyNames {
            secrets[name] = try keystore.secret(of: try KeyName(name), pin: pin)
        }
        try checkWallets(plan, masterFingerprints: masterFingerprints, secrets: secrets)
        // One derived key per account: a batch of 1,000 requests from one account derives once.
        var derived: [String: SigningKey] = [:]
        var responses: [SignResponse] = []
        responses.reserveCapacity(plan.reviews.count)
        // By index: a review copied out of the array is tens of retains and releases.
        for offset in plan.reviews.indices {
            let account = plan.signers[offset]
            let name = account.keyName
            let slot = name + "|" + account.chain.rawValue + "|" + account.address
            let key: SigningKey
            if let cached = derived[slot] {
                key = cached
            } else {
                guard let secret = secrets[name] else {
                    throw MessagesError.signingKeyUnavailable(key: name, reason: "not unlocked")
                }
                do {
                    key = try keys.signingKey(for: account, secret: secret)
                } catch {
                    throw MessagesError.signingKeyUnavailable(key: name, reason: String(describing: error))
                }
                guard Self.publicKeys(of: key).contains(account.publicKey) else {
                    throw MessagesError.derivedKeyMismatch(key: name, address: account.address)
                }
                derived[slot] = key
            }
            responses.append(try signOne(plan.reviews[offset], position: offset + 1, key: key, compact: compact))
        }
        return responses
    }

    /// Each named master fingerprint against the key of its review's account.
    private func checkWallets(_ plan: SigningPlan, masterFingerprints: [UInt32?], secrets: [String: SecretPayload])
        throws
    {
        // One a review or none: a fingerprint that pairs with no review must not go unchecked.
        guard masterFingerprints.isEmpty || masterFingerprints.count == plan.signers.count else {
            throw MessagesError.invalidField(
                message: nil, field: "input",
                reason:
                    "\(masterFingerprints.count) wallet fingerprints for \(plan.signers.count) requests; nothing was signed"
            )
        }
        // Each key's fingerprint once (a BIP-39 seed derivation), however many requests name it.
        var fingerprints: [String: UInt32?] = [:]
        for (signer, wanted) in zip(plan.signers, masterFingerprints) {
            guard let wanted else { continue }
            let name = signer.keyName
            let own: UInt32?
            if let known = fingerprints[name] {
                own = known
            } else {
                guard let secret = secrets[name] else {
                    throw MessagesError.signingKeyUnavailable(key: name, reason: "not unlocked")
                }
                own = try keys.masterFingerprint(keyName: name, secret: secret)
                fingerprints[name] = own
            }
            guard own == wanted else { throw SignerError.otherWallet(requested: wanted, own: own, key: name) }
        }
    }

    private func signOne(_ review: Review, position: Int, key: SigningKey, compact: Bool) throws(MessagesError)
        -> SignResponse
    {
        let request = review.request
        let module = try registry.module(for: request.chain)
        let output: SignedOutput
        do {
            output = try module.sign(review, with: key)
        } catch {
            throw .signingFailed(message: position, id: request.id.text, reason: String(describing: error))
        }
        guard output.signatures.count == review.signing.count else {
            throw .signingFailed(
                message: position, id: request.id.text,
                reason: "\(output.signatures.count) signatures for \(review.signing.count) messages")
        }
        let response: SignResponse
        do throws(MessagesError) {
            response = try SignResponse(
                id: request.id, chain: request.chain, network: request.network, account: request.account,
                signatures: output.signatures, result: output.result)
        } catch {
            throw .signingFailed(message: position, id: request.id.text, reason: error.description)
        }
        return compact ? response.compact : response
    }

    /// The public key of a signing key in every raw form an account may record it in.
    static func publicKeys(of key: SigningKey) -> [[UInt8]] {
        switch key {
        case let .secp256k1(key): return [key.publicKey.uncompressed, key.publicKey.compressed]
        case let .ed25519(key): return [key.publicKey]
        case let .sr25519(key): return [key.publicKey.bytes]
        }
    }
}
