import AirsignCrypto
import AirsignEncoding

/// EIP-191 personal_sign and the 65-byte r ‖ s ‖ v signatures wallets return for messages.
public enum PersonalMessage {
    /// keccak256("\x19Ethereum Signed Message:\n" ‖ decimal byte length ‖ message).
    public static func hash(_ message: [UInt8]) -> [UInt8] {
        Keccak256.hash(Array("\u{19}Ethereum Signed Message:\n\(message.count)".utf8) + message)
    }

    /// The personal_sign signature of `message`: r ‖ s ‖ (27 + recid).
    public static func sign(_ message: [UInt8], with key: Secp256k1.PrivateKey) throws(EthereumError) -> [UInt8] {
        try MessageSignature.sign(digest: hash(message), with: key)
    }

    /// The address that produced a personal_sign `signature` over `message`.
    public static func recover(_ message: [UInt8], signature: [UInt8]) throws(EthereumError) -> EthereumAddress {
        try MessageSignature.recover(digest: hash(message), signature: signature)
    }
}

/// r ‖ s ‖ v with v = 27 + recid, the form personal_sign and eth_signTypedData_v4 return.
public enum MessageSignature {
    /// Signs a digest computed here (never one handed in by a request) with RFC 6979 and low s.
    public static func sign(digest: [UInt8], with key: Secp256k1.PrivateKey) throws(EthereumError) -> [UInt8] {
        let signature: Secp256k1.RecoverableSignature
        do { signature = try key.signRecoverable(digest32: digest) } catch { throw .crypto(error) }
        guard signature.recoveryID <= 1 else {
            throw .invalidSignature("recovery id \(signature.recoveryID) cannot be expressed in v")
        }
        return signature.compact + [UInt8(27 + signature.recoveryID)]
    }

    /// The signer's address; v may be 27/28 or 0/1.
    public static func recover(digest: [UInt8], signature: [UInt8]) throws(EthereumError) -> EthereumAddress {
        guard signature.count == 65, let v = signature.last else {
            throw .invalidSignature("a message signature is 65 bytes r ‖ s ‖ v, not \(signature.count)")
        }
        let recoveryID: Int
        switch v {
        case 0, 1: recoveryID = Int(v)
        case 27, 28: recoveryID = Int(v) - 27
        default: throw .invalidSignature("v is 27 or 28, not \(v)")
        }
        do {
            let recoverable = try Secp256k1.RecoverableSignature(
                compact: Array(signature.prefix(64)), recoveryID: recoveryID)
            return EthereumAddress(publicKey: try recoverable.recoverPublicKey(digest32: digest))
        } catch {
            throw .invalidSignature("the signer cannot be recovered (\(error))")
        }
    }
}
