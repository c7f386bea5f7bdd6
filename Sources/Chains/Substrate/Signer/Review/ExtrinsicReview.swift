import AirsignEncoding
import AirsignMessages
import BigInt

/// What the signer shows for a SignerPayloadJSON before the PIN. Every value is read back from
/// the signed bytes by the extension list the signer trusts (`ExtensionValues`), never taken
/// from the JSON fields: the network by its signed genesis hash, the call (the whole tree,
/// decoded with the types of a verified RFC-0078 proof whose digest is signed; without a proof,
/// by the signer's table when it knows the runtime, else raw and needing `--blind`), era and checkpoint,
/// nonce, tip, versions, metadata-hash mode. The request's own words (the block number it
/// claims, a list no table vouches for) are marked as such.
struct ExtrinsicReview {
    let title: String
    let lines: [ReviewLine]
    let warnings: [String]
    /// What signing lets happen: the call tree's effects, the tip, and an unknown effect for
    /// whatever the signer cannot read.
    let effects: [Effect]

    /// `proven`: the payload decoded with the request's verified metadata proof; its call tree,
    /// token and address format are then the proof's, which the signed digest binds.
    init(
        payload: SignerPayload, signing: SigningPayload, proven: ProvenPayload?, calls: any CallDecoder,
        chain: SubstrateChain,
        context: ReviewContext
    ) throws {
        let list = signing.extensions
        let values = try ExtensionValues(reading: signing.bytes, callLength: payload.method.count, by: list)
        try values.checkImmortalCheckpoint(genesis: values.genesisHash ?? payload.genesisHash)
        // Without CheckGenesis nothing signed names the network: the request's genesis hash
        // still picks the address format, but the review says it is only the request's.
        let network = SubstrateNetwork.byGenesis(values.genesisHash ?? payload.genesisHash)
        let networkID = SubstrateNetwork.caip2(genesisHash: values.genesisHash ?? payload.genesisHash)
        var warnings: [String] = []
        var lines: [ReviewLine] = []
        let extraInfo = proven?.metadata.extraInfo
        let prefix = extraInfo?.base58Prefix ?? network?.ss58Prefix ?? payload.addressPrefix
        func account(_ id: [UInt8]) throws -> String { try chain.describe(accountID: id, prefix: prefix, in: context) }
        let asset =
            extraInfo.map {
                Asset(chain: chain.chain, network: networkID, symbol: $0.tokenSymbol, decimals: Int($0.decimals))
            }
            ?? network.map { Asset(chain: chain.chain, network: networkID, symbol: $0.symbol, decimals: $0.decimals) }
        func amount(_ value: UInt128) -> String {
            guard let asset else { return "\(value) base units (token unknown for this network)" }
            return AssetAmount(asset: asset, amount: BigUInt(uint128: value)).formatted
        }
        func notSigned(_ extensionName: String) -> String { "not signed (the list has no \(extensionName))" }
        // An unknown token's amounts still count as leaving, in base units.
        let counted =
            asset
            ?? Asset(
                chain: chain.chain, network: networkID, symbol: "base units (token unknown for this network)",
                decimals: 0)
        var effects: [Effect] = []

        if let genesis = values.genesisHash {
            lines.append(ReviewLine("genesis", "0x" + Hex.encode(genesis)))
            if let network {
                lines.append(ReviewLine("network name", network.name, source: .signerTable))
            } else if let extraInfo {
                lines.append(ReviewLine("runtime", "\(extraInfo.specName) (from the metadata proof)"))
            } else {
                lines.append(ReviewLine("network name", "unknown to this signer", source: .signerTable))
            }
        } else {
            lines.append(ReviewLine("genesis", notSigned("CheckGenesis")))
            lines.append(
                ReviewLine(
                    "network name",
                    (network?.name ?? "unknown") + ", by the request's genesis hash 0x"
                        + Hex.encode(payload.genesisHash),
                    source: .request))
        }
        if network == nil, proven == nil {
            warnings.append("the genesis hash is not a network this signer knows; check it is the chain you mean")
        }
        lines.append(ReviewLine("from", try account(payload.accountID)))

        // Only a runtime in the signer's table picks call indices: its list signs the genesis
        // hash and both versions, so the table used is the one of the chain that will run it.
        var decoded: DecodedCall?
        // With a proof the proof's types decode the call and every extension's data; the table
        // is not consulted.
        var extensions: ProvenExtensions?
        if proven == nil, list.isTrusted, let specVersion = values.specVersion,
            let transactionVersion = values.transactionVersion,
            values.genesisHash != nil
        {
            decoded = try calls.decode(
                payload.method, network: network, specVersion: specVersion, transactionVersion: transactionVersion)
        }
        if let proven {
            let specName = proven.metadata.extraInfo.specName
            let assetHub =
                specName.hasPrefix("asset-hub") || specName == "statemint" || specName == "statemine"
                || specName == "westmint"
            var tree = ProvenCallLines(
                callType: proven.metadata.extrinsic.call, native: counted, relayTokenIsNative: assetHub,
                account: { try account($0) },
                amount: { units in
                    asset.map { AssetAmount(asset: $0, amount: units).formatted } ?? "\(units) base units"
                })
            try tree.add(call: proven.call, label: "call", level: 0)
            lines += tree.lines
            lines.append(
                ReviewLine(
                    "decoded with",
                    "the chain's metadata (\(proven.metadata.extraInfo.specName) spec "
                        + "\(proven.metadata.extraInfo.specVersion)), guaranteed by CheckMetadataHash: the signed metadata hash is the digest "
                        + "the signer rebuilt from the request's proof"))
            effects += tree.effects
            warnings += tree.warnings
            let render = ProvenCallLines(
                callType: proven.metadata.extrinsic.call, native: counted, relayTokenIsNative: assetHub,
                account: { try account($0) },
                amount: { units in
                    asset.map { AssetAmount(asset: $0, amount: units).formatted } ?? "\(units) base units"
                })
            extensions = try ProvenExtensions(
                proven, list: list, native: counted, relayTokenIsNative: assetHub, render: render)
        } else if let decoded {
            lines.append(ReviewLine("call", "\(decoded.name) (\(decoded.source))"))
            for argument in decoded.arguments {
                let value: String
                switch argument.value {
                case let .text(text): value = text
                case let .account(id): value = try account(id)
                case let .amount(units): value = amount(units)
                }
                lines.append(ReviewLine(argument.label, value, level: argument.level))
            }
            for transfer in decoded.transfers {
                let to = try transfer.to.map { try account($0) } ?? "a destination that is not an account id"
                let amount =
                    transfer.amount.map { AssetAmount(asset: counted, amount: BigUInt(uint128: $0)) }
                    ?? AssetAmount(asset: counted, amount: 0, unstated: ["the whole transferable balance"])
                effects.append(.outflow(Outflow(amount, to: to)))
            }
            warnings += decoded.warnings
        } else {
            let pallet = payload.method.first.map(String.init) ?? "?"
            let index = payload.method.dropFirst().first.map(String.init) ?? "?"
            let why =
                list.isTrusted ? "not a call the built-in table knows" : "no runtime table for this network and runtime"
            lines.append(ReviewLine("call", "pallet \(pallet), call \(index) (not decoded: \(why))"))
            lines.append(ReviewLine("call arguments (hex)", "0x" + Hex.encode(payload.method.dropFirst(2))))
            effects.append(
                .unknown(
                    what: list.isTrusted
                        ? "a call this signer cannot decode, shown as raw bytes"
                        : "a runtime this signer has no table for: its signed-extension list is the request's and the call is shown as raw bytes"
                ))
        }
        if proven == nil {
            lines.append(
                ReviewLine(
                    "decoded with",
                    decoded == nil
                        ? "nothing: the call is shown as raw bytes (no metadata proof)"
                        : "the signer's built-in table, not guaranteed by CheckMetadataHash (no metadata proof)",
                    source: .signerTable))
        }

        // Since the Asset Hub migration the relay chains keep no one's balance: a transfer there
        // moves only what was left behind, and the review says where the balance now lives.
        if let network, let home = Self.balanceHome[network.key],
            effects.contains(where: {
                if case let .outflow(outflow) = $0 { return outflow.to != nil } else { return false }
            })
        {
            lines.append(ReviewLine("balances live on", home, source: .signerTable))
        }

        lines += Self.eraLines(values, claimedBlock: payload.blockNumber, warnings: &warnings)
        lines.append(ReviewLine("nonce", values.nonce.map { "\($0)" } ?? notSigned("CheckNonce")))
        switch values.tip {
        case nil:
            lines.append(ReviewLine("tip", notSigned("ChargeTransactionPayment")))
        case let tip? where tip.asset != nil && extensions?.feeAsset != nil:
            // The asset as the proof's types read it (an id or an XCM location), the tip in it.
            guard let paidIn = extensions?.feeAsset, paidIn.tip == BigUInt(uint128: tip.amount) else {
                throw SubstrateError.feeAsset(.tipDiffers)
            }
            let fee = paidIn.asset
            let paid = AssetAmount(asset: fee.asset, amount: BigUInt(uint128: tip.amount))
            lines.append(ReviewLine("tip", paid.formatted))
            lines.append(ReviewLine("fees paid in", fee.description))
            if !fee.isNative {
                warnings.append(
                    "fees and tip are paid in \(fee.description), whose decimals and symbol this signer does not know: "
                        + "the tip is shown in its base units")
            }
            effects.append(
                .outflow(
                    Outflow(
                        AssetAmount(
                            asset: fee.asset, amount: BigUInt(uint128: tip.amount),
                            unstated: [fee.isNative ? "the fee" : "the fee, in that asset"]))))
        case let tip? where tip.asset != nil:
            let assetID = "0x" + Hex.encode(tip.asset ?? [])
            lines.append(ReviewLine("tip", "\(tip.amount) base units of asset \(assetID)"))
            warnings.append(
                "fees and tip are paid in another asset (asset id \(assetID)) whose units this signer cannot name")
            let paid = Asset(
                chain: chain.chain, network: networkID, id: "asset " + assetID,
                symbol: "base units of asset \(assetID)", decimals: 0)
            effects.append(
                .outflow(
                    Outflow(
                        AssetAmount(
                            asset: paid, amount: BigUInt(uint128: tip.amount), unstated: ["the fee, in that asset"]))
                ))
        case let tip?:
            lines.append(ReviewLine("tip", amount(tip.amount)))
            effects.append(
                .outflow(
                    Outflow(AssetAmount(asset: counted, amount: BigUInt(uint128: tip.amount), unstated: ["the fee"]))))
        }
        lines.append(ReviewLine("spec version", values.specVersion.map { "\($0)" } ?? notSigned("CheckSpecVersion")))
        lines.append(
            ReviewLine("transaction version", values.transactionVersion.map { "\($0)" } ?? notSigned("CheckTxVersion")))
        switch values.metadataHash {
        case .disabled?: lines.append(ReviewLine("metadata hash", "disabled (mode 0)"))
        case let .enabled(hash)?: lines.append(ReviewLine("metadata hash", "enabled (mode 1), 0x" + Hex.encode(hash)))
        case nil: break
        }

        if let extensions {
            if !extensions.empty.isEmpty {
                lines.append(
                    ReviewLine(
                        "extensions without data",
                        extensions.empty.joined(separator: ", ")
                            + " (explicit and implicit parts empty by the metadata proof's types)"))
            }
            lines += extensions.lines
            for warning in extensions.warnings where !warnings.contains(warning) { warnings.append(warning) }
            effects += extensions.effects
        }

        switch list.origin {
        case let .signerTable(name, runtime):
            lines.append(
                ReviewLine(
                    "signed extensions",
                    list.names.joined(separator: ", ") + " (\(name)'s runtime, \(runtime.versions))",
                    source: .signerTable))
        case .metadataProof:
            lines.append(
                ReviewLine(
                    "signed extensions",
                    list.names.joined(separator: ", ")
                        + " (the metadata proof's runtime, bound by the signed metadata hash)"))
        case .request:
            lines.append(ReviewLine("signed extensions", list.names.joined(separator: ", "), source: .request))
            warnings.append(
                "this signer has no runtime table for \(network?.name ?? "this network") at spec \(payload.specVersion), transaction version "
                    + "\(payload.transactionVersion): the values above are read by the request's extension list, which nothing vouches for; "
                    + "the chain may read the same signed bytes otherwise")
        }
        if signing.bytes.count > 256 {
            lines.append(ReviewLine("signed as", "BLAKE2b-256 of the \(signing.bytes.count)-byte payload"))
        }

        title = "Substrate transaction" + (network.map { " on \($0.name)" } ?? "")
        self.lines = lines
        self.warnings = warnings
        self.effects = effects
    }

