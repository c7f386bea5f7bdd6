import AirsignCandid

/// The ICP module's refusals, on both sides: each case carries the field or value at fault and
/// never secret bytes. Every case is a refusal of the input (exit 3, `ICPError`'s
/// `ExitStatusProviding` in the watch's ICP commands).
public enum ICPError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The input cannot be decoded as what `field` must be.
    case malformed(field: String, reason: String)
    /// A Candid message that is not well formed, with the byte offset where reading stopped
    /// (AirsignCandid's `CandidError.binary`; its other cases map to the cases of the same name).
    case candid(offset: Int, reason: String)
    /// Reading or comparing Candid went over its work budget (`task` took more than `limit`).
    case workLimit(task: String, limit: String)
    /// Candid values nested deeper than the reader allows, at `path`.
    case tooDeep(path: String, limit: Int)
    /// Arguments that are not the record a ledger method takes (`record` names it).
    case notRecord(String)
    /// A record or value without a field it needs.
    case incomplete(String)
    /// An optional value that is absent where the method needs it.
    case missing(String)
    /// A value that is not of its kind (`what` is not `expected`).
    case notOfKind(what: String, expected: String)
    /// A memo or other bytes over their limit.
    case tooLong(field: String, limit: Int)
    /// Bytes of the wrong length.
    case length(what: String, expected: Int, actual: Int)
    /// A request for another network than the Internet Computer's.
    case network(given: String, expected: String)
    /// The request's address is not the principal of its public key.
    case addressNotOfKey(address: String, principal: String)
    /// A call whose sender is not the signing key's principal.
    case senderNotKey(field: String, sender: String, principal: String)
    /// An envelope whose sender is not the principal of its `sender_pubkey`.
    case senderNotPublicKey(field: String)
    /// A signing item whose sender is not the signing key's principal.
    case senderNotSigningKey(label: String)
    /// A window that differs from the previous in more than its ingress expiry.
    case windowsDiffer(field: String)
    /// A window whose ingress expiry is not after the previous window's.
    case windowsOutOfOrder(field: String)
    /// Several expiry windows for a call the ledger does not deduplicate.
    case windowsNotDeduplicated
    /// `--valid-for` for a call the ledger does not deduplicate (the watch's refusal).
    case validForNotDeduplicated
    /// A request whose last window has expired on the signer's clock.
    case expired(at: String)
    /// An ingress expiry more than 24 hours ahead of the signer's clock.
    case tooFarAhead(at: String)
    /// A `sender_sig` that does not verify.
    case signatureInvalid(field: String)
    /// A response signature that does not verify for the request's principal.
    case signatureNotVerified(index: Int, label: String, principal: String)
    /// A signing failure of the secp256k1 library.
    case signingFailed(reason: String)
    /// A key of a scheme ICP does not use.
    case keyScheme(String)
    /// A key that is not the request account's.
    case notAccountKey(address: String)
    /// A signing item another module made.
    case foreignItem(label: String)
    /// Signatures and items that do not pair up (a call and its read_state per window).
    case signatureCount(given: Int, needed: Int)
    /// Items that are not a call followed by its request_status read.
    case itemOrder(label: String)
    /// A request's interface without the method the call invokes.
    case interfaceLacksMethod(String)
    /// Arguments that do not fit the method's types in the interface (`whose` names it).
    case argumentsDoNotFit(whose: String, method: String, reason: String)
    /// An interface whose names do not hash to the message's field ids.
    case interfaceNames(missing: [String])
    /// A canister that publishes no `candid:service` metadata.
    case noPublishedInterface(canister: String, url: String)
    /// A built-in interface that does not parse (a bug in this program, not the input).
    case builtinInterface(String)
    /// The request's ICRC-21 consent message does not belong to the call, or is not what the
    /// IC certified: the whole request is refused, never shown without it.
    case consent(String)
    /// Signed messages that have all expired.
    case allExpired(last: String)
    /// Signed messages none of which may be sent yet.
    case notYetSendable(earliest: String)
    /// A response result that is not the envelopes of the signed requests.
    case resultMismatch
    /// A neuron controller and nonce without a staking account.
    case noStakingAccount

    public var description: String {
        switch self {
        case let .malformed(field, reason): return "\(field): \(reason)"
        case let .candid(offset, reason): return "Candid, at byte \(offset): \(reason)"
        case let .workLimit(task, limit): return "\(task) took more than \(limit)"
        case let .tooDeep(path, limit): return "\(path): Candid values nested deeper than \(limit) levels"
        case let .notRecord(record): return "the arguments are not \(record)"
        case let .incomplete(what): return "\(what) is incomplete"
        case let .missing(what): return "\(what) is missing"
        case let .notOfKind(what, expected): return "\(what) is not \(expected)"
        case let .tooLong(field, limit): return "\(field) is longer than \(limit) bytes"
        case let .length(what, expected, actual): return "\(what) is \(expected) bytes, not \(actual)"
        case let .network(given, expected): return "network \(given) is not \(expected)"
        case let .addressNotOfKey(address, principal):
            return "account.address \(address) is not the principal of account.publicKey (\(principal))"
        case let .senderNotKey(field, sender, principal):
            return "\(field).sender \(sender) is not the signing key's principal \(principal)"
        case let .senderNotPublicKey(field): return "\(field): the sender is not the principal of sender_pubkey"
        case let .senderNotSigningKey(label): return "\(label): the sender is not the signing key's principal"
        case let .windowsDiffer(field): return "\(field) differs from the previous content in more than ingress_expiry"
        case let .windowsOutOfOrder(field): return "\(field).ingress_expiry is not after the previous window's"
        case .windowsNotDeduplicated:
            return
                "several expiry windows are signed only for ledger transfers and approvals with created_at_time (deduplicated); this call is not one"
        case .validForNotDeduplicated:
            return
                "--valid-for is only for ledger transfers and approvals, which the ledger deduplicates; this call is not one"
        case let .expired(at): return "the request expired at \(at); ask the watch for a new one"
        case let .tooFarAhead(at): return "ingress_expiry \(at) is more than 24 hours ahead of this signer's clock"
        case let .signatureInvalid(field): return "\(field): sender_sig does not verify"
        case let .signatureNotVerified(index, label, principal):
            return "signatures[\(index)] (\(label)) does not verify for \(principal)"
        case let .signingFailed(reason): return "secp256k1 signing failed: \(reason)"
        case let .keyScheme(scheme): return "ICP keys are secp256k1 or Ed25519, not \(scheme)"
        case let .notAccountKey(address): return "the signing key is not the key of \(address)"
        case let .foreignItem(label): return "signing item \"\(label)\" is not an ICP request"
        case let .signatureCount(given, needed):
            return "\(given) signatures for \(needed) items (a call and its read_state per window)"
        case let .itemOrder(label): return "\(label): items are not a call followed by its request_status read"
        case let .interfaceLacksMethod(method):
            return "payload.interface: it has no method \(method), the method this call invokes"
        case let .argumentsDoNotFit(whose, method, reason):
            return "the arguments do not fit \(whose) of \(method): \(reason)"
        case let .interfaceNames(missing):
            return
                "payload.interface: its names do not hash to the message's field ids: no name for \(missing.joined(separator: ", "))"
        case let .noPublishedInterface(canister, url):
            return
                "canister \(canister) publishes no candid:service metadata at \(url): give its interface with --did FILE"
        case let .builtinInterface(name): return "the built-in \(name) interface did not parse"
        case let .consent(reason): return "the canister's consent message is refused: \(reason)"
        case let .allExpired(last):
            return "every signed message has expired (the last at \(last)); build and sign a new one"
        case let .notYetSendable(earliest):
            return "no signed message can be sent yet: the earliest expires at \(earliest), more than 5 minutes ahead"
        case .resultMismatch: return "the response's result is not the envelopes of the signed requests"
        case .noStakingAccount: return "no staking account"
        }
    }
}

extension ICPError {
    /// A Candid refusal as the ICP module reports it: the case of the same name, in the same
    /// words, so moving Candid into its own module changed no message or exit status.
    public init(_ error: CandidError) {
        switch error {
        case let .malformed(field, reason): self = .malformed(field: field, reason: reason)
        case let .binary(offset, reason): self = .candid(offset: offset, reason: reason)
        case let .workLimit(task, limit): self = .workLimit(task: task, limit: limit)
        case let .tooDeep(path, limit): self = .tooDeep(path: path, limit: limit)
        }
    }

    /// `body`'s Candid refusal as an `ICPError`, for calls into AirsignCandid from code that throws ICP's.
    public static func catchingCandid<T>(_ body: () throws(CandidError) -> T) throws(ICPError) -> T {
        do { return try body() } catch { throw ICPError(error) }
    }
}
