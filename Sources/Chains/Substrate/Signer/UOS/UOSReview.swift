import AirsignEncoding
import AirsignMessages

/// UOS requests (`{"type":"uos","uos":"0x53…"}`, made by `UOSFormat` from what polkadot-js or
/// a Vault-style app shows) reviewed as Airsign's Substrate transactions: the signed bytes read
/// back by the signer's runtime table (`00`/`02`) or by a verified metadata proof (`06`), so the
/// review is the normal one (network from the genesis hash, era, nonce, tip, call). A
/// transaction whose runtime the signer has no table for, and a bare hash (`01`), are signed
/// only with `--blind`. Messages (`03`) become ordinary `raw` requests in `UOSFormat`.
extension SubstrateChain {
    /// The payload type of a UOS transaction request.
    package static let uosPayloadType = "uos"

    /// The review of a decoded UOS request; `read` is what `uosSigningPayload` gave for a
    /// transaction, `signing` the item `SubstrateRequest.signable` makes of it.
    func reviewUOS(
        _ request: SignRequest, _ uos: UOSPayload,
        read: Result<(SignerPayload, SigningPayload, ProvenPayload?), SubstrateError>?,
        signing: [SigningItem], context: ReviewContext, key: KeyRequirement
    ) throws -> Review {
        let format = ReviewLine(
            "request format", "UOS (polkadot-js / Polkadot Vault QR), payload code \(Hex.encode([uos.code]))")
        let from = ReviewLine("from", describe(request.account.address, in: context))
        let network = SubstrateNetwork.byGenesis(uos.genesisHash)
        let networkLine = ReviewLine(
            "network", network?.name ?? "unknown network with genesis hash 0x\(Hex.encode(uos.genesisHash))")
        switch uos.content {
        case let .transaction(signed, _), let .provenTransaction(_, signed, _):
            if case let .success((payload, built, proven))? = read {
                let summary = try ExtrinsicReview(
                    payload: payload, signing: built, proven: proven, calls: calls, chain: self, context: context)
                return Review(
                    request: request, title: summary.title, lines: [format] + summary.lines, warnings: summary.warnings,
                    key: key, effects: summary.effects,
                    signing: signing)
            }
            // Only 00/02 get here: a 06 whose proof does not read it is refused, not shown blind.
            var why = "it is not a transaction this signer reads"
            if case let .failure(error)? = read { why = error.description }
            return Review(
                request: request, title: "Substrate transaction (UOS) that cannot be decoded",
                lines: [
                    format, from, networkLine, ReviewLine("payload (hex)", Hex.encode(signed, prefix: true)),
                    ReviewLine("length", "\(signed.count) bytes"),
                ],
                warnings: [
                    "the transaction's signed extensions cannot be read: \(why); ask the wallet for a request with a metadata proof (UOS code 06)"
                ],
                key: key,
                effects: [.unknown(what: "a UOS transaction whose signed extensions this signer cannot read")],
                signing: signing)
        case let .hash(hash):
            return Review(
                request: request, title: "Substrate transaction given only as its hash (UOS code 01)",
                lines: [format, from, networkLine, ReviewLine("hash", Hex.encode(hash, prefix: true))],
                warnings: [
                    "the wallet sent only the BLAKE2b-256 hash of the transaction (polkadot-js does so for very large calls): what it does cannot be shown"
                ],
                key: key, effects: [.unknown(what: "a transaction given only as its hash, which cannot be shown")],
                signing: signing)
        case .message:
            throw SubstrateError.uos(.messageAsUOS)
        }
    }

    /// The request's UOS bytes, decoded; its genesis hash must be the request's network, and
    /// its key the request's account.
    package static func uosPayload(_ request: SignRequest) throws -> UOSPayload {
        let value = try member(request.payload, "uos")
        guard case let .string(text) = value else {
            throw SubstrateError.notOfKind(field: "payload.uos", expected: "0x hex")
        }
        let uos = try UOSPayload(decoding: try PayloadFields.hex(text, field: "payload.uos"))
        try checkNetwork(request.network, genesis: uos.genesisHash)
        let account = try accountID(request.account)
        guard uos.publicKey == (uos.publicKey.count == 33 ? request.account.publicKey : account) else {
            throw SubstrateError.uos(.keyNotAccount(key: Hex.encode(uos.publicKey), account: request.account.address))
        }
        return uos
    }

