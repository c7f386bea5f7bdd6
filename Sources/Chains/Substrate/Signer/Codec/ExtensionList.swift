import AirsignEncoding

/// The signed extensions a payload is built and read by, and who vouches that the runtime reads
/// the signed bytes by the same list. The request's own `signedExtensions` never decides it
/// when the signer knows better: the runtime decodes the extrinsic by its metadata, so a list in
/// another order or with other members would make the same bytes mean another nonce or tip.
/// An RFC-0078 metadata proof is the third origin: the list of the proven metadata, which the
/// signed digest binds.
public struct ExtensionList: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// The signer's built-in table for this network and runtime.
        case signerTable(network: String, runtime: RuntimeTable)
        /// The extrinsic metadata of a verified RFC-0078 proof, whose digest the payload signs:
        /// the chain rejects the signature if the list is not its own.
        case metadataProof(digest: [UInt8])
        /// Nothing but the request: the signer has no table for its runtime.
        case request

        /// Who named the list, for an error about one of its members.
        var namer: String {
            switch self {
            case let .signerTable(network, runtime): "the signer's table for \(network) (\(runtime.versions))"
            case .metadataProof: "the metadata proof"
            case .request: "the request"
            }
        }
    }

    /// The identifiers, in the order their data is signed.
    public let names: [String]
    /// Their encoding rules, in the same order.
    public let rules: [SignedExtension]
    public let origin: Origin
    /// The byte length of a `Some` asset id in ChargeAssetTxPayment, when known; a runtime
    /// table states it for its AssetId type, a request only by the asset bytes it sends.
    public let assetIDLength: Int?
    /// The types of a verified metadata proof (origin `metadataProof`): what reads the data of an
    /// extension without a rule here, and an asset id of any length.
    public let proofTypes: ProofTypes?

    /// Refuses a name without an encoding rule (an offline signer cannot know that an unknown
    /// extension carries no data) unless a verified metadata proof gives its types, and two
    /// extensions that would carry the same value.
    public init(names: [String], origin: Origin, assetIDLength: Int? = nil, proofTypes: ProofTypes? = nil)
        throws(SubstrateError)
    {
        var rules: [SignedExtension] = []
        var proven = false
        if case .metadataProof = origin, proofTypes != nil { proven = true }
        for (index, name) in names.enumerated() {
            guard
                let rule = SignedExtension.rule(for: name) ?? (proven ? SignedExtension.proven(identifier: name) : nil)
            else {
                throw SubstrateError.extensions(.unknown(name: name, namedBy: origin.namer))
            }
            if rule != .empty, let earlier = rules.firstIndex(where: { $0.valueName == rule.valueName }) {
                throw SubstrateError.extensions(
                    .sameValue(first: names[earlier], second: names[index], value: rule.valueName))
            }
            rules.append(rule)
        }
        self.names = names
        self.rules = rules
        self.origin = origin
        self.assetIDLength = assetIDLength
        self.proofTypes = proven ? proofTypes : nil
        if let proofTypes = self.proofTypes, proofTypes.extensions.map(\.identifier) != names {
            throw SubstrateError.extensions(
                .other(given: names, source: .proof, expected: proofTypes.extensions.map(\.identifier)))
        }
    }

    /// The list of a verified metadata proof, its types reading what no rule here lays out.
    public init(proven metadata: VerifiedMetadata, assetIDLength: Int? = nil) throws(SubstrateError) {
        try self.init(
            names: metadata.extrinsic.extensions.map(\.identifier), origin: .metadataProof(digest: metadata.digest),
            assetIDLength: assetIDLength,
            proofTypes: ProofTypes(types: metadata.types, extensions: metadata.extrinsic.extensions))
    }

    public static func == (lhs: ExtensionList, rhs: ExtensionList) -> Bool {
        lhs.names == rhs.names && lhs.rules == rhs.rules && lhs.origin == rhs.origin
            && lhs.assetIDLength == rhs.assetIDLength
            && lhs.proofTypes?.extensions == rhs.proofTypes?.extensions
    }

    /// The list `payload` is signed by. For a network and runtime in the signer's table it is
    /// the table's, and a request naming any other list (order, members) is refused with both
    /// lists named. Otherwise it is the request's own, marked as such: the review then shows it
    /// as the requester's words and asks for `--blind`.
    public static func trusted(for payload: SignerPayload) throws(SubstrateError) -> ExtensionList {
        let assetLength = payload.assetIdOption.count > 1 ? payload.assetIdOption.count - 1 : nil
        let requested = try ExtensionList(names: payload.signedExtensions, origin: .request, assetIDLength: assetLength)
        guard let network = SubstrateNetwork.byGenesis(payload.genesisHash),
            let runtime = network.runtime(
                specVersion: payload.specVersion, transactionVersion: payload.transactionVersion)
        else { return requested }
        guard payload.signedExtensions == runtime.signedExtensions else {
            throw SubstrateError.extensions(
                .other(
                    given: payload.signedExtensions, source: .table(network: network.name, versions: runtime.versions),
                    expected: runtime.signedExtensions))
        }
        return try ExtensionList(
            names: runtime.signedExtensions, origin: .signerTable(network: network.name, runtime: runtime))
    }

    /// Whether the signer's table or a verified metadata proof vouches for the list.
    public var isTrusted: Bool {
        if case .request = origin { return false }
        return true
    }
}

/// The types a verified metadata proof gives each signed extension's extra and additional data;
/// the list's origin names the digest that binds them.
public struct ProofTypes: Sendable {
    public let types: TypeSet
    public let extensions: [LeanExtrinsicMetadata.Extension]

    public init(types: TypeSet, extensions: [LeanExtrinsicMetadata.Extension]) {
        self.types = types
        self.extensions = extensions
    }

    /// The value of `type` read from `bytes` at `offset`, and how many bytes it takes (bounded
    /// as every proven decoding is, by `TypeDecoder`).
    func read(_ type: TypeRef, in bytes: [UInt8], at offset: Int) throws(SubstrateError) -> (
        value: TypedValue, length: Int
    ) {
        guard offset >= 0, offset <= bytes.count else {
            throw SubstrateError.unreadable(field: "", reason: "no bytes at offset \(offset)")
        }
        var decoder = TypeDecoder(Array(bytes[offset...]), types: types)
        let value = try decoder.decode(type)
        return (value, decoder.offset)
    }

    /// Whether `type` encodes to no bytes at all (`()`, an empty struct): a value a request
    /// without its bytes can still sign.
    func isEmpty(_ type: TypeRef) -> Bool {
        guard let (_, length) = try? read(type, in: [], at: 0) else { return false }
        return length == 0
    }
}
