import AirsignCrypto
import AirsignEncoding
import AirsignMessages
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignSubstrate

/// The signer's RFC-0078 path on Kusama 1002006 requests (vectors/substrate_rfc78_requests.json):
/// each proof verifies to Kusama's published metadata hash, the signer signs that digest and
/// shows the whole call decoded with the proof's types; tampered proofs (a leaf changed, a node
/// dropped, a node added) and a request whose hash, mode, list or spec disagree are refused.
@Suite struct SubstrateProvenReviewTests {
    typealias F = SubstrateFixtures
    static let kusamaNetwork = "polkadot:b0a8d493285c2df73290dfb7e61f870f"

    static let file: JSONValue = {
        let url = Vectors.directory.appendingPathComponent("substrate_rfc78_requests.json")
        do { return try JSONParser().parse(Array(try Data(contentsOf: url))) } catch {
            fatalError("\(url.path): \(error)")
        }
    }()

    static func payload(_ name: String) throws -> JSONValue {
        try #require(file["requests"]?[name])
    }

    /// A request for `payload`, with `signerPayload` and `metadataProof` changed by `edit`.
    static func request(
        _ payload: JSONValue, proof: [UInt8]? = nil, edit: (inout [(key: String, value: JSONValue)]) -> Void = { _ in }
    ) throws -> SignRequest {
        let alice = try F.account(try F.key("//Alice", .sr25519), prefix: 2)
        guard case var .object(fields)? = payload["signerPayload"],
            case let .string(proofHex)? = payload["metadataProof"]
        else {
            throw SubstrateError.members(
                field: "the vector", expected: "signerPayload (an object) and metadataProof (a string)")
        }
        edit(&fields)
        let body: JSONValue = .object([
            (key: "type", value: .string("extrinsic")), (key: "signerPayload", value: .object(fields)),
            (key: "metadataProof", value: .string(proof.map { "0x" + testHex($0) } ?? proofHex)),
        ])
        return try SignRequest(
            id: RequestID(F.id), chain: F.module.chain, network: kusamaNetwork, account: alice, payload: body)
    }

    static func proof(_ name: String) throws -> MetadataProof {
        guard case let .string(text)? = try payload(name)["metadataProof"] else {
            throw SubstrateError.notOfKind(field: "the vector's metadataProof", expected: "a string")
        }
        return try MetadataProof(decoding: testBytes(text))
    }

    func review(_ request: SignRequest) throws -> (Review, String) {
        let context = try F.context()
        let review = try F.module.review(request, context: context)
        return (
            review, unwrappedReview(ReviewText.render(review, position: 1, of: 1, module: F.module, context: context))
        )
    }

    @Test(arguments: ["transfer", "bond", "batch"])
    func proofsVerifyToThePublishedKusamaHash(_ name: String) throws {
        let published: RFC78File = try Vectors.load("rfc78")
        let verified = try Self.proof(name).verify()
        #expect(testHex(verified.digest) == published.kusama_1002006.metadata_hash_published)
        #expect(verified.extraInfo == published.kusama_1002006.extra_info.extraInfo)
    }

