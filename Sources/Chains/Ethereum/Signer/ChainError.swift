import BigInt

/// The Ethereum module's refusals of a request, a key or a response. Each case carries the
/// field at fault (its path in the request or response) and what is wrong with it, never secret
/// bytes; the signing pipeline adds the request's place, and every case is a refusal of the
/// input (exit 3).
public enum EthereumChainError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A field that does not decode, with the decoder's reason.
    case unreadable(field: String, reason: String)
    /// A payload without exactly its type's members (`expected` lists them).
    case members(payloadType: String, expected: String)
    /// A `payload.type` this module does not sign.
    case unknownPayloadType(String)
    /// A field whose value is not of its kind.
    case notOfKind(field: String, expected: String)
    /// A field that is not of the form `expected` names.
    case shape(field: String, expected: String)
    /// A field of the wrong length in bytes.
    case length(field: String, expected: String, actual: Int)
    /// A request network that is not `eip155:<chain id>`.
    case network(String)
    /// The payload binds a chain other than the request's network.
    case otherChain(field: String, chainId: String, network: String)
    /// The request's address is not the address of its public key (`derived`).
    case addressNotOfKey(derived: String)
    /// A signing key of another curve.
    case notSecp256k1Key
    /// A secp256k1 key that is not the request account's.
    case notAccountKey(address: String)
    /// A review with other than one signing item.
    case itemCount(Int)
    /// A signing item another module made.
    case foreignItem(label: String)
    /// A response with other than one signature.
    case signatureCount(Int)
    /// A signature recovered to another address (`recovered`), or to none.
    case otherSigner(recovered: String?, expected: String)
    /// A signature whose recovery value (`v` or `yParity`) is not one this transaction allows.
    case recoveryValue(value: String, expected: String)
    /// Signature bytes that are not a secp256k1 signature.
    case invalidSignature(reason: String)
    /// A message signature's response that carries a transaction result.
    case messageWithResult
    /// A transaction response whose result lacks `rawTransaction` or `hash`, or has more.
    case resultMembers
    /// A response whose raw transaction is not the request's.
    case notRequestedTransaction
    /// A response whose raw transaction carries another signature than `signatures[0]`.
    case otherSignatureInResult
    /// A response whose hash is not its raw transaction's.
    case hashMismatch
    /// An authorization that no chain would ever apply (nonce 2^64 - 1, which EIP-7702 skips).
    case authorizationNeverValid(field: String)
    /// A type-4 transaction whose authorization, signed by the sender itself, has a nonce other
    /// than the one the sender's account has when the list is applied (the transaction's nonce
    /// + 1 for the first): the chain would skip it and run the transaction without it.
    case authorizationNonce(index: Int, found: UInt64, expected: BigUInt)
    /// A result that is not the signed authorization in JSON-RPC form.
    case authorizationResult
    /// A user operation for an EntryPoint the signer cannot hash for.
    case unknownEntryPoint(String)

    public var description: String {
        switch self {
        case let .unreadable(field, reason): return "\(field): \(reason)"
        case let .members(type, expected): return "payload: \(type) has exactly \(expected)"
        case let .unknownPayloadType(type):
            return
                "payload.type \"\(type)\" is unknown (transaction, personal_message, typed_data, authorization, user_operation)"
        case let .notOfKind(field, expected): return "\(field) is not \(expected)"
        case let .shape(field, expected): return "\(field) is \(expected)"
        case let .length(field, expected, actual): return "\(field) is \(expected), not \(actual) bytes"
        case let .network(network): return "network \"\(network)\" is not eip155:<chain id>"
        case let .otherChain(field, chainId, network):
            return "\(field) is for chain id \(chainId), the request is for network \(network)"
        case let .addressNotOfKey(derived):
            return "account.address is not the EIP-55 address of account.publicKey (\(derived))"
        case .notSecp256k1Key: return "Ethereum signs with secp256k1 keys only"
        case let .notAccountKey(address): return "the signing key is not the key of \(address)"
        case let .itemCount(count): return "an Ethereum review signs exactly one item, not \(count)"
        case let .foreignItem(label): return "signing item \"\(label)\" is not an Ethereum item"
        case let .signatureCount(count): return "an Ethereum response has exactly one signature, not \(count)"
        case let .otherSigner(recovered?, expected): return "the signature is from \(recovered), not \(expected)"
        case let .otherSigner(nil, expected): return "the signature is not from \(expected)"
        case let .recoveryValue(value, expected): return "signatures[0] has \(value), not \(expected)"
        case let .invalidSignature(reason): return "signatures[0] is not a valid secp256k1 signature (\(reason))"
        case .messageWithResult: return "a message signature has no result"
        case .resultMembers: return "result has exactly \"rawTransaction\" and \"hash\""
        case .notRequestedTransaction: return "result.rawTransaction is not the requested transaction"
        case .otherSignatureInResult: return "result.rawTransaction carries another signature than signatures[0]"
        case .hashMismatch: return "result.hash is not the hash of the signed transaction"
        case let .authorizationNeverValid(field):
            return
                "\(field): an authorization at nonce 2^64 - 1 is never applied (EIP-7702 skips it); nothing was signed"
        case let .authorizationNonce(index, found, expected):
            return
                "authorization \(index + 1) is signed by the sender at nonce \(found), but the sender's nonce is \(expected) when the list is applied (the transaction's nonce is used first): the chain would skip it and run the transaction without the delegation; refused"
        case let .unknownEntryPoint(address):
            return
                "payload.entryPoint \(address) is neither EntryPoint v0.7 (0x0000000071727De22E5E9d8BAf0edAc6f37da032) nor v0.8 (0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108): the signer cannot compute its userOpHash"
        case .authorizationResult:
            return "result is not the signed authorization {address, chainId, nonce, r, s, yParity} of signatures[0]"
        }
    }
}
