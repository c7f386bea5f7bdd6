import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignMessages
import AirsignWatch
import BigInt

/// The watch's check of a Ethereum response against the request it stored: every signature
/// verified, and the artifact assembled here (a full response's own must equal it).
public struct EthereumFinalizer: ChainFinalizer {
    public let chain = ChainID(Chain.ethereum)
    public let displayName = "Ethereum"
    public init() {}

    public func finalize(_ response: SignResponse, for request: SignRequest) throws -> Finalized {
        // The stored request decoded once (its account checked against its key); no review is
        // run: what was to be signed needs no clock or contacts.
        let decoded = try EthereumChain.decode(request)
        let expected = decoded.from
        guard response.signatures.count == 1, let signatureHex = response.signatures.first else {
            throw EthereumChainError.signatureCount(response.signatures.count)
        }
        let signature: [UInt8]
        do { signature = try Hex.decode(signatureHex) } catch {
            throw EthereumChainError.unreadable(field: "signatures[0]", reason: "\(error)")
        }
        let result: JSONValue?
        let lines: [ReviewLine]
        switch decoded.signable {
        case let .transaction(transaction):
            let signed = try SignedEthereumTransaction(
                transaction: transaction, signature: try Self.transactionSignature(signature, for: transaction))
            guard try signed.sender() == expected else {
                throw EthereumChainError.otherSigner(recovered: nil, expected: expected.checksummed)
            }
            let assembled = EthereumChain.result(signed)
            if let given = response.result { try Self.checkResult(given, against: signed) }
            result = assembled
            lines = [
                ReviewLine("from", expected.checksummed), ReviewLine("hash", Hex.encode(signed.hash, prefix: true)),
            ]
        case let .personalMessage(message):
            (result, lines) = try Self.messageSigned(
                by: try PersonalMessage.recover(message, signature: signature), expected: expected,
                signature: signature, response: response)
        case let .typedData(typed, _):
            (result, lines) = try Self.messageSigned(
                by: try MessageSignature.recover(digest: try typed.digest(), signature: signature),
                expected: expected, signature: signature, response: response)
        case let .userOperation(_, _, preimage):
            (result, lines) = try Self.messageSigned(
                by: try MessageSignature.recover(digest: Keccak256.hash(preimage), signature: signature),
                expected: expected, signature: signature, response: response)
        case let .authorization(authorization):
            let signed = try Self.authorizationSigned(authorization, signature: signature, expected: expected)
            // A full response's result must be exactly the tuple the signature makes.
            if let given = response.result, given != signed.json { throw EthereumChainError.authorizationResult }
            result = signed.json
            lines = [
                ReviewLine("authority", expected.checksummed),
                ReviewLine(
                    "delegate",
                    authorization.isRevocation ? "none (revocation)" : authorization.delegate.checksummed),
                ReviewLine("chain id", authorization.chainId == 0 ? "0 (every chain)" : "\(authorization.chainId)"),
                ReviewLine("nonce", String(authorization.nonce)),
            ]
        }
        let full = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: response.signatures, result: result)
        return Finalized(response: full, lines: lines)
    }

    /// A message signature recovered to `signer` must be the account's, with no result.
    static func messageSigned(
        by signer: EthereumAddress, expected: EthereumAddress, signature: [UInt8],
        response: SignResponse
    ) throws -> (JSONValue?, [ReviewLine]) {
        guard signer == expected else {
            throw EthereumChainError.otherSigner(recovered: signer.checksummed, expected: expected.checksummed)
        }
        guard response.result == nil else { throw EthereumChainError.messageWithResult }
        return (
            nil,
            [ReviewLine("from", expected.checksummed), ReviewLine("signature", Hex.encode(signature, prefix: true))]
        )
    }

    /// r ‖ s ‖ yParity over `authorization`, from `expected`'s key and in the form the chain
    /// applies (low s, yParity 0 or 1).
    static func authorizationSigned(
        _ authorization: SetCodeAuthorization, signature: [UInt8], expected: EthereumAddress
    ) throws -> SignedSetCodeAuthorization {
        guard signature.count == 65 else {
            throw EthereumChainError.length(
                field: "signatures[0]", expected: "r ‖ s ‖ yParity", actual: signature.count)
        }
        let signed = SignedSetCodeAuthorization(
            authorization: authorization, yParity: signature[64],
            r: BigUInt(bigEndian: Array(signature[0..<32])), s: BigUInt(bigEndian: Array(signature[32..<64])))
        switch signed.authority() {
        case .success(let authority):
            guard authority == expected else {
                throw EthereumChainError.otherSigner(recovered: authority.checksummed, expected: expected.checksummed)
            }
        case .failure(let failure):
            throw EthereumChainError.invalidSignature(reason: failure.description)
        }
        return signed
    }

    /// Reads a transaction signature written by `signatureBytes` back, refusing any other v.
    static func transactionSignature(_ bytes: [UInt8], for transaction: EthereumTransaction) throws
        -> Secp256k1.RecoverableSignature
    {
        guard bytes.count > 64, bytes.count <= 64 + 32 else {
            throw EthereumChainError.length(field: "signatures[0]", expected: "r ‖ s ‖ v", actual: bytes.count)
        }
        let v = BigUInt(bigEndian: Array(bytes.dropFirst(64)))
        let recoveryID: Int
        if transaction.type == .legacy {
            let base = transaction.chainId * 2 + 35
            guard v == base || v == base + 1 else {
                throw EthereumChainError.recoveryValue(value: "v \(v)", expected: "2·chainId + 35/36")
            }
            recoveryID = v == base ? 0 : 1
        } else {
            guard bytes.count == 65, v <= 1 else {
                throw EthereumChainError.recoveryValue(value: "yParity \(v)", expected: "0 or 1")
            }
            recoveryID = v == 0 ? 0 : 1
        }
        do {
            return try Secp256k1.RecoverableSignature(compact: Array(bytes.prefix(64)), recoveryID: recoveryID)
        } catch {
            throw EthereumChainError.invalidSignature(reason: "\(error)")
        }
    }

    /// The given rawTransaction must decode to the requested transaction with this signature:
    /// a response that smuggles other fields (another recipient, value, fee) is refused with a
    /// message saying so, before the byte-for-byte comparison.
    static func checkResult(_ given: JSONValue, against signed: SignedEthereumTransaction) throws {
        guard case let .object(members) = given, members.count == 2, case let .string(raw)? = given["rawTransaction"],
            case let .string(hashText)? = given["hash"]
        else { throw EthereumChainError.resultMembers }
        let bytes: [UInt8]
        do { bytes = try Hex.decode(raw) } catch {
            throw EthereumChainError.unreadable(field: "result.rawTransaction", reason: "\(error)")
        }
        let decoded: SignedEthereumTransaction
        do { decoded = try SignedEthereumTransaction.decode(bytes) } catch {
            throw EthereumChainError.unreadable(field: "result.rawTransaction", reason: "\(error)")
        }
        guard decoded.transaction == signed.transaction else {
            throw EthereumChainError.notRequestedTransaction
        }
        guard decoded.signature == signed.signature, decoded.encoded == signed.encoded else {
            throw EthereumChainError.otherSignatureInResult
        }
        let hash: [UInt8]
        do { hash = try Hex.decode(hashText) } catch {
            throw EthereumChainError.unreadable(field: "result.hash", reason: "\(error)")
        }
        guard hash == signed.hash else { throw EthereumChainError.hashMismatch }
    }
}
