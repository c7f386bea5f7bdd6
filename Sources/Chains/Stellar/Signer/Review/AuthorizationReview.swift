import AirsignEncoding
import AirsignMessages

extension StellarChain {
    /// `signing` label of an `authorization` request: the passphrase and the entry, from whose
    /// typed value `sign` builds the preimage itself.
    package static let authorizationSigningLabel = "authorization"

    /// The review of an `authorization` request: a Soroban authorization with a place of the
    /// request's own account (its address, or with CAP-71 delegates one of them) still unsigned,
    /// shown with its terms, delegates and invocation tree.
    func reviewAuthorization(
        _ request: SignRequest, entry: SorobanAuthorizationEntry, network: StellarNetwork, signer: [UInt8],
        context: ReviewContext
    ) throws -> Review {
        let credentials = try entry.addressCredentials
        let ownTop: Bool
        if case .account(let account) = credentials.address, account.publicKey == signer {
            ownTop = true
        } else {
            ownTop = false
        }
        let delegates = entry.credentials.delegates
        guard ownTop || delegates.contains(where: { $0.mentions(signer) }) else {
            throw StellarError.payload(
                .entryForOtherAccount(
                    address: "\(credentials.address)", account: request.account.address,
                    hasDelegates: !delegates.isEmpty))
        }
        guard entry.awaitsSignature(of: signer) else {
            throw StellarError.payload(.entryAlreadySigned)
        }
        let knowledge = try StellarKnowledge(
            entry, network: network, context: self.knowledge(context, network: request.network, signer: signer))
        var lines = [
            ReviewLine("network name", "\(network) (\(network.passphrase.debugDescription))", source: .signerTable),
            ReviewLine("authorizes", describe(credentials.address.description, in: context)),
            ReviewLine("nonce", String(credentials.nonce)),
            ReviewLine(
                "valid until",
                "ledger \(credentials.signatureExpirationLedger) (the signer cannot see the current ledger)"),
        ]
        switch entry.credentials {
        case .addressV2:
            lines.append(
                ReviewLine(
                    "credentials",
                    "address-bound (CAP-71 ADDRESS_V2): the signature names \(credentials.address) and is valid for it only"
                ))
        case .addressWithDelegates:
            lines.append(
                ReviewLine(
                    "credentials",
                    "with \(delegates.count) delegate(s) (CAP-71): \(credentials.address)'s own check (__check_auth) may "
                        + "hand its authorization of this exact invocation to a listed delegate, whose signature, checked by the delegate's own "
                        + "rules, then counts as the account's, for this network, nonce, expiration and invocation tree only"
                ))
            lines.append(
                ReviewLine(
                    "top-level signature",
                    ownTop && credentials.signature == .void
                        ? "signed now with this request's key"
                        : credentials.signature == .void
                            ? "none (its account may rely on its delegates alone)"
                            : "carries a signature this signer does not check"))
            lines += delegateLines(delegates, prefix: "delegate ", level: 0, signer: signer, context: context)
        default: break
        }
        var calls: [InvokeContractArgs] = []
        lines += knowledge.invocationLines(entry.rootInvocation, label: "invokes", level: 0, calls: &calls)
        lines.append(
            ReviewLine(
                "signs",
                entry.credentials.bindsAddress
                    ? "SHA-256 of the address-bound authorization preimage (CAP-71): network id, nonce, expiration, \(credentials.address) and invocation tree"
                    : "SHA-256 of the authorization preimage: network id, nonce, expiration and invocation tree"))
        // The signature authorizes only calls whose authorizer is this account; a call on what
        // another account holds is counted as that account's, or unknown when nothing says who
        // could authorize it.
        let movements = knowledge.movements(calls).map { $0.inStandaloneAuthorization(signer: signer) }
        let label = { [self] (address: String) in describe(address, in: context) }
        return Review(
            request: request, title: "Stellar Soroban authorization", lines: lines,
            warnings: [
                "whoever holds this signed authorization can submit the invocation in a transaction of their own until "
                    + "ledger \(credentials.signatureExpirationLedger)"
            ]
                + (ownTop
                    ? []
                    : [
                        "your key signs as a delegate of \(credentials.address): if that account accepts you as its delegate, "
                            + "your signature authorizes this invocation on its behalf (CAP-71)"
                    ])
                + TokenApprovals.warnings(movements, signer: signer, context: context, chain: self),
            key: KeyRequirement(request.account, scheme: .ed25519),
            effects: Self.tokenOutflows(
                movements, signer: signer, network: request.network, context: context, chain: self
            ).map { .outflow($0) }
                + Self.approvals(movements, signer: signer, context: context, chain: self).map { .allowance($0) }
                + [
                    .deferred(
                        DeferredSignature(
                            "a Soroban authorization entry", until: "ledger \(credentials.signatureExpirationLedger)"))
                ]
                + knowledge.unrecognized(calls).map { .unknown(what: $0) }
                + movements.compactMap { TokenApprovals.unknownEffect($0, signer: signer, label: label) }.map {
                    .unknown(what: $0)
                },
            signing: try StellarSignable.authorization(entry, network: network).items)
    }

    /// One line per delegate (`delegate 1`, nested `delegate 1.2`), labelled, with its state.
    func delegateLines(
        _ delegates: [SorobanDelegateSignature], prefix: String, level: Int, signer: [UInt8],
        context: ReviewContext
    ) -> [ReviewLine] {
        var out: [ReviewLine] = []
        for (i, delegate) in delegates.enumerated() {
            let name = "\(prefix)\(i + 1)"
            let mine = delegate.address.accountKey == signer
            let state =
                delegate.signature != .void
                ? "carries a signature this signer does not check"
                : mine ? "signed now with this request's key" : "not signed yet"
            let nested =
                delegate.nestedDelegates.isEmpty
                ? "" : ", with \(delegate.nestedDelegates.count) delegate(s) of its own"
            out.append(
                ReviewLine(
                    name, "\(describe(delegate.address.description, in: context)): \(state)\(nested)", level: level))
            out += delegateLines(
                delegate.nestedDelegates, prefix: name + ".", level: level + 1, signer: signer, context: context)
        }
        return out
    }

    /// `{"entry":"<base64 signed SorobanAuthorizationEntry>"}`.
    package static func authorizationResult(_ entry: SorobanAuthorizationEntry) throws -> JSONValue {
        .object([(key: "entry", value: .string(try entry.base64()))])
    }
}
