import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate

extension FuzzTarget {
    /// UOS code 06 requests whose verified proof describes signed extensions this signer has no
    /// rule for (random types from a random type tree, as a new runtime's would be) and a
    /// ChargeAssetTxPayment whose asset id is a random type (`Option` of it): the payload is
    /// written by those types, then mutated, and reviewed by the Substrate module as the signer
    /// does before the PIN (the extension data read by the proof's types, shown decoded, the fee
    /// asset named). It must refuse or review, never trap; a review signs exactly the bytes sent.
    static let substrateProvenExtensions = FuzzTarget(
        name: "substrate-proven-extensions",
        summary: "structure-aware: UOS 06 requests whose proofs describe unknown signed extensions and asset-paid fees"
    ) { input throws(FuzzViolation) in
        var source = FuzzByteSource(input)
        let tree = SubstrateTypeTree(&source)
        func reference() -> TypeRef {
            switch source.below(6) {
            case 0: return .void
            case 1: return .scalar(source.pick([.u8, .u32, .u128, .bool, .str]))
            case 2: return .compact(.u128)
            default: return .byID(UInt32(source.below(max(tree.leaves.count, 1))))
            }
        }
        // ChargeAssetTxPayment's {tip, asset_id: Option<random>}, and one to three unknown extensions.
        let fee: UInt32 = 1_000_010, option: UInt32 = 1_000_011
        let assetType = reference()
        let feeLeaves = [
            LeanType(
                path: ["pallet_asset_conversion_tx_payment", "ChargeAssetTxPayment"],
                definition: .composite([
                    LeanField(name: "tip", type: .compact(.u128), typeName: "BalanceOf<T>"),
                    LeanField(name: "asset_id", type: .byID(option), typeName: nil),
                ]), typeID: fee),
            LeanType(
                path: ["Option"], definition: .enumeration(LeanVariant(name: "None", fields: [], index: 0)),
                typeID: option),
            LeanType(
                path: ["Option"],
                definition: .enumeration(
                    LeanVariant(name: "Some", fields: [LeanField(name: nil, type: assetType, typeName: nil)], index: 1)),
                typeID: option),
        ]
        var extensions = SubstrateProofRequest.extensions.map {
            $0.0 == "ChargeTransactionPayment" ? ("ChargeAssetTxPayment", TypeRef.byID(fee), TypeRef.void) : $0
        }
        for index in 0..<1 + source.below(3) {
            let explicit = reference(), implicit = reference()
            let at = source.below(extensions.count + 1)
            extensions.insert(("Unknown\(index)", explicit, implicit), at: at)
        }
        let all = tree.leaves + SubstrateProofRequest.extensionLeaves + feeLeaves
        // The payload: the call, every extension's extra, every one's additional data.
        let method = tree.value(tree.callType, &source) ?? source.take(source.below(16))
        var extra: [UInt8] = []
        // The additional data in parts: CheckMetadataHash's `Some(digest)` is written once the
        // digest is known.
        var parts: [[UInt8]] = [], hashPart: Int?
        let fixed: [String: (extra: [UInt8], additional: [UInt8])] = [
            "CheckSpecVersion": ([], [0x16, 0x4a, 0x0f, 0x00]), "CheckTxVersion": ([], [26, 0, 0, 0]),
            "CheckGenesis": ([], kusamaGenesis), "CheckMortality": ([0x85, 0x02], [UInt8](repeating: 0x22, count: 32)),
            "CheckNonce": ([28], []), "CheckMetadataHash": ([1], []),
        ]
        for (name, explicit, implicit) in extensions {
            if let known = fixed[name] {
                extra += known.extra
                if name == "CheckMetadataHash" { hashPart = parts.count }
                parts.append(known.additional)
            } else if name == "ChargeAssetTxPayment" {
                extra += [source.byte() & 0xFC]
                if source.bool(), let asset = tree.value(assetType, &source, budget: 256) {
                    extra += [1] + asset
                } else {
                    extra += [0]
                }
            } else if name.hasPrefix("Unknown") {
                extra += tree.value(explicit, &source, budget: 256) ?? []
                parts.append(tree.value(implicit, &source, budget: 256) ?? [])
            } else {
                parts.append([])
            }
        }
        let lean = LeanExtrinsicMetadata(
            version: 4, address: .void, call: tree.callType, signature: .void,
            extensions: extensions.map {
                LeanExtrinsicMetadata.Extension(identifier: $0.0, extra: $0.1, additional: $0.2)
            })
        // The proof holds the leaves the payload uses (a digest placeholder stands for the hash).
        func additional(_ hash: [UInt8]) -> [UInt8] {
            parts.enumerated().flatMap { $0.offset == hashPart ? [1] + hash : $0.element }
        }
        let draft = method + extra + additional([UInt8](repeating: 0, count: 32))
        var leaves = all
        if let set = try? TypeSet(leaves: all, origin: "fuzz") {
            var decoder = TypeDecoder(draft, types: set)
            var read = (try? decoder.decode(tree.callType)) != nil
            for ext in lean.extensions where read { read = (try? decoder.decode(ext.extra)) != nil }
            for ext in lean.extensions where read { read = (try? decoder.decode(ext.additional)) != nil }
            if read { leaves = all.filter { decoder.touched.contains($0.leafKey) } }
        }
        let (proof, digest) = MetadataProof.holdingEvery(
            leaves, extrinsic: lean, extraInfo: SubstrateProofRequest.extraInfo)
        let signed = FuzzMutation.apply(method + extra + additional(digest), source: &source)
        var length = SCALEWriter()
        length.writeCompact(UInt64(min(method.count, signed.count)))
        let uos =
            [0x53, 0x01, 0x06] + SubstrateProofRequest.publicKey + proof.encoded + length.bytes + signed + kusamaGenesis
        guard let address = try? SS58.encode(SubstrateProofRequest.publicKey, prefix: 2),
            let account = try? MessageAccount(address: address, publicKey: SubstrateProofRequest.publicKey),
            let request = try? SignRequest(
                id: RequestID("22222222-2222-4222-8222-222222222222"), chain: ChainID(Chain.substrate),
                network: "polkadot:b0a8d493285c2df73290dfb7e61f870f", account: account,
                payload: .object([("type", .string("uos")), ("uos", .string("0x" + Hex.encode(uos)))])),
            let review = try? SubstrateChain().review(request, context: ReviewContext(now: 0))
        else { return }
        try FuzzViolation.check(
            review.signing.first?.bytes == signed,
            "a UOS request with a proof was reviewed to sign other bytes than it sent")
    }

    private static let kusamaGenesis: [UInt8] =
        (try? Hex.decode("b0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe")) ?? []
}
