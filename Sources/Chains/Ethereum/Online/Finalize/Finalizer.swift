import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignMessages
import AirsignWatch
import BigInt

/// The watch's check of a Ethereum response against the request it stored: every signature
/// verified, and the artifact assembled here (a full response's own must equal it).
public struct EthereumFinalizer: ChainFinalizer {
    public let chain = ChainID(Chain.ethereum)
    public let displayName = "Ethereum"
    /// The signer's own module, whose review yields the exact bytes that were to be signed.
    let module = EthereumChain()

    public init() {}

    public func finalize(_ response: SignResponse, for request: SignRequest) throws -> Finalized {
        // Re-reviewing the stored request re-checks the account against its key and yields the
        // exact bytes that were to be signed; no context is needed for that.
        let review = try module.review(request, context: ReviewContext(now: 0))
        let expected = try EthereumChain.accountAddress(request.account)
        guard response.signatures.count == 1, let signatureHex = response.signatures.first, let item = review.signing.first else {
            throw EthereumChainError("an Ethereum response has exactly one signature, not \(response.signatures.count)")
        }
        let signature: [UInt8]
        do { signature = try Hex.decode(signatureHex) } catch { throw EthereumChainError("signatures[0]: \(error)") }
        let result: JSONValue?
        let lines: [ReviewLine]
        switch item.label {
        case EthereumChain.transactionLabel:
            let transaction = try EthereumTransaction.decodeUnsigned(item.bytes)
            let signed = try SignedEthereumTransaction(transaction: transaction, signature: try EthereumChain.transactionSignature(signature, for: transaction))
            guard try signed.sender() == expected else {
                throw EthereumChainError("the signature is not from \(expected.checksummed)")
            }
            let assembled = EthereumChain.result(signed)
            if let given = response.result { try EthereumChain.checkResult(given, against: signed) }
            result = assembled
            lines = [ReviewLine("from", expected.checksummed), ReviewLine("hash", Hex.encode(signed.hash, prefix: true))]
        case EthereumChain.personalMessageLabel, EthereumChain.typedDataLabel:
            let signer: EthereumAddress
            if item.label == EthereumChain.personalMessageLabel {
                signer = try PersonalMessage.recover(item.bytes, signature: signature)
            } else {
                signer = try MessageSignature.recover(digest: try TypedData(jsonText: item.bytes).digest(), signature: signature)
            }
            guard signer == expected else { throw EthereumChainError("the signature is from \(signer.checksummed), not \(expected.checksummed)") }
            guard response.result == nil else { throw EthereumChainError("a message signature has no result") }
            result = nil
            lines = [ReviewLine("from", expected.checksummed), ReviewLine("signature", Hex.encode(signature, prefix: true))]
        default:
            throw EthereumChainError("signing item \"\(item.label)\" is not an Ethereum item")
        }
        let full = try SignResponse(id: request.id, chain: request.chain, network: request.network, account: request.account,
                                    signatures: response.signatures, result: result)
        return Finalized(response: full, lines: lines)
    }
}
