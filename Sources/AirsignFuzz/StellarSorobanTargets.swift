import AirsignMessages
import AirsignStellar

extension FuzzTarget {
    static let stellarSorobanValue = FuzzTarget(
        name: "stellar-soroban-value",
        summary: "Soroban SCVal XDR (maps sorted, symbols checked, nesting bounded); accepted bytes re-encode exactly"
    ) { input throws(FuzzViolation) in
        guard let value = try? SCVal(xdr: input) else { return }
        try FuzzViolation.check((try? value.xdr()) == input, "an accepted SCVal does not re-encode to its input")
        try FuzzViolation.check(SCVal.compare(value, value) == 0, "an SCVal does not compare equal to itself")
    }

    static let stellarSorobanData = FuzzTarget(
        name: "stellar-soroban-data",
        summary: "SorobanTransactionData XDR (footprint, resources, resource fee), as simulation returns it"
    ) { input throws(FuzzViolation) in
        guard let data = try? SorobanTransactionData(xdr: input) else { return }
        try FuzzViolation.check((try? data.xdr()) == input, "accepted Soroban data does not re-encode to its input")
    }

    /// `getTransaction`'s `resultMetaXdr`: every ledger entry and event read and discarded, the
    /// return value kept and written out as the review writes values.
    static let stellarTransactionMeta = FuzzTarget(
        name: "stellar-transaction-meta",
        summary:
            "Stellar TransactionMeta v3/v4 XDR (ledger entry changes, events, the Soroban return value), as Stellar RPC returns it"
    ) { input throws(FuzzViolation) in
        guard let meta = try? TransactionMetaSummary(base64: StellarBase64.encode(input)) else { return }
        try FuzzViolation.check(meta.version == 3 || meta.version == 4, "meta of version \(meta.version) was accepted")
        if let value = meta.returnValue { _ = SCValText.inline(value) }
    }

    /// An `authorization` request for the entry's own account, through the Stellar module's review.
    static let stellarAuthorization = FuzzTarget(
        name: "stellar-authorization",
        summary: "SorobanAuthorizationEntry XDR, re-encoded and reviewed as an authorization request"
    ) { input throws(FuzzViolation) in
        guard let entry = try? SorobanAuthorizationEntry(xdr: input) else { return }
        try FuzzViolation.check(
            (try? entry.xdr()) == input, "an accepted authorization entry does not re-encode to its input")
        _ = try? entry.signaturePreimage(network: .testnet)
        guard case .address(let credentials)? = Optional(entry.credentials), let key = credentials.address.accountKey,
            let address = try? AccountID(publicKey: key).description,
            let account = try? MessageAccount(address: address, publicKey: key),
            let payload = try? StellarPayload.json(entry, network: .testnet),
            let request = try? SignRequest.make(
                chain: ChainID(.stellar), network: "stellar:testnet", account: account, payload: payload)
        else { return }
        _ = try? StellarChain().review(request, context: ReviewContext(now: 0))
    }
}
