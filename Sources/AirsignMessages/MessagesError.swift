import AirsignEncoding

/// Everything that can be wrong with a message crossing the air gap (a sign request or response,
/// an account descriptor, a batch file), in words meant for the person reading them. Cases name
/// the field at fault; none carries secret material.
public enum MessagesError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: Account descriptors

    /// The descriptor is not JSON; the parser's message says where.
    case descriptorSyntax(EncodingError)
    /// JSON, but not an account descriptor (`"airsign"` is missing or names another message).
    case notAnAccountDescriptor(found: String)
    /// A descriptor in a format version this program does not read.
    case descriptorVersionUnsupported(String)
    /// A field of the descriptor is missing, unknown, of the wrong type, or disagrees with the
    /// others (an address that is not the public key's); `field` names it.
    case descriptorField(field: String, reason: String)

    // MARK: Sign requests, responses and batches

    /// The input is not JSON (or not JSON lines); `reason` is the parser's, with its position.
    case notJSON(reason: String)
    /// The input holds no message at all.
    case emptyInput
    /// More messages in one file than a batch may hold.
    case tooManyMessages(count: Int, limit: Int)
    /// JSON, but not the shape a message has (a number where an object belongs). `message` is
    /// the 1-based position in a batch, nil for a file holding one message.
    case wrongShape(message: Int?, expected: String, found: String)
    /// A required field is absent; `field` is dotted (`account.publicKey`).
    case missingField(message: Int?, field: String)
    /// A field the format does not define; unknown fields are refused, not ignored.
    case unknownField(message: Int?, field: String)
    /// A field whose value breaks the format's rules.
    case invalidField(message: Int?, field: String, reason: String)
    /// `airsign` names another kind of message than the one expected here.
    case wrongMessageKind(message: Int?, expected: String, found: String)
    /// A `version` this program does not know.
    case unsupportedVersion(message: Int?, found: String)
    /// Two messages of one batch carry the same id.
    case duplicateID(id: String, first: Int, second: Int)
    /// No chain module handles this `chain` (yet): nothing can review or sign it.
    case noChainModule(chain: String)
    /// The chain module refused a request while reviewing it (docs/security.md, signer rule 2):
    /// the batch signs nothing.
    case requestRefused(message: Int, id: String, reason: String)
    /// A request for an address none of the keystore's keys holds.
    case accountNotInKeystore(message: Int, id: String, chain: String, address: String)
    /// The keystore holds the address, but with another public key than the request names.
    case publicKeyMismatch(message: Int, id: String, address: String)
    /// The key unlocked for an account does not derive the account's public key.
    case derivedKeyMismatch(key: String, address: String)
    /// A request that needs explicit confirmation (blind or raw signing) without `--blind`.
    case blindSigningRequired(message: Int, id: String, reason: String)
    /// The chain module failed while signing (after the review accepted the request).
    case signingFailed(message: Int, id: String, reason: String)
    /// The chain module could not derive a signing key of the kind the account needs.
    case signingKeyUnavailable(key: String, reason: String)
    /// An address book entry or file that breaks the rules.
    case invalidContact(field: String, reason: String)
    /// A contact of that name (or address) already exists on that chain.
    case contactExists(chain: String, name: String)
    /// No contact of that name on that chain.
    case contactNotFound(chain: String, name: String)

    public var description: String {
        switch self {
        case let .descriptorSyntax(error):
            return "the account descriptor is not valid JSON: \(error.description)"
        case let .notAnAccountDescriptor(found):
            return "not an Airsign account descriptor (\(found))"
        case let .descriptorVersionUnsupported(version):
            return "account descriptor version \(version) is not supported (this program reads version 1)"
        case let .descriptorField(field, reason):
            return "account descriptor field \"\(field)\": \(reason)"
        case let .notJSON(reason):
            return "not JSON: \(reason)"
        case .emptyInput:
            return "the input is empty: no message in it"
        case let .tooManyMessages(count, limit):
            return "the input holds \(count) messages; a batch may hold at most \(limit)"
        case let .wrongShape(message, expected, found):
            return "\(Self.place(message))expected \(expected), found \(found)"
        case let .missingField(message, field):
            return "\(Self.place(message))field \"\(field)\" is missing"
        case let .unknownField(message, field):
            return "\(Self.place(message))unknown field \"\(field)\" (refused, not ignored)"
        case let .invalidField(message, field, reason):
            return "\(Self.place(message))field \"\(field)\": \(reason)"
        case let .wrongMessageKind(message, expected, found):
            return "\(Self.place(message))field \"airsign\": expected \"\(expected)\", found \"\(found)\""
        case let .unsupportedVersion(message, found):
            return
                "\(Self.place(message))field \"version\": version \(found) is not supported (this program reads version 1)"
        case let .duplicateID(id, first, second):
            return "messages \(first) and \(second) have the same id \(id)"
        case let .noChainModule(chain):
            return "no chain module for \(chain) yet: airsign cannot review or sign \(chain) requests"
        case let .requestRefused(message, id, reason):
            return "request \(message) (\(id)) refused: \(reason); nothing was signed"
        case let .accountNotInKeystore(message, id, chain, address):
            return
                "request \(message) (\(id)) is for the \(chain) account \(address), which no key in the keystore holds; nothing was signed"
        case let .publicKeyMismatch(message, id, address):
            return
                "request \(message) (\(id)) names a public key for \(address) that differs from the keystore's; nothing was signed"
        case let .derivedKeyMismatch(key, address):
            return
                "the key \"\(key)\" does not derive the public key recorded for \(address); the key file's accounts do not match its secret; nothing was signed"
        case let .blindSigningRequired(message, id, reason):
            return
                "request \(message) (\(id)) has effects the signer does not understand (\(reason)); sign it only if you trust its source, naming it: --blind-request \(message) (or --blind when it is the only request); nothing was signed"
        case let .signingFailed(message, id, reason):
            return "request \(message) (\(id)) could not be signed: \(reason); nothing was written"
        case let .signingKeyUnavailable(key, reason):
            return "cannot sign with the key \"\(key)\": \(reason); nothing was signed"
        case let .invalidContact(field, reason):
            return "contact \(field): \(reason)"
        case let .contactExists(chain, name):
            return "there is already a \(chain) contact named \"\(name)\" or with that address"
        case let .contactNotFound(chain, name):
            return "no \(chain) contact named \"\(name)\""
        }
    }

    /// "message 3: " inside a batch, nothing for a file holding one message.
    private static func place(_ message: Int?) -> String {
        message.map { "message \($0): " } ?? ""
    }
}