    /// What a UOS transaction signs, read back by the signer's table for its network and
    /// runtime (`00`/`02`) or by its verified metadata proof (`06`); a failure saying why when
    /// no table reads a `00`/`02` (the blind review shows it); nil for a hash or a message.
    /// The bytes the values build must be the bytes sent, so nothing shown differs from
    /// what is signed.
    package static func uosSigningPayload(_ request: SignRequest, _ uos: UOSPayload) throws
        -> Result<(SignerPayload, SigningPayload, ProvenPayload?), SubstrateError>?
    {
        let decoded = try SS58.decode(request.account.address)
        func payload(_ signed: [UInt8], _ callLength: Int, _ values: ExtensionValues, _ list: ExtensionList)
            throws(SubstrateError) -> SignerPayload
        {
            guard values.genesisHash == uos.genesisHash else {
                throw SubstrateError.uos(.genesis(Hex.encode(uos.genesisHash)))
            }
            return SignerPayload(
                address: request.account.address, accountID: decoded.payload, addressPrefix: decoded.prefix,
                method: Array(signed.prefix(callLength)), values: values, extensions: list)
        }
        func canonical(_ built: SigningPayload, _ signed: [UInt8]) throws(SubstrateError) {
            guard built.bytes == signed else {
                throw SubstrateError.uos(.notCanonical)
            }
        }
        switch uos.content {
        case let .transaction(signed, callLength):
            let (list, values): (ExtensionList, ExtensionValues)
            switch tableReading(signed, callLength: callLength, genesis: uos.genesisHash) {
            case let .success(reading): (list, values) = reading
            case let .failure(why): return .failure(why)
            }
            let read = try payload(signed, callLength, values, list)
            let built = SigningPayload(read, extensions: list)
            try canonical(built, signed)
            return .success((read, built, nil))
        case let .provenTransaction(proof, signed, callLength):
            let metadata = try MetadataProof(decoding: proof).verify()
            let list = try ExtensionList(proven: metadata)
            let read = try payload(
                signed, callLength, try ExtensionValues(reading: signed, callLength: callLength, by: list), list)
            let (built, proven) = try provenPayload(read, proof: proof)
            try canonical(built, signed)
            return .success((read, built, proven))
        case .hash, .message:
            return nil
        }
    }

    /// The first runtime of the network's table whose list reads `signed` as a payload of a
    /// spec and transaction version it covers, for this genesis; else why none does, for the
    /// blind review (`reviewUOS`).
    static func tableReading(_ signed: [UInt8], callLength: Int, genesis: [UInt8]) -> Result<
        (ExtensionList, ExtensionValues), SubstrateError
    > {
        guard let network = SubstrateNetwork.byGenesis(genesis) else {
            return .failure(.uos(.unknownGenesis))
        }
        guard !network.runtimes.isEmpty else {
            // UOS 00/02 carries no extension list: where the call ends is known, but not what the
            // bytes after it are (a chain tipping in an asset, as Asset Hubs do, adds its id).
            return .failure(.uos(.noTable(network: network.name)))
        }
        var why: [String] = []
        for runtime in network.runtimes {
            // A list that does not read the bytes is simply not this runtime's: the next is tried,
            // and with none the request goes to the blind path, which says why.
            do throws(SubstrateError) {
                let list = try ExtensionList(
                    names: runtime.signedExtensions, origin: .signerTable(network: network.name, runtime: runtime))
                let values = try ExtensionValues(reading: signed, callLength: callLength, by: list)
                guard let spec = values.specVersion, let version = values.transactionVersion,
                    runtime.covers(specVersion: spec, transactionVersion: version)
                else {
                    why.append(
                        "\(runtime.versions) reads it as spec \(values.specVersion.map(String.init) ?? "?"), transaction version "
                            + "\(values.transactionVersion.map(String.init) ?? "?"), which it does not cover")
                    continue
                }
                guard values.genesisHash == genesis else {
                    why.append("\(runtime.versions) reads another genesis hash in it")
                    continue
                }
                return .success((list, values))
            } catch {
                why.append("\(runtime.versions): \(error)")
            }
        }
        return .failure(.uos(.noTableReads(network: network.name, why: why)))
    }
}
