import AirsignCLI
import AirsignEncoding
import AirsignMessages
import AirsignOnline
import AirsignStellar
import AirsignTransport
import AirsignWatch
import Foundation

/// The work behind `airsign-watch stellar …`: issue a built transaction as a sign request (and
/// a SEP-7 URI), merge several signers' responses, submit to Horizon.
public enum StellarActions {
    /// Builds the request, issues it (chain review, stored as issued) and writes it to `out`
    /// and the QR outputs; `sep7` (a file or `-`) and `sep7QR` (a PNG) get the SEP-7 URI of the
    /// unsigned envelope. Nothing is written unless the request was issued.
    public static func issue(
        _ builder: StellarTransactionBuilder, output: RequestOutput, sep7: String?, sep7QR: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let now = Int64(Date().timeIntervalSince1970)
        let (requests, envelope, simulation) = try builder.build(
            accounts: try WatchContext.store(environment: environment))
        if let simulation {
            Console.info(
                "Simulated at ledger \(simulation.latestLedger): resource fee \(simulation.transactionData.resourceFee) stroops, "
                    + "\(simulation.auth.count) authorization(s), footprint \(simulation.transactionData.resources.footprint.readOnly.count) read-only and "
                    + "\(simulation.transactionData.resources.footprint.readWrite.count) read-write entries"
                    + (simulation.returnValue.map { "; the call returns \(SCValText.inline($0))" } ?? "") + ".")
        }
        // The URI names the signer only when there is one.
        let uri = try SEP7TransactionRequest(
            envelope: envelope, networkPassphrase: builder.network == .public ? nil : builder.network.passphrase,
            pubkey: requests.count == 1 ? requests.first?.account.address : nil
        ).uri()
        // Drawn before the request is stored, so a URI too long for one code stores and writes nothing.
        let sep7PNG = try sep7QR.map { _ in try sep7Code(uri) }
        try RequestIssuer(store: try RequestActions.store(environment: environment)).issue(
            requests, to: output, now: now
        ) { request in
            "Request \(request.id) issued for signer \(request.account.address): \(envelope.transaction.operations.count) operation(s) from "
                + "\(envelope.transaction.source) on \(request.network), sequence \(envelope.transaction.sequence), fee \(envelope.transaction.fee) stroops."
        }
        if let sep7 { try MessageOutput.write(Array((uri + "\n").utf8), to: sep7) }
        if let sep7QR, let sep7PNG { try OutputFiles.write(sep7PNG, to: sep7QR) }
    }

    /// The PNG of `uri` as one QR code of its plain text, which is what a wallet scans; a URI
    /// that needs UR frames (which no wallet reads as SEP-7) is refused.
    static func sep7Code(_ uri: String) throws -> [UInt8] {
        let options = QROptions(maxVersion: 40)
        var plan = try QRFramePlan(message: Array(uri.utf8), options: options)
        guard plan.kind == .single, let frame = try plan.frames().first, frame.ur == nil else {
            throw StellarError.option(.sep7TooLarge(bytes: uri.utf8.count))
        }
        return try QRImages.png(frame, options: options)
    }

    /// What `merge` produced: the envelope with every signature, and who signed.
    public struct Merged: Sendable {
        public let envelope: TransactionEnvelope
        public let network: StellarNetwork
        public let signers: [String]
    }

    /// Merges the signatures of full Stellar responses (as `sign` or `finalize` write them) of
    /// one transaction: each response's own signature must verify for its account; a response
    /// for another transaction or network is refused; identical signatures are kept once.
    public static func merge(_ inputs: [[UInt8]]) throws -> Merged {
        var responses: [SignResponse] = []
        for input in inputs { responses += try MessageFile.responses(input) }
        guard responses.count >= 2 else { throw StellarError.response(.tooFewToMerge) }
        var merged: TransactionEnvelope?
        var network: StellarNetwork?
        var hash: [UInt8] = []
        var signers: [String] = []
        for (index, response) in responses.enumerated() {
            let place = "response \(index + 1) (\(response.id))"
            guard response.chain == ChainID(.stellar), let account = response.account, let id = response.network,
                case let .string(envelopeText)? = response.result?["envelope"],
                case let .string(signatureText)? = response.result?["decoratedSignature"]
            else { throw StellarError.response(.notFull(place: place)) }
            guard let thisNetwork = StellarNetwork(caip2: id) else {
                throw StellarError.response(.notStellarNetwork(place: place, network: "\(id)"))
            }
            let envelope = try TransactionEnvelope(base64: envelopeText)
            let signature = try DecoratedSignature(xdr: try StellarBase64.decode(signatureText))
            let thisHash = try envelope.hash(network: thisNetwork)
            guard try envelope.verify(signature, publicKey: account.publicKey, network: thisNetwork),
                envelope.signatures.contains(signature)
            else {
                throw StellarError.response(
                    .notEnvelopeSignature(place: place, account: account.address, network: "\(thisNetwork)"))
            }
            guard let current = merged, let network else {
                (merged, network, hash, signers) = (envelope, thisNetwork, thisHash, [account.address])
                continue
            }
            guard thisNetwork == network, thisHash == hash else {
                throw StellarError.response(
                    .otherTransaction(place: place, hash: Hex.encode(thisHash), expected: Hex.encode(hash)))
            }
            var signatures = current.signatures
            for new in envelope.signatures where !signatures.contains(new) { signatures.append(new) }
            guard signatures.count <= 20 else { throw StellarError.tooManySignatures }
            merged = current.with(signatures: signatures)
            if !signers.contains(account.address) { signers.append(account.address) }
        }
        guard let merged, let network else { throw StellarError.response(.nothingMerged) }
        return Merged(envelope: merged, network: network, signers: signers)
    }

    /// What Horizon answered, with the result XDR decoded.
    public struct SubmitReport: Sendable {
        public let submission: StellarHorizon.Submission
        public let result: TransactionResultSummary?

        /// The result in words: `tx_success`, or `tx_failed (op_underfunded)`.
        public var resultText: String {
            if let result {
                guard !result.operations.isEmpty, !result.succeeded else { return result.name }
                // An operation whose result body is not read ends the list: say that more follow.
                return
                    "\(result.name) (\((result.operations + (result.operationsComplete ? [] : ["…"])).joined(separator: ", ")))"
            }
            return submission.resultCodes.isEmpty
                ? (submission.accepted ? "accepted" : "rejected") : submission.resultCodes.joined(separator: ", ")
        }
    }

    /// Submits the envelope; a rejection is an `OnlineError` naming the result (exit 9).
    public static func submit(_ envelope: TransactionEnvelope, horizon: StellarHorizon) throws -> SubmitReport {
        let submission = try horizon.submit(envelope: try envelope.base64())
        let result: TransactionResultSummary?
        do {
            result = try submission.resultXDR.map { try TransactionResultSummary(base64: $0) }
        } catch {
            // Horizon's reply, not the person's input: exit 9, and an accepted transaction says so.
            throw OnlineError.badReply(
                url: horizon.baseURL + "/transactions",
                reason: "result_xdr does not read (\(error))"
                    + (submission.accepted
                        ? "; the transaction was accepted" + (submission.hash.map { " (hash \($0))" } ?? "") : ""))
        }
        let report = SubmitReport(submission: submission, result: result)
        guard submission.accepted else {
            throw OnlineError.unexpected(
                url: horizon.baseURL + "/transactions",
                reason: "the transaction was rejected: \(report.resultText)"
                    + (submission.hash.map { " (hash \($0))" } ?? ""))
        }
        return report
    }
}
