import AirsignCrypto
import AirsignEncoding

extension SorobanAuthorizationEntry {
    /// The top-level address credentials, or an error for a source-account entry (which the
    /// transaction's signature covers and which has nothing of its own to sign).
    public var addressCredentials: SorobanAddressCredentials {
        get throws(StellarError) {
            guard let credentials = credentials.topLevel else {
                throw .soroban(.sourceAccountAuthorization)
            }
            return credentials
        }
    }

    /// The `HashIDPreimage` XDR whose SHA-256 the entry's address (and, with delegates, each
    /// delegate) signs on `network`: `ENVELOPE_TYPE_SOROBAN_AUTHORIZATION` for `ADDRESS`
    /// credentials, `ENVELOPE_TYPE_SOROBAN_AUTHORIZATION_WITH_ADDRESS` (bound to the top-level
    /// address) for `ADDRESS_V2` and `ADDRESS_WITH_DELEGATES` (stellar-sdk `build_authorization_preimage`).
    public func signaturePreimage(network: StellarNetwork) throws(StellarError) -> [UInt8] {
        let credentials = try addressCredentials
        if self.credentials.bindsAddress {
            return try HashIDPreimage.authorizationWithAddress(
                network: network, nonce: credentials.nonce,
                expirationLedger: credentials.signatureExpirationLedger,
                address: credentials.address, invocation: rootInvocation)
        }
        return try HashIDPreimage.authorization(
            network: network, nonce: credentials.nonce,
            expirationLedger: credentials.signatureExpirationLedger, invocation: rootInvocation)
    }

    /// Whether `publicKey`'s account has a place in the entry without a signature: the
    /// top-level address or a delegate at any depth.
    public func awaitsSignature(of publicKey: [UInt8]) -> Bool {
        guard let top = credentials.topLevel else { return false }
        if top.address.accountKey == publicKey, case .void = top.signature { return true }
        return credentials.delegates.contains { $0.awaitsSignature(of: publicKey) }
    }

    /// The entry carrying `signature` by `publicKey` (the default account's signature value) in
    /// every place of that account that has none yet (the top-level address, delegates at any
    /// depth: CAP-71-01 has them all sign the same payload; stellar-sdk's `authorize_entry` with
    /// `for_address`), else at the top level (a signer of that address, `authorize_entry`'s
    /// default); refused unless it verifies over this entry on `network`.
    public func adding(signature: [UInt8], publicKey: [UInt8], network: StellarNetwork) throws(StellarError)
        -> SorobanAuthorizationEntry
    {
        var top = try addressCredentials
        guard
            Ed25519.isValidSignature(
                signature, message: SHA256.hash(try signaturePreimage(network: network)), publicKey: publicKey)
        else {
            throw .invalidSignature(hint: Hex.encode(signatureHint(publicKey: publicKey)))
        }
        let value = AuthorizationSignature.value(publicKey: publicKey, signature: signature)
        guard awaitsSignature(of: publicKey) else {
            // No place of the key's own account: the key signs for the top-level address (a
            // signer of that account), as stellar-sdk's `authorize_entry` does by default.
            top.signature = value
            return SorobanAuthorizationEntry(
                credentials: credentials.replacingTopLevel(top), rootInvocation: rootInvocation)
        }
        if top.address.accountKey == publicKey, case .void = top.signature { top.signature = value }
        var signed = credentials.replacingTopLevel(top)
        if case .addressWithDelegates(var c) = signed {
            c.delegates = c.delegates.map { $0.filling(publicKey, with: value) }
            signed = .addressWithDelegates(c)
        }
        return SorobanAuthorizationEntry(credentials: signed, rootInvocation: rootInvocation)
    }

    /// Signs the entry with `key` on `network`, valid through `expirationLedger` when given (else
    /// the entry's own), as stellar-sdk's `authorize_entry` does with a keypair: the expiration
    /// is set first so the signature covers it (refused when another place of the entry already
    /// carries a signature of the old expiration). Returns the signed entry and the signature.
    public func authorized(
        with key: Ed25519.PrivateKey, network: StellarNetwork,
        expirationLedger: UInt32? = nil
    ) throws(StellarError) -> (entry: SorobanAuthorizationEntry, signature: [UInt8]) {
        var credentials = try addressCredentials
        if let expirationLedger, expirationLedger != credentials.signatureExpirationLedger {
            let signedElsewhere =
                credentials.address.accountKey != key.publicKey && credentials.signature != .void
                || self.credentials.delegates.contains { $0.carriesSignature(otherThan: key.publicKey) }
            guard !signedElsewhere else {
                throw .soroban(.expirationAlreadySigned(ledger: credentials.signatureExpirationLedger))
            }
            credentials.signatureExpirationLedger = expirationLedger
        }
        let unsigned = SorobanAuthorizationEntry(
            credentials: self.credentials.replacingTopLevel(credentials), rootInvocation: rootInvocation)
        let signature = key.sign(SHA256.hash(try unsigned.signaturePreimage(network: network)))
        return (try unsigned.adding(signature: signature, publicKey: key.publicKey, network: network), signature)
    }
}

