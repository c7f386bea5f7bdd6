import AirsignCrypto
import AirsignEncoding

/// The Substrate module's refusals, on both sides: a request, its payload and signed extensions,
/// a call, metadata and RFC-0078 proofs, UOS payloads and frames, a response, the watch's
/// options. Each case carries the field at fault (its path: `signerPayload.era`, `method`,
/// `--genesis`) and the values it names, never secret bytes; the signing pipeline adds the
/// request's place. Areas with many fixed refusals (a proof, UOS, frames, the watch's options…)
/// carry a nested case saying which. Every case but `cryptoFailure` refuses the input (exit 3;
/// `ExitStatusProviding` in the watch's commands).
public enum SubstrateError: Error, CustomStringConvertible, Equatable, Sendable {
    // MARK: fields of a request, a payload, a file or an option

    /// A field that does not decode, with the decoder's reason (the reason alone when `field` is empty).
    case unreadable(field: String, reason: String)
    /// A field whose value is not of its kind.
    case notOfKind(field: String, expected: String)
    /// A field that is not of the form `expected` describes.
    case shape(field: String, expected: String)
    /// An object without exactly the members `expected` lists.
    case members(field: String, expected: String)
    /// A member this signer does not know: refused rather than ignored.
    case unknownField(String)
    /// A required field that is absent.
    case missing(String)
    /// A field that is empty where it needs at least one byte.
    case empty(String)
    /// Bytes of the wrong length.
    case length(field: String, actual: Int, expected: Int)
    /// `0x` hex that does not decode, with why.
    case notHex(field: String, reason: String)
    /// A number that is not an unsigned integer of `bits` bits: `0x` hex of more digits than that
    /// holds (`text` is the hex), or a JSON number that is not one (`text` is the number).
    case notUnsigned(field: String, bits: Int, text: String)
    /// A decimal amount (`field`: the option and its text) with more places than the token's decimals.
    case decimalPlaces(field: String, decimals: Int)
    /// A value over what its field holds (`limit` names what it must fit, when not the field's own type).
    case tooLarge(field: String, limit: String?)

    // MARK: accounts, keys and networks

    /// A field that is not an SS58 address, with the decoder's reason when it has one.
    case notSS58(field: String, reason: String?)
    /// An address whose payload is not a 32-byte account id.
    case addressLength(field: String, bytes: Int)
    /// The request's address is not the address of its public key.
    case addressNotOfKey
    /// A public key of a length no Substrate scheme has.
    case publicKeyLength(Int)
    /// A payload for another account (`address`) than the request's (`account`).
    case otherAccount(field: String, address: String, account: String)
    /// An address that is none of the keystore's accounts.
    case notOwnAccount(String)
    /// A request network that is not `polkadot:<first 32 hex digits of the genesis hash>`.
    case network(String)
    /// A genesis hash (hex; for `.givenForAccount` the CAIP-2 network it is of) that is not the
    /// network's it must be (`expected`, in the same form but for `.payload`: the request's network).
    case otherNetwork(GenesisSource, genesis: String, expected: String)
    /// A network that is not in the table: the watch's `--network` (`known` lists the table), or
    /// an account's CAIP-2 network the signer knows no full genesis hash for (`known` nil).
    case unknownNetwork(String, known: [String]?)
    /// A bare SignerPayloadRaw whose address prefix names no relay chain.
    case rawNetwork(prefix: UInt16)
    /// A `payload.type` this module does not sign.
    case unknownPayloadType(String)

    // MARK: the signer payload and its signed extensions

    /// An era (`field`) that does not decode.
    case era(field: String, EraProblem)
    /// A `signerPayload.version` or a proof's extrinsic version (`field`) that is not 4.
    case extrinsicVersion(field: String, version: Int)
    /// A CheckMetadataHash mode that is neither 0 nor 1 (`field` nil: read from the signed bytes).
    case mode(field: String?, value: UInt8)
    /// A mode and a metadata hash that disagree (`context` nil: read from the signed bytes, `mode`
    /// nil when none was read; else the payload's `mode` 1 without a hash, or 0 with one).
    case modeAndHash(context: String?, mode: UInt8?, hash: Bool)
    /// A signed-extension list refused (`problem` says why).
    case extensions(ExtensionProblem)
    /// An extension's extra or additional data at byte `at` of the signing payload that does not decode.
    case extensionData(name: String, additional: Bool, at: Int, reason: String)
    /// Bytes after the value, call or data that must end the input (`count` nil: not counted).
    case bytesFollow(field: String, count: Int?, after: String)
    /// An immortal era whose signed block hash (`checkpoint`, hex) is not the genesis hash.
    case immortalCheckpoint(genesis: String, checkpoint: String)
    /// ChargeAssetTxPayment data, an asset id or `--fee-asset` refused (`problem` says why).
    case feeAsset(FeeAssetProblem)
    /// A call (`field`: where it is) refused (`problem` says why).
    case call(field: String, CallProblem)

    // MARK: types and metadata

