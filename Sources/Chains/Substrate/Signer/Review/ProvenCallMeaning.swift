import AirsignEncoding
import AirsignMessages
import BigInt

/// What one call decoded with a metadata proof lets happen: its effects and warnings, read from
/// its decoded arguments by exact pallet and call name. A call not named here is an `unknown`
/// effect: a proof gives a call's types, not its meaning, so the signer counts only what it
/// knows and says the rest is not understood.
struct ProvenCallMeaning {
    private(set) var effects: [Effect] = []
    private(set) var warnings: [String] = []
    /// For a call that carries a call made as another account (Proxy.proxy, as_derivative,
    /// as_multi): that account, labelled.
    private(set) var innerActsFor: String?

    /// Calls that only carry other calls: they move nothing themselves.
    static let wrappers: Set<String> = ["Utility.batch", "Utility.batch_all", "Utility.force_batch"]
    static let statedTransfers: Set<String> = [
        "Balances.transfer_allow_death", "Balances.transfer_keep_alive", "Balances.transfer",
    ]
    /// Calls known to move, lock away from the account, or grant nothing beyond what their
    /// lines show: a remark, staking and voting choices that keep the funds in the account.
    static let inert: Set<String> = [
        "System.remark", "System.remark_with_event",
        "Staking.chill", "Staking.nominate", "Staking.unbond", "Staking.rebond", "Staking.withdraw_unbonded",
        "Staking.bond_extra",
        "ConvictionVoting.vote", "ConvictionVoting.remove_vote", "ConvictionVoting.unlock",
        "Multisig.cancel_as_multi", "Proxy.reject_announcement", "Proxy.remove_announcement",
    ]
    /// Pallets whose balances are of an asset other than the native token.
    static let assetPallets: Set<String> = ["Assets", "ForeignAssets", "PoolAssets"]

    /// Pallets that send XCM transfers.
    static let xcmPallets: Set<String> = ["XcmPallet", "PolkadotXcm"]

    init(
        pallet: String, call: String, arguments: [TypedValue.Field], native nativeAsset: Asset,
        relayTokenIsNative: Bool,
        account: ([UInt8]) throws -> String, actingFor: String?
    ) throws {
        let name = "\(pallet).\(call)"
        func argument(_ wanted: String) -> TypedValue? { arguments.first { $0.name == wanted }?.value }
        func party(_ wanted: String) throws -> String {
            guard let value = argument(wanted) else { return "(no \(wanted))" }
            guard let id = Self.accountID(value) else { return "a \(wanted) that is not an account id" }
            return try account(id)
        }
        func units(_ wanted: String) -> BigUInt? {
            if case let .unsigned(number)? = argument(wanted)?.value { return number }
            return nil
        }

        if Self.statedTransfers.contains(name) {
            effects.append(
                .outflow(
                    Outflow(
                        AssetAmount(asset: nativeAsset, amount: units("value") ?? 0), from: actingFor,
                        to: try party("dest"))))
        } else if name == "Balances.transfer_all" {
            let keepAlive = argument("keep_alive")?.value == .bool(true)
            effects.append(
                .outflow(
                    Outflow(
                        AssetAmount(
                            asset: nativeAsset, amount: 0,
                            unstated: ["the whole transferable balance (Balances.transfer_all)"]),
                        from: actingFor, to: try party("dest"))))
            warnings.append(BuiltInCallDecoder.transferAllWarning(keepAlive: keepAlive))
        } else if Self.wrappers.contains(name) || Self.inert.contains(name) {
            // The carried calls are walked on their own.
        } else if Self.xcmPallets.contains(pallet), ProvenXCM.transfers.contains(call),
            let xcm = try ProvenXCM(
                arguments: arguments, native: nativeAsset, relayTokenIsNative: relayTokenIsNative, account: account,
                actingFor: actingFor)
        {
            effects += xcm.outflows.map { .outflow($0) }
            warnings.append(
                "\(name) sends the assets to \(xcm.destination) by XCM: part of them pays the fees there, and a transfer to a chain "
                    + "that cannot receive them may strand them")
        } else if Self.assetPallets.contains(pallet), call == "transfer" || call == "transfer_keep_alive" {
            let asset = Self.otherAsset(pallet: pallet, id: argument("id"), native: nativeAsset)
            effects.append(
                .outflow(
                    Outflow(
                        AssetAmount(asset: asset, amount: units("amount") ?? 0), from: actingFor,
                        to: try party("target"))))
        } else if Self.assetPallets.contains(pallet), call == "approve_transfer" {
            let asset = Self.otherAsset(pallet: pallet, id: argument("id"), native: nativeAsset)
            let delegate = try party("delegate")
            effects.append(
                .allowance(
                    Approval(
                        asset: asset.symbol, spender: delegate, allowance: String(units("amount") ?? 0),
                        isUnlimited: false)))
            warnings.append(
                "an allowance: \(delegate) may move \(units("amount") ?? 0) \(asset.symbol) of this account")
        } else {
            try controlOrUnknown(pallet: pallet, call: call, argument: argument, party: party, account: account)
        }
        // A call made for another account: that account pays and its balance moves.
        switch name {
        case "Proxy.proxy", "Proxy.proxy_announced":
            innerActsFor = try party("real")
        case "Utility.as_derivative":
            innerActsFor =
                "the derivative account \(units("index").map(String.init) ?? "?") of " + (actingFor ?? "this account")
        case "Multisig.as_multi", "Multisig.as_multi_threshold_1":
            var others = 0
            if case let .sequence(items)? = argument("other_signatories")?.value { others = items.count }
            innerActsFor =
                "the multisig account of " + (actingFor ?? "this account")
                + " and \(others) other signator\(others == 1 ? "y" : "ies")"
                + (units("threshold").map { ", threshold \($0)" } ?? ", threshold 1")
        default:
            break
        }
    }