extension SorobanDelegateSignature {
    /// Whether `key`'s account is this delegate or one nested under it.
    public func mentions(_ key: [UInt8]) -> Bool {
        address.accountKey == key || nestedDelegates.contains { $0.mentions(key) }
    }

    /// Whether this delegate or one nested under it is `publicKey`'s account without a signature.
    func awaitsSignature(of publicKey: [UInt8]) -> Bool {
        if address.accountKey == publicKey, case .void = signature { return true }
        return nestedDelegates.contains { $0.awaitsSignature(of: publicKey) }
    }

    /// Whether this delegate or one nested under it carries a signature of another account.
    func carriesSignature(otherThan publicKey: [UInt8]) -> Bool {
        if address.accountKey != publicKey, signature != .void { return true }
        return nestedDelegates.contains { $0.carriesSignature(otherThan: publicKey) }
    }

    /// `value` put in every unsigned place of `publicKey`'s account here and below.
    func filling(_ publicKey: [UInt8], with value: SCVal) -> SorobanDelegateSignature {
        var out = self
        if address.accountKey == publicKey, case .void = signature { out.signature = value }
        out.nestedDelegates = nestedDelegates.map { $0.filling(publicKey, with: value) }
        return out
    }
}

extension TransactionEnvelope {
    /// The Soroban authorizations in the transaction that `signer`'s key signs with it: entries
    /// with a place of that account without a signature yet (the top-level address of any
    /// address credentials, or a delegate of `ADDRESS_WITH_DELEGATES`), in operation then entry
    /// order. Read from the bytes alone; the review queues the same list
    /// (`StellarReview.authorizations`).
    public func pendingAuthorizations(of signer: [UInt8], network: StellarNetwork) throws(StellarError)
        -> [AuthorizationToSign]
    {
        var pending: [AuthorizationToSign] = []
        for (index, operation) in transaction.operations.enumerated() {
            guard case let .invokeHostFunction(_, auth) = operation.body else { continue }
            for (entryIndex, entry) in auth.enumerated() {
                guard let credentials = entry.credentials.topLevel, entry.awaitsSignature(of: signer) else { continue }
                do {
                    pending.append(
                        AuthorizationToSign(
                            operation: index, entry: entryIndex,
                            preimage: try entry.signaturePreimage(network: network),
                            expirationLedger: credentials.signatureExpirationLedger))
                } catch { throw .inOperation(index: index, .inAuthorization(index: entryIndex, error)) }
            }
        }
        return pending
    }

    /// The envelope with `pending` (its `pendingAuthorizations` for `publicKey`) carrying
    /// `signatures`, in that order; each must verify.
    public func addingAuthorizations(
        _ signatures: [[UInt8]], pending: [AuthorizationToSign], publicKey: [UInt8],
        network: StellarNetwork
    ) throws(StellarError) -> TransactionEnvelope {
        guard pending.count == signatures.count else {
            throw .signing(
                .authorizationCount(
                    pending: pending.count, account: "\(AccountID(unchecked: publicKey))", signatures: signatures.count)
            )
        }
        guard case .v1(var tx, let envelopeSignatures) = self else { throw .soroban(.notV1) }
        for (item, signature) in zip(pending, signatures) {
            guard case .invokeHostFunction(let function, var auth) = tx.operations[item.operation].body else {
                throw .soroban(.notInvocation(operation: item.operation))
            }
            do {
                auth[item.entry] = try auth[item.entry].adding(
                    signature: signature, publicKey: publicKey, network: network)
            } catch {
                throw .inOperation(index: item.operation, .inAuthorization(index: item.entry, error))
            }
            tx.operations[item.operation].body = .invokeHostFunction(function, auth: auth)
        }
        return .v1(tx, signatures: envelopeSignatures)
    }
}
