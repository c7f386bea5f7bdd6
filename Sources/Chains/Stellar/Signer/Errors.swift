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
    /// An operation type (`name`, `type`) the network stopped accepting in protocol `retiredIn`.
    case retiredOperation(name: String, type: Int32, retiredIn: Int)
    /// An envelope type other than v0, v1 and fee bump.
    case unknownEnvelopeType(Int32)
    /// Something went wrong inside authorization entry `index` (0-based; the text counts from 1).
    case inAuthorization(index: Int, StellarError)
    /// Something went wrong inside the transaction's Soroban data (footprint, resources).
    case inSorobanData(StellarError)
    /// An `SCVal` the network refuses or that has no single encoding (`SCValProblem` says which).
    case scVal(SCValProblem)
    /// Values or invocation trees nested past `limit` levels: in decoded XDR (`place` nil) or
    /// in the watch's `--args` at `place`.
    case tooDeep(place: String?, limit: Int)
    /// A Soroban transaction, authorization or ledger entry that does not hold together (`SorobanProblem` says which).
    case soroban(SorobanProblem)
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
    /// A config setting id outside 0...`last`, which no ledger key names.
    case configSettingID(Int32, last: Int32)
    /// A signature this signer just made that does not verify: a fault in the signer, not the input.
    case ownSignatureUnverified
    /// An error of another kind inside the XDR readers or writers (`wrap`), by its description.
    case internalCodec(String)
    /// A field (`payload.envelope`, `signatures[0]`, `--entry`, an operation's type…) that does not decode, with the reason.
    case unreadable(field: String, reason: String)
    /// A text (`--args`, the op list) that is not JSON, with the parser's reason.
    case notJSON(field: String, reason: String)
    /// An asset (`text`) that is neither `native` nor `CODE:ISSUER`.
    case assetText(String)
    /// A token (installed or named in a request) whose decimals are not 0 to 38.
    case tokenDecimals(symbol: String, decimals: Int)
    /// A token symbol that is empty or has control characters.
    case tokenSymbol(String)
    /// A sign request's payload that does not fit its shape or the transaction it names.
    case payload(PayloadProblem)
    /// A sign request's network (`network`) that is not pubnet, testnet or futurenet.
    case requestNetwork(String)
    /// A request's `account.publicKey` that is not 32 bytes (`count` bytes).
    case publicKeyLength(Int)
    /// A request's `account.address` that is not the G… address (`address`) of its public key.
    case addressNotOfKey(address: String)
    /// A request (`requestID`) for a Soroban authorization or a message where a transaction is needed.
    case notATransaction(requestID: String)
    /// A SEP-53 message (`bytes` long) that is empty or longer than `SEP53.maximumBytes`.
    case messageLength(bytes: Int)
    /// A signing step that does not fit its key or its review.
    case signing(SigningProblem)
    /// Native input (a bare envelope, a SEP-7 URI) that names no network or none of the signer's accounts.
    case native(NativeProblem)
    /// A response handed to finalize, merge or submit that is not the one the request expects.
    case response(ResponseProblem)
    /// A watch option's value that is not of its form.
    case option(OptionProblem)
    /// Options that do not make one transaction together (sequence, fees, Soroban data, signers).
    case build(BuildProblem)
    /// An operation given with `--op` or in an op list that is not of its form.
    case operationSpec(OperationProblem)
    /// A Soroban contract argument (`--arg`, `--args`) that is not of its form.
    case argument(ArgumentProblem)
    public var description: String {
        switch self {
        case .xdr(let e): return "Stellar transaction XDR: \(e)"
        // counted from 1, as the review shows them
        case let .inOperation(index, e): return "operation \(index + 1): \(e)"
        case .unknownOperationType(let t): return "unknown or unsupported operation type \(t)"
        case let .retiredOperation(name, type, retiredIn):
            return "unsupported operation: \(name) (type \(type)) was retired in protocol \(retiredIn)"
        case .unknownEnvelopeType(let t): return "unknown transaction envelope type \(t) (expected 0, 2 or 5)"
        case let .inAuthorization(index, e): return "authorization entry \(index + 1): \(e)"
        case .inSorobanData(let e): return "Soroban transaction data: \(e)"
        case .scVal(let problem): return "invalid Soroban value: \(problem)"
        case let .tooDeep(place?, limit): return "nested too deep: \(place): values nest at most \(limit) levels"
        case let .tooDeep(nil, limit):
            return "nested too deep: Soroban values and invocations are nested deeper than \(limit) levels"
        case .soroban(let problem): return problem.description
        case .invalidAssetCode(let why): return "invalid asset code: \(why)"
        case .memoTooLong(let n): return "memo text is \(n) bytes; the limit is 28"
        case let .invalidAmount(text, reason): return "invalid amount \(text.debugDescription): \(reason)"
        case let .amountNotAllowed(field, stroops):
            return "\(field) of \(stroops) stroops is not allowed (must be positive)"
        case let .invalidPrice(field, price): return "\(field) \(price) is not allowed (both parts must be positive)"
        case let .weightOutOfRange(field, value):
            return "\(field) \(value) is out of range (weights and thresholds are 0 to 255)"
        case let .invalidAddress(text, reason): return "invalid Stellar address \(text.debugDescription): \(reason)"
        case let .invalidLength(what, expected, found): return "\(what) must be \(expected) bytes, found \(found)"
        case let .wrongNetwork(expected, found):
            return "wrong network: expected \(expected.debugDescription), found \(found.debugDescription)"
        case .unknownNetwork(let name):
            return "unknown network \(name.debugDescription) (public, testnet, futurenet or a passphrase)"
        case .duplicateSignature(let hint): return "this key (hint \(hint)) has already signed this transaction"
        case .invalidSignature(let hint):
            return "the signature with hint \(hint) does not verify for this key on this network"
        case .tooManySignatures: return "the transaction already carries 20 signatures, the most allowed"
        case .operationCount(let n): return "a transaction needs 1 to 100 operations, found \(n)"
        case .invalidBase64(let why): return "invalid base64: \(why)"
        case .invalidURI(let why): return "invalid SEP-7 URI: \(why)"
        case let .configSettingID(id, _): return "cannot encode: config setting id \(id)"
        case .ownSignatureUnverified: return "cannot encode: the new signature does not verify"
        case .internalCodec(let what): return "cannot encode: \(what)"
        case let .unreadable(field, reason): return "\(field): \(reason)"
        case let .notJSON(field, reason): return "\(field) is not JSON: \(reason)"
        case .assetText(let text): return "asset \(text.debugDescription) is not native or CODE:ISSUER"
        case let .tokenDecimals(symbol, decimals):
            return "token \(symbol.debugDescription): decimals must be 0 to 38, not \(decimals)"
        case .tokenSymbol(let symbol):
            return "token symbol \(symbol.debugDescription): must be non-empty, without control characters"
        case .payload(let problem): return problem.description
        case .requestNetwork(let id):
            return "network \"\(id)\" is not stellar:pubnet, stellar:testnet or stellar:futurenet"
        case .publicKeyLength(let count): return "account.publicKey is a 32-byte Ed25519 key, not \(count) bytes"
        case .addressNotOfKey(let address):
            return "account.address is not the G… address of account.publicKey (\(address))"
        case .notATransaction(let id):
            return "request \(id) asks for a Soroban authorization or a signed message, not a transaction"
        case .messageLength(let bytes): return "a SEP-53 message is 1 to \(SEP53.maximumBytes) bytes, not \(bytes)"
        case .signing(let problem): return problem.description
        case .native(let problem): return problem.description
        case .response(let problem): return problem.description
        case .option(let problem): return problem.description
        case .build(let problem): return problem.description
        case .operationSpec(let problem): return problem.description
        case .argument(let problem): return problem.description
        }
    }

    /// Maps an error thrown inside the XDR readers/writers to a `StellarError`.
    static func wrap(_ error: any Error) -> StellarError {
        switch error {
        case let e as StellarError: return e
        case let e as EncodingError: return .xdr(e)
        default: return .internalCodec(String(describing: error))
        }
    }
}

