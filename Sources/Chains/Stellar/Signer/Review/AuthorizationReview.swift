import AirsignEncoding
import AirsignMessages

extension StellarChain {
    /// `signing` label of an `authorization` request: the passphrase and the entry, from whose
    /// typed value `sign` builds the preimage itself.
    package static let authorizationSigningLabel = "authorization"

    /// The review of an `authorization` request: a Soroban authorization for the request's own
    /// account, unsigned, shown with its terms and invocation tree.
    func reviewAuthorization(_ request: SignRequest, entry: SorobanAuthorizationEntry, network: StellarNetwork, signer: [UInt8],
                             context: ReviewContext) throws -> Review {
        let credentials = try entry.addressCredentials
        guard case .account(let account) = credentials.address, account.publicKey == signer else {
            throw StellarError.request("payload.entry authorizes \(credentials.address), not the request's account \(request.account.address)")
        }
        guard case .void = credentials.signature else {
            throw StellarError.request("payload.entry is already signed: nothing is left for this account to sign")
        }
        let knowledge = try StellarKnowledge(entry, network: network, context: self.knowledge(context, network: request.network, signer: signer))
        var lines = [
            ReviewLine("network name", "\(network) (\(network.passphrase.debugDescription))", source: .signerTable),
            ReviewLine("authorizes", describe(credentials.address.description, in: context)),
            ReviewLine("nonce", String(credentials.nonce)),
            ReviewLine("valid until", "ledger \(credentials.signatureExpirationLedger) (the signer cannot see the current ledger)"),
        ]
        var calls: [InvokeContractArgs] = []
        lines += knowledge.invocationLines(entry.rootInvocation, label: "invokes", level: 0, calls: &calls)
        lines.append(ReviewLine("signs", "SHA-256 of the authorization preimage: network id, nonce, expiration and invocation tree"))
        // The signature authorizes only calls whose authorizer is this account; a call on what
        // another account holds is counted as that account's, or unknown when nothing says who
        // could authorize it.
        let movements = knowledge.movements(calls).map { $0.inStandaloneAuthorization(signer: signer) }
        let label = { [self] (address: String) in describe(address, in: context) }
        return Review(
            request: request, title: "Stellar Soroban authorization", lines: lines,
            warnings: ["whoever holds this signed authorization can submit the invocation in a transaction of their own until "
                + "ledger \(credentials.signatureExpirationLedger)"]
                + TokenApprovals.warnings(movements, signer: signer, context: context, chain: self),
            key: KeyRequirement(request.account, scheme: .ed25519),
            effects: Self.tokenOutflows(movements, signer: signer, network: request.network, context: context, chain: self).map { .outflow($0) }
                + Self.approvals(movements, signer: signer, context: context, chain: self).map { .allowance($0) }
                + [.deferred(DeferredSignature("a Soroban authorization entry", until: "ledger \(credentials.signatureExpirationLedger)"))]
                + knowledge.unrecognized(calls).map { .unknown(what: $0) }
                + movements.compactMap { TokenApprovals.unknownEffect($0, signer: signer, label: label) }.map { .unknown(what: $0) },
            signing: try StellarSignable.authorization(entry, network: network).items)
    }

    /// `{"entry":"<base64 signed SorobanAuthorizationEntry>"}`.
    package static func authorizationResult(_ entry: SorobanAuthorizationEntry) throws -> JSONValue {
        .object([(key: "entry", value: .string(try entry.base64()))])
    }
}