    /// A value that does not decode or encode by its type, at `path` (`args.value: expected u128, got -5`).
    case typedValue(path: String, reason: String)
    /// A type set (`origin`: whose) refused over its type `id`.
    case types(origin: String, id: UInt32, TypeProblem)
    /// A bit sequence whose words are not 1, 2, 4 or 8 bytes.
    case bitSequenceWords(UInt8)
    /// Runtime metadata that does not decode or is not well formed, with what is wrong.
    case metadata(reason: String)
    /// Metadata of a version this module does not read (`forHash`: the RFC-0078 hash, which is over V15).
    case metadataVersion(UInt8, forHash: Bool)
    /// The metadata or proof is for another spec version than the transaction's (`proof`: the
    /// signer's check of a proof, else the watch's of its metadata).
    case specVersion(payload: UInt32, metadata: UInt32, proof: Bool)

    // MARK: RFC-0078 metadata proofs

    /// A metadata proof refused (`problem` says why).
    case proof(ProofProblem)

    // MARK: UOS

    /// A UOS payload or request refused (`problem` says why).
    case uos(UOSProblem)
    /// UOS frames refused (`problem` says why).
    case frames(FrameProblem)

    // MARK: signing and responses

    /// A review with other than one signing item (`count`).
    case itemCount(Int)
    /// A signing item another module made.
    case foreignItem(label: String)
    /// A signing key that is not the key of the request's account.
    case notAccountKey(address: String)
    /// A response with other than one signature.
    case signatureCount(Int)
    /// A submit of other than one response.
    case responseCount(Int)
    /// Signature bytes that are not a signature of their scheme (`problem` says why).
    case multiSignature(MultiSignatureProblem)
    /// A signature (of `scheme`, when known) that does not verify for `address` over `over`.
    case signatureInvalid(scheme: String?, address: String, over: String)
    /// A response whose result is not the extrinsic the request and its signature assemble.
    case resultMismatch
    /// A raw payload or message signature's response (`kind`) that carries a result.
    case unexpectedResult(kind: String)
    /// A request in the watch's store that is of another chain.
    case otherChainRequest(id: String, chain: String)
    /// Hashing or signing that failed in the crypto library: not the input's fault (exit 1).
    case cryptoFailure(operation: String, reason: String)

    // MARK: the watch's options

    /// A command that lacks an option or value it needs (`input` says which and how to give it).
    case needs(WatchInput)

    /// Whose genesis hash an `otherNetwork` refusal names.
    public enum GenesisSource: Sendable, Equatable {
        /// `signerPayload.genesisHash`, which is for `network`, in a request for another.
        case payload(network: String)
        /// `--genesis`, which is not the genesis hash of the network `name`.
        case option(name: String)
        /// `--genesis` given for an account's network, which it is not the hash of.
        case givenForAccount
        /// The node's, which is not the network's.
        case node
    }

    /// Why an era does not decode.
    public enum EraProblem: Sendable, Equatable {
        /// A mortal era whose two bytes (`bytes`, hex) give an impossible period or phase.
        case impossible(bytes: String, period: UInt64, phase: UInt64)
        /// A mortal era that stops after its first byte.
        case truncated
        /// `count` bytes after the era's end.
        case trailing(Int)
    }

    /// Why a signed-extension list is refused.
    public enum ExtensionProblem: Sendable, Equatable {
        /// An extension without an encoding rule here and no proof giving its types.
        case unknown(name: String, namedBy: String)
        /// Two extensions that carry the same value (`value`).
        case sameValue(first: String, second: String, value: String)
        /// An extension named twice in `field`.
        case duplicate(field: String, name: String)
        /// A list (`given`) that is not the one the runtime signs by (`expected`, from `source`).
        case other(given: [String], source: ExtensionSource, expected: [String])
        /// An extension whose proven types carry data nothing here knows the value of
        /// (`building`: the watch building a request, else the signer reading a SignerPayloadJSON).
        case dataUnknown(name: String, building: Bool)
        /// A payload field set to `value` without the extension `name` that carries it in the list.
        case notListed(field: String, value: String, name: String)
    }

    /// Whose list an `ExtensionProblem.other` compares the given one with.
    public enum ExtensionSource: Sendable, Equatable {
        /// The signer's table for `network`'s runtime (`versions`), against the request's list.
        case table(network: String, versions: String)
        /// A verified metadata proof's, against the request's `signedExtensions`.
        case proofForRequest
        /// A verified metadata proof's, against the list its types are given for.
        case proof
        /// The watch's metadata's, against the list it builds by.
        case metadata
    }

    /// Why a call is refused.
    public enum CallProblem: Sendable, Equatable {
        /// Shorter than a pallet and call index (`stated`: the length its prefix states, when it has one).
        case tooShort(stated: UInt64?)
        /// A stated length (`stated`) other than the bytes that follow (`actual`).
        case lengthMismatch(stated: UInt64, actual: Int)
        /// A length prefix that does not decode.
        case lengthPrefix(reason: String)
        /// A call of `stated` bytes that the metadata proof's types read as `read` bytes.
        case provenLength(stated: Int, read: Int)
        /// A call decoded by the built-in table (`call`) that ends after `length` bytes, `remaining` before its end.
        case trailing(call: String, length: Int, remaining: Int)
        /// A call at a pallet and call index of the built-in table whose arguments do not decode.
        case undecodable(pallet: UInt8, index: UInt8, reason: String)
        /// A value of the runtime call type that is not a pallet's call.
        case notPalletCall
        /// A signing payload of `bytes` bytes, shorter than its `callLength`-byte call.
        case payloadShorter(bytes: Int, callLength: Int)
    }