extension StellarError {
    /// What does not hold together in a Soroban transaction, an authorization, or a ledger entry read for one.
    public enum SorobanProblem: Sendable, Equatable, CustomStringConvertible {
        /// Delegate `index + 1` has the address of delegate `index` (0-based `index` counts from 1 in the text).
        case delegateRepeated(index: Int, address: String)
        /// Delegate `index + 1` (`address`) sorts before delegate `index`.
        case delegatesOutOfOrder(index: Int, address: String)
        /// A config setting ledger entry, which only network upgrades change.
        case configSettingEntry
        /// Transaction meta of `characters` base64 characters, over the `limit` in bytes.
        case metaTooLarge(characters: Int, limit: Int)
        /// A `TransactionMeta` version other than 3 and 4.
        case metaVersion(Int32)
        /// A source-account authorization offered for a signature of its own.
        case sourceAccountAuthorization
        /// An authorization that already carries a signature of expiration ledger `ledger`.
        case expirationAlreadySigned(ledger: UInt32)
        /// Soroban authorizations to sign in a transaction other than v1.
        case notV1
        /// Operation `operation` (0-based) is not a contract invocation.
        case notInvocation(operation: Int)
        /// Signing the transaction's authorizations would void the signatures already on it.
        case signaturesWouldBreak
        /// The signature of `place` does not verify on `network`.
        case signatureDoesNotVerify(place: String, network: String)
        /// A Soroban operation without the transaction's Soroban data.
        case missingData
        /// Soroban data on a transaction without a Soroban operation.
        case dataWithoutOperation
        /// A Soroban operation among `count` operations.
        case notOnlyOperation(count: Int)
        /// A resource fee (`resourceFee`) that is negative or over the transaction's fee (`fee`).
        case resourceFee(resourceFee: Int64, fee: UInt32)
        /// Archived entry `index` outside the read-write footprint of `readWrite` entries.
        case archivedOutsideFootprint(index: UInt32, readWrite: Int)
        /// Archived entries' indices not in increasing order.
        case archivedUnordered
        /// A ledger entry read for an account that is not an account.
        case notAccountEntry
        /// A ledger entry read for an account that is another account's.
        case otherAccountEntry
        /// An account entry whose sequence number is negative.
        case negativeSequence

