import AirsignEncoding
import AirsignMessages
import BigInt

/// What the signer shows for a SignerPayloadJSON before the PIN: the network by name, the
/// signer in that network's SS58 format, the call (decoded when the call decoder knows it, else
/// raw and needing explicit confirmation), era, nonce, tip, versions, metadata-hash mode.
struct ExtrinsicReview {
    let title: String
    let lines: [ReviewLine]
    let warnings: [String]
    let confirmation: Confirmation
    let totals: [AssetAmount]

    init(payload: SignerPayload, signing: SigningPayload, calls: any CallDecoder, chain: SubstrateChain, context: ReviewContext) throws {
        let network = SubstrateNetwork.byGenesis(payload.genesisHash)
        let networkID = SubstrateNetwork.caip2(genesisHash: payload.genesisHash)
        var warnings: [String] = []
        var lines: [ReviewLine] = []
        let prefix = network?.ss58Prefix ?? payload.addressPrefix
        func address(_ account: [UInt8]) throws -> String { try SS58.encode(account, prefix: prefix) }
        let asset = network.map { Asset(chain: chain.chain, network: networkID, symbol: $0.symbol, decimals: $0.decimals) }
        func amount(_ value: UInt128) -> String {
            guard let asset else { return "\(value) base units (token unknown for this network)" }
            return AssetAmount(asset: asset, amount: BigUInt(value)).formatted
        }

        if let network {
            lines.append(ReviewLine("network name", network.name))
        } else {
            lines.append(ReviewLine("network name", "unknown network, genesis hash 0x" + Hex.encode(payload.genesisHash)))
            warnings.append("the genesis hash is not a network this signer knows; check it is the chain you mean")
        }
        lines.append(ReviewLine("from", chain.describe(try address(payload.accountID), in: context)))

        // The call table is picked by genesis hash and runtime versions: trust them only when the
        // signature covers them, or a request could borrow Polkadot's table for another chain's call.
        let rules = payload.signedExtensions.compactMap(SignedExtension.rule(for:))
        let unsigned = [(SignedExtension.genesis, "CheckGenesis"), (.specVersion, "CheckSpecVersion"), (.transactionVersion, "CheckTxVersion")]
            .filter { !rules.contains($0.0) }.map(\.1)
        if !unsigned.isEmpty {
            warnings.append("signedExtensions has no \(unsigned.joined(separator: ", ")): the genesis hash and runtime versions are not all signed, so the call is not decoded by them")
        }
        let decoded = unsigned.isEmpty
            ? try calls.decode(payload.method, network: network, specVersion: payload.specVersion, transactionVersion: payload.transactionVersion)
            : nil
        var totals: [UInt128] = []
        let confirmation: Confirmation
        if let decoded {
            lines.append(ReviewLine("call", "\(decoded.name) (\(decoded.source))"))
            for argument in decoded.arguments {
                let value: String
                switch argument.value {
                case let .text(text): value = text
                case let .account(id): value = chain.describe(try address(id), in: context)
                case let .amount(units): value = amount(units)
                }
                lines.append(ReviewLine(argument.label, value, level: argument.level))
            }
            totals = decoded.amounts
            confirmation = .standard
        } else {
            let pallet = payload.method.first.map(String.init) ?? "?"
            let index = payload.method.dropFirst().first.map(String.init) ?? "?"
            let why = unsigned.isEmpty ? "no call table for this network and runtime" : "the network and runtime are not signed"
            lines.append(ReviewLine("call", "pallet \(pallet), call \(index) (not decoded: \(why))"))
            lines.append(ReviewLine("call arguments (hex)", "0x" + Hex.encode(payload.method.dropFirst(2))))
            confirmation = .explicit(reason: "a call this signer cannot decode, shown as raw bytes")
        }

        // Without CheckMortality the JSON's era goes nowhere: the transaction has no lifetime.
        switch rules.contains(.mortality) ? payload.era : nil {
        case .immortal?, nil:
            lines.append(ReviewLine("era", rules.contains(.mortality) ? "immortal" : "immortal (no CheckMortality: the era is not signed)"))
            warnings.append("the transaction is immortal: it stays valid forever (until the nonce is used)")
        case let .mortal(period, _)?:
            lines.append(ReviewLine("era", "valid from block \(payload.era.birth(current: payload.blockNumber)) for \(period) blocks"))
        }
        lines.append(ReviewLine("nonce", "\(payload.nonce)"))
        let assetTip = payload.assetIdOption != [0]
        if assetTip {
            lines.append(ReviewLine("tip", "\(payload.tip) base units of asset 0x\(Hex.encode(payload.assetIdOption.dropFirst()))"))
            warnings.append("fees and tip are paid in another asset (assetId 0x\(Hex.encode(payload.assetIdOption.dropFirst()))) whose units this signer cannot name")
        } else {
            lines.append(ReviewLine("tip", amount(payload.tip)))
            totals.append(payload.tip)
        }
        lines.append(ReviewLine("spec version", "\(payload.specVersion)"))
        lines.append(ReviewLine("transaction version", "\(payload.transactionVersion)"))
        if payload.signedExtensions.contains("CheckMetadataHash") {
            lines.append(ReviewLine("metadata hash", payload.mode == 1
                ? "enabled, 0x" + Hex.encode(payload.metadataHash ?? []) : "disabled (mode 0)"))
        }
        lines.append(ReviewLine("signed extensions", payload.signedExtensions.joined(separator: ", ")))
        if signing.bytes.count > 256 {
            lines.append(ReviewLine("signed as", "BLAKE2b-256 of the \(signing.bytes.count)-byte payload"))
        }

        title = "Substrate transaction" + (network.map { " on \($0.name)" } ?? "")
        self.lines = lines
        self.warnings = warnings
        self.confirmation = confirmation
        if let asset {
            let sum = totals.reduce(BigUInt(0)) { $0 + BigUInt($1) }
            self.totals = [AssetAmount(asset: asset, amount: sum)]
        } else {
            self.totals = []
        }
    }
}
