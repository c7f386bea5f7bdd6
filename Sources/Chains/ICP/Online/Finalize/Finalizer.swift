import AirsignCrypto
import AirsignEncoding
import AirsignICP
import AirsignKeys
import AirsignMessages
import AirsignWatch
import BigInt

/// The watch's check of a ICP response against the request it stored: every signature
/// verified, and the artifact assembled here (a full response's own must equal it).
public struct ICPFinalizer: ChainFinalizer {
    public let chain = ChainID(Chain.icp)
    public let displayName = "Internet Computer"
    /// The signer's own module, whose decode gives the contents that were to be signed.
    let module = ICPChain()

    public init() {}

    public func finalize(_ response: SignResponse, for request: SignRequest) throws -> Finalized {
        let decoded = try module.decode(request)
        let items = decoded.items
        guard response.signatures.count == items.count else {
            throw ICPError.signatureCount(given: response.signatures.count, needed: items.count)
        }
        var signatures: [[UInt8]] = []
        for (i, (hex, item)) in zip(response.signatures, items).enumerated() {
            let signature: [UInt8]
            do { signature = try Hex.decode(hex) } catch {
                throw ICPError.malformed(field: "signatures[\(i)]", reason: "\(error)")
            }
            let id = try ICPChain.content(of: item).requestID
            guard decoded.identity.isValidSignature(signature, requestID: id) else {
                throw ICPError.signatureNotVerified(
                    index: i, label: item.label, principal: decoded.identity.principal.text)
            }
            signatures.append(signature)
        }
        let messages = try ICPChain.assemble(items, signatures: signatures, identity: decoded.identity)
        let result = QuillMessage.result(messages)
        if let given = response.result, given != result {
            throw ICPError.resultMismatch
        }
        let full = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: response.signatures, result: result)
        var lines = [
            ReviewLine("sender", decoded.identity.principal.text),
            ReviewLine("canister", decoded.first.canisterID.text),
        ]
        lines.append(
            ReviewLine(
                decoded.calls.count == 1 ? "request id" : "request ids",
                messages.map { Hex.encode($0.requestID) }.joined(separator: ", ")))
        return Finalized(response: full, lines: lines)
    }
}