    /// What is wrong with a type set's type.
    public enum TypeProblem: Sendable, Equatable {
        /// The set has no such type.
        case missing
        /// The set has no leaf for it (a proof is built from leaves).
        case noLeaf
        /// Its variant `variant` is given twice.
        case variantTwice(UInt32)
        /// It is defined twice.
        case definedTwice
        /// Its variants are given different paths.
        case variantPaths
        /// It contains itself with no enum or sequence between, so no value of it ends.
        case endless
    }

    /// Why a metadata proof is refused.
    public enum ProofProblem: Sendable, Equatable {
        /// It does not decode.
        case unreadable(reason: String)
        /// Its leaf and leaf-index counts differ.
        case counts(leaves: Int, indices: Int)
        /// Its leaves and nodes need a node hash it lacks.
        case missingNode
        /// Its leaf index `index` is never reached.
        case unreachedLeaf(UInt64)
        /// `count` node hashes left over after the walk.
        case leftOverNodes(Int)
        /// A payload with mode 0 given a proof (`digest`, 0x hex).
        case withoutMode(digest: String)
        /// A metadata hash (`hash`, hex) that is not the proof's digest (`digest`, 0x hex).
        case digest(hash: String, digest: String)
        /// `count` type leaves the payload does not use.
        case unusedLeaves(Int)
        /// Its call type (`callType`) has a value that is not a pallet's call.
        case callTypeNotCalls(String)
        /// A field that does not decode with its types.
        case undecodable(field: String, reason: String)
        /// Extension data (of `name`; nil: the one being read) whose lengths by this signer's rule
        /// (`rule`: extra, and additional when named) are not its lengths by the proof's types (`proven`).
        case ruleLength(name: String?, rule: [Int], proven: [Int])
    }

    /// Why a UOS payload or request is refused.
    public enum UOSProblem: Sendable, Equatable {
        /// Bytes that do not start as a UOS Substrate payload (`53`).
        case notUOS
        /// `bytes` bytes, too few for the prelude, a `keyLength`-byte key and the genesis hash.
        case tooShort(bytes: Int, keyLength: Int)
        /// A crypto byte this signer does not answer.
        case crypto(UInt8)
        /// A payload code this signer does not answer.
        case code(UInt8)
        /// A request whose key (hex) is none of the keystore's accounts (`address`: its SS58 form, when known).
        case keyNotOwn(key: String, address: String?)
        /// A request whose key (hex) is not the request's account.
        case keyNotAccount(key: String, account: String)
        /// A request's crypto (`crypto`, byte `byte`) that is not the scheme `account` signs with (`scheme`).
        case schemeNotAccount(crypto: String, byte: UInt8, account: String, scheme: String)
        /// An answer for a request whose crypto (`crypto`, byte `byte`) is not the signature's scheme.
        case answerScheme(crypto: String, byte: UInt8)
        /// A transaction whose signed genesis hash is not its trailing one (`genesis`, hex).
        case genesis(String)
        /// A transaction whose signed bytes are not the canonical encoding of what they decode to.
        case notCanonical
        /// A transaction whose genesis hash is no network this signer knows.
        case unknownGenesis
        /// A transaction for a network this signer has no runtime table for.
        case noTable(network: String)
        /// A transaction none of the network's runtime tables reads (`why`: each table's reason).
        case noTableReads(network: String, why: [String])
        /// A signRaw request of type payload, which has no UOS form.
        case rawPayloadType
        /// A signRaw request with no data, which a UOS message needs.
        case emptyMessage
        /// A UOS message (code 03) given as a uos payload rather than a raw request.
        case messageAsUOS
        /// A single RaptorQ frame given where the request's frames are needed.
        case singleRaptorQFrame
        /// A request of `frames` frames written to a file rather than a directory.
        case qrDirectory(frames: Int)
    }

    /// Why UOS frames are refused.
    public enum FrameProblem: Sendable, Equatable {
        /// A frame whose header does not read (`raptorQ`: an `80` frame), of `bytes` bytes.
        case header(raptorQ: Bool, bytes: Int)
        /// A legacy frame count not in 1…`UOSFraming.maxFrames`.
        case count(Int)
        /// A legacy frame index not below its frame count.
        case index(Int, count: Int)
        /// A RaptorQ frame saying its payload is empty.
        case emptyPayload
        /// A RaptorQ frame of a source block other than 0.
        case sourceBlock(UInt8)
        /// A RaptorQ payload of `size` bytes in `symbolSize`-byte symbols, which this signer does not decode.
        case unsupportedSize(size: Int, symbolSize: Int)
        /// A RaptorQ symbol id beyond `max`, the last a sender of `sourceSymbols` symbols uses.
        case symbolID(UInt32, max: UInt32, sourceSymbols: Int)
        /// `frames` distinct RaptorQ frames that do not decode to a payload of `size` bytes.
        case undecodable(frames: Int, size: Int)
        /// A decoded RaptorQ payload that cannot be re-encoded to check its frames.
        case notReencodable
        /// Frames of two requests (`what` says how they differ).
        case mixed(String)
        /// Frames over `UOSFraming.maxPayloadLength` bytes in all (`bytes` in `frames` so far).
        case overLimit(bytes: Int, frames: Int)
        /// A payload to frame over `UOSFraming.maxPayloadLength` bytes.
        case payloadTooLarge(bytes: Int)
        /// A payload needing `frames` frames, more than `UOSFraming.maxFrames`.
        case tooMany(frames: Int)
        /// Legacy frames `missing` (1-based) of `count`.
        case missing([Int], count: Int)
        /// `received` RaptorQ frames that do not decode yet, `needed` being the source symbol count.
        case notDecodedYet(received: Int, needed: Int)
    }

