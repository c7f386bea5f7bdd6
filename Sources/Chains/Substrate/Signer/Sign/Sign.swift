import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages

extension SubstrateChain {
    public func sign(_ review: Review, with key: SigningKey) throws -> SignedOutput {
        guard review.signing.count == 1, let item = review.signing.first else {
            throw SubstrateError.itemCount(review.signing.count)
        }
        let account = try Self.accountID(review.request.account)
        guard try Self.accountID(of: key) == account else {
            throw SubstrateError.notAccountKey(address: review.key.address)
        }
        guard let signable = item.value as? SubstrateSignable else {
            throw SubstrateError.foreignItem(label: item.label)
        }
        switch signable {
        case let .extrinsic(payload, built):
            let signature = try SubstrateSigning.signPayload(built.bytes, with: key)
            return SignedOutput(
                signatures: [Hex.encode(signature.encoded, prefix: true)],
                result: Self.result(payload, built, signature: signature))
        case let .rawPayload(bytes):
            let signature = try SubstrateSigning.signPayload(bytes, with: key)
            return SignedOutput(signatures: [Hex.encode(signature.encoded, prefix: true)], result: nil)
        case let .message(message, _):
            let signature = try SubstrateSigning.sign(message, with: key)
            return SignedOutput(signatures: [Hex.encode(signature.raw, prefix: true)], result: nil)
        }
    }
}
