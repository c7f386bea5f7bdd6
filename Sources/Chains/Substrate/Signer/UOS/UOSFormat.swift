import AirsignEncoding
import AirsignKeys
import AirsignMessages

/// UOS, the QR protocol of polkadot-js apps and extension ("QR signer") and of Polkadot
/// Vault-style apps, as one of the signer's foreign formats: the frames (legacy multipart or RaptorQ)
/// assembled by `UOSFraming`, the payload (`53 …`) recognized by its first bytes, and turned
/// into a sign request for the keystore's account with the key it names: `uos` requests for
/// transactions and hashes (`UOSReview`), a `raw` `<Bytes>` request for a message. The answer
/// is the hex text polkadot-js reads (`UOSAnswer`).
public struct UOSFormat: ForeignFormat {
    public let name = "UOS (polkadot-js / Polkadot Vault)"
    public var framings: [any ForeignFraming] { [UOSFraming()] }
    let chain = ChainID(Chain.substrate)

    public init() {}

    /// `53` and a crypto byte (a UOS payload, including the codes and crypto this signer
    /// refuses by name), or a RaptorQ frame's `80`; never text, JSON or a UR.
    public func recognizes(_ input: SignerInput) -> Bool {
        guard input.urType == nil, input.bytes.count >= 3 else { return false }
        if input.bytes[0] == 0x80 { return true }
        return input.bytes[0] == UOSPayload.prefix && (input.bytes[1] <= 3 || input.bytes[1] == 0xff)
    }

    public func requests(_ input: SignerInput, accounts: [OwnAccount]) throws -> [ForeignRequest] {
        if input.bytes.first == 0x80 {
            throw SubstrateError.uos(.singleRaptorQFrame)
        }
        let uos = try UOSPayload(decoding: input.bytes)
        let own = try Self.account(for: uos, in: accounts.filter { $0.chain == chain })
        try Self.checkScheme(uos, own)
        let account = try MessageAccount(address: own.address, publicKey: own.publicKey)
        let network = SubstrateNetwork.caip2(genesisHash: uos.genesisHash)
        let body: JSONValue
        let answer: UOSAnswer
        switch uos.content {
        case let .message(message):
            let raw: JSONValue = .object([
                (key: "address", value: .string(own.address)),
                (key: "data", value: .string(Hex.encode(message, prefix: true))),
                (key: "type", value: .string("bytes")),
            ])
            body = .object([(key: "type", value: .string("raw")), (key: "signerPayloadRaw", value: raw)])
            answer = UOSAnswer(kind: .message, crypto: uos.crypto)
        case .transaction, .provenTransaction, .hash:
            body = .object([
                (key: "type", value: .string(SubstrateChain.uosPayloadType)),
                (key: "uos", value: .string(Hex.encode(input.bytes, prefix: true))),
            ])
            answer = UOSAnswer(kind: .transaction, crypto: uos.crypto)
        }
        return [
            ForeignRequest(
                request: try SignRequest.make(chain: chain, network: network, account: account, payload: body),
                answer: answer)
        ]
    }

    /// The keystore's account the request's key names: a 33-byte ecdsa key as it is, a 32-byte
    /// key as an account id (polkadot-js sends the decoded address, which for an ecdsa account
    /// is the hash of its key). The account added for the request's network comes first, since
    /// an account signs only on the networks it was added for.
    static func account(for uos: UOSPayload, in accounts: [OwnAccount]) throws(SubstrateError) -> OwnAccount {
        let keyed = accounts.filter { own in
            if uos.publicKey.count == 33 { return own.publicKey == uos.publicKey }
            return (try? SubstrateSigning.accountID(ofPublicKey: own.publicKey)) == uos.publicKey
        }
        let network = SubstrateNetwork.caip2(genesisHash: uos.genesisHash)
        let match = keyed.first { $0.network == network } ?? keyed.first
        guard let match else {
            let address =
                uos.publicKey.count == 32
                ? (try? SS58.encode(
                    uos.publicKey, prefix: SubstrateNetwork.byGenesis(uos.genesisHash)?.ss58Prefix ?? 42)) : nil
            throw SubstrateError.uos(.keyNotOwn(key: Hex.encode(uos.publicKey), address: address))
        }
        return match
    }
}

extension UOSFormat {
    /// Refuses a transaction (codes 00, 01, 02, 06) whose crypto byte names a scheme other than
    /// the account's, before anything is shown or unlocked: the answer's MultiSignature would be
    /// of another type than the wallet asked for. Crypto `01` is taken for any account, since
    /// polkadot-js sends it whatever the account's scheme; a message (03) is not checked, its
    /// answer carries no type byte. An account whose scheme the keystore does not record is
    /// checked when the answer is written (`UOSAnswer`).
    static func checkScheme(_ uos: UOSPayload, _ own: OwnAccount) throws(SubstrateError) {
        if case .message = uos.content { return }
        let scheme: KeyScheme? = own.publicKey.count == 33 ? .secp256k1 : own.scheme
        let asked: KeyScheme
        switch uos.crypto {
        case .sr25519: return
        case .ed25519: asked = .ed25519
        case .ecdsa: asked = .secp256k1
        }
        guard let scheme, scheme != asked else { return }
        throw SubstrateError.uos(
            .schemeNotAccount(
                crypto: "\(uos.crypto)", byte: uos.crypto.rawValue, account: own.address,
                scheme: scheme == .secp256k1 ? "ecdsa" : "\(scheme)"))
    }
}

/// The answer polkadot-js reads back (RQR `ScanSignature.tsx`: zxing `getText()`, then `0x`
/// prepended): the signature as lowercase hex ASCII without `0x`, in one byte-mode QR; for a
/// transaction the SCALE MultiSignature (type byte, then the signature), for a message the bare
/// signature (parity-signer `export_signatures_bulk`).
public struct UOSAnswer: ForeignAnswer {
    public enum Kind: Sendable { case transaction, message }
    public let kind: Kind
    /// The request's crypto byte: a transaction answered with another scheme's signature is
    /// refused for `00` and `02` (polkadot-js sends `01` for every account, so `01` takes any);
    /// a second check, after `UOSFormat.checkScheme` refused such a request before the review.
    public let crypto: UOSPayload.Crypto
    public var name: String {
        kind == .transaction ? "UOS signature (MultiSignature, hex)" : "UOS message signature (hex)"
    }
    public let qr = ForeignAnswerQR.binary

    public init(kind: Kind, crypto: UOSPayload.Crypto) {
        self.kind = kind
        self.crypto = crypto
    }

    public func encode(_ response: SignResponse) throws -> [UInt8] {
        guard response.signatures.count == 1, let text = response.signatures.first else {
            throw SubstrateError.signatureCount(response.signatures.count)
        }
        let signature = try PayloadFields.hex(text, field: "signature")
        switch kind {
        case .transaction:
            let decoded = try MultiSignature(decoding: signature)
            if crypto != .sr25519, decoded.encoded.first != crypto.rawValue {
                throw SubstrateError.uos(.answerScheme(crypto: "\(crypto)", byte: crypto.rawValue))
            }
        case .message:
            guard signature.count == 64 || signature.count == 65 else {
                throw SubstrateError.multiSignature(.messageLength(signature.count))
            }
        }
        return Array(Hex.encode(signature).utf8)
    }
}