    /// Why signature bytes are not a signature of their scheme.
    public enum MultiSignatureProblem: Sendable, Equatable {
        /// A type byte that names no scheme.
        case type(UInt8)
        /// A MultiSignature of `scheme` with `actual` signature bytes.
        case length(scheme: String, actual: Int)
        /// A message signature of `actual` bytes (64 or 65 are).
        case messageLength(Int)
        /// An ecdsa signature whose recovery id is over 3.
        case recoveryID(UInt8)
        /// A signature of `scheme`, which a key of `keyLength` bytes cannot make.
        case notOfKey(scheme: String, keyLength: Int)
    }

    /// What ChargeAssetTxPayment's data or an asset id lacks.
    public enum FeeAssetProblem: Sendable, Equatable {
        /// Its data is not `{tip, asset_id: Option<AssetId>}` (`proof`: by a proof's types, else by the watch's metadata).
        case shape(proof: Bool)
        /// Its asset id is neither a number nor an XCM location.
        case unnamed
        /// Its tip reads otherwise by the proof's types than by this signer's rule.
        case tipDiffers
        /// Its asset id takes no bytes by the proof's types.
        case emptyAssetID
        /// Its asset id is of a type this signer's list does not describe.
        case undescribedAssetID
        /// The runtime has no ChargeAssetTxPayment (`metadata`: in its metadata, else in its list).
        case notInRuntime(metadata: Bool)
        /// `--fee-asset` as JSON without the runtime's metadata.
        case needsMetadata
        /// `--fee-asset` that is neither JSON nor `0x` hex.
        case unreadable(reason: String)
    }

    /// What a watch command lacks.
    public enum WatchInput: Sendable, Equatable {
        /// `--nonce`, without `--rpc`.
        case nonce
        /// `--spec-version` and `--tx-version`, without `--rpc`.
        case versions
        /// `--ss58`, for a network the watch does not know.
        case ss58
        /// `--decimals`, for a network the watch does not know.
        case decimals
        /// `--network`, `--genesis` or `--rpc`.
        case network
        /// `--block-hash` and `--block-number` (or `--rpc`) for a mortal era.
        case checkpoint
        /// `--metadata` or `--rpc`.
        case metadataSource
        /// The runtime's metadata, for a call by name.
        case metadataForCall
        /// The token's decimals and symbol, which the node does not state.
        case tokenProperties
        /// The spec version and name, which the metadata does not state (System.Version).
        case runtimeVersion
        /// The SS58 prefix, which the metadata does not state (System.SS58Prefix).
        case ss58Prefix
        /// Call indices for a network's runtime at these versions, which no built-in table has.
        case callIndices(specVersion: UInt32, transactionVersion: UInt32)
    }

