import AirsignCrypto
import AirsignEncoding

extension SorobanAuthorizationEntry {
    /// The address credentials, or an error for a source-account entry (which the transaction's
    /// signature covers and which has nothing of its own to sign).
    public var addressCredentials: SorobanAddressCredentials {
        get throws(StellarError) {
            guard case .address(let credentials) = credentials else {
                throw .soroban("a source-account authorization has no signature of its own: the transaction's signature covers it")
            }
            return credentials
        }
    }

    /// The `HashIDPreimage` XDR whose SHA-256 the entry's address signs on `network`.
    public func signaturePreimage(network: StellarNetwork) throws(StellarError) -> [UInt8] {
        let credentials = try addressCredentials
        return try HashIDPreimage.authorization(network: network, nonce: credentials.nonce,
                                                expirationLedger: credentials.signatureExpirationLedger, invocation: rootInvocation)
    }

    /// The entry carrying `signature` by `publicKey` (the default account's signature value),
    /// refused unless it verifies over this entry on `network`.
    public func adding(signature: [UInt8], publicKey: [UInt8], network: StellarNetwork) throws(StellarError) -> SorobanAuthorizationEntry {
        var credentials = try addressCredentials
        guard Ed25519.isValidSignature(signature, message: SHA256.hash(try signaturePreimage(network: network)), publicKey: publicKey) else {
            throw .invalidSignature(hint: Hex.encode(signatureHint(publicKey: publicKey)))
        }
        credentials.signature = AuthorizationSignature.value(publicKey: publicKey, signature: signature)
        return SorobanAuthorizationEntry(credentials: .address(credentials), rootInvocation: rootInvocation)
    }

    /// Signs the entry with `key` on `network`, valid through `expirationLedger` when given (else
    /// the entry's own), as stellar-sdk's `authorize_entry` does with a keypair: the expiration
    /// is set first so the signature covers it. Returns the signed entry and the signature.
    public func authorized(with key: Ed25519.PrivateKey, network: StellarNetwork,
                           expirationLedger: UInt32? = nil) throws(StellarError) -> (entry: SorobanAuthorizationEntry, signature: [UInt8]) {
        var credentials = try addressCredentials
        if let expirationLedger { credentials.signatureExpirationLedger = expirationLedger }
        let unsigned = SorobanAuthorizationEntry(credentials: .address(credentials), rootInvocation: rootInvocation)
        let signature = try key.sign(SHA256.hash(try unsigned.signaturePreimage(network: network)))
        return (try unsigned.adding(signature: signature, publicKey: key.publicKey, network: network), signature)
    }
}

extension TransactionEnvelope {
    /// The Soroban authorizations in the transaction that `signer`'s key signs with it: entries
    /// with that account's address credentials and no signature yet, in operation then entry
    /// order. Read from the bytes alone; the review queues the same list
    /// (`StellarReview.authorizations`).
    public func pendingAuthorizations(of signer: [UInt8], network: StellarNetwork) throws(StellarError) -> [AuthorizationToSign] {
        var pending: [AuthorizationToSign] = []
        for (index, operation) in transaction.operations.enumerated() {
            guard case let .invokeHostFunction(_, auth) = operation.body else { continue }
            for (entryIndex, entry) in auth.enumerated() {
                guard case let .address(credentials) = entry.credentials, credentials.address.accountKey == signer,
                      case .void = credentials.signature else { continue }
                do {
                    pending.append(AuthorizationToSign(operation: index, entry: entryIndex, preimage: try entry.signaturePreimage(network: network),
                                                       expirationLedger: credentials.signatureExpirationLedger))
                } catch { throw .inOperation(index: index, .inAuthorization(index: entryIndex, error)) }
            }
        }
        return pending
    }

    /// The envelope with `pending` (its `pendingAuthorizations` for `publicKey`) carrying
    /// `signatures`, in that order; each must verify.
    public func addingAuthorizations(_ signatures: [[UInt8]], pending: [AuthorizationToSign], publicKey: [UInt8],
                                     network: StellarNetwork) throws(StellarError) -> TransactionEnvelope {
        guard pending.count == signatures.count else {
            throw .request("the transaction has \(pending.count) authorization(s) for \(AccountID(unchecked: publicKey)) to sign, "
                + "not \(signatures.count)")
        }
        guard case .v1(var tx, let envelopeSignatures) = self else { throw .soroban("only a v1 transaction carries Soroban authorizations to sign") }
        for (item, signature) in zip(pending, signatures) {
            guard case .invokeHostFunction(let function, var auth) = tx.operations[item.operation].body else {
                throw .soroban("operation \(item.operation + 1) is not a contract invocation")
            }
            do { auth[item.entry] = try auth[item.entry].adding(signature: signature, publicKey: publicKey, network: network) } catch {
                throw .inOperation(index: item.operation, .inAuthorization(index: item.entry, error))
            }
            tx.operations[item.operation].body = .invokeHostFunction(function, auth: auth)
        }
        return .v1(tx, signatures: envelopeSignatures)
    }
}
