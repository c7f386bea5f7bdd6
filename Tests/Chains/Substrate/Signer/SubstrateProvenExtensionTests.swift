import AirsignCrypto
import AirsignEncoding
import AirsignMessages
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignSubstrate

/// Signed extensions a metadata proof describes (issue 33): with a proof, an extension this
/// signer has no rule for is laid out by the proof's types; extensions whose data is empty are
/// listed as such; one with data is shown decoded with a warning and an unknown effect (a UOS
/// request carries its bytes; a SignerPayloadJSON has no field for them and is refused); without
/// a proof such an extension is still refused by name. Asset-paid fees (ChargeAssetTxPayment
/// with an XCM location) are shown as the asset and amount, natively and under UOS.
@Suite struct SubstrateProvenExtensionTests {
    typealias F = SubstrateFixtures
    typealias P = SubstrateProvenReviewTests

    static let assetHubGenesis = "0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f"
    static let assetHubNetwork = "polkadot:68d56f15f85d3136970ec16946040bc1"

    /// The Kusama transfer's proof with `added` appended to its extension list, and its digest.
    static func extended(_ added: [LeanExtrinsicMetadata.Extension]) throws -> (MetadataProof, [UInt8]) {
        let proof = try P.proof("transfer")
        let extrinsic = LeanExtrinsicMetadata(
            version: proof.extrinsic.version, address: proof.extrinsic.address, call: proof.extrinsic.call,
            signature: proof.extrinsic.signature, extensions: proof.extrinsic.extensions + added)
        let changed = MetadataProof(
            leaves: proof.leaves, leafIndices: proof.leafIndices, nodes: proof.nodes, extrinsic: extrinsic,
            extraInfo: proof.extraInfo)
        return (changed, try changed.verify().digest)
    }

    /// The Kusama transfer request with `added` extensions, signing the digest of their proof.
    static func request(_ added: [LeanExtrinsicMetadata.Extension]) throws -> SignRequest {
        let (proof, digest) = try extended(added)
        let names = proof.extrinsic.extensions.map(\.identifier)
        return try P.request(try P.payload("transfer"), proof: proof.encoded) { fields in
            fields = fields.map { field in
                switch field.key {
                case "metadataHash": return (key: field.key, value: .string("0x" + testHex(digest)))
                case "signedExtensions": return (key: field.key, value: .array(names.map { .string($0) }))
                default: return field
                }
            }
        }
    }

    func review(_ request: SignRequest) throws -> (Review, String) {
        let context = try F.context()
        let review = try F.module.review(request, context: context)
        return (
            review, unwrappedReview(ReviewText.render(review, position: 1, of: 1, module: F.module, context: context))
        )
    }

    static func lines(_ review: Review) -> [String] { review.lines.map { "\($0.level) \($0.label): \($0.value)" } }