    public var description: String {
        switch self {
        case let .unreadable(field, reason): return field.isEmpty ? reason : "\(field): \(reason)"
        case let .notOfKind(field, expected): return "\(field) is not \(expected)"
        case let .shape(field, expected): return "\(field) is \(expected)"
        case let .members(field, expected): return "\(field) has \(expected)"
        case let .unknownField(field):
            return "\(field) is not a field this signer knows; refusing rather than ignoring it"
        case let .missing(field): return "\(field) is missing"
        case let .empty(field): return "\(field) is empty"
        case let .length(field, actual, expected): return "\(field) is \(actual) bytes, not \(expected)"
        case let .notHex(field, reason): return "\(field) is not hex: \(reason)"
        case let .notUnsigned(field, bits, text) where text.hasPrefix("0x"):
            return "\(field) has \(text.utf8.count - 2) hex digits; a \(bits)-bit number has at most \(bits / 4)"
        case let .notUnsigned(field, bits, text): return "\(field) is not an unsigned \(bits)-bit integer (\(text))"
        case let .decimalPlaces(field, decimals): return "\(field) has more than \(decimals) decimal places"
        case let .tooLarge(field, limit?): return "\(field) do not fit \(limit)"
        case let .tooLarge(field, nil): return "\(field) is too large"

        case let .notSS58(field, reason?): return "\(field) is not an SS58 address: \(reason)"
        case let .notSS58(field, nil): return "\(field) is not an SS58 address"
        case let .addressLength(field, bytes):
            return "\(field) has a \(bytes)-byte payload; a signer address is a 32-byte account id"
        case .addressNotOfKey: return "account.address is not the address of account.publicKey"
        case let .publicKeyLength(count):
            return "a Substrate public key is 32 bytes (sr25519, ed25519) or 33 (compressed ecdsa), not \(count)"
        case let .otherAccount(field, address, account):
            return "\(field) \(address) is not the request's account \(account)"
        case let .notOwnAccount(address): return "\(address) is not one of your accounts"
        case let .network(network):
            return "network \"\(network)\" is not polkadot:<first 32 hex digits of the genesis hash>"
        case let .otherNetwork(.payload(network), genesis, expected):
            return "signerPayload.genesisHash 0x\(genesis) is for network \(network), the request is for \(expected)"
        case let .otherNetwork(.option(name), genesis, expected):
            return "--genesis 0x\(genesis) is not \(name)'s genesis hash 0x\(expected)"
        case let .otherNetwork(.givenForAccount, genesis, expected):
            return "the --genesis given is the hash of \(genesis), not of the account's network \(expected)"
        case let .otherNetwork(.node, genesis, expected):
            return "the node's genesis hash is 0x\(genesis), not the network's 0x\(expected)"
        case let .unknownNetwork(name, known?):
            return
                "--network \(name) is unknown; known: \(known.joined(separator: ", ")), or give --genesis, --ss58 and --decimals"
        case let .unknownNetwork(network, nil):
            return
                "the account's network \(network) is not one this signer knows by its full genesis hash; give it with --genesis 0x<hash>"
        case let .rawNetwork(prefix):
            return
                "a bare SignerPayloadRaw names no network; use a sign request for an address with SS58 prefix \(prefix)"
        case let .unknownPayloadType(type): return "payload.type \"\(type)\" is unknown (extrinsic, raw, uos)"

        case let .era(field, .impossible(bytes, period, phase)):
            return "\(field) 0x\(bytes) is not a valid mortal era (period \(period), phase \(phase))"
        case let .era(field, .truncated): return "\(field) is a mortal era missing its second byte"
        case let .era(field, .trailing(count)): return "\(field) has \(count) bytes after its end"
        case let .extrinsicVersion(field, version):
            return "\(field) is \(version); this signer builds version 4 extrinsics"
        case let .mode(field?, value):
            return "\(field) is \(value); CheckMetadataHash knows 0 (disabled) and 1 (enabled)"
        case let .mode(nil, value): return "mode \(value) is neither 0 (disabled) nor 1 (enabled)"
        case let .modeAndHash(context?, _, hash: true):
            return
                "\(context).metadataHash is given but mode is 0: the runtime would sign no hash, so the signature could not be valid"
        case let .modeAndHash(context?, _, hash: false):
            return "\(context).mode is 1 (metadata hash enabled) but metadataHash is missing"
        case let .modeAndHash(nil, mode, hash):
            return
                "mode \(mode.map(String.init) ?? "?") signs \(hash ? "a" : "no") hash; the runtime would compute another payload"
        case let .extensions(problem): return problem.description
        case let .extensionData(name, additional, at, reason):
            return
                "signing payload: \(name)'s \(additional ? "additional" : "extra") data at byte \(at) does not decode: \(reason)"
        case let .bytesFollow(field, count, after):
            return (field.isEmpty ? "" : "\(field): ") + (count.map { "\($0) bytes" } ?? "bytes") + " follow \(after)"
        case let .immortalCheckpoint(genesis, checkpoint):
            return
                "the era is immortal, so CheckMortality signs the genesis hash 0x\(genesis), but the block hash signed "
                + "is 0x\(checkpoint); the chain would reject this transaction"
        case let .feeAsset(problem): return problem.description
        case let .call(field, problem): return problem.message(field)

        case let .typedValue(path, reason): return path.isEmpty ? reason : "\(path): \(reason)"
        case let .types(origin, id, problem): return problem.message(origin, id)
        case let .bitSequenceWords(bytes): return "a bit sequence's words are 1, 2, 4 or 8 bytes, not \(bytes)"
        case let .metadata(reason): return "metadata: \(reason)"
        case let .metadataVersion(version, forHash: true):
            return "the metadata hash is computed from metadata V15 (Metadata_metadata_at_version(15)), not V\(version)"
        case let .metadataVersion(version, forHash: false) where version >= 16:
            return
                "metadata version \(version) is not read here: the RFC-0078 metadata hash and proofs are defined over V15 "
                + "(a proof built from V\(version) gives signatures the chain rejects); use V15 (Metadata_metadata_at_version(15))"
        case let .metadataVersion(version, forHash: false): return "metadata version \(version) is not 14 or 15"
        case let .specVersion(payload, metadata, proof: true):
            return "signerPayload.specVersion is \(payload), but the metadata proof is for spec version \(metadata)"
        case let .specVersion(payload, metadata, proof: false):
            return "the metadata is for spec version \(metadata), the transaction for \(payload)"

        case let .proof(problem): return problem.description
        case let .uos(problem): return problem.description
        case let .frames(problem): return problem.description

        case .itemCount: return "a Substrate review signs exactly one item"
        case let .foreignItem(label): return "signing item \"\(label)\" is not a Substrate item"
        case let .notAccountKey(address): return "the signing key is not the key of \(address)"
        case let .signatureCount(count): return "a Substrate response has exactly one signature, not \(count)"
        case let .responseCount(count): return "submit takes one response, not \(count)"
        case let .multiSignature(problem): return problem.description
        case let .signatureInvalid(scheme, address, over):
            return "the \(scheme.map { "\($0) " } ?? "")signature does not verify for \(address) over \(over)"
        case .resultMismatch: return "result is not the extrinsic assembled from the request and signatures[0]"
        case let .unexpectedResult(kind): return "a \(kind) signature has no result"
        case let .otherChainRequest(id, chain): return "request \(id) is a \(chain) request"
        case let .cryptoFailure(operation, reason): return "\(operation) failed: \(reason)"

        case let .needs(input): return input.description
        }
    }
}