    /// The control changes the signer knows, and the unknown effect for every other call.
    private mutating func controlOrUnknown(
        pallet: String, call: String, argument: (String) -> TypedValue?, party: (String) throws -> String,
        account: ([UInt8]) throws -> String
    ) throws {
        let name = "\(pallet).\(call)"
        func variantName(_ wanted: String) -> String {
            if case let .variant(variant, _, _)? = argument(wanted)?.value { return variant }
            return "?"
        }
        switch name {
        case "Staking.bond", "Staking.set_payee":
            // Bonding keeps the funds in the account; only where the rewards go can send value
            // elsewhere: to an account other than this one is control over them, said.
            guard case let .variant(payee, _, fields)? = argument("payee")?.value else {
                effects.append(.unknown(what: "\(name) with a reward destination the signer cannot read"))
                return
            }
            switch payee {
            case "Staked", "Stash", "None":
                break
            case "Account" where fields.count == 1:
                let to =
                    try Self.accountID(fields[0].value).map { try account($0) } ?? "an account the signer cannot read"
                effects.append(
                    .control(ControlChange("sends this account's staking rewards", party: to, granted: true)))
                warnings.append("\(name): the staking rewards of this account go to \(to), not to this account")
            default:
                effects.append(.unknown(what: "\(name) with the reward destination \(payee)"))
            }
        case "Proxy.add_proxy":
            let delegate = try party("delegate")
            effects.append(
                .control(
                    ControlChange(
                        "grants a proxy of type \(variantName("proxy_type")) over this account", party: delegate,
                        granted: true)))
            warnings.append(
                "PROXY: \(delegate) may act for this account (proxy type \(variantName("proxy_type"))) until the proxy is removed"
            )
        case "Proxy.remove_proxy":
            effects.append(
                .control(
                    ControlChange(
                        "removes the proxy of type \(variantName("proxy_type"))", party: try party("delegate"),
                        granted: false)))
        case "Proxy.remove_proxies":
            effects.append(.control(ControlChange("removes every proxy of this account", party: nil, granted: false)))
        case "Proxy.create_pure":
            effects.append(
                .control(
                    ControlChange(
                        "creates a pure proxy account this account controls, proxy type \(variantName("proxy_type"))",
                        party: nil, granted: true)))
        case "Proxy.kill_pure":
            effects.append(
                .control(
                    ControlChange("destroys the pure proxy account this call is made for", party: nil, granted: false)))
            warnings.append(
                "Proxy.kill_pure removes the pure account for good: whatever it still holds can never be moved again")
        case "Proxy.proxy", "Proxy.proxy_announced", "Utility.as_derivative", "Multisig.as_multi",
            "Multisig.as_multi_threshold_1":
            break  // the carried call's own effects are counted, for the account it acts for
        case "Multisig.approve_as_multi":
            effects.append(.unknown(what: "Multisig.approve_as_multi approves a call seen only by its hash"))
            warnings.append(
                "Multisig.approve_as_multi approves a call the signer sees only as a hash: what it does cannot be shown"
            )
        case "Proxy.announce":
            effects.append(.unknown(what: "Proxy.announce announces a call seen only by its hash"))
            warnings.append(
                "Proxy.announce announces a call the signer sees only as a hash: once the delay passes, the proxy may make it"
            )
        case _ where pallet == "XcmPallet" || pallet == "PolkadotXcm" || pallet == "XTokens":
            effects.append(
                .unknown(
                    what:
                        "\(name), an XCM message the signer does not read as a transfer of fungible assets to one account"
                ))
            warnings.append(
                "\(name) sends an XCM message: what it moves and where is in the lines above, not in the totals")
        default:
            effects.append(.unknown(what: "\(name): the signer does not know what it moves, locks or grants"))
        }
    }

    /// The 32-byte account id in an `AccountId32`, a `MultiAddress::Id` or a plain `[u8; 32]`.
    static func accountID(_ value: TypedValue) -> [UInt8]? {
        switch value.value {
        case let .bytes(bytes) where bytes.count == 32: return bytes
        case let .composite(fields) where fields.count == 1: return accountID(fields[0].value)
        case let .variant(name, _, fields) where name == "Id" && fields.count == 1: return accountID(fields[0].value)
        default: return nil
        }
    }

    /// An asset of an Assets-like pallet: its id and base units, never the native token.
    static func otherAsset(pallet: String, id: TypedValue?, native: Asset) -> Asset {
        var text = "?"
        if case let .unsigned(number)? = id?.value { text = String(number) } else if id != nil { text = "(a location)" }
        return Asset(
            chain: native.chain, network: native.network, id: "\(pallet) \(text)",
            symbol: "base units of \(pallet) asset \(text)", decimals: 0)
    }
}