        public var description: String {
            switch self {
            case let .delegateRepeated(i, address):
                return "delegate \(i + 1) repeats the address of delegate \(i) (\(address)), which the network refuses"
            case let .delegatesOutOfOrder(i, address):
                return
                    "delegates out of order: delegate \(i + 1) (\(address)) sorts before delegate \(i), which the network refuses"
            case .configSettingEntry: return "a config setting entry (only network upgrades change those)"
            case let .metaTooLarge(characters, limit):
                return "transaction meta of \(characters) base64 characters (the limit is \(limit) bytes)"
            case .metaVersion(let version): return "TransactionMeta version \(version) (Stellar RPC returns 3 or 4)"
            case .sourceAccountAuthorization:
                return
                    "a source-account authorization has no signature of its own: the transaction's signature covers it"
            case .expirationAlreadySigned(let ledger):
                return
                    "the authorization already carries a signature of expiration ledger \(ledger); a new expiration would void it"
            case .notV1: return "only a v1 transaction carries Soroban authorizations to sign"
            case .notInvocation(let operation): return "operation \(operation + 1) is not a contract invocation"
            case .signaturesWouldBreak:
                return "this request's key must sign Soroban authorizations inside the transaction, which changes it: "
                    + "the signatures already on it would no longer verify (have it signed first by this key)"
            case let .signatureDoesNotVerify(place, network):
                return
                    "the signature of \(place) does not verify on \(network) (an authorization for another network or other terms)"
            case .missingData:
                return
                    "a Soroban operation needs the transaction's Soroban data (footprint, resources and resource fee): "
                    + "simulate the transaction first (airsign-watch … --rpc URL)"
            case .dataWithoutOperation:
                return "Soroban data (footprint, resources, resource fee) on a transaction without a Soroban operation"
            case .notOnlyOperation(let count):
                return "a Soroban operation must be the only operation of its transaction, not one of \(count)"
            case let .resourceFee(resourceFee, fee):
                return
                    "the resource fee of \(resourceFee) stroops is not between 0 and the transaction's fee of \(fee) stroops"
            case let .archivedOutsideFootprint(index, readWrite):
                return "archived entry \(index) is not in the read-write footprint of \(readWrite) entries"
            case .archivedUnordered: return "the archived entries' indices are not in increasing order"
            case .notAccountEntry: return "the ledger entry is not an account"
            case .otherAccountEntry: return "the ledger entry is another account's"
            case .negativeSequence: return "the account's sequence number is negative"
            }
        }
    }

    /// What is wrong with a sign request's payload (`payload.…`).
    public enum PayloadProblem: Sendable, Equatable, CustomStringConvertible {
        /// A payload that is not an object with a `type`.
        case notObject
        /// A `payload.type` other than transaction, authorization and message.
        case unknownType(String)
        /// A member (`key`) that a payload of `type` does not have.
        case unknownMember(key: String, type: String)
        /// A payload of `type` without `networkPassphrase`.
        case missingPassphrase(type: String)
        /// A payload without its base64 `field` (entry, envelope or message).
        case missingBase64(field: String)
        /// `payload.message` longer than `limit` bytes.
        case messageTooLong(limit: Int)
        /// An empty `payload.message`.
        case emptyMessage
        /// `payload.<field>` that is not a list of 1 to 16 strings.
        case listShape(field: String)
        /// `payload.<field>[index]` that is not a string.
        case listItemNotString(field: String, index: Int)
        /// `payload.assets[index]` naming an asset whose contract the transaction does not call.
        case unusedAsset(index: Int, asset: String)
        /// `payload.liquidityPools[index]` naming a pool the transaction does not use.
        case unusedPool(index: Int, assetA: String, assetB: String)
        /// `payload.entry` authorizing `address`, not the request's `account` (nor, when it has delegates, delegating to it).
        case entryForOtherAccount(address: String, account: String, hasDelegates: Bool)
        /// `payload.entry` with nothing left for the account to sign.
        case entryAlreadySigned

