import AirsignCrypto
import AirsignEncoding
import BigInt

/// A transaction with its signature: what `eth_sendRawTransaction` takes.
public struct SignedEthereumTransaction: Equatable, Sendable {
    public let transaction: EthereumTransaction
    /// r ‖ s and the recovery id (0 or 1): the yParity of typed transactions, folded into v for legacy.
    public let signature: Secp256k1.RecoverableSignature

    /// Pairs a transaction with a signature; refuses recovery ids 2/3 (Ethereum cannot carry
    /// them) and high s (invalid since EIP-2).
    public init(transaction: EthereumTransaction, signature: Secp256k1.RecoverableSignature) throws(EthereumError) {
        guard signature.recoveryID <= 1 else {
            throw .invalidSignature("recovery id \(signature.recoveryID) cannot be expressed in v")
        }
        guard signature.signature.isLowS else { throw .invalidSignature("s is above n/2 (EIP-2)") }
        self.transaction = transaction
        self.signature = signature
    }

    /// Legacy `v = 2·chainId + 35 + recid` (EIP-155); typed transactions' yParity (0/1).
    public var v: BigUInt {
        let parity = BigUInt(signature.recoveryID)
        return transaction.type == .legacy ? transaction.chainId * 2 + 35 + parity : parity
    }

    /// The raw signed transaction: legacy `rlp([…, v, r, s])`, typed `type ‖ rlp([…, yParity, r, s])`.
    public var encoded: [UInt8] {
        let tx = transaction
        let compact = signature.compact
        var writer = RLPWriter()
        writer.beginList()
        tx.writeFields(to: &writer, signature: (v.minimalBigEndian, compact.prefix(32), compact.suffix(32)))
        writer.endList()
        return tx.type == .legacy ? writer.bytes : [tx.type.rawValue] + writer.bytes
    }

    /// `encoded` by the tree of items (`RLP.encode`), the rule the writer follows.
    var encodedByItems: [UInt8] {
        let tx = transaction
        let sig: [RLPItem] = [
            .unsignedBigEndian(v.minimalBigEndian),
            .unsignedBigEndian(signature.compact.prefix(32)),
            .unsignedBigEndian(signature.compact.suffix(32)),
        ]
        switch tx.type {
        case .legacy:
            return RLP.encode(.list(tx.fieldItems() + sig))
        case .accessList, .feeMarket, .setCode:
            return [tx.type.rawValue]
                + RLP.encode(.list([tx.chainIdItem] + tx.fieldItems() + [tx.accessListItem] + tx.trailingItems + sig))
        }
    }

    /// keccak256 of the signed encoding: the transaction hash explorers show.
    public var hash: [UInt8] { Keccak256.hash(encoded) }

    /// The address whose key signed the transaction's signing hash.
    public func sender() throws(EthereumError) -> EthereumAddress {
        do {
            return EthereumAddress(publicKey: try signature.recoverPublicKey(digest32: transaction.signingHash))
        } catch {
            throw .invalidSignature("the sender cannot be recovered (\(error))")
        }
    }

    /// Strict decoding of a raw signed transaction. A legacy v of 27/28 (no EIP-155) is refused.
    public static func decode(_ bytes: [UInt8]) throws(EthereumError) -> SignedEthereumTransaction {
        let (type, f) = try EthereumTransaction.envelope(bytes)
        let transaction: EthereumTransaction
        let recoveryID: Int
        switch type {
        case .legacy:
            guard f.count == 9 else { throw .wrongFieldCount(type: "signed legacy", expected: 9, found: f.count) }
            let v = try TransactionFields.unsigned(f[6], "v")
            if v == 27 || v == 28 { throw .missingChainID }
            guard v >= 37 else {
                throw .invalidSignature("legacy v \(v) is neither 27/28 nor EIP-155 (2·chainId + 35/36)")
            }
            let offset = v - 35
            recoveryID = Int(offset % 2)
            transaction = try EthereumTransaction.legacy(f, chainId: offset / 2)
        case .accessList, .feeMarket, .setCode:
            let expected = type.unsignedFieldCount + 3
            guard f.count == expected else {
                throw .wrongFieldCount(type: "signed \(type.name)", expected: expected, found: f.count)
            }
            let parity = try TransactionFields.unsigned(f[expected - 3], "yParity")
            guard parity <= 1 else { throw .invalidSignature("yParity is 0 or 1, not \(parity)") }
            recoveryID = Int(parity)
            transaction = try EthereumTransaction.typed(type, f)
        }
        let r = try TransactionFields.unsigned(f[f.count - 2], "r")
        let s = try TransactionFields.unsigned(f[f.count - 1], "s")
        let signature: Secp256k1.RecoverableSignature
        do {
            signature = try Secp256k1.RecoverableSignature(
                compact: r.bigEndian(width: 32) + s.bigEndian(width: 32), recoveryID: recoveryID)
        } catch {
            throw .invalidSignature("r and s are not a valid secp256k1 signature (\(error))")
        }
        return try SignedEthereumTransaction(transaction: transaction, signature: signature)
    }
}

extension EthereumTransaction {
    /// Signs the signing hash with RFC 6979 nonces and low s (libsecp256k1's defaults).
    public func signed(with key: Secp256k1.PrivateKey) throws(EthereumError) -> SignedEthereumTransaction {
        let signature: Secp256k1.RecoverableSignature
        do { signature = try key.signRecoverable(digest32: signingHash) } catch { throw .crypto(error) }
        return try SignedEthereumTransaction(transaction: self, signature: signature)
    }
}
