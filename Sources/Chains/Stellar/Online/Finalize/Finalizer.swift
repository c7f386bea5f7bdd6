import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignStellar
import AirsignWatch
import BigInt

/// The watch's check of a Stellar response against the request it stored: every signature
/// verified (Soroban authorizations first, then the transaction's), and the artifact assembled
/// here (a full response's own must equal it). A SEP-53 message's one signature is verified
/// over the prefixed message's hash; it has no artifact.
public struct StellarFinalizer: ChainFinalizer {
    public let chain = ChainID(Chain.stellar)
    public let displayName = "Stellar"
    public init() {}

    public func finalize(_ response: SignResponse, for request: SignRequest) throws -> Finalized {
        // The stored request decoded once; no review is run: what was to be signed needs no
        // clock or contacts.
        let signable = try StellarChain.decode(request).signable
        let expected: Int
        switch signable {
        case let .transaction(_, _, pending, _): expected = pending.count + 1
        case .authorization, .queuedAuthorization, .message: expected = 1
        }
        guard response.signatures.count == expected else {
            throw StellarError.response(.signatureCount(expected: expected, found: response.signatures.count))
        }
        var raw: [[UInt8]] = []
        for (index, text) in response.signatures.enumerated() {
            do { raw.append(try Hex.decode(text)) } catch {
                throw StellarError.unreadable(field: "signatures[\(index)]", reason: "\(error)")
            }
        }
        let key = request.account.publicKey
        let result: JSONValue
        let lines: [ReviewLine]
        switch signable {
        case let .authorization(entry, network, _):
            let signed: SorobanAuthorizationEntry
            do { signed = try entry.adding(signature: raw[0], publicKey: key, network: network) } catch {
                throw StellarError.response(
                    .notAuthorizationSignature(
                        account: request.account.address, network: "\(network)", reason: "\(error)"))
            }
            result = try StellarChain.authorizationResult(signed)
            lines = [
                ReviewLine("signer", request.account.address),
                ReviewLine(
                    "authorization",
                    "signed, valid until ledger "
                        + String(try signed.addressCredentials.signatureExpirationLedger)),
            ]
        case let .message(message):
            // SEP-53: the signature alone is the answer; there is no artifact to assemble.
            guard SEP53.isValid(raw[0], message: message, publicKey: key) else {
                throw StellarError.response(.notMessageSignature(account: request.account.address))
            }
            guard response.result == nil else { throw StellarError.response(.messageWithResult) }
            let full = try SignResponse(
                id: request.id, chain: request.chain, network: request.network, account: request.account,
                signatures: response.signatures, result: nil)
            return Finalized(
                response: full,
                lines: [
                    ReviewLine("signer", request.account.address),
                    ReviewLine(
                        "message",
                        "\(message.count) bytes, SHA-256 of the prefixed message \(Hex.encode(SEP53.hash(message)))"),
                    ReviewLine("signature (base64)", StellarBase64.encode(raw[0])),
                ])
        case .queuedAuthorization:
            throw StellarError.response(.unknownSignable)
        case let .transaction(envelope, network, pending, _):
            let authorized: TransactionEnvelope
            do {
                authorized =
                    pending.isEmpty
                    ? envelope
                    : try envelope.addingAuthorizations(
                        Array(raw.dropLast()), pending: pending, publicKey: key, network: network)
            } catch {
                throw StellarError.response(
                    .notAuthorizationSignatures(
                        account: request.account.address, network: "\(network)", reason: "\(error)"))
            }
            let signature = try DecoratedSignature(hint: signatureHint(publicKey: key), signature: raw[raw.count - 1])
            let signed: TransactionEnvelope
            do { signed = try authorized.adding(signature, publicKey: key, network: network) } catch {
                throw StellarError.response(
                    .notTransactionSignature(
                        index: raw.count - 1, account: request.account.address, network: "\(network)",
                        reason: "\(error)"))
            }
            result = try StellarChain.result(signed, signature, network: network)
            lines = [
                ReviewLine("signer", request.account.address),
                ReviewLine("hash", Hex.encode(try signed.hash(network: network))),
                ReviewLine(
                    "signatures",
                    "\(signed.signatures.count) on the envelope"
                        + (raw.count > 1 ? ", \(raw.count - 1) Soroban authorization(s) in it" : "")),
            ]
        }
        if let given = response.result {
            try Self.checkResult(given, against: result)
        }
        let full = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: response.signatures, result: result)
        return Finalized(response: full, lines: lines)
    }

    /// A full response's result must be exactly what the module assembles: a result that carries
    /// another envelope (other operations, a dropped co-signature) is named as such.
    static func checkResult(_ given: JSONValue, against expected: JSONValue) throws {
        guard case let .object(members) = given, case let .object(fields) = expected, members.count == fields.count,
            fields.allSatisfy({ field in if case .string? = given[field.key] { return true } else { return false } })
        else { throw StellarError.response(.resultMembers(expected.objectKeys)) }
        // The signed artifact first: a result for another transaction is named by its envelope.
        for field in ["envelope", "entry", "hash", "decoratedSignature"]
        where expected[field] != nil && given[field] != expected[field] {
            throw StellarError.response(.resultMismatch(field: field))
        }
    }
}

extension JSONValue {
    fileprivate var objectKeys: [String] {
        guard case let .object(members) = self else { return [] }
        return members.map(\.key)
    }
}