        public var description: String {
            switch self {
            case .notObject:
                return "payload: a Stellar payload is {\"type\":\"transaction\"|\"authorization\"|\"message\",…}"
            case .unknownType(let type):
                return "payload.type \(type.debugDescription) is not \"transaction\", \"authorization\" or \"message\""
            case let .unknownMember(key, type): return "payload.\(key) is not a member of a Stellar \(type) payload"
            case .missingPassphrase(let type):
                return "payload.networkPassphrase: the network passphrase of a Stellar \(type) payload is missing"
            case .missingBase64(let field):
                return "payload.\(field): the base64 \(field == "entry" ? "authorization entry" : field) is missing"
            case .messageTooLong(let limit): return "payload.message: a message is at most \(limit) bytes"
            case .emptyMessage: return "payload.message is empty: there is nothing to sign"
            case .listShape(let field): return "payload.\(field) is a list of 1 to 16 strings"
            case let .listItemNotString(field, index): return "payload.\(field)[\(index)] is not a string"
            case let .unusedAsset(index, asset):
                return "payload.assets[\(index)]: the transaction calls no Stellar Asset Contract of \(asset)"
            case let .unusedPool(index, a, b):
                return "payload.liquidityPools[\(index)]: the transaction uses no pool of \(a) / \(b)"
            case let .entryForOtherAccount(address, account, hasDelegates):
                return "payload.entry authorizes \(address), not the request's account \(account)"
                    + (hasDelegates ? ", nor has it as a delegate" : "")
            case .entryAlreadySigned: return "payload.entry is already signed: nothing is left for this account to sign"
            }
        }
    }

    /// What does not fit when signing a reviewed request.
    public enum SigningProblem: Sendable, Equatable, CustomStringConvertible {
        /// A key that is not Ed25519.
        case notEd25519
        /// A signing key that is not the key of the request's account (`address`).
        case otherKey(address: String)
        /// A review whose last item is not its one transaction.
        case notOneTransaction
        /// A review with something other than authorizations before its transaction.
        case notAuthorizations
        /// A review whose authorizations are not those the transaction carries for the key.
        case reviewMismatch
        /// `signatures` signatures offered for the `pending` authorizations of `account`.
        case authorizationCount(pending: Int, account: String, signatures: Int)

        public var description: String {
            switch self {
            case .notEd25519: return "Stellar signs with Ed25519 keys only"
            case .otherKey(let address): return "the signing key is not the key of \(address)"
            case .notOneTransaction: return "a Stellar review signs one transaction, after its authorizations"
            case .notAuthorizations:
                return "a Stellar review signs its transaction's authorizations before it, and nothing else"
            case .reviewMismatch:
                return "the authorizations the review shows are not the ones the transaction carries for this key"
            case let .authorizationCount(pending, account, signatures):
                return "the transaction has \(pending) authorization(s) for \(account) to sign, not \(signatures)"
            }
        }
    }

    /// Why native input (a bare envelope, a SEP-7 URI) cannot be signed here.
    public enum NativeProblem: Sendable, Equatable, CustomStringConvertible {
        /// A bare envelope given without `--network`.
        case networkNotNamed
        /// A network (`network`) Airsign does not sign for.
        case networkNotSigned(String)
        /// A SEP-7 request for a key (`pubkey`) that is none of the signer's accounts.
        case notYourAccount(String)
        /// A transaction none of whose sources (the transaction's: `source`) is the signer's.
        case noSourceOfYours(source: String)

        public var description: String {
            switch self {
            case .networkNotNamed:
                return "a bare Stellar envelope does not name its network: give --network pubnet, testnet or futurenet"
            case .networkNotSigned(let network):
                return "network \(network) is not one Airsign signs for (pubnet, testnet, futurenet)"
            case .notYourAccount(let pubkey):
                return "the SEP-7 request asks \(pubkey) to sign, which is not one of your Stellar accounts"
            case .noSourceOfYours(let source):
                return "none of your Stellar accounts is a source of this transaction (source \(source)); "
                    + "to co-sign for another account, sign a request from airsign-watch"
            }
        }
    }

