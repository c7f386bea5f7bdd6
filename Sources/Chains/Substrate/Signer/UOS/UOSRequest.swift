import AirsignEncoding
import AirsignMessages

/// A stored Substrate request as the UOS payload a Polkadot Vault-style signer scans (what
/// polkadot-js `createSignPayload` sends: polkadot-js/ui `packages/react-qr/src/util.ts`), and its legacy
/// multipart frames: how `airsign-watch substrate uos` drives such a signer.
extension UOSPayload {
    /// polkadot-js `FRAME_SIZE`: data bytes per legacy frame.
    public static let frameSize = 1024

    /// The UOS payload for `request`: a transaction as code `02` (`06` with its RFC-0078
    /// proof in front), a `<Bytes>` message as `03`, a request that came as UOS as it came.
    /// A `signRaw` of type `payload` has no UOS form and is refused. The key is the account's
    /// id under crypto `01` (what polkadot-js sends for every 32-byte account) or its 33-byte
    /// key under `02` (ecdsa). A message's genesis hash comes from the network table, or
    /// `genesis` for a network known only by its CAIP-2 id.
    public init(request: SignRequest, genesis given: [UInt8]? = nil) throws {
        let crypto: Crypto = request.account.publicKey.count == 33 ? .ecdsa : .sr25519
        let key = crypto == .ecdsa ? request.account.publicKey : try SubstrateChain.accountID(request.account)
        let genesis: [UInt8]
        let code: UInt8
        let content: Content
        switch request.payloadType {
        case "extrinsic":
            let (payload, built, _) = try SubstrateChain.signingPayload(request)
            let (_, proof) = try SubstrateChain.extrinsicMembers(request.payload)
            genesis = payload.genesisHash
            if let proof {
                (code, content) = (
                    6, .provenTransaction(proof: proof, signed: built.bytes, callLength: payload.method.count)
                )
            } else {
                (code, content) = (2, .transaction(signed: built.bytes, callLength: payload.method.count))
            }
        case "raw":
            let raw = try RawPayload(json: try SubstrateChain.member(request.payload, "signerPayloadRaw"))
            guard raw.kind == .bytes else {
                throw SubstrateError.uos(.rawPayloadType)
            }
            guard !raw.data.isEmpty else { throw SubstrateError.uos(.emptyMessage) }
            genesis = try UOSAddress.genesis(network: request.network, given: given)
            (code, content) = (3, .message(raw.data))
        case SubstrateChain.uosPayloadType:
            self = try SubstrateChain.uosPayload(request)
            return
        default:
            throw SubstrateError.unknownPayloadType(request.payloadType)
        }
        let bytes = Self(crypto: crypto, code: code, publicKey: key, content: content, genesisHash: genesis).encoded
        // Read back by the signer's own decoder: what the watch shows is what a signer reads.
        self = try Self(decoding: bytes)
    }

    private init(crypto: Crypto, code: UInt8, publicKey: [UInt8], content: Content, genesisHash: [UInt8]) {
        self.crypto = crypto
        self.code = code
        self.publicKey = publicKey
        self.content = content
        self.genesisHash = genesisHash
    }
}

extension UOSFraming {
    /// `payload` as legacy multipart frames (`00 ‖ u16 BE count ‖ u16 BE index ‖ data`), every
    /// payload framed, even a one-frame one, as polkadot-js `createFrames` does; refuses a
    /// payload over `maxPayloadLength` bytes or needing more than `maxFrames` frames (what a
    /// signer's collector takes).
    public static func frames(_ payload: [UInt8], size: Int = UOSPayload.frameSize) throws(SubstrateError) -> [[UInt8]]
    {
        guard size > 0, !payload.isEmpty else { throw SubstrateError.empty("a UOS payload to frame") }
        guard payload.count <= maxPayloadLength else {
            throw SubstrateError.frames(.payloadTooLarge(bytes: payload.count))
        }
        let count = (payload.count + size - 1) / size
        guard count <= maxFrames else { throw SubstrateError.frames(.tooMany(frames: count)) }
        return (0..<count).map { index in
            let start = index * size
            let header: [UInt8] = [0, UInt8(count >> 8), UInt8(count & 0xff), UInt8(index >> 8), UInt8(index & 0xff)]
            return header + payload[start..<min(start + size, payload.count)]
        }
    }
}