    @Test func extensionsWithoutDataAreSignedWithAProofAndListed() throws {
        let original = try F.module.review(try P.request(try P.payload("transfer")), context: try F.context())
        let request = try Self.request([
            LeanExtrinsicMetadata.Extension(identifier: "EthSetOrigin", extra: .void, additional: .void),
            LeanExtrinsicMetadata.Extension(identifier: "SomethingNew", extra: .void, additional: .void),
        ])
        let (review, _) = try review(request)
        let (_, digest) = try Self.extended([
            LeanExtrinsicMetadata.Extension(identifier: "EthSetOrigin", extra: .void, additional: .void),
            LeanExtrinsicMetadata.Extension(identifier: "SomethingNew", extra: .void, additional: .void),
        ])
        #expect(review.confirmation == .standard)
        #expect(
            Self.lines(review).contains(
                "0 extensions without data: CheckNonZeroSender, CheckWeight, EthSetOrigin, SomethingNew "
                    + "(explicit and implicit parts empty by the metadata proof's types)"), "\(Self.lines(review))")
        #expect(review.warnings.allSatisfy { !$0.contains("EthSetOrigin") })
        // Nothing is added to the bytes: the payload is the original with the new digest.
        #expect(review.signing[0].bytes == Array(original.signing[0].bytes.dropLast(32)) + digest)
        // Signed, and the watch's finalize verifies it.
        _ = try F.roundTrip(request, key: try F.key("//Alice", .sr25519))
    }

    @Test func extensionWithDataIsRefusedInASignerPayloadJSON() throws {
        let request = try Self.request([
            LeanExtrinsicMetadata.Extension(identifier: "CheckFoo", extra: .void, additional: .scalar(.u32))
        ])
        #expect(throws: SubstrateError.extensions(.dataUnknown(name: "CheckFoo", building: false))) {
            _ = try review(request)
        }
    }

    /// A UOS code 06 request carries the bytes: the extension is shown decoded, with a warning
    /// and an effect the signer does not understand (so only `--blind` signs it).
    @Test func extensionWithDataIsShownDecodedUnderUOS() throws {
        let added = [LeanExtrinsicMetadata.Extension(identifier: "CheckFoo", extra: .void, additional: .scalar(.u32))]
        let (proof, digest) = try Self.extended(added)
        let original = try F.module.review(try P.request(try P.payload("transfer")), context: try F.context())
        let signed = Array(original.signing[0].bytes.dropLast(32)) + digest + [0x2A, 0, 0, 0]
        guard case let .string(method)? = try P.payload("transfer")["signerPayload"]?["method"] else {
            throw SubstrateError.notOfKind(field: "the vector's signerPayload.method", expected: "a string")
        }
        let alice = try F.account(try F.key("//Alice", .sr25519), prefix: 2)
        var length = SCALEWriter()
        length.writeCompact(UInt64(testBytes(method).count))
        let kusamaGenesis = testBytes("b0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe")
        let uos: [UInt8] =
            [0x53, 0x01, 0x06] + (try F.accountID(try F.key("//Alice", .sr25519))) + proof.encoded + length.bytes
            + signed + kusamaGenesis
        let request = try SignRequest(
            id: RequestID(F.id), chain: F.module.chain, network: P.kusamaNetwork, account: alice,
            payload: .object([(key: "type", value: .string("uos")), (key: "uos", value: .string("0x" + testHex(uos)))]))
        let (review, _) = try review(request)
        let lines = Self.lines(review)
        #expect(
            lines.contains("0 extension CheckFoo: unknown to this signer, decoded with the metadata proof's types"),
            "\(lines)")
        #expect(lines.contains("1 explicit: ()") && lines.contains("1 implicit: 42"), "\(lines)")
        #expect(
            review.warnings.contains(
                "signed extension CheckFoo is unknown to this signer: its values are shown as the metadata proof's types "
                    + "decode them, but what they make the chain do is not known"))
        #expect(
            review.effects.contains(
                .unknown(what: "signed extension CheckFoo, whose values this signer has no meaning for")))
        #expect(review.confirmation != .standard)
        #expect(review.signing[0].bytes == signed)
    }

    @Test func withoutAProofAnExtensionWithoutARuleIsRefusedByName() throws {
        let account = try F.account(try F.key("//Alice", .sr25519))
        let names = [
            "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality", "CheckNonce",
            "CheckWeight",
            "ChargeAssetTxPayment", "CheckMetadataHash", "EthSetOrigin",
        ]
        let request = try F.request(
            account,
            payload: F.payloadJSON(
                account, method: try F.transferCall(), genesis: Self.assetHubGenesis, extensions: names),
            network: Self.assetHubNetwork)
        #expect(
            throws: SubstrateError.extensions(.unknown(name: "EthSetOrigin", namedBy: "the request")),
            "EthSetOrigin without a proof was not refused"
        ) {
            _ = try review(request)
        }
    }

    // MARK: asset-paid fees on the real Asset Hub V15 metadata

    /// A transfer of 1.5 DOT on Polkadot Asset Hub (spec 2000000) with a tip paid in `assetId`
    /// (SCALE `Option<Location>`), with its proof; nil when ../shared/data lacks the metadata.
    static func assetHubRequest(assetId: String, tip: UInt128) throws -> SignRequest? {
        guard let blob = SubstrateMetadataTests.blob("asset-hub-polkadot-metadata-v15.hex") else { return nil }
        let metadata = try RuntimeMetadata(decoding: blob)
        let merkleized = try MerkleizedMetadata(
            metadata, extraInfo: try MerkleizedMetadata.extraInfo(of: metadata, decimals: 10, tokenSymbol: "DOT"))
        let account = try F.account(try F.key("//Alice", .sr25519))
        var method = SCALEWriter()
        method.writeBytes([10, 3, 0] + (try F.accountID(try F.key("//Bob", .sr25519))))
        method.writeCompact(UInt128(15_000_000_000))
        let json = signerPayloadJSON(
            address: account.address, method: "0x" + testHex(method.bytes), era: "0xa502", nonce: 7, tip: tip,
            specVersion: 2_000_000, transactionVersion: 15, genesis: assetHubGenesis, blockHash: F.blockHash,
            blockNumber: 42,
            extensions: metadata.signedExtensions, assetId: assetId, metadataHash: "0x" + testHex(merkleized.digest),
            mode: 1)
        let payload = try SignerPayload(json: json)
        let bytes = SigningPayload(
            payload, extensions: try merkleized.extensionList(assetIDLength: payload.assetIdOption.count - 1),
            provenDigest: merkleized.digest
        ).bytes
        let proof = try merkleized.proof(forPayload: bytes)
        return try SignRequest(
            id: RequestID(F.id), chain: F.module.chain, network: assetHubNetwork, account: account,
            payload: .object([
                (key: "type", value: .string("extrinsic")), (key: "signerPayload", value: json),
                (key: "metadataProof", value: .string("0x" + testHex(proof.encoded))),
            ]))
    }

    /// The same request as the UOS code 06 bytes polkadot-js sends.
    static func uos(_ request: SignRequest) throws -> SignRequest {
        let uos = try UOSPayload(request: request)
        return try SignRequest(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            payload: .object([
                (key: "type", value: .string("uos")), (key: "uos", value: .string("0x" + testHex(uos.encoded))),
            ]))
    }

    @Test func tipInTheRelayTokenLocationIsShownInDOT() throws {
        guard let request = try Self.assetHubRequest(assetId: "0x010100", tip: 1_000_000) else { return }
        for form in [request, try Self.uos(request)] {
            let (review, _) = try review(form)
            let lines = Self.lines(review)
            #expect(lines.contains("0 tip: 0.0001 DOT"), "\(lines)")
            #expect(lines.contains("0 fees paid in: DOT (XCM location: the relay chain)"), "\(lines)")
            #expect(review.totals.map(\.formatted) == ["1.5001 DOT + the fee"])
            #expect(review.confirmation == .standard)
            let (output, _) = try F.roundTrip(form, key: try F.key("//Alice", .sr25519))
            #expect(!output.signatures.isEmpty)
        }
        let native = try F.module.review(request, context: try F.context())
        let scanned = try F.module.review(try Self.uos(request), context: try F.context())
        #expect(native.signing.map(\.bytes) == scanned.signing.map(\.bytes))
    }

    @Test func tipInAnAssetsPalletAssetIsShownInItsBaseUnits() throws {
        // Some(Location { parents: 0, interior: X2(PalletInstance(50), GeneralIndex(1984)) }): USDT.
        guard let request = try Self.assetHubRequest(assetId: "0x010002043205011f", tip: 5000) else { return }
        for form in [request, try Self.uos(request)] {
            let (review, _) = try review(form)
            let lines = Self.lines(review)
            #expect(lines.contains("0 tip: 5000 base units of asset 1984 of pallet 50"), "\(lines)")
            #expect(
                lines.contains(
                    "0 fees paid in: asset 1984 of pallet 50 (XCM location: PalletInstance 50, GeneralIndex 1984)"),
                "\(lines)")
            #expect(
                review.warnings.contains(
                    "fees and tip are paid in asset 1984 of pallet 50 (XCM location: PalletInstance 50, GeneralIndex 1984), "
                        + "whose decimals and symbol this signer does not know: the tip is shown in its base units"))
            #expect(
                Set(review.totals.map(\.formatted)) == [
                    "1.5 DOT", "5000 base units of asset 1984 of pallet 50 + the fee, in that asset",
                ],
                "\(review.totals.map(\.formatted))")
            _ = try F.roundTrip(form, key: try F.key("//Alice", .sr25519))
        }
    }
}
