import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignStellar
import AirsignWatch
import BigInt

/// The watch's check of a Stellar response against the request it stored: every signature
/// verified, and the artifact assembled here (a full response's own must equal it).
public struct StellarFinalizer: ChainFinalizer {
    public let chain = ChainID(Chain.stellar)
    public let displayName = "Stellar"
    /// The signer's own module, whose review yields the exact bytes that were to be signed.
    let module = StellarChain()

    public init() {}

    public func finalize(_ response: SignResponse, for request: SignRequest) throws -> Finalized {
        let review = try module.review(request, context: ReviewContext(now: 0))
        guard response.signatures.count == 1, let signatureHex = response.signatures.first, let item = review.signing.first else {
            throw StellarError.request("a Stellar response has exactly one signature, not \(response.signatures.count)")
        }
        let raw: [UInt8]
        do { raw = try Hex.decode(signatureHex) } catch { throw StellarError.request("signatures[0]: \(error)") }
        let (envelope, network) = try StellarChain.readSigningBytes(item.bytes)
        let signature = try DecoratedSignature(hint: signatureHint(publicKey: request.account.publicKey), signature: raw)
        let signed: TransactionEnvelope
        do { signed = try envelope.adding(signature, publicKey: request.account.publicKey, network: network) } catch {
            throw StellarError.request("signatures[0] is not \(request.account.address)'s signature of this transaction on \(network): \(error)")
        }
        let result = try StellarChain.result(signed, signature, network: network)
        if let given = response.result {
            try Self.checkResult(given, against: result)
        }
        let full = try SignResponse(id: request.id, chain: request.chain, network: request.network, account: request.account,
                                    signatures: response.signatures, result: result)
        return Finalized(response: full, lines: [
            ReviewLine("signer", request.account.address),
            ReviewLine("hash", Hex.encode(try signed.hash(network: network))),
            ReviewLine("signatures", "\(signed.signatures.count) on the envelope"),
        ])
    }

    /// A full response's result must be exactly what the module assembles: a result that carries
    /// another envelope (other operations, a dropped co-signature) is named as such.
    static func checkResult(_ given: JSONValue, against expected: JSONValue) throws {
        guard case let .object(members) = given, members.count == 3,
              case .string? = given["envelope"], case .string? = given["hash"], case .string? = given["decoratedSignature"]
        else { throw StellarError.request("result has exactly \"decoratedSignature\", \"envelope\" and \"hash\"") }
        for field in ["envelope", "hash", "decoratedSignature"] where given[field] != expected[field] {
            throw StellarError.request("result.\(field) is not that of the requested transaction signed with signatures[0]")
        }
    }
}
