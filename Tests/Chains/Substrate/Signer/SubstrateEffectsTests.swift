import AirsignEncoding
import AirsignMessages
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignSubstrate

/// The Substrate danger list, each built as an attacker would: a call by name encoded with
/// Kusama 1002006's real metadata (rfc78/ksm.bin), proved from that metadata and signed over its
/// real metadata hash, so it passes every check a request must pass; the review must then state
/// what the call lets others do.
@Suite struct SubstrateEffectsTests {
    typealias F = SubstrateFixtures
    typealias P = SubstrateProvenReviewTests

    static let merkleized: MerkleizedMetadata? = {
        guard let bytes = SubstrateMetadataTests.rawBlob("rfc78/ksm.bin"),
            let metadata = try? RuntimeMetadata(decoding: bytes),
            let info = try? MerkleizedMetadata.extraInfo(of: metadata, decimals: 12, tokenSymbol: "KSM")
        else { return nil }
        return try? MerkleizedMetadata(metadata, extraInfo: info)
    }()

    /// The Kusama "transfer" request with its call replaced by `pallet.call(args)`, and the
    /// proof rebuilt for it from the real metadata (the metadata hash is unchanged).
    static func request(_ pallet: String, _ call: String, _ args: String) throws -> SignRequest? {
        guard let merkleized else { return nil }
        let encoder = TypeEncoder(types: merkleized.types, callType: merkleized.lean.extrinsic.call, ss58Prefix: 2)
        let method = try encoder.encodeCall(pallet: pallet, call: call, args: try JSONParser().parse(Array(args.utf8)))
        let (original, _) = try P().review(try P.request(try P.payload("transfer")))
        guard case let .string(methodHex)? = try P.payload("transfer")["signerPayload"]?["method"] else {
            throw SubstrateError.notOfKind(field: "the vector's signerPayload.method", expected: "a string")
        }
        let payload = method + Array(original.signing[0].bytes.dropFirst(try testBytes(methodHex).count))
        let proof = try merkleized.proof(forPayload: payload)
        return try P.request(try P.payload("transfer"), proof: proof.encoded) { fields in
            fields.removeAll { $0.key == "method" }
            fields.append((key: "method", value: .string("0x" + testHex(method))))
        }
    }

    static var bob: String { get throws { try F.account(try F.key("//Bob", .sr25519), prefix: 2).address } }
    static var bobHex: String { get throws { "0x" + testHex(try F.accountID(try F.key("//Bob", .sr25519))) } }
    static let stranger = "0x" + String(repeating: "42", count: 32)

    func reviewed(_ pallet: String, _ call: String, _ args: String) throws -> (Review, String, String)? {
        guard let request = try Self.request(pallet, call, args) else { return nil }
        let (review, text) = try P().review(request)
        let batch = BatchReview(
            [request], registry: ChainRegistry([F.module]), context: try F.context(),
            blind: BlindConsent(onlyRequest: true))
        return (review, text, ReviewText.renderTotals(batch))
    }

    /// The tests below return early only when the metadata file is absent (said on stdout);
    /// present, it must be read, or every test here would pass without looking.
    @Test func theRealMetadataIsRead() {
        if SubstrateMetadataTests.rawBlob("rfc78/ksm.bin") != nil { #expect(Self.merkleized != nil) }
    }

    @Test func anXCMTransferCountsItsAssetsToALabelledBeneficiary() throws {
        let args = """
            {"dest": {"V4": {"parents": 0, "interior": {"X1": [{"Parachain": 1000}]}}},
             "beneficiary": {"V4": {"parents": 0, "interior": {"X1": [{"AccountId32": {"network": null, "id": "\(try Self.bobHex)"}}]}}},
             "assets": {"V4": [{"id": {"parents": 0, "interior": "Here"}, "fun": {"Fungible": 2500000000000}}]},
             "fee_asset_item": 0, "weight_limit": "Unlimited"}
            """
        guard let (review, text, summary) = try reviewed("XcmPallet", "limited_reserve_transfer_assets", args) else {
            return
        }
        #expect(review.unknowns.isEmpty)
        #expect(
            review.effects.contains(
                .outflow(
                    Outflow(
                        AssetAmount(asset: try #require(review.totals.first?.asset), amount: 2_500_000_000_000),
                        to: "\(try Self.bob) (contact \"Bob\") on parachain 1000"))))
        #expect(review.totals.map(\.formatted) == ["2.501 KSM + the fee"])
        #expect(text.contains("XcmPallet.limited_reserve_transfer_assets sends the assets to parachain 1000 by XCM"))
        #expect(!summary.contains("nothing leaves"))
    }

    @Test func anXCMTransferOfAnotherAssetIsNeverTheNativeToken() throws {
        let args = """
            {"dest": {"V4": {"parents": 0, "interior": {"X1": [{"Parachain": 1000}]}}},
             "beneficiary": {"V4": {"parents": 0, "interior": {"X1": [{"AccountId32": {"network": null, "id": "\(Self.stranger)"}}]}}},
             "assets": {"V4": [{"id": {"parents": 0, "interior": {"X2": [{"Parachain": 1000}, {"GeneralIndex": 1984}]}}, "fun": {"Fungible": 7}}]},
             "fee_asset_item": 0, "weight_limit": "Unlimited"}
            """
        guard let (review, _, _) = try reviewed("XcmPallet", "limited_teleport_assets", args) else { return }
        #expect(
            review.totals.map(\.formatted).contains("7 base units of the asset at parachain 1000, GeneralIndex 1984"))
    }