    /// What is wrong with a response handed to finalize, merge or submit.
    public enum ResponseProblem: Sendable, Equatable, CustomStringConvertible {
        /// `found` signatures where the request takes `expected`.
        case signatureCount(expected: Int, found: Int)
        /// `signatures[0]` is not `account`'s signature of the authorization on `network`.
        case notAuthorizationSignature(account: String, network: String, reason: String)
        /// `signatures[0]` is not `account`'s SEP-53 signature of the message.
        case notMessageSignature(account: String)
        /// A signed message's response with a result.
        case messageWithResult
        /// A request that signs none of a transaction, an authorization and a message.
        case unknownSignable
        /// The authorization signatures are not `account`'s on `network`.
        case notAuthorizationSignatures(account: String, network: String, reason: String)
        /// `signatures[index]` is not `account`'s signature of the transaction on `network`.
        case notTransactionSignature(index: Int, account: String, network: String, reason: String)
        /// A result without exactly the members `members`.
        case resultMembers([String])
        /// `result.<field>` that is not the requested transaction's, signed.
        case resultMismatch(field: String)
        /// submit given `count` messages instead of one.
        case submitCount(Int)
        /// merge given fewer than two responses.
        case tooFewToMerge
        /// merge left with nothing merged.
        case nothingMerged
        /// A response (at `place`) that is compact, not full.
        case notFull(place: String)
        /// A response (at `place`) for a network (`network`) that is not Stellar's.
        case notStellarNetwork(place: String, network: String)
        /// A response (at `place`) whose signature is not `account`'s of its envelope on `network`.
        case notEnvelopeSignature(place: String, account: String, network: String)
        /// A response (at `place`) that signs a transaction of hash `hash`, not `expected`.
        case otherTransaction(place: String, hash: String, expected: String)

        public var description: String {
            switch self {
            case let .signatureCount(expected, found):
                return "this Stellar request takes \(expected) signature(s), not \(found)"
            case let .notAuthorizationSignature(account, network, reason):
                return "signatures[0] is not \(account)'s signature of this authorization on \(network): \(reason)"
            case .notMessageSignature(let account):
                return "signatures[0] is not \(account)'s SEP-53 signature of this message"
            case .messageWithResult: return "a signed message has no result"
            case .unknownSignable: return "a Stellar request signs a transaction, an authorization or a message"
            case let .notAuthorizationSignatures(account, network, reason):
                return "the authorization signatures are not \(account)'s on \(network): \(reason)"
            case let .notTransactionSignature(index, account, network, reason):
                return "signatures[\(index)] is not \(account)'s signature of this transaction on \(network): \(reason)"
            case .resultMembers(let members):
                return "result has exactly " + members.map { "\"\($0)\"" }.joined(separator: ", ")
            case .resultMismatch(let field):
                return "result.\(field) is not that of the requested transaction signed with signatures[0]"
            case .submitCount(let count):
                return
                    "submit takes one Stellar response (or a base64 envelope as merge writes it), not \(count) messages"
            case .tooFewToMerge: return "merge needs the responses of at least two signers"
            case .nothingMerged: return "merge needs at least two responses"
            case .notFull(let place):
                return "\(place) is not a full Stellar response (a compact one: run finalize first)"
            case let .notStellarNetwork(place, network): return "\(place): network \(network) is not a Stellar network"
            case let .notEnvelopeSignature(place, account, network):
                return "\(place): its signature is not \(account)'s signature of its envelope on \(network)"
            case let .otherTransaction(place, hash, expected):
                return "\(place) signs another transaction (hash \(hash), not \(expected))"
            }
        }
    }

    /// A watch option's value that is not of its form.
    public enum OptionProblem: Sendable, Equatable, CustomStringConvertible {
        /// `--seq` that is not 1 to 2^63-1.
        case sequence
        /// `--fee` that is not a number of stroops of at least 100.
        case fee
        /// `--valid-until` that is neither seconds since 1970 nor `+N` with a unit.
        case validUntil
        /// More than one memo option.
        case memoCount
        /// `--memo-id` that is not an unsigned 64-bit number.
        case memoID
        /// A hash option (`option`: `--wasm-hash`, `--memo-hash`, `--memo-return`) that is not 32 bytes of hex.
        case hash32(option: String)
        /// `--function` that is not a symbol.
        case functionNotSymbol
        /// A price (`text`) that is not N/D or an exact decimal.
        case price(String)
        /// A SEP-53 message of `bytes` bytes (empty or over the limit).
        case messageLength(bytes: Int)
        /// `--entry` with source-account credentials.
        case entrySourceAccount
        /// `--entry` authorizing `address`, not `--from` (`from`), nor (when it has delegates) delegating to it.
        case entryForOther(address: String, from: String, hasDelegates: Bool)
        /// `--entry` already signed by `--from` (`from`) everywhere.
        case entryAlreadySigned(from: String)
        /// A network (`network`) without a sign-request id.
        case noSignRequestID(network: String)
        /// A SEP-7 URI of `bytes` bytes, too long for one QR code.
        case sep7TooLarge(bytes: Int)

