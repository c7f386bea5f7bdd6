import AirsignEncoding

/// Every way Stellar input (envelope XDR, addresses, amounts, SEP-7 URIs) can be refused or a
/// signing step can fail; `description` is one line meant for the person at the signer.
public indirect enum StellarError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The bytes are not valid strict XDR (truncated, non-zero padding, bad flag, trailing bytes…).
    case xdr(EncodingError)
    /// Something went wrong inside operation `index` (0-based; the text counts from 1) of the transaction.
    case inOperation(index: Int, StellarError)
    /// An operation type this signer does not know.
    case unknownOperationType(Int32)
    /// A known operation the network no longer accepts, or one outside this signer's scope.
    case unsupportedOperation(String)
    /// An envelope type other than v0, v1 and fee bump.
    case unknownEnvelopeType(Int32)
    /// Something went wrong inside authorization entry `index` (0-based; the text counts from 1).
    case inAuthorization(index: Int, StellarError)
    /// Something went wrong inside the transaction's Soroban data (footprint, resources).
    case inSorobanData(StellarError)
    /// An `SCVal` the network refuses or that has no single encoding (an unsorted or repeated
    /// map key, a symbol with a character outside `a-z A-Z 0-9 _`, an absent vec or map).
    case invalidSCVal(String)
    /// Values or invocation trees nested past the decoder's limit.
    case tooDeep(String)
    /// A Soroban transaction that does not hold together (Soroban data without a Soroban
    /// operation, a resource fee larger than the fee, an authorization for another network).
    case soroban(String)
    /// An asset code that is not 1–4 / 5–12 ASCII letters and digits, zero-padded at the end.
    case invalidAssetCode(String)
    /// Memo text longer than 28 bytes.
    case memoTooLong(bytes: Int)
    /// A decimal amount string that is malformed, too precise, negative or out of range.
    case invalidAmount(String, reason: String)
    /// An amount field in the decoded transaction that the protocol forbids (zero or negative).
    case amountNotAllowed(field: String, stroops: Int64)
    /// A price whose numerator or denominator is not positive.
    case invalidPrice(field: String, price: String)
    /// A set_options weight or threshold above 255, which the network refuses.
    case weightOutOfRange(field: String, value: UInt32)
    /// A StrKey (G…/M…/T…/X…/P…) that failed strict decoding.
    case invalidAddress(String, reason: String)
    /// A raw key, hash or signature of the wrong length.
    case invalidLength(what: String, expected: Int, found: Int)
    /// The transaction or URI names another network than the one the signer was told.
    case wrongNetwork(expected: String, found: String)
    /// A network name that is neither public, testnet, futurenet nor a passphrase.
    case unknownNetwork(String)
    /// This key has already signed the transaction.
    case duplicateSignature(hint: String)
    /// A signature that does not verify for the key and network it was offered for.
    case invalidSignature(hint: String)
    /// A transaction already carries the maximum of 20 signatures.
    case tooManySignatures
    /// A transaction with no operations, or more than 100.
    case operationCount(Int)
    /// Text that is not base64 in its one canonical form.
    case invalidBase64(String)
    /// A `web+stellar:` URI that cannot be parsed or is not a `tx` request.
    case invalidURI(String)
    /// A value that cannot be encoded (wrong length, limit exceeded) when building XDR.
    case cannotEncode(String)
    /// A sign request (or native input) that does not fit: its payload's shape, its network, its
    /// account, or no account of the signer's to sign with. The text names the field.
    case request(String)

    public var description: String {
        switch self {
        case .xdr(let e): return "Stellar transaction XDR: \(e)"
        case let .inOperation(index, e): return "operation \(index + 1): \(e)"  // counted from 1, as the review shows them
        case .unknownOperationType(let t): return "unknown or unsupported operation type \(t)"
        case .unsupportedOperation(let why): return "unsupported operation: \(why)"
        case .unknownEnvelopeType(let t): return "unknown transaction envelope type \(t) (expected 0, 2 or 5)"
        case let .inAuthorization(index, e): return "authorization entry \(index + 1): \(e)"
        case .inSorobanData(let e): return "Soroban transaction data: \(e)"
        case .invalidSCVal(let why): return "invalid Soroban value: \(why)"
        case .tooDeep(let why): return "nested too deep: \(why)"
        case .soroban(let why): return why
        case .invalidAssetCode(let why): return "invalid asset code: \(why)"
        case .memoTooLong(let n): return "memo text is \(n) bytes; the limit is 28"
        case let .invalidAmount(text, reason): return "invalid amount \(text.debugDescription): \(reason)"
        case let .amountNotAllowed(field, stroops): return "\(field) of \(stroops) stroops is not allowed (must be positive)"
        case let .invalidPrice(field, price): return "\(field) \(price) is not allowed (both parts must be positive)"
        case let .weightOutOfRange(field, value): return "\(field) \(value) is out of range (weights and thresholds are 0 to 255)"
        case let .invalidAddress(text, reason): return "invalid Stellar address \(text.debugDescription): \(reason)"
        case let .invalidLength(what, expected, found): return "\(what) must be \(expected) bytes, found \(found)"
        case let .wrongNetwork(expected, found): return "wrong network: expected \(expected.debugDescription), found \(found.debugDescription)"
        case .unknownNetwork(let name): return "unknown network \(name.debugDescription) (public, testnet, futurenet or a passphrase)"
        case .duplicateSignature(let hint): return "this key (hint \(hint)) has already signed this transaction"
        case .invalidSignature(let hint): return "the signature with hint \(hint) does not verify for this key on this network"
        case .tooManySignatures: return "the transaction already carries 20 signatures, the most allowed"
        case .operationCount(let n): return "a transaction needs 1 to 100 operations, found \(n)"
        case .invalidBase64(let why): return "invalid base64: \(why)"
        case .invalidURI(let why): return "invalid SEP-7 URI: \(why)"
        case .cannotEncode(let why): return "cannot encode: \(why)"
        case .request(let why): return why
        }
    }

    /// Maps an error thrown inside the XDR readers/writers to a `StellarError`.
    static func wrap(_ error: any Error) -> StellarError {
        switch error {
        case let e as StellarError: return e
        case let e as EncodingError: return .xdr(e)
        default: return .cannotEncode(String(describing: error))
        }
    }
}
