import AirsignEncoding
import AirsignKeys
import AirsignMessages

/// What a Substrate request signs, decoded once from its payload: `sign` and the watch's
/// finalizer switch on it, never on the signing item's label.
package enum SubstrateSignable: SignableValue {
    /// A transaction the signer built and read: the SignerPayload and the payload bytes built
    /// from it (hashed when over 256 bytes); the signed extrinsic is assembled from both.
    case extrinsic(SignerPayload, SigningPayload)
    /// Bytes signed as a transaction payload with nothing to assemble (signRaw type payload, a
    /// UOS transaction no table reads, a UOS hash).
    case rawPayload([UInt8])
    /// A signRaw message as signed: `<Bytes>` wrapped, or Ethereum-prefixed data left as it is.
    case message([UInt8], wrapped: Bool)

    package var signedBytes: [UInt8] {
        switch self {
        case let .extrinsic(_, built): built.bytes
        case let .rawPayload(bytes): bytes
        case let .message(bytes, _): bytes
        }
    }

    package var item: SigningItem {
        switch self {
        case .extrinsic: SigningItem(label: SubstrateChain.extrinsicLabel, value: self)
        case .rawPayload: SigningItem(label: SubstrateChain.rawPayloadLabel, value: self)
        case let .message(_, wrapped):
            SigningItem(label: wrapped ? SubstrateChain.bytesLabel : SubstrateChain.unwrappedBytesLabel, value: self)
        }
    }
}

/// A Substrate request read from its payload and checked against its account and network,
/// before any of it is described.
package enum SubstrateRequest {
    /// A SignerPayloadJSON, the payload built from it, and its decoding by a verified metadata
    /// proof when the request carries one.
    case extrinsic(SignerPayload, SigningPayload, ProvenPayload?)
    /// A signRaw request for the account.
    case raw(RawPayload)
    /// A UOS request and, for a transaction, what reading it back gave (`uosSigningPayload`).
    case uos(UOSPayload, Result<(SignerPayload, SigningPayload, ProvenPayload?), SubstrateError>?)

    /// What is signed for this request.
    package var signable: SubstrateSignable {
        get throws(SubstrateError) {
            switch self {
            case let .extrinsic(payload, built, _):
                return .extrinsic(payload, built)
            case let .raw(raw):
                switch raw.kind {
                case .bytes:
                    let message = RawMessage.wrapBytes(raw.data)
                    return .message(message, wrapped: RawMessage.isWrapped(message))
                case .payload:
                    return .rawPayload(raw.data)
                }
            case let .uos(uos, read):
                switch uos.content {
                case let .transaction(signed, _), let .provenTransaction(_, signed, _):
                    if case let .success((payload, built, _))? = read { return .extrinsic(payload, built) }
                    return .rawPayload(signed)
                case let .hash(hash):
                    return .rawPayload(hash)
                case .message:
                    throw SubstrateError.uos(.messageAsUOS)
                }
            }
        }
    }
}

extension SubstrateChain {
    /// Decodes `request`'s payload: refuses a payload that is not one of the three forms, one for
    /// another network or another account, and an account whose address is not its key's.
    package static func decode(_ request: SignRequest) throws -> SubstrateRequest {
        let account = try accountID(request.account)
        do { _ = try SubstrateAccounts.shared.network(caip2: request.network) } catch {
            throw SubstrateError.network(request.network)
        }
        switch request.payloadType {
        case "extrinsic":
            let (payload, built, proven) = try signingPayload(request)
            guard payload.accountID == account else {
                throw SubstrateError.otherAccount(
                    field: "signerPayload.address", address: payload.address, account: request.account.address)
            }
            return .extrinsic(payload, built, proven)
        case "raw":
            let raw = try RawPayload(json: try member(request.payload, "signerPayloadRaw"))
            guard raw.accountID == account else {
                throw SubstrateError.otherAccount(
                    field: "signerPayloadRaw.address", address: raw.address, account: request.account.address)
            }
            return .raw(raw)
        case uosPayloadType:
            let uos = try uosPayload(request)
            switch uos.content {
            case .transaction, .provenTransaction: return .uos(uos, try uosSigningPayload(request, uos))
            case .hash, .message: return .uos(uos, nil)
            }
        default:
            throw SubstrateError.unknownPayloadType(request.payloadType)
        }
    }

    public func signingItems(_ request: SignRequest) throws -> [SigningItem] {
        [try Self.decode(request).signable.item]
    }
}