        public var description: String {
            switch self {
            case .sequence: return "--seq is the transaction's sequence number (1 to 2^63-1)"
            case .fee: return "--fee is stroops per operation, at least 100"
            case .validUntil: return "--valid-until is seconds since 1970 or +N followed by s, m, h or d (like +2h)"
            case .memoCount: return "give at most one of --memo-text, --memo-id, --memo-hash, --memo-return"
            case .memoID: return "--memo-id is a number from 0 to 18446744073709551615"
            case .hash32(let option): return "\(option) is 32 bytes as 64 hex digits"
            case .functionNotSymbol: return "--function is a symbol"
            case .price(let text):
                return "price \"\(text)\" is N/D or an exact decimal like 0.25 (positive, fitting 32 bits)"
            case .messageLength(let bytes):
                return "the message is \(bytes) bytes; a SEP-53 message is 1 to \(SEP53.maximumBytes)"
            case .entrySourceAccount:
                return
                    "--entry has source-account credentials: the transaction's own signature covers it, nothing to sign alone"
            case let .entryForOther(address, from, hasDelegates):
                return "--entry authorizes \(address), not --from \(from)"
                    + (hasDelegates ? ", nor has it as a delegate" : "")
            case .entryAlreadySigned(let from):
                return
                    "--entry already carries --from \(from)'s signature in every place of it: nothing is left to sign"
            case .noSignRequestID(let network):
                return "network \(network) has no sign-request id: Airsign signs for pubnet, testnet and futurenet"
            case .sep7TooLarge(let bytes):
                return "the SEP-7 URI (\(bytes) bytes) does not fit one QR code: write it with --sep7 FILE instead"
            }
        }
    }

    /// Options that do not make one transaction together.
    public enum BuildProblem: Sendable, Equatable, CustomStringConvertible {
        /// No operation given.
        case noOperation
        /// A signer (`address`) given twice.
        case signerTwice(String)
        /// A contract call, TTL extension or restore among other operations.
        case sorobanNotAlone
        /// Soroban data for a transaction without a Soroban operation.
        case sorobanDataWithoutSoroban
        /// A Soroban transaction without `--rpc` or `--soroban-data`.
        case sorobanNeedsData
        /// A footprint command given `--soroban-data` as well as its entries.
        case footprintWithSorobanData
        /// A TTL extension or restore without `--rpc`.
        case footprintNeedsRPC
        /// An account sequence number at its maximum.
        case sequenceExhausted
        /// No `--seq`, `--horizon` or `--rpc` to learn the sequence number from.
        case sequenceUnknown
        /// A fee of `perOperation` stroops × `operations` that does not fit 32 bits.
        case feeOverflow(perOperation: UInt32, operations: Int)
        /// A Soroban resource fee that does not fit the transaction's 32-bit fee.
        case resourceFeeOverflow
        /// The inclusion fee plus the resource fee that does not fit 32 bits.
        case totalFeeOverflow(inclusion: UInt32, resource: UInt32)

        public var description: String {
            switch self {
            case .noOperation: return "no operation: give one with --op \"TYPE key=value …\" or --ops FILE"
            case .signerTwice(let address): return "signer \(address) is given twice"
            case .sorobanNotAlone:
                return
                    "a contract call, TTL extension or restore is its transaction's only operation: drop the other --op"
            case .sorobanDataWithoutSoroban: return "Soroban data is only for a contract call, TTL extension or restore"
            case .sorobanNeedsData:
                return
                    "a Soroban transaction needs --rpc URL (to simulate it) or --soroban-data BASE64 (its footprint and resources)"
            case .footprintWithSorobanData: return "give the entries with the command's options, not --soroban-data"
            case .footprintNeedsRPC: return "a TTL extension or restore needs --rpc URL to size its resources"
            case .sequenceExhausted: return "the account's sequence number cannot grow any more"
            case .sequenceUnknown:
                return "give the sequence number with --seq N, or --horizon URL or --rpc URL to read it"
            case let .feeOverflow(perOperation, operations):
                return "a fee of \(perOperation) stroops × \(operations) operations does not fit 32 bits"
            case .resourceFeeOverflow: return "the Soroban resource fee does not fit a transaction's 32-bit fee"
            case let .totalFeeOverflow(inclusion, resource):
                return "the inclusion fee \(inclusion) plus the resource fee \(resource) does not fit 32 bits"
            }
        }
    }

