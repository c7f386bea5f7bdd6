import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate

extension FuzzTarget {
    /// polkadot-js SignerPayloadJSON and SignerPayloadRaw as a dApp hands them over.
    static let substratePayload = FuzzTarget(
        name: "substrate-payload", summary: "SignerPayloadJSON / SignerPayloadRaw objects, eras and MultiSignatures"
    ) { input throws(FuzzViolation) in
        if let json = try? JSONParser().parse(input) {
            _ = try? SignerPayload(json: json)
            _ = try? RawPayload(json: json)
        }
        _ = try? Era(decoding: input)
        _ = try? MultiSignature(decoding: input)
    }

    /// `state_getMetadata` replies: the watch reads call indices and extensions from them, and
    /// converts their types to lean types for the codec and RFC-0078.
    static let substrateMetadata = FuzzTarget(
        name: "substrate-metadata", summary: "runtime metadata V14/V15 (state_getMetadata) and its lean types"
    ) { input throws(FuzzViolation) in
        guard let metadata = try? RuntimeMetadata(decoding: input) else { return }
        _ = try? LeanMetadata(metadata).typeSet()
    }

    /// The signed extensions' values read back from a signing payload, by a list the input
    /// picks: its first byte is the list's length, then one byte per extension (an index into
    /// the names below), one for the call's length and one for the asset id's (0: unknown);
    /// the rest is the payload. An accepted payload must be exactly what its values encode to.
    static let substrateExtensionValues = FuzzTarget(
        name: "substrate-extension-values",
        summary: "signing payloads read back by a signed-extension list (era, nonce, tip, versions, hashes)"
    ) { input throws(FuzzViolation) in
        let names = [
            "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality", "CheckNonce",
            "CheckWeight",
            "ChargeTransactionPayment", "ChargeAssetTxPayment", "PrevalidateAttests", "CheckMetadataHash", "CheckEra",
            "CheckVersion",
        ]
        guard let count = input.first.map({ Int($0) % 16 }), input.count >= count + 3 else { return }
        let picked = input.dropFirst().prefix(count).map { names[Int($0) % names.count] }
        let callLength = Int(input[count + 1])
        let assetIDLength = input[count + 2] == 0 ? nil : Int(input[count + 2] % 40)
        let payload = Array(input.dropFirst(count + 3))
        guard let list = try? ExtensionList(names: picked, origin: .request, assetIDLength: assetIDLength),
            let values = try? ExtensionValues(reading: payload, callLength: callLength, by: list)
        else { return }
        let (extra, additional) = values.encoded(by: list)
        try FuzzViolation.check(
            Array(payload.prefix(callLength)) + extra + additional == payload,
            "a payload read by \(picked) is not what its values encode to")
    }
}

extension FuzzTarget {
    /// RFC-0078 metadata proofs as a request carries them, and signing payloads decoded with a
    /// verified proof's types. The whole input is tried as a proof (so the published proofs seed
    /// it); then its last byte N splits it: the N bytes before it are a payload, what precedes
    /// them a proof. A proof that reads must encode back to the same bytes.
    static let substrateMetadataProof = FuzzTarget(
        name: "substrate-metadata-proof",
        summary: "RFC-0078 metadata proofs (read, verify) and payloads decoded with their types"
    ) { input throws(FuzzViolation) in
        try checkProof(input, payload: nil)
        guard let last = input.last, input.count > Int(last) else { return }
        let payload = Array(input.dropLast().suffix(Int(last)))
        try checkProof(Array(input.dropLast(Int(last) + 1)), payload: payload)
    }

    private static func checkProof(_ bytes: [UInt8], payload: [UInt8]?) throws(FuzzViolation) {
        guard let proof = try? MetadataProof(decoding: bytes) else { return }
        try FuzzViolation.check(proof.encoded == bytes, "a metadata proof that reads does not encode back to its bytes")
        guard let metadata = try? proof.verify(), let payload else { return }
        _ = try? ProvenPayload(
            decoding: payload, callLength: min(payload.count, Int(payload.first ?? 0)), metadata: metadata)
        _ = try? TypeDecoder.decodeAll(payload, as: metadata.extrinsic.call, types: metadata.types)
    }
}