    /// Where a relay chain's balances, staking, governance, proxies and multisigs moved in the
    /// Asset Hub migration, by network key.
    static let balanceHome: [String: String] = [
        "polkadot":
            "Polkadot Asset Hub since the Asset Hub migration of 2025-11-04 (with staking, governance, proxies and multisigs); "
            + "a transfer on the relay chain moves only what is left there",
        "kusama":
            "Kusama Asset Hub since the Asset Hub migration of 2025-10-07 (with staking, governance, proxies and multisigs); "
            + "a transfer on the relay chain moves only what is left there",
    ]

    /// The era as signed: its period and phase (CheckMortality's extra) and the hash of its
    /// first block (its additional data). The block number is only the watch's claim: it is
    /// not signed, so it is shown as the request's words, and flagged when it cannot be the
    /// era's first block.
    static func eraLines(_ values: ExtensionValues, claimedBlock: UInt64?, warnings: inout [String]) -> [ReviewLine] {
        switch values.era {
        case nil:
            warnings.append("the transaction is immortal: it stays valid forever (until the nonce is used)")
            return [ReviewLine("era", "not signed (the list has no CheckMortality): the transaction never expires")]
        case .immortal?:
            warnings.append("the transaction is immortal: it stays valid forever (until the nonce is used)")
            return [ReviewLine("era", "immortal")]
        case let .mortal(period, phase)?:
            let checkpoint = "0x" + Hex.encode(values.checkpoint ?? [])
            let quantum = max(period >> 12, 1)
            let era = ReviewLine(
                "era", "valid for \(period) blocks from the block with hash \(checkpoint) (phase \(phase))")
            guard let claimedBlock else { return [era] }
            if claimedBlock % period / quantum * quantum != phase {
                warnings.append(
                    "the request's block number #\(claimedBlock) is not in phase \(phase) of a \(period)-block era, "
                        + "so it is not the era's first block: the watch's claim is wrong")
            }
            return [
                era,
                ReviewLine("block number", "#\(claimedBlock) (the watch's claim)", source: .request),
            ]
        }
    }
}