    /// An operation given with `--op` or in an op list that is not of its form (`type` is the operation's).
    public enum OperationProblem: Sendable, Equatable, CustomStringConvertible {
        /// An empty `--op`.
        case empty
        /// A word of `--op` that is not `key=value`.
        case notKeyValue(type: String, word: String)
        /// A key given twice in `--op`.
        case givenTwice(type: String, key: String)
        /// An op list that is not a non-empty JSON array.
        case listNotArray
        /// Op list item `index` (0-based) that is not an object.
        case listItemNotObject(index: Int)
        /// Op list item `index` (0-based) whose member `key` is not a string.
        case listItemNotString(index: Int, key: String)
        /// Op list item `index` (0-based) without a type.
        case listItemNoType(index: Int)
        /// An operation type not in `known` (empty: not listed).
        case unknownOperation(String, known: [String])
        /// A field (`key`) that operation `type` does not have (`fields` lists those it has).
        case unknownField(type: String, key: String, fields: [String])
        /// A required field (`key`) of operation `type` that is absent.
        case missingField(type: String, key: String)
        /// change-trust given both an asset and a pool's assets.
        case changeTrustBoth
        /// change-trust of the native asset.
        case changeTrustNative
        /// An offer-id that is not a number.
        case offerID(type: String)
        /// A claimable balance id that is not 72 hex digits starting 00000000.
        case balanceID
        /// A pool fee other than 30.
        case poolFee(type: String)
        /// A pool's assets `assetA` and `assetB` given out of the network's order.
        case poolOrder(type: String, assetA: String, assetB: String)
        /// A path of more than 5 assets.
        case pathTooLong(strictSend: Bool)
        /// A manage-data name of `bytes` bytes.
        case dataNameLength(bytes: Int)
        /// A manage-data value of `bytes` bytes.
        case dataValueLength(bytes: Int)
        /// A home domain over 32 bytes.
        case homeDomainLength
        /// A set-options weight or threshold (`name`) that is not 0 to 255.
        case weight(name: String, text: String)
        /// set-options flags (`name`) that are not a number 0 to 15 or names among `flags`.
        case flags(name: String, flags: [String])
        /// A set-options signer that is not `G…:WEIGHT`.
        case signerSpec
        /// A bump-sequence target that is not a sequence number.
        case bumpTo
        /// An extend-to that is not 1 to 2^32-1 ledgers.
        case extendTo

        public var description: String {
            switch self {
            case .empty: return "--op: an empty operation"
            case let .notKeyValue(type, word): return "--op \(type): \"\(word)\" is not key=value"
            case let .givenTwice(type, key): return "--op \(type): \(key) is given twice"
            case .listNotArray: return "the op list is a JSON array of operation objects"
            case .listItemNotObject(let index): return "op list item \(index + 1) is not an object"
            case let .listItemNotString(index, key): return "op list item \(index + 1): \(key) must be a string"
            case .listItemNoType(let index): return "op list item \(index + 1) has no type"
            case let .unknownOperation(type, known):
                return "unknown operation \"\(type)\""
                    + (known.isEmpty ? "" : " (known: \(known.joined(separator: ", ")))")
            case let .unknownField(type, key, fields):
                return "\(type): unknown field \"\(key)\" (fields: \(fields.joined(separator: ", ")))"
            case let .missingField(type, key): return "\(type): field \"\(key)\" is missing"
            case .changeTrustBoth:
                return "change-trust: give asset (an asset's trust line) or asset-a and asset-b (a pool's), not both"
            case .changeTrustNative: return "change-trust: asset must be CODE:ISSUER, not native"
            case .offerID(let type): return "\(type): offer-id is a number (0 for a new offer)"
            case .balanceID: return "claim-claimable-balance: id is the balance id as 72 hex digits starting 00000000"
            case .poolFee(let type): return "\(type): fee is 30 (basis points), the network's pool fee"
            case let .poolOrder(type, a, b):
                return
                    "\(type): asset-a must come before asset-b in the network's order: give asset-a=\(b) asset-b=\(a)"
            case .pathTooLong(let strictSend):
                return "path-payment-strict-\(strictSend ? "send" : "receive"): a path has at most 5 assets"
            case .dataNameLength(let bytes): return "manage-data: name is 1 to 64 bytes, not \(bytes)"
            case .dataValueLength(let bytes): return "manage-data: value is at most 64 bytes, not \(bytes)"
            case .homeDomainLength: return "set-options: home-domain is at most 32 bytes"
            case let .weight(name, text): return "set-options: \(name) is 0 to 255, not \"\(text)\""
            case let .flags(name, flags):
                return "set-options: \(name) is a number 0 to 15 or flags among \(flags.joined(separator: ", "))"
            case .signerSpec: return "set-options: signer is G…:WEIGHT with a weight of 0 (remove) to 255"
            case .bumpTo: return "bump-sequence: to is a sequence number (0 to 2^63-1)"
            case .extendTo: return "extend-footprint-ttl: extend-to is a number of ledgers (1 to 2^32-1)"
            }
        }
    }

