import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignOnline
import AirsignStellar
import AirsignWatch
import Foundation

/// What `stellar submit` may send: only a transaction this watch issued a request for, carrying
/// signatures the Stellar module verified for the stored requests' accounts. Everything is
/// checked before anything is sent; a refusal is `WatchError.notSent`.
public struct StellarSubmission: Sendable {
    public let finalizer: ResponseFinalizer

    public init(finalizer: ResponseFinalizer) { self.finalizer = finalizer }

    /// `stellar submit`: the checked envelope of `input`, posted to `horizon`.
    public func send(_ input: [UInt8], horizon: StellarHorizon) throws -> StellarActions.SubmitReport {
        try StellarActions.submit(try envelope(input), horizon: horizon)
    }

    /// The envelope to send for `input`:
    /// - one Stellar response (full, or compact and completed from the store): the envelope
    ///   the module assembled from the stored request and the response's verified signature;
    /// - a base64 envelope (as `stellar merge` writes it): itself, once its transaction is
    ///   byte for byte one a stored request asks to sign and each of its signatures is one
    ///   that request already carried or one the module verifies (as `finalize` would) for the
    ///   account of a stored request of that transaction.
    public func envelope(_ input: [UInt8]) throws -> TransactionEnvelope {
        let text = String(decoding: input, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("{") || text.hasPrefix("[") else {
            return try checked(try TransactionEnvelope(base64: text))
        }
        let responses = try MessageFile.responses(input)
        guard responses.count == 1, let response = responses.first else {
            throw StellarError.response(.submitCount(responses.count))
        }
        guard let outcome = try finalizer.verifiedForSending([response], chain: .stellar).first,
            case let .string(envelope)? = outcome.finalized.response.result?["envelope"]
        else {
            throw WatchError.notSent(reason: "the response for \(response.id) gives no signed envelope")
        }
        return try TransactionEnvelope(base64: envelope)
    }

    /// `envelope` after the checks for a bare envelope (above).
    private func checked(_ envelope: TransactionEnvelope) throws -> TransactionEnvelope {
        let unsigned = try envelope.with(signatures: []).xdr()
        var issued: [(request: SignRequest, envelope: TransactionEnvelope)] = []
        // Authorization and message requests have no transaction to match.
        for record in try finalizer.store.all()
        where record.request.chain == ChainID(.stellar) && record.request.payloadType == "transaction" {
            let stored = try StellarChain.envelope(of: record.request).envelope
            if try stored.with(signatures: []).xdr() == unsigned { issued.append((record.request, stored)) }
        }
        guard !issued.isEmpty else {
            throw WatchError.notSent(reason: "the envelope's transaction is not one this watch issued a request for")
        }
        var verified = 0
        for (index, signature) in envelope.signatures.enumerated() {
            if issued.contains(where: { $0.envelope.signatures.contains(signature) }) { continue }
            let place = "signature \(index + 1) of the envelope (hint \(Hex.encode(signature.hint)))"
            let candidates = issued.filter { signatureHint(publicKey: $0.request.account.publicKey) == signature.hint }
            guard !candidates.isEmpty else {
                throw WatchError.notSent(reason: "\(place) is by no account this watch asked to sign this transaction")
            }
            // The first stored request whose account the signature verifies for (as finalize
            // checks it); else the first refusal says why.
            var refusals: [String] = []
            let accepted = candidates.contains { candidate in
                do {
                    let response = try SignResponse(
                        id: candidate.request.id, signatures: [Hex.encode(signature.signature)])
                    return try !finalizer.verifiedForSending([response], chain: .stellar).isEmpty
                } catch {
                    refusals.append(Self.reason(error))
                    return false
                }
            }
            guard accepted else { throw WatchError.notSent(reason: "\(place): " + refusals.joined(separator: "; ")) }
            verified += 1
        }
        guard verified > 0 else {
            throw WatchError.notSent(reason: "the envelope carries no signature for a request this watch issued")
        }
        return envelope
    }

    private static func reason(_ error: any Error) -> String {
        if case let .notSent(reason)? = error as? WatchError { return reason }
        return String(describing: error)
    }
}
