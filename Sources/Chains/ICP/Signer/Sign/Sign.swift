import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

extension ICPChain {
    public func sign(_ review: Review, with key: SigningKey) throws -> SignedOutput {
        guard let publicKey = ICPIdentity.publicKey(of: key), publicKey == review.key.publicKey else {
            throw ICPError.notAccountKey(address: review.key.address)
        }
        let identity = try ICPIdentity(publicKey: publicKey)
        var signatures: [[UInt8]] = []
        var contents: [(label: String, content: ICPRequestContent)] = []
        for item in review.signing {
            let content = try Self.content(of: item)
            guard content.sender == identity.principal else { throw ICPError.senderNotSigningKey(label: item.label) }
            signatures.append(try ICPIdentity.sign(requestID: content.requestID, with: key))
            contents.append((item.label, content))
        }
        let messages = try Self.assemble(contents, signatures: signatures, identity: identity)
        return SignedOutput(signatures: signatures.map { Hex.encode($0) }, result: QuillMessage.result(messages))
    }

    /// The decoded content a signing item holds.
    package static func content(of item: SigningItem) throws(ICPError) -> ICPRequestContent {
        guard let content = item.value as? ICPRequestContent else { throw .foreignItem(label: item.label) }
        return content
    }

    /// Pairs each call with its request_status read and their signatures into quill messages.
    package static func assemble(_ items: [SigningItem], signatures: [[UInt8]], identity: ICPIdentity) throws(ICPError)
        -> [QuillMessage]
    {
        var contents: [(label: String, content: ICPRequestContent)] = []
        for item in items { contents.append((item.label, try content(of: item))) }
        return try assemble(contents, signatures: signatures, identity: identity)
    }

    /// As `assemble(_:signatures:identity:)`, from the items already decoded.
    package static func assemble(
        _ items: [(label: String, content: ICPRequestContent)], signatures: [[UInt8]], identity: ICPIdentity
    ) throws(ICPError) -> [QuillMessage] {
        guard items.count == signatures.count, items.count % 2 == 0, !items.isEmpty else {
            throw .signatureCount(given: signatures.count, needed: items.count)
        }
        var out: [QuillMessage] = []
        for i in stride(from: 0, to: items.count, by: 2) {
            let call = items[i].content
            let read = items[i + 1].content
            guard case let .call(content) = call, read == .readState(.requestStatus(of: content)) else {
                throw .itemOrder(label: items[i].label)
            }
            out.append(
                QuillMessage(
                    call: ICPEnvelope(content: call, senderPubkey: identity.der, senderSig: signatures[i]),
                    readState: ICPEnvelope(content: read, senderPubkey: identity.der, senderSig: signatures[i + 1]),
                    canisterID: content.canisterID, role: ICPBuiltinInterfaces.known(content.canisterID)?.role))
        }
        return out
    }
}
