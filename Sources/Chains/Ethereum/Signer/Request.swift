import AirsignEncoding
import AirsignMessages
import BigInt

/// What an Ethereum request signs, decoded once from its payload: `sign` and the watch's
/// finalizer switch on it, never on the signing item's label.
package enum EthereumSignable: SignableValue {
    /// The unsigned EIP-2718 transaction; its own encoding is what is hashed and signed.
    case transaction(EthereumTransaction)
    /// An EIP-191 personal message, before the prefix `sign` adds.
    case personalMessage([UInt8])
    /// EIP-712 typed data and the JSON it was read from; the item's bytes are that JSON with
    /// sorted keys, the digest computed from the typed value.
    case typedData(TypedData, json: JSONValue)
    /// An EIP-7702 authorization; its preimage `0x05 ‖ rlp([chain_id, address, nonce])` is
    /// what is hashed and signed.
    case authorization(SetCodeAuthorization)
    /// An ERC-4337 user operation for an EntryPoint version, on the request's chain; the bytes
    /// are its signing preimage (`PackedUserOperation.signingPreimage`), whose keccak is signed.
    case userOperation(PackedUserOperation, version: EntryPointVersion, preimage: [UInt8])

    package var signedBytes: [UInt8] {
        switch self {
        case let .transaction(transaction): transaction.unsignedEncoding
        case let .personalMessage(message): message
        case let .typedData(_, json): Array(JSONSerializer().serialize(json).utf8)
        case let .authorization(authorization): authorization.preimage
        case let .userOperation(_, _, preimage): preimage
        }
    }

    var label: String {
        switch self {
        case .transaction: EthereumChain.transactionLabel
        case .personalMessage: EthereumChain.personalMessageLabel
        case .typedData: EthereumChain.typedDataLabel
        case .authorization: EthereumChain.authorizationLabel
        case .userOperation: EthereumChain.userOperationLabel
        }
    }

    package var item: SigningItem { SigningItem(label: label, value: self) }
}

/// An Ethereum request read from its payload and checked against its account and network,
/// before any of it is described.
package struct EthereumRequest {
    /// The request's account, checked to be its key's address.
    package let from: EthereumAddress
    package let chainId: BigUInt
    package let signable: EthereumSignable
    /// The ABI fragment a transaction payload may carry: the requester's words for the call's
    /// arguments, never what the signer counts.
    package let abi: ABIFunction?
}

extension EthereumChain {
    /// Decodes `request`'s payload: refuses a payload that is not exactly one of the five forms,
    /// a transaction or an authorization for another chain id (an authorization's 0, every
    /// chain, is let through to its review), or an account whose address is not its key's.
    package static func decode(_ request: SignRequest) throws -> EthereumRequest {
        let from = try accountAddress(request.account)
        let chainId = try chainId(of: request.network)
        switch request.payloadType {
        case "transaction":
            let (hex, abi) = try transactionMembers(request.payload)
            let bytes: [UInt8]
            do { bytes = try Hex.decode(hex) } catch {
                throw EthereumChainError.unreadable(field: "payload.transaction", reason: "\(error)")
            }
            let transaction: EthereumTransaction
            do { transaction = try EthereumTransaction.decodeUnsigned(bytes) } catch {
                throw EthereumChainError.unreadable(field: "payload.transaction", reason: "\(error)")
            }
            guard transaction.chainId == chainId else {
                throw EthereumChainError.otherChain(
                    field: "payload.transaction", chainId: "\(transaction.chainId)", network: request.network)
            }
            return EthereumRequest(from: from, chainId: chainId, signable: .transaction(transaction), abi: abi)
        case "authorization":
            let hex = try stringMember(request.payload, "authorization")
            let authorization: SetCodeAuthorization
            do { authorization = try SetCodeAuthorization.decodePreimage(try Hex.decode(hex)) } catch {
                throw EthereumChainError.unreadable(field: "payload.authorization", reason: "\(error)")
            }
            guard authorization.chainId == chainId || authorization.chainId == 0 else {
                throw EthereumChainError.otherChain(
                    field: "payload.authorization", chainId: "\(authorization.chainId)", network: request.network)
            }
            return EthereumRequest(from: from, chainId: chainId, signable: .authorization(authorization), abi: nil)
        case "user_operation":
            guard case let .object(members) = request.payload, members.count == 3,
                case let .string(entryPoint)? = request.payload["entryPoint"],
                let operation = request.payload["userOperation"]
            else {
                throw EthereumChainError.members(
                    payloadType: "user_operation", expected: "\"type\", \"entryPoint\" and \"userOperation\"")
            }
            let address: EthereumAddress
            do { address = try EthereumAddress(entryPoint) } catch {
                throw EthereumChainError.unreadable(field: "payload.entryPoint", reason: "\(error)")
            }
            guard let version = EntryPointVersion(address: address) else {
                throw EthereumChainError.unknownEntryPoint(address.checksummed)
            }
            do {
                let op = try PackedUserOperation(json: operation)
                return EthereumRequest(
                    from: from, chainId: chainId,
                    signable: .userOperation(
                        op, version: version, preimage: try op.signingPreimage(version: version, chainId: chainId)),
                    abi: nil)
            } catch {
                throw EthereumChainError.unreadable(field: "payload.userOperation", reason: "\(error)")
            }
        case "personal_message":
            let hex = try stringMember(request.payload, "message")
            do {
                return EthereumRequest(
                    from: from, chainId: chainId, signable: .personalMessage(try Hex.decode(hex)), abi: nil)
            } catch {
                throw EthereumChainError.unreadable(field: "payload.message", reason: "\(error)")
            }
        case "typed_data":
            guard case let .object(members) = request.payload, members.count == 2,
                let json = request.payload["typedData"]
            else {
                throw EthereumChainError.members(payloadType: "typed_data", expected: "\"type\" and \"typedData\"")
            }
            do {
                return EthereumRequest(
                    from: from, chainId: chainId, signable: .typedData(try TypedData(json: json), json: json), abi: nil)
            } catch {
                throw EthereumChainError.unreadable(field: "payload.typedData", reason: "\(error)")
            }
        default:
            throw EthereumChainError.unknownPayloadType(request.payloadType)
        }
    }

    public func signingItems(_ request: SignRequest) throws -> [SigningItem] {
        [try Self.decode(request).signable.item]
    }
}