    /// A Soroban contract argument (at `place`: `--arg 1`, `--args[0].vec[2]`…) that is not of its form.
    public enum ArgumentProblem: Sendable, Equatable, CustomStringConvertible {
        /// An `--arg` (`text`) that is not `TYPE:VALUE` (`types` lists the scalar types).
        case notTypeValue(String, types: [String])
        /// `--args` that is not a JSON array.
        case argsNotArray
        /// A value that is not one `{"TYPE": VALUE}` object or "void".
        case notOneObject(place: String)
        /// A map entry `index` that is not `{"key": …, "val": …}`.
        case mapEntry(place: String, index: Int)
        /// A type (`type`) with a value of a kind this watch does not write.
        case unwritable(place: String, type: String)
        /// A value (`text`) that is not of `type`.
        case notOfType(place: String, text: String, type: String)
        /// Bytes that are not hex digits.
        case notHex(place: String)
        /// A type (`type`) this watch does not know (`types` lists the scalar types).
        case unknownType(place: String, type: String, types: [String])
        /// An integer (`value`) out of the range of `type`.
        case outOfRange(place: String, value: String, type: String)

        public var description: String {
            switch self {
            case let .notTypeValue(text, types):
                return "--arg \(text.debugDescription) is TYPE:VALUE (types: \(types.joined(separator: ", ")))"
            case .argsNotArray: return "--args is a JSON array of values like {\"i128\":\"100\"}"
            case .notOneObject(let place): return "\(place) is one {\"TYPE\": VALUE} object or \"void\""
            case let .mapEntry(place, index): return "\(place).map[\(index)] is {\"key\": …, \"val\": …}"
            case let .unwritable(place, type):
                return "\(place): \(type.debugDescription) with this value is not a value type this watch writes"
            case let .notOfType(place, text, type): return "\(place): \(text.debugDescription) is not a \(type)"
            case .notHex(let place): return "\(place): bytes are hex digits"
            case let .unknownType(place, type, types):
                return
                    "\(place): unknown type \(type.debugDescription) (types: \(types.joined(separator: ", ")), vec, map)"
            case let .outOfRange(place, value, type): return "\(place): \(value) is out of range for \(type)"
            }
        }
    }
}

extension StellarError {
    /// Why an `SCVal` is refused: the network would refuse it, or it has more than one encoding.
    public enum SCValProblem: Sendable, Equatable, CustomStringConvertible {
        /// An `SCV_VEC` whose elements are absent.
        case absentVec
        /// An `SCV_MAP` whose entries are absent.
        case absentMap
        /// A symbol of `bytes` bytes, over `limit`.
        case symbolLength(bytes: Int, limit: Int)
        /// A symbol (`shown` as the screen shows it) with a character outside `a-z A-Z 0-9 _`.
        case symbolCharacter(shown: String)
        /// Map key `key` (counted from 1) equal to the key before it; `type` names its type.
        case repeatedKey(key: Int, type: String)
        /// Map key `key` (counted from 1) sorting before the key before it.
        case keyOutOfOrder(key: Int, type: String)
        /// An `SCError` whose type is not 0–9, or a host error (types 1–9) whose code is not 0–9.
        case errorCode(type: Int32, code: UInt32)
        /// A map given to the watch (at `place`) with `key` twice.
        case argumentKeyRepeated(place: String, key: String)

        public var description: String {
            switch self {
            case .absentVec: return "a vec without its elements (the network refuses an absent SCV_VEC)"
            case .absentMap: return "a map without its entries (the network refuses an absent SCV_MAP)"
            case let .symbolLength(bytes, limit): return "a symbol of \(bytes) bytes (at most \(limit))"
            case .symbolCharacter(let shown): return "symbol \(shown) has a character outside a-z A-Z 0-9 _"
            case let .repeatedKey(key, type): return "map key \(key) repeats key \(key - 1) (\(type))"
            case let .keyOutOfOrder(key, type):
                return "map keys out of order: key \(key) (\(type)) sorts before key \(key - 1)"
            case let .errorCode(type, code): return "SCError type \(type) code \(code)"
            case let .argumentKeyRepeated(place, key): return "\(place): the map has the key \(key) twice"
            }
        }
    }
}