extension SubstrateError.ExtensionProblem: CustomStringConvertible {
    public var description: String {
        func list(_ names: [String]) -> String { "[\(names.joined(separator: ", "))]" }
        switch self {
        case let .unknown(name, namedBy):
            return
                "signed extension \(name), named by \(namedBy), is unknown to this signer; it cannot tell what it would sign, so it refuses"
        case let .sameValue(first, second, value):
            return "signed extensions \(first) and \(second) both carry \(value); a runtime has one of them"
        case let .duplicate(field, name): return "\(field) names \(name) twice"
        case let .other(given, .table(network, versions), expected):
            return
                "signerPayload.signedExtensions is \(list(given)), but \(network)'s runtime (\(versions)) signs \(list(expected)); "
                + "the chain would read the signed bytes by its own list, so this signer refuses any other order or members"
        case let .other(given, .proofForRequest, expected):
            return
                "signerPayload.signedExtensions is \(list(given)), but the metadata proof's runtime signs \(list(expected))"
        case let .other(given, .proof, expected):
            return "the signed extensions \(list(given)) are not the metadata proof's \(list(expected))"
        case let .other(given, .metadata, expected):
            return "the signed extensions \(list(given)) are not the metadata's \(list(expected))"
        case let .dataUnknown(name, building: true):
            return "signed extension \(name) carries data by the metadata's types, and nothing here knows its value; "
                + "a request for this runtime cannot be built"
        case let .dataUnknown(name, building: false):
            return "signed extension \(name) carries data by the metadata proof's types, but a SignerPayloadJSON has "
                + "no field for it and this signer has no rule for it; it cannot tell what it would sign, so it refuses"
        case let .notListed(field, value, name): return "\(field) is \(value) but signedExtensions has no \(name)"
        }
    }
}

extension SubstrateError.CallProblem {
    func message(_ field: String) -> String {
        switch self {
        case let .tooShort(stated?):
            return "\(field): the call is \(stated) bytes; a call has a pallet and a call index"
        case .tooShort(nil): return "\(field) is shorter than a pallet and call index"
        case let .lengthMismatch(stated, actual):
            return "\(field): the call is said to be \(stated) bytes, but \(actual) bytes follow"
        case let .lengthPrefix(reason): return "\(field): the call's length prefix does not decode: \(reason)"
        case let .provenLength(stated, read):
            return "\(field) is \(stated) bytes, but its call as the metadata proof's types read it is \(read)"
        case let .trailing(call, length, remaining):
            return
                "\(field): \(call) ends after \(length) bytes but the call has \(remaining) more; refusing trailing bytes"
        case let .undecodable(pallet, index, reason):
            return "\(field): the call at pallet \(pallet), call \(index) does not decode: \(reason)"
        case .notPalletCall: return "\(field): a value of the call type that is not a pallet's call"
        case let .payloadShorter(bytes, callLength):
            return "\(field): the \(bytes) bytes are shorter than the \(callLength)-byte call"
        }
    }
}

extension SubstrateError.TypeProblem {
    func message(_ origin: String, _ id: UInt32) -> String {
        switch self {
        case .missing: return "\(origin) has no type \(id)"
        case .noLeaf: return "\(origin) has no leaf for type \(id)"
        case let .variantTwice(variant): return "\(origin) has variant \(variant) of type \(id) twice"
        case .definedTwice: return "\(origin) has more than one definition of type \(id)"
        case .variantPaths: return "\(origin) gives type \(id)'s variants different paths"
        case .endless:
            return "\(origin): type \(id) contains itself with no enum or sequence between, so no value of it ends"
        }
    }
}

extension SubstrateError.ProofProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .unreadable(reason): return "metadata proof does not decode: \(reason)"
        case let .counts(leaves, indices): return "metadata proof: \(leaves) leaves but \(indices) leaf indices"
        case .missingNode:
            return
                "metadata proof: a node hash is missing (the proof has too few nodes, or its leaves are out of order)"
        case let .unreachedLeaf(index):
            return "metadata proof: leaf index \(index) is never reached (indices out of order, repeated or impossible)"
        case let .leftOverNodes(count): return "metadata proof: \(count) node hashes are left over"
        case let .withoutMode(digest):
            return
                "signerPayload.mode is 0 but a metadata proof is given: the chain would not check its digest \(digest), "
                + "so the decoding could not be guaranteed; build the request with mode 1"
        case let .digest(hash, digest):
            return "signerPayload.metadataHash 0x\(hash) is not the digest of its metadata proof \(digest)"
        case let .unusedLeaves(count):
            return
                "the metadata proof holds \(count) type leaves this payload does not use; a proof for it holds exactly the ones it needs"
        case let .callTypeNotCalls(callType):
            return "the metadata proof's call type (\(callType)) has a value that is not a pallet's call "
                + "(an enum of pallets, each holding an enum of calls); refusing it"
        case let .undecodable(field, reason):
            return "\(field) does not decode with the metadata proof's types: \(reason)"
        case let .ruleLength(name?, rule, proven):
            return "signing payload: \(name)'s data is \(Self.sum(rule)) bytes by this signer's rule "
                + "but \(Self.sum(proven)) by the metadata proof's types; the chain would read it otherwise, so this signer refuses"
        case let .ruleLength(nil, rule, proven):
            return
                "it is \(Self.sum(rule)) bytes by this signer's rule but \(Self.sum(proven)) by the metadata proof's types"
        }
    }

    /// "3", or "0+4" for extra and additional data.
    static func sum(_ lengths: [Int]) -> String { lengths.map(String.init).joined(separator: "+") }
}