    @Test func transferIsShownInFullAndSignsTheDigest() throws {
        let (review, text) = try review(try Self.request(try Self.payload("transfer")))
        #expect(review.confirmation == .standard)
        #expect(text.contains("call      Balances.transfer_keep_alive"))
        #expect(text.contains("dest      Id FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP (contact \"Bob\")"))
        #expect(text.contains("value     1.5 KSM"))
        #expect(
            text.contains("decoded with the chain's metadata (kusama spec 1002006), guaranteed by CheckMetadataHash"))
        #expect(
            text.contains(
                "metadata hash enabled (mode 1), 0x2a3b8e4f7d65afee4e9d6b59afb62aa93b4bd36a5fc35c09f3af5b8739447990"))
        // The tip is signed; the fee itself is not, so the total names it.
        #expect(review.totals.map(\.formatted) == ["1.501 KSM + the fee"])
        // The payload ends with CheckMetadataHash's Some(digest).
        #expect(
            testHex(Array(review.signing[0].bytes.suffix(33))) == "01"
                + "2a3b8e4f7d65afee4e9d6b59afb62aa93b4bd36a5fc35c09f3af5b8739447990")
    }

    @Test func bondShowsItsEnumAndSaysItsAmountIsUnstated() throws {
        let (review, text) = try review(try Self.request(try Self.payload("bond")))
        #expect(text.contains("call      Staking.bond"))
        #expect(text.contains("value     2 KSM"))
        #expect(text.contains("payee     Account FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP (contact \"Bob\")"))
        // Bonding keeps the funds in the account, but the rewards go to Bob: control over them,
        // granted and warned about.
        #expect(review.unknowns.isEmpty)
        #expect(
            review.effects.contains(
                .control(
                    ControlChange(
                        "sends this account's staking rewards",
                        party: "FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP (contact \"Bob\")", granted: true))))
        #expect(
            text.contains(
                "Staking.bond: the staking rewards of this account go to FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP (contact \"Bob\"), not to this account"
            ))
    }

    @Test func batchOfThreeTransfersIsTotalled() throws {
        let key = try F.key("//Alice", .sr25519)
        let request = try Self.request(try Self.payload("batch"))
        let (review, text) = try review(request)
        #expect(text.contains("call      Utility.batch_all"))
        #expect(text.contains("calls     3 items"))
        for (position, call, amount) in [
            (1, "transfer_keep_alive", "1 KSM"), (2, "transfer_keep_alive", "2 KSM"),
            (3, "transfer_allow_death", "3 KSM"),
        ] {
            #expect(text.contains("calls \(position)   Balances.\(call)"))
            #expect(text.contains("value     \(amount)"))
        }
        #expect(review.totals.map(\.formatted) == ["6.001 KSM + the fee"])
        // Signed, finalized, and the signature verifies over the payload holding the digest.
        let (output, _) = try F.roundTrip(request, key: key)
        let signature = try MultiSignature(decoding: testBytes(try #require(output.signatures.first)))
        #expect(
            try SubstrateSigning.isValid(
                signature, message: SigningPayload.message(for: review.signing[0].bytes), publicKey: F.publicKey(key)))
    }

    @Test func tamperedProofsAreRefused() throws {
        let proof = try Self.proof("transfer")
        let payload = try Self.payload("transfer")
        // One leaf changed: another variant name, so another leaf hash and digest.
        var leaves = proof.leaves
        let index = try #require(
            leaves.firstIndex { if case .enumeration = $0.definition { return true } else { return false } })
        if case let .enumeration(variant) = leaves[index].definition {
            leaves[index] = LeanType(
                path: leaves[index].path,
                definition: .enumeration(
                    LeanVariant(name: variant.name + "x", fields: variant.fields, index: variant.index)),
                typeID: leaves[index].typeID)
        }
        let changedLeaf = MetadataProof(
            leaves: leaves, leafIndices: proof.leafIndices, nodes: proof.nodes, extrinsic: proof.extrinsic,
            extraInfo: proof.extraInfo)
        let dropped = MetadataProof(
            leaves: proof.leaves, leafIndices: proof.leafIndices, nodes: Array(proof.nodes.dropLast()),
            extrinsic: proof.extrinsic,
            extraInfo: proof.extraInfo)
        let extra = MetadataProof(
            leaves: proof.leaves, leafIndices: proof.leafIndices,
            nodes: proof.nodes + [[UInt8](repeating: 7, count: 32)],
            extrinsic: proof.extrinsic, extraInfo: proof.extraInfo)
        let changed = #expect(throws: SubstrateError.self, "a tampered proof was accepted") {
            _ = try review(try Self.request(payload, proof: changedLeaf.encoded))
        }
        guard case .proof(.digest)? = changed else {
            Issue.record("not a refusal of the digest: \(changed.map(\.description) ?? "none")")
            return
        }
        #expect(throws: SubstrateError.proof(.missingNode)) {
            _ = try review(try Self.request(payload, proof: dropped.encoded))
        }
        #expect(throws: SubstrateError.proof(.leftOverNodes(1))) {
            _ = try review(try Self.request(payload, proof: extra.encoded))
        }
    }

    @Test func requestsThatDisagreeWithTheirProofAreRefused() throws {
        let payload = try Self.payload("transfer")
        func set(_ key: String, _ value: JSONValue) -> (inout [(key: String, value: JSONValue)]) -> Void {
            { fields in fields = fields.map { $0.key == key ? (key: key, value: value) : $0 } }
        }
        let digest = "0x" + testHex(try Self.proof("transfer").verify().digest)
        let cases: [((inout [(key: String, value: JSONValue)]) -> Void, SubstrateError)] = [
            (
                set("metadataHash", .string("0x" + String(repeating: "ab", count: 32))),
                .proof(.digest(hash: String(repeating: "ab", count: 32), digest: digest))
            ),
            (
                { fields in
                    set("mode", .number("0"))(&fields); set("metadataHash", .null)(&fields)
                }, .proof(.withoutMode(digest: digest))
            ),
            (
                set("specVersion", .string("0x000f4a17")),
                .specVersion(payload: 0x000f_4a17, metadata: 1_002_006, proof: true)
            ),
            (
                set("signedExtensions", .array(RuntimeTable.polkadotExtensions.map { .string($0) })),
                .extensions(
                    .other(
                        given: RuntimeTable.polkadotExtensions, source: .proofForRequest,
                        expected: try Self.proof("transfer").extrinsic.extensions.map(\.identifier)))
            ),
        ]
        for (edit, refusal) in cases {
            #expect(throws: refusal) { _ = try review(try Self.request(payload, edit: edit)) }
        }
        // Another call in the method than the one the proof is for: its types are not in the proof.
        let otherCall = #expect(throws: SubstrateError.self, "a call the proof has no types for was accepted") {
            _ = try review(
                try Self.request(payload, edit: set("method", .string("0x0601" + String(repeating: "00", count: 40)))))
        }
        guard case .proof(.undecodable(field: "method", _))? = otherCall else {
            Issue.record("not the method's refusal by the proof's types: \(otherCall.map(\.description) ?? "none")")
            return
        }
        // A proof for another payload: it lacks the types this one uses, or holds ones it does not.
        let otherProof = #expect(throws: SubstrateError.self, "a proof for another call was accepted") {
            _ = try review(try Self.request(payload, proof: try Self.proof("bond").encoded))
        }
        guard case .proof? = otherProof else {
            Issue.record("not a refusal of the metadata proof: \(otherProof.map(\.description) ?? "none")")
            return
        }
    }

    /// A proof whose types lay the extensions' data out otherwise than this signer's rules
    /// (CheckNonZeroSender taking the spec version's four bytes, CheckSpecVersion none), with a
    /// request that signs its digest: the values shown would not be what the chain reads.
    @Test func extensionLayoutOtherThanTheRulesIsRefused() throws {
        let proof = try Self.proof("transfer")
        let extensions = proof.extrinsic.extensions.map { ext -> LeanExtrinsicMetadata.Extension in
            switch ext.identifier {
            case "CheckNonZeroSender":
                return LeanExtrinsicMetadata.Extension(
                    identifier: ext.identifier, extra: ext.extra, additional: .scalar(.u32))
            case "CheckSpecVersion":
                return LeanExtrinsicMetadata.Extension(identifier: ext.identifier, extra: ext.extra, additional: .void)
            default: return ext
            }
        }
        let extrinsic = LeanExtrinsicMetadata(
            version: proof.extrinsic.version, address: proof.extrinsic.address, call: proof.extrinsic.call,
            signature: proof.extrinsic.signature, extensions: extensions)
        let lying = MetadataProof(
            leaves: proof.leaves, leafIndices: proof.leafIndices, nodes: proof.nodes, extrinsic: extrinsic,
            extraInfo: proof.extraInfo)
        let digest = try lying.verify().digest
        let request = try Self.request(try Self.payload("transfer"), proof: lying.encoded) { fields in
            fields = fields.map {
                $0.key == "metadataHash" ? (key: "metadataHash", value: .string("0x" + testHex(digest))) : $0
            }
        }
        #expect(throws: SubstrateError.proof(.ruleLength(name: "CheckNonZeroSender", rule: [0, 0], proven: [0, 4]))) {
            _ = try review(request)
        }
    }

    /// With the Kusama metadata present, every request's proof is regenerated byte for byte
    /// from it for the payload the signer builds.
    @Test func proofsAreRegeneratedFromTheMetadata() throws {
        guard let bytes = SubstrateMetadataTests.rawBlob("rfc78/ksm.bin") else { return }
        let metadata = try RuntimeMetadata(decoding: bytes)
        let merkleized = try MerkleizedMetadata(
            metadata, extraInfo: try MerkleizedMetadata.extraInfo(of: metadata, decimals: 12, tokenSymbol: "KSM"))
        for name in ["transfer", "bond", "batch"] {
            let (review, _) = try review(try Self.request(try Self.payload(name)))
            #expect(
                try merkleized.proof(forPayload: review.signing[0].bytes).encoded == (try Self.proof(name)).encoded,
                "\(name)")
        }
    }
}