    @Test func addProxyIsAControlChangeWithAWarning() throws {
        let args = #"{"delegate": {"Id": "\#(Self.stranger)"}, "proxy_type": "Any", "delay": 0}"#
        guard let (review, text, summary) = try reviewed("Proxy", "add_proxy", args) else { return }
        let stranger = try SS58.encode(try testBytes(Self.stranger), prefix: 2)
        #expect(
            review.effects.contains(
                .control(
                    ControlChange(
                        "grants a proxy of type Any over this account", party: "\(stranger) (not in your contacts)",
                        granted: true))))
        #expect(review.unknowns.isEmpty)
        #expect(
            text.contains(
                "PROXY: \(stranger) (not in your contacts) may act for this account (proxy type Any) until the proxy is removed"
            ))
        #expect(summary.hasPrefix("Batch: 1 request, all reviewed, 1 control change\n"))
        #expect(!summary.contains("  total     nothing leaves the accounts\n"))
    }

    @Test func aProxiedTransferIsTotalledAsTheRealAccounts() throws {
        let args = """
            {"real": {"Id": "\(try Self.bobHex)"}, "force_proxy_type": null,
             "call": {"pallet": "Balances", "call": "transfer_keep_alive", "args": {"dest": {"Id": "\(Self.stranger)"}, "value": 3000000000000}}}
            """
        guard let (review, _, summary) = try reviewed("Proxy", "proxy", args) else { return }
        #expect(review.totals.map(\.formatted).contains("3 KSM from \(try Self.bob) (contact \"Bob\")"))
        #expect(summary.contains("3 KSM from \(try Self.bob)"))
    }

    @Test func approveAsMultiOfAHashIsUnknown() throws {
        let args = """
            {"threshold": 2, "other_signatories": ["\(try Self.bobHex)"], "maybe_timepoint": null,
             "call_hash": "\(Self.stranger)", "max_weight": {"ref_time": 1, "proof_size": 1}}
            """
        guard let (review, text, _) = try reviewed("Multisig", "approve_as_multi", args) else { return }
        #expect(review.unknowns == ["Multisig.approve_as_multi approves a call seen only by its hash"])
        #expect(text.contains("Multisig.approve_as_multi approves a call the signer sees only as a hash"))
        // Without --blind it is refused, naming what the signer does not understand.
        let refused = BatchReview(
            [try #require(try Self.request("Multisig", "approve_as_multi", args))], registry: ChainRegistry([F.module]),
            context: try F.context(), blind: .none)
        #expect(
            refused.refusals.first?.description.contains(
                "has effects the signer does not understand (Multisig.approve_as_multi") == true)
    }

    @Test func anyOtherProvenCallIsUnknownNotSilent() throws {
        // Joining a nomination pool moves the amount into the pool's account: not a kind the
        // signer reads, so it is unknown, never silent.
        guard
            let (review, _, summary) = try reviewed(
                "NominationPools", "join", #"{"amount": "1000000000000", "pool_id": 1}"#)
        else { return }
        #expect(review.unknowns == ["NominationPools.join: the signer does not know what it moves, locks or grants"])
        #expect(summary.contains("effects the signer does not understand: 1 request (1)"))
        #expect(!summary.contains("nothing leaves"))
    }
}