extension SubstrateError.UOSProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notUOS: return "UOS payload: does not start with 53 (a Substrate request)"
        case let .tooShort(bytes, keyLength):
            return
                "UOS payload: \(bytes) bytes are too few for the prelude, a \(keyLength)-byte key and the genesis hash"
        case .crypto(3):
            return "UOS payload: crypto 03 (an Ethereum account) is not a Substrate request this signer answers"
        case .crypto(0xff):
            return "UOS payload: crypto ff is an unsigned network update for Polkadot Vault, not a sign request"
        case let .crypto(byte):
            return "UOS payload: crypto byte \(Hex.encode([byte])) is not 00 (ed25519), 01 (sr25519) or 02 (ecdsa)"
        case .code(4): return "UOS payload code 04 (a bulk of transactions) is not supported; send them one by one"
        case let .code(code) where code == 5 || code == 7:
            return "UOS payload code \(Hex.encode([code])) (a dynamic-derivation transaction) is not supported"
        case .code(8):
            return "UOS payload code 08 (a message for any chain) is not supported; send it for a network (code 03)"
        case let .code(code) where [0x80, 0x81, 0xc1, 0xde, 0xdf].contains(code):
            return
                "UOS payload code \(Hex.encode([code])) is a Polkadot Vault update or derivation exchange, not a sign request"
        case let .code(code):
            return
                "UOS payload code \(Hex.encode([code])) is unknown (00/02 transaction, 01 hash, 03 message, 06 transaction with metadata proof)"
        case let .keyNotOwn(key, address):
            return "the UOS request is for the key 0x\(key)\(address.map { " (\($0))" } ?? ""), "
                + "which is not one of this keystore's Substrate accounts; nothing was signed"
        case let .keyNotAccount(key, account):
            return "payload.uos is for the key 0x\(key), not the request's account \(account)"
        case let .schemeNotAccount(crypto, byte, account, scheme):
            return "the UOS request asks for an \(crypto) signature (crypto \(Hex.encode([byte]))), but the account "
                + "\(account) signs with \(scheme); nothing was signed"
        case let .answerScheme(crypto, byte):
            return "the UOS request asks for a \(crypto) signature (crypto \(Hex.encode([byte]))), "
                + "but the account's key signs with another scheme; no answer was written"
        case let .genesis(genesis):
            return "UOS transaction: the signed genesis hash is not the request's trailing genesis hash 0x\(genesis)"
        case .notCanonical:
            return "UOS transaction: the signed bytes are not the canonical encoding of the values they decode to"
        case .unknownGenesis: return "its genesis hash is not a network this signer knows"
        case let .noTable(network):
            return "this signer has no runtime table for \(network), and a UOS transaction without a metadata proof "
                + "does not say which signed extensions its bytes hold"
        case let .noTableReads(network, why):
            return "no runtime table of \(network) this signer has reads it (\(why.joined(separator: "; ")))"
        case .rawPayloadType:
            return "a signRaw request of type payload has no UOS form (UOS code 03 signs <Bytes>-wrapped messages only)"
        case .emptyMessage: return "signerPayloadRaw.data is empty; a UOS message (code 03) carries at least one byte"
        case .messageAsUOS:
            return "payload.uos: a UOS message (code 03) is signed as a raw request, not as a uos payload"
        case .singleRaptorQFrame: return "a single UOS RaptorQ frame: scan the request's frames (--scan) to decode it"
        case let .qrDirectory(frames): return "the UOS request is \(frames) frames: give --qr a directory (DIR/)"
        }
    }
}

