import AirsignEncoding

/// A signing payload decoded with nothing but the types of the RFC-0078 metadata proof that came
/// with its request: the call, then every signed extension's extra and additional data, in the
/// proof's extrinsic metadata order. The proof's digest is what the payload signs (the signer
/// puts it there itself), so a proof that lies about a type yields a signature the chain rejects.
public struct ProvenPayload: Sendable {
    /// One signed extension's values as its proven types read them, and how many bytes each
    /// took.
    public struct Extension: Sendable {
        public let identifier: String
        public let extra: TypedValue
        public let additional: TypedValue
        public let extraLength: Int
        public let additionalLength: Int
    }

    public let metadata: VerifiedMetadata
    public let call: TypedValue
    public let extensions: [Extension]

    /// Reads and verifies `proof` for `payload`: refuses a proof that does not decode or verify,
    /// a request whose mode is not 1 or whose metadata hash is not the proof's digest, a
    /// signed-extension list or spec version other than the proof's, and an extrinsic version
    /// other than 4.
    public static func verify(_ proof: [UInt8], for payload: SignerPayload) throws(SubstrateError) -> VerifiedMetadata {
        let metadata = try MetadataProof(decoding: proof).verify()
        let digest = "0x" + Hex.encode(metadata.digest)
        guard payload.mode == 1, let hash = payload.metadataHash else {
            throw SubstrateError.proof(.withoutMode(digest: digest))
        }
        guard hash == metadata.digest else {
            throw SubstrateError.proof(.digest(hash: Hex.encode(hash), digest: digest))
        }
        let proven = metadata.extrinsic.extensions.map(\.identifier)
        guard payload.signedExtensions == proven else {
            throw SubstrateError.extensions(
                .other(given: payload.signedExtensions, source: .proofForRequest, expected: proven))
        }
        guard payload.specVersion == metadata.extraInfo.specVersion else {
            throw SubstrateError.specVersion(
                payload: payload.specVersion, metadata: metadata.extraInfo.specVersion, proof: true)
        }
        guard metadata.extrinsic.version == 4 else {
            throw SubstrateError.extrinsicVersion(
                field: "the metadata proof's extrinsic version", version: Int(metadata.extrinsic.version))
        }
        return metadata
    }

    /// Decodes `bytes` (`call ‖ extra ‖ additional`, whose call is its first `callLength` bytes)
    /// by the proven types. Refuses a type the proof lacks, a call that is not exactly the
    /// first `callLength` bytes, bytes left over, and a proof holding a type this payload does
    /// not use (a proof for this payload has exactly the leaves its decoding needs).
    public init(decoding bytes: [UInt8], callLength: Int, metadata: VerifiedMetadata) throws(SubstrateError) {
        var decoder = TypeDecoder(bytes, types: metadata.types)
        do { call = try decoder.decode(metadata.extrinsic.call) } catch {
            throw SubstrateError.proof(.undecodable(field: "method", reason: "\(error)"))
        }
        try Self.checkCalls(call, callType: metadata.extrinsic.call)
        guard decoder.offset == callLength else {
            throw SubstrateError.call(field: "method", .provenLength(stated: callLength, read: decoder.offset))
        }
        var extras: [(value: TypedValue, length: Int)] = []
        for ext in metadata.extrinsic.extensions {
            let start = decoder.offset
            do { extras.append((try decoder.decode(ext.extra), decoder.offset - start)) } catch {
                throw SubstrateError.proof(
                    .undecodable(field: "signing payload: \(ext.identifier)'s extra data", reason: "\(error)"))
            }
        }
        var extensions: [Extension] = []
        for (ext, extra) in zip(metadata.extrinsic.extensions, extras) {
            let start = decoder.offset
            do {
                let additional = try decoder.decode(ext.additional)
                extensions.append(
                    Extension(
                        identifier: ext.identifier, extra: extra.value, additional: additional,
                        extraLength: extra.length,
                        additionalLength: decoder.offset - start))
            } catch {
                throw SubstrateError.proof(
                    .undecodable(field: "signing payload: \(ext.identifier)'s additional data", reason: "\(error)"))
            }
        }
        guard decoder.isAtEnd else {
            throw SubstrateError.bytesFollow(
                field: "signing payload", count: nil, after: "the last extension's additional data")
        }
        let unused = metadata.leafCount - decoder.touched.count
        guard unused == 0 else {
            throw SubstrateError.proof(.unusedLeaves(unused))
        }
        self.metadata = metadata
        self.extensions = extensions
    }

    /// Refuses a call type whose values are not a pallet's call (an enum of pallets, each
    /// holding its enum of calls), at the top and wherever a call nests (a batch's calls, a
    /// proxy's call): every runtime's call type is one, and a review walks calls by that shape.
    static func checkCalls(_ value: TypedValue, callType: TypeRef) throws(SubstrateError) {
        var pending = [value]
        while let next = pending.popLast() {
            if next.type == callType, next.asCall == nil {
                throw SubstrateError.proof(.callTypeNotCalls("\(callType)"))
            }
            switch next.value {
            case let .composite(fields), let .variant(_, _, fields): pending += fields.map(\.value)
            case let .sequence(items): pending += items
            default: break
            }
        }
    }

    /// Refuses an extension whose data this signer's encoding rule (what the review reads the
    /// era, nonce and tip by) lays out in other lengths than the proven types: the chain would
    /// read the shown values otherwise.
    public func checkLayout(_ values: ExtensionValues, list: ExtensionList) throws(SubstrateError) {
        for (ext, rule) in zip(extensions, list.rules) {
            var extra = SCALEWriter(), additional = SCALEWriter()
            rule.writeExtra(values, into: &extra)
            rule.writeAdditional(values, into: &additional)
            guard extra.bytes.count == ext.extraLength, additional.bytes.count == ext.additionalLength else {
                throw SubstrateError.proof(
                    .ruleLength(
                        name: ext.identifier, rule: [extra.bytes.count, additional.bytes.count],
                        proven: [ext.extraLength, ext.additionalLength]))
            }
        }
    }
}
