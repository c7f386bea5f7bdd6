import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

extension EthereumChain {
    public func sign(_ review: Review, with key: SigningKey) throws -> SignedOutput {
        guard case let .secp256k1(privateKey) = key else { throw EthereumChainError.notSecp256k1Key }
        // The pipeline checked the key; checking again costs nothing and keeps a wrong key from
        // producing a signature the watch would refuse anyway.
        let signer = EthereumAddress(publicKey: privateKey.publicKey)
        guard let wanted = try? EthereumAddress(review.key.address), wanted == signer else {
            throw EthereumChainError.notAccountKey(address: review.key.address)
        }
        guard review.signing.count == 1, let item = review.signing.first else {
            throw EthereumChainError.itemCount(review.signing.count)
        }
        guard let signable = item.value as? EthereumSignable else {
            throw EthereumChainError.foreignItem(label: item.label)
        }
        switch signable {
        case let .transaction(transaction):
            let signed = try transaction.signed(with: privateKey)
            return SignedOutput(
                signatures: [Hex.encode(Self.signatureBytes(signed), prefix: true)], result: Self.result(signed))
        case let .personalMessage(message):
            return SignedOutput(
                signatures: [Hex.encode(try PersonalMessage.sign(message, with: privateKey), prefix: true)], result: nil
            )
        case let .typedData(typed, _):
            return SignedOutput(signatures: [Hex.encode(try typed.sign(with: privateKey), prefix: true)], result: nil)
        case let .userOperation(_, _, preimage):
            let digest = Keccak256.hash(preimage)
            return SignedOutput(
                signatures: [Hex.encode(try MessageSignature.sign(digest: digest, with: privateKey), prefix: true)],
                result: nil)
        case let .authorization(authorization):
            let signed = try authorization.signed(with: privateKey)
            return SignedOutput(
                signatures: [Hex.encode(Self.signatureBytes(signed), prefix: true)], result: signed.json)
        }
    }
}
