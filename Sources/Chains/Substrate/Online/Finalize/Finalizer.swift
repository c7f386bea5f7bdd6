import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignWatch

/// The watch's check of a Substrate response against the request it stored: every signature
/// verified, and the artifact assembled here (a full response's own must equal it).
public struct SubstrateFinalizer: ChainFinalizer {
    public let chain = ChainID(Chain.substrate)
    public let displayName = "Substrate"
    /// The signer's own module, whose review yields the exact bytes that were to be signed.
    let module = SubstrateChain()

    public init() {}

    public func finalize(_ response: SignResponse, for request: SignRequest) throws -> Finalized {
        let review = try module.review(request, context: ReviewContext(now: 0))
        guard response.signatures.count == 1, let signatureHex = response.signatures.first, let item = review.signing.first else {
            throw SubstrateError("a Substrate response has exactly one signature, not \(response.signatures.count)")
        }
        let bytes = try PayloadFields.hex(signatureHex, field: "signatures[0]")
        let publicKey = request.account.publicKey
        let from = ReviewLine("from", request.account.address)
        switch item.label {
        case SubstrateChain.extrinsicLabel, SubstrateChain.rawPayloadLabel:
            let signature = try MultiSignature(decoding: bytes)
            try Self.checkScheme(signature, publicKey: publicKey)
            guard try SubstrateSigning.isValid(signature, message: try SigningPayload.message(for: item.bytes), publicKey: publicKey) else {
                throw SubstrateError("the \(signature.schemeName) signature does not verify for \(request.account.address) over the requested payload")
            }
            var lines = [from, ReviewLine("scheme", signature.schemeName)]
            var result: JSONValue?
            if item.label == SubstrateChain.extrinsicLabel {
                let assembled = try SubstrateChain.result(request, signature: signature, signed: item.bytes)
                if let given = response.result, given != assembled {
                    throw SubstrateError("result is not the extrinsic assembled from the request and signatures[0]")
                }
                result = assembled
                let extrinsic = try SubstrateChain.extrinsic(request, signature: signature)
                lines.append(ReviewLine("extrinsic hash", Hex.encode(try extrinsic.hash, prefix: true)))
            } else {
                guard response.result == nil else { throw SubstrateError("a raw payload signature has no result") }
            }
            let full = try SignResponse(id: request.id, chain: request.chain, network: request.network, account: request.account,
                                        signatures: response.signatures, result: result)
            return Finalized(response: full, lines: lines)
        case SubstrateChain.bytesLabel, SubstrateChain.unwrappedBytesLabel:
            guard response.result == nil else { throw SubstrateError("a message signature has no result") }
            let scheme: String
            if publicKey.count == 33 {
                guard bytes.count == 65, try SubstrateSigning.isValid(.ecdsa(bytes), message: item.bytes, publicKey: publicKey) else {
                    throw SubstrateError("the ecdsa signature does not verify for \(request.account.address) over the message")
                }
                scheme = "ecdsa"
            } else if bytes.count == 64, try SubstrateSigning.isValid(.sr25519(bytes), message: item.bytes, publicKey: publicKey) {
                scheme = "sr25519"
            } else if bytes.count == 64, try SubstrateSigning.isValid(.ed25519(bytes), message: item.bytes, publicKey: publicKey) {
                scheme = "ed25519"
            } else {
                throw SubstrateError("the signature does not verify for \(request.account.address) over the message (sr25519 or ed25519)")
            }
            let full = try SignResponse(id: request.id, chain: request.chain, network: request.network, account: request.account,
                                        signatures: response.signatures, result: nil)
            return Finalized(response: full, lines: [from, ReviewLine("scheme", scheme), ReviewLine("signature", Hex.encode(bytes, prefix: true))])
        default:
            throw SubstrateError("signing item \"\(item.label)\" is not a Substrate item")
        }
    }

    /// A MultiSignature's scheme must fit the key: ecdsa for a 33-byte key, else sr25519/ed25519.
    static func checkScheme(_ signature: MultiSignature, publicKey: [UInt8]) throws(SubstrateError) {
        let isECDSA: Bool
        if case .ecdsa = signature { isECDSA = true } else { isECDSA = false }
        guard isECDSA == (publicKey.count == 33) else {
            throw SubstrateError("a \(signature.schemeName) signature cannot be from a \(publicKey.count)-byte key")
        }
    }
}
