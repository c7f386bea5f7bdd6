import AirsignCrypto
import AirsignEncoding

/// Every way Ethereum input (a transaction, typed data, an amount, calldata) can be refused or a
/// signing step can fail, each with a one-line message for the person reading it.
public enum EthereumError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not the strict RLP the transaction format needs (non-canonical, truncated,
    /// trailing bytes, a list where a string belongs, …).
    case malformedRLP(String)
    /// The first byte names a transaction type this signer does not handle.
    case unsupportedTransactionType(UInt8)
    /// An EIP-4844 (type 3) blob transaction: blobs are posted by rollup operators from keys
    /// they run for it; an air-gapped wallet has no reason to sign one, so no blob review exists.
    case blobTransaction
    /// A list with the wrong number of fields for its transaction type.
    case wrongFieldCount(type: String, expected: Int, found: Int)
    /// A field whose value is not allowed (leading zero, too many bytes, wrong length, …).
    case invalidField(String, reason: String)
    /// A legacy transaction signed or prepared without EIP-155 replay protection.
    case missingChainID
    /// A signature that does not belong to the transaction (bad v, high s, unrecoverable).
    case invalidSignature(String)
    /// Bytes left after the transaction.
    case trailingBytes(Int)
    /// EIP-712 typed data that cannot be hashed as given.
    case invalidTypedData(String)
    /// An amount such as `1.5ether` that cannot be read exactly.
    case invalidAmount(String)
    /// An ABI type, signature or JSON ABI that cannot be read, or a value that does not encode
    /// or decode strictly under its type; the text names the argument or path.
    case invalidABI(String)
    /// An ERC-7730 clear-signing descriptor that cannot be used as it is, or data it cannot
    /// show; the text names the place in the descriptor.
    case invalidDescriptor(String)
    /// The crypto library refused a key, digest or signature.
    case crypto(CryptoError)

    public var description: String {
        switch self {
        case .malformedRLP(let why): return "Ethereum transaction: malformed RLP: \(why)"
        case .blobTransaction:
            return
                "Ethereum transaction: type 0x03 is an EIP-4844 blob transaction: blobs carry rollup data and are sent by rollup operators, not signed from a wallet"
        case .unsupportedTransactionType(let type):
            return
                "Ethereum transaction: unsupported transaction type 0x\(Hex.encode([type])) (only legacy, 0x01, 0x02 and 0x04)"
        case let .wrongFieldCount(type, expected, found):
            return "Ethereum transaction: a \(type) transaction has \(expected) fields, this one has \(found)"
        case let .invalidField(field, reason): return "Ethereum transaction: field \(field): \(reason)"
        case .missingChainID:
            return
                "Ethereum transaction: legacy transaction without an EIP-155 chain id (replayable on every chain); refused"
        case .invalidSignature(let why): return "Ethereum transaction: invalid signature: \(why)"
        case .trailingBytes(let count):
            return "Ethereum transaction: \(count) unexpected byte\(count == 1 ? "" : "s") after the transaction"
        case .invalidTypedData(let why): return "EIP-712 typed data: \(why)"
        case .invalidAmount(let why): return "amount: \(why)"
        case .invalidABI(let why): return "ABI: \(why)"
        case .invalidDescriptor(let why): return "ERC-7730 descriptor: \(why)"
        case .crypto(let error): return "Ethereum signing: \(error)"
        }
    }

    /// Wraps an RLP decoding failure, keeping trailing bytes as their own case.
    static func rlp(_ error: EncodingError) -> EthereumError {
        if case .trailingBytes(_, let count) = error { return .trailingBytes(count) }
        return .malformedRLP(error.description)
    }
}
