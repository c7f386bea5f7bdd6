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
    public init() {}

    public func finalize(_ response: SignResponse, for request: SignRequest) throws -> Finalized {
        // The stored request decoded once; no review is run: what was to be signed needs no
        // clock or contacts.
        let signable = try SubstrateChain.decode(request).signable
        guard response.signatures.count == 1, let signatureHex = response.signatures.first else {
            throw SubstrateError.signatureCount(response.signatures.count)
        }
        let bytes = try PayloadFields.hex(signatureHex, field: "signatures[0]")
        let publicKey = request.account.publicKey
        let from = ReviewLine("from", request.account.address)
        var lines = [from]
        var result: JSONValue?
        switch signable {
        case .extrinsic, .rawPayload:
            let signature = try MultiSignature(decoding: bytes)
            try Self.checkScheme(signature, publicKey: publicKey)
            guard
                try SubstrateSigning.isValid(
                    signature, message: try SigningPayload.message(for: signable.signedBytes), publicKey: publicKey)
            else {
                throw SubstrateError.signatureInvalid(
                    scheme: signature.schemeName, address: request.account.address, over: "the requested payload")
            }
            lines.append(ReviewLine("scheme", signature.schemeName))
            if case let .extrinsic(payload, built) = signable {
                let assembled = SubstrateChain.result(payload, built, signature: signature)
                if let given = response.result, given != assembled {
                    throw SubstrateError.resultMismatch
                }
                result = assembled
                lines.append(
                    ReviewLine(
                        "extrinsic hash",
                        Hex.encode(
                            try SubstrateChain.extrinsic(payload, built, signature: signature).hash, prefix: true)))
            } else {
                guard response.result == nil else { throw SubstrateError.unexpectedResult(kind: "raw payload") }
            }
        case let .message(message, _):
            guard response.result == nil else { throw SubstrateError.unexpectedResult(kind: "message") }
            lines += [
                ReviewLine("scheme", try Self.messageScheme(bytes, message: message, request: request)),
                ReviewLine("signature", Hex.encode(bytes, prefix: true)),
            ]
        }
        let full = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: response.signatures, result: result)
        return Finalized(response: full, lines: lines)
    }

    /// The scheme of a raw message signature that verifies for the request's key: ecdsa for a
    /// 33-byte key, else sr25519 or ed25519, whichever verifies.
    static func messageScheme(_ bytes: [UInt8], message: [UInt8], request: SignRequest) throws -> String {
        let publicKey = request.account.publicKey
        if publicKey.count == 33 {
            guard bytes.count == 65, try SubstrateSigning.isValid(.ecdsa(bytes), message: message, publicKey: publicKey)
            else {
                throw SubstrateError.signatureInvalid(
                    scheme: "ecdsa", address: request.account.address, over: "the message")
            }
            return "ecdsa"
        }
        if bytes.count == 64, try SubstrateSigning.isValid(.sr25519(bytes), message: message, publicKey: publicKey) {
            return "sr25519"
        }
        if bytes.count == 64, try SubstrateSigning.isValid(.ed25519(bytes), message: message, publicKey: publicKey) {
            return "ed25519"
        }
        throw SubstrateError.signatureInvalid(
            scheme: nil, address: request.account.address, over: "the message (sr25519 or ed25519)")
    }

    /// A MultiSignature's scheme must fit the key: ecdsa for a 33-byte key, else sr25519/ed25519.
    static func checkScheme(_ signature: MultiSignature, publicKey: [UInt8]) throws(SubstrateError) {
        let isECDSA: Bool
        if case .ecdsa = signature { isECDSA = true } else { isECDSA = false }
        guard isECDSA == (publicKey.count == 33) else {
            throw SubstrateError.multiSignature(.notOfKey(scheme: signature.schemeName, keyLength: publicKey.count))
        }
    }
}
