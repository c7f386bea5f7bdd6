import AirsignMessages

/// The signer's native Stellar inputs: a SEP-7 `web+stellar:tx?xdr=…` URI (which names its
/// network; absent means the public network), or a bare base64 envelope, which does not and is
/// accepted only with the network the person named (`--network`).
extension StellarChain {
    public func nativeRequests(_ input: [UInt8], accounts: [OwnAccount]) throws -> [SignRequest]? {
        try nativeRequests(input, accounts: accounts, network: nil)
    }

    /// Refusals are `MessagesError`s naming the input (exit status 3 in the signer), like any
    /// other request that cannot be read.
    public func nativeRequests(_ input: [UInt8], accounts: [OwnAccount], network named: String?) throws
        -> [SignRequest]?
    {
        do {
            return try readNative(input, accounts: accounts, network: named)
        } catch let error as StellarError {
            throw MessagesError.invalidField(message: nil, field: "Stellar input", reason: error.description)
        }
    }

    private func readNative(_ input: [UInt8], accounts: [OwnAccount], network named: String?) throws -> [SignRequest]? {
        guard let text = String(validating: input, as: UTF8.self)?.trimmingASCIIWhitespace, !text.isEmpty else {
            return nil
        }
        let envelope: TransactionEnvelope
        let network: StellarNetwork
        var note: String?
        var pubkey: String?
        if text.hasPrefix("web+stellar:") {
            let uri = try SEP7TransactionRequest(uri: text)
            envelope = uri.envelope
            network = uri.network
            if let named { try Self.namedNetwork(named).require(network) }
            pubkey = uri.pubkey
            note = Self.note(uri)
        } else {
            guard Self.looksLikeEnvelope(text) else { return nil }
            envelope = try TransactionEnvelope(base64: text)
            guard let named else {
                throw StellarError.native(.networkNotNamed)
            }
            network = try Self.namedNetwork(named)
        }
        guard let id = network.caip2 else {
            throw StellarError.native(.networkNotSigned("\(network)"))
        }
        let own = accounts.filter { $0.chain == chain && $0.publicKey.count == 32 }
        let account = try Self.signingAccount(envelope, pubkey: pubkey, own: own)
        return [
            try SignRequest.make(
                chain: chain, network: id,
                account: MessageAccount(address: account.address, publicKey: account.publicKey),
                payload: try Self.payload(envelope, network: network), note: note)
        ]
    }

    /// `--network`: `pubnet`/`public`, `testnet`, `futurenet`, `stellar:…`, or a passphrase.
    static func namedNetwork(_ name: String) throws -> StellarNetwork {
        if let network = StellarNetwork(caip2: name) { return network }
        return try StellarNetwork(name: name)
    }

    /// Base64 text whose first word is an envelope type (v0, v1, fee bump): anything else is not
    /// Stellar's to claim, and another module (or the exchange format's error) answers.
    static func looksLikeEnvelope(_ text: String) -> Bool {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8)
        guard text.utf8.count >= 8, text.utf8.allSatisfy(alphabet.contains),
            let head = try? StellarBase64.decode(String(text.prefix(8)))
        else {
            return false
        }
        return head.count >= 4 && head[0] == 0 && head[1] == 0 && head[2] == 0 && [0, 2, 5].contains(head[3])
    }

    /// The account that signs: the URI's `pubkey` when given (it must be one of the signer's),
    /// else the first of the transaction's source, fee source and operation sources that is.
    static func signingAccount(_ envelope: TransactionEnvelope, pubkey: String?, own: [OwnAccount]) throws -> OwnAccount
    {
        if let pubkey {
            let key = try AccountID(pubkey).publicKey
            guard let account = own.first(where: { $0.publicKey == key }) else {
                throw StellarError.native(.notYourAccount("\(pubkey)"))
            }
            return account
        }
        let tx = envelope.transaction
        var candidates = [tx.source.publicKey]
        if case .feeBump(let bump, _) = envelope { candidates.insert(bump.feeSource.publicKey, at: 0) }
        candidates += tx.operations.compactMap { $0.source?.publicKey }
        for key in candidates {
            if let account = own.first(where: { $0.publicKey == key }) { return account }
        }
        throw StellarError.native(.noSourceOfYours(source: "\(tx.source.accountID)"))
    }

    /// What the URI says about itself, for the review's unverified note: its message, origin
    /// domain (whose request signature an offline signer cannot check) and callback.
    static func note(_ uri: SEP7TransactionRequest) -> String {
        var parts = ["SEP-7 request"]
        if let domain = uri.originDomain { parts.append("from \(domain) (request signature not checked offline)") }
        if let message = uri.message { parts.append("message \"\(printable(message))\"") }
        if let callback = uri.callback {
            parts.append("callback \(printable(callback)) (not called: the response goes back through airsign-watch)")
        }
        var note = parts.joined(separator: ", ")
        while note.utf8.count > SignRequest.maximumNoteLength { note.removeLast() }
        return note
    }

    /// Control and format characters replaced, so a URI's text can always be a note.
    private static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    switch $0.properties.generalCategory {
                    case .control, .format, .lineSeparator, .paragraphSeparator: return "\u{FFFD}"
                    default: return $0
                    }
                }))
    }
}

extension String {
    var trimmingASCIIWhitespace: String {
        var scalars = Substring(self)
        while let c = scalars.first, c == " " || c == "\n" || c == "\r" || c == "\t" { scalars = scalars.dropFirst() }
        while let c = scalars.last, c == " " || c == "\n" || c == "\r" || c == "\t" || c == "\r\n" {
            scalars = scalars.dropLast()
        }
        return String(scalars)
    }
}