extension SubstrateError.FrameProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .header(raptorQ: false, bytes):
            return "a UOS frame is 00, a 2-byte frame count, a 2-byte frame index and data; this one has \(bytes) bytes"
        case let .header(raptorQ: true, bytes):
            return
                "a UOS RaptorQ frame is 80, a 3-byte payload size, a 4-byte packet id and a symbol; this one has \(bytes) bytes"
        case let .count(count): return "UOS frame count \(count) is not 1…\(UOSFraming.maxFrames)"
        case let .index(index, count): return "UOS frame index \(index) is not below its frame count \(count)"
        case .emptyPayload: return "a UOS RaptorQ frame says the payload is empty"
        case let .sourceBlock(block):
            return "a UOS RaptorQ frame of source block \(block): this signer reads one-block payloads"
        case let .unsupportedSize(size, symbolSize):
            return "a UOS RaptorQ payload of \(size) bytes in \(symbolSize)-byte symbols is not one this signer "
                + "decodes (one source block of at most \(RaptorQ.maxSourceSymbols) symbols and \(RaptorQ.maxLength) bytes, "
                + "a symbol size divisible by 4)"
        case let .symbolID(esi, max, sourceSymbols):
            return
                "a UOS RaptorQ frame with symbol id \(esi), beyond the \(max) a sender of \(sourceSymbols) source symbols uses"
        case let .undecodable(frames, size):
            return "\(frames) distinct UOS RaptorQ frames do not decode to a payload of \(size) bytes"
        case .notReencodable: return "the decoded UOS RaptorQ payload cannot be re-encoded to check its frames"
        case let .mixed(what): return "\(what): frames of two requests are mixed; scan one request's frames only"
        case let .overLimit(bytes, frames):
            return
                "UOS frames of more than \(UOSFraming.maxPayloadLength) bytes in all (\(bytes) in \(frames) frames so far): a sign request is smaller"
        case let .payloadTooLarge(bytes):
            return "the UOS payload is \(bytes) bytes, more than the \(UOSFraming.maxPayloadLength) a signer collects"
        case let .tooMany(frames): return "the UOS payload needs \(frames) frames, more than \(UOSFraming.maxFrames)"
        case let .missing(missing, count):
            return "UOS frames missing: \(missing.prefix(10).map(String.init).joined(separator: ", "))"
                + (missing.count > 10 ? " and \(missing.count - 10) more" : "") + " of \(count)"
        case let .notDecodedYet(received, needed):
            return "\(received) UOS RaptorQ frames do not decode yet; "
                + (received < needed
                    ? "at least \(needed) are needed" : "a few more than \(needed) are sometimes needed, scan more")
        }
    }
}

extension SubstrateError.MultiSignatureProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .type(type): return "the signature's type byte is \(type), not 0 (ed25519), 1 (sr25519) or 2 (ecdsa)"
        case let .length(scheme, actual):
            return "a \(scheme) MultiSignature has \(scheme == "ecdsa" ? 65 : 64) signature bytes, not \(actual)"
        case let .messageLength(actual): return "a message signature is 64 or 65 bytes, not \(actual)"
        case let .recoveryID(id): return "the ecdsa signature's recovery id is \(id), not 0...3"
        case let .notOfKey(scheme, keyLength): return "a \(scheme) signature cannot be from a \(keyLength)-byte key"
        }
    }
}

extension SubstrateError.FeeAssetProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .shape(proof: true):
            return
                "ChargeAssetTxPayment's data is not {tip, asset_id: Option<AssetId>} by the metadata proof's types; refusing it"
        case .shape(proof: false):
            return "ChargeAssetTxPayment's data in this metadata is not {tip, asset_id: Option<AssetId>}"
        case .unnamed:
            return
                "ChargeAssetTxPayment's asset id is neither a number nor an XCM location; this signer cannot name the asset fees are paid in"
        case .tipDiffers:
            return
                "ChargeAssetTxPayment's tip reads otherwise by the metadata proof's types than by this signer's rule; refusing it"
        case .emptyAssetID: return "its asset id has no bytes by the metadata proof's types"
        case .undescribedAssetID: return "its asset id is of a type this signer's list does not describe"
        case .notInRuntime(metadata: true): return "the runtime's metadata has no ChargeAssetTxPayment signed extension"
        case .notInRuntime(metadata: false):
            return "--fee-asset needs the ChargeAssetTxPayment signed extension, which this runtime's list lacks"
        case .needsMetadata:
            return
                "--fee-asset as JSON needs the runtime's metadata (--rpc or --metadata FILE); without it give the asset id's SCALE bytes as 0x…"
        case let .unreadable(reason): return "--fee-asset is neither JSON nor 0x hex: \(reason)"
        }
    }
}

extension SubstrateError.WatchInput: CustomStringConvertible {
    public var description: String {
        switch self {
        case .nonce: return "--nonce is needed without --rpc"
        case .versions: return "--spec-version and --tx-version are needed without --rpc"
        case .ss58: return "--ss58 is needed for a network this watch does not know"
        case .decimals: return "--decimals is needed for a network this watch does not know"
        case .network: return "give --network, --genesis or --rpc"
        case .checkpoint: return "a mortal era needs --block-hash and --block-number (or --rpc); --immortal for none"
        case .metadataSource: return "give --metadata FILE or --rpc URL"
        case .metadataForCall: return "a call by name needs the runtime's metadata: give --rpc or --metadata FILE"
        case .tokenProperties: return "the node states no token decimals or symbol: give --decimals and --token-symbol"
        case .runtimeVersion: return "the metadata has no System.Version constant: give the spec version and name"
        case .ss58Prefix: return "the metadata has no System.SS58Prefix constant: give the SS58 prefix"
        case let .callIndices(spec, version):
            return
                "no built-in call indices for this network at spec \(spec), tx version \(version); use --rpc or substrate call --call 0x…"
        }
    }
}