extension FuzzTarget {
    /// UOS requests as polkadot-js and Vault-style apps show them: the first byte picks what
    /// the rest is. Even: one UOS payload (`53 …`), which must encode back to its bytes when it
    /// reads, and is then reviewed by the Substrate module as a request of its own key. Odd:
    /// UOS frames (legacy or RaptorQ), each a length byte and that many bytes, assembled; a message
    /// that assembles is reviewed the same way.
    static let substrateUOS = FuzzTarget(
        name: "substrate-uos",
        summary:
            "UOS frames (legacy multipart, RaptorQ through liblcrq) and payloads (53 …: transactions, hashes, messages, proofs)"
    ) { input throws(FuzzViolation) in
        guard let mode = input.first else { return }
        var payload = Array(input.dropFirst())
        if mode & 1 == 1 {
            var frames: [[UInt8]] = []
            var rest = payload[...]
            while let length = rest.first {
                frames.append(Array(rest.dropFirst().prefix(Int(length))))
                rest = rest.dropFirst(Int(length) + 1)
            }
            let framing = UOSFraming()
            var collector = framing.collector()
            // A refused frame ends the scan, as it does in the assembler.
            for frame in frames where framing.claims(frame) {
                do { _ = try collector.receive(frame) } catch { break }
            }
            // As a scan of files ends: a last try with every frame held.
            _ = try? collector.finish()
            guard let message = collector.message else { return }
            // Legacy frames complete with exactly their count; RaptorQ may need more than K
            // symbols when the first K do not determine the object, never fewer.
            try FuzzViolation.check(
                collector.received >= (collector.expected ?? 0), "a UOS message assembled before every frame was in")
            payload = message
        }
        guard let uos = try? UOSPayload(decoding: payload) else { return }
        try FuzzViolation.check(uos.encoded == payload, "a UOS payload that reads does not encode back to its bytes")
        guard let id = try? SubstrateSigning.accountID(ofPublicKey: uos.publicKey),
            let address = try? SS58.encode(id, prefix: 42)
        else { return }
        let format = UOSFormat()
        let account = OwnAccount(
            chain: ChainID(Chain.substrate), address: address, publicKey: uos.publicKey, keyName: "fuzz", path: nil)
        guard let requests = try? format.requests(SignerInput(bytes: payload), accounts: [account]) else { return }
        for read in requests {
            _ = try? SubstrateChain().review(read.request, context: ReviewContext(now: 0))
        }
    }
}

extension FuzzTarget {
    /// A signRaw `payload`, reviewed by the module: bytes that hold a known network's genesis
    /// hash are tried as that network's extrinsic payload by each of its runtime tables. Whatever
    /// the review makes of them, it signs exactly the given bytes, and a payload read as a
    /// transaction is one of a known network.
    static let substrateRawPayload = FuzzTarget(
        name: "substrate-raw-payload",
        summary: "signRaw payloads read as a known network's extrinsic (built-in call table, runtime extension lists)"
    ) { input throws(FuzzViolation) in
        let address = "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY"
        guard let decoded = try? SS58.decode(address),
            let account = try? MessageAccount(address: address, publicKey: decoded.payload),
            let id = try? RequestID("11111111-1111-4111-8111-111111111111")
        else { throw FuzzViolation("the fixed account does not parse") }
        let raw: JSONValue = .object([
            (key: "address", value: .string(address)), (key: "data", value: .string(Hex.encode(input, prefix: true))),
            (key: "type", value: .string("payload")),
        ])
        let payload: JSONValue = .object([(key: "type", value: .string("raw")), (key: "signerPayloadRaw", value: raw)])
        guard
            let request = try? SignRequest(
                id: id, chain: ChainID(Chain.substrate), network: "polkadot:91b171bb158e2d3848fa23a9f1c25182",
                account: account, payload: payload),
            let review = try? SubstrateChain().review(request, context: ReviewContext(now: 1_767_225_600))
        else { return }
        try FuzzViolation.check(
            review.signing.map(\.bytes) == [input], "a raw payload's review signs other bytes than the payload")
        if review.title.contains("given as a raw payload") {
            try FuzzViolation.check(
                SubstrateNetwork.known.contains { RawMessage.contains(input, $0.genesisHash) },
                "a raw payload read as a transaction holds no known genesis hash")
        }
    }
}
