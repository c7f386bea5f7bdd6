import AirsignMessages
import BigInt

/// The assets and beneficiary of an XCM transfer call (`limited_reserve_transfer_assets`,
/// `limited_teleport_assets`, `transfer_assets` and their unlimited forms), read from the values
/// the proof's types decoded: `VersionedLocation` and `VersionedAssets` of XCM v3 to v5. What it
/// cannot read as a plain fungible transfer to one account is nil, and the call stays unknown.
struct ProvenXCM {
    /// Calls that move the listed assets to the beneficiary and nothing else.
    static let transfers: Set<String> = [
        "limited_reserve_transfer_assets", "reserve_transfer_assets", "limited_teleport_assets", "teleport_assets",
        "transfer_assets",
    ]

    let outflows: [Outflow]
    let destination: String

    /// `native`: the chain's token, which the location `parents: 0, Here` names, and on an
    /// Asset Hub (`relayTokenIsNative`) also `parents: 1, Here`.
    init?(
        arguments: [TypedValue.Field], native: Asset, relayTokenIsNative: Bool, account: ([UInt8]) throws -> String,
        actingFor: String?
    ) throws {
        func argument(_ name: String) -> TypedValue? { arguments.first { $0.name == name }?.value }
        guard let dest = argument("dest").flatMap(Self.location),
            let beneficiary = argument("beneficiary").flatMap(Self.location),
            let assets = argument("assets").flatMap(Self.assets)
        else { return nil }
        destination = Self.describe(dest)
        // The beneficiary is an account on the destination: one AccountId32 junction, read as
        // this network's SS58 (the same key on the destination) and labelled.
        guard beneficiary.parents == 0, beneficiary.junctions.count == 1,
            let id = Self.accountID(beneficiary.junctions[0])
        else { return nil }
        let to = try account(id) + " on " + destination
        var outflows: [Outflow] = []
        for (location, amount) in assets {
            let asset: Asset
            if location.junctions.isEmpty, location.parents == 0 || (location.parents == 1 && relayTokenIsNative) {
                asset = native
            } else {
                let where_ = Self.describe(location)
                asset = Asset(
                    chain: native.chain, network: native.network, id: "xcm " + where_,
                    symbol: "base units of the asset at \(where_)", decimals: 0)
            }
            outflows.append(Outflow(AssetAmount(asset: asset, amount: amount), from: actingFor, to: to))
        }
        guard !outflows.isEmpty else { return nil }
        self.outflows = outflows
    }

    struct Location {
        let parents: BigUInt
        let junctions: [TypedValue]
    }

    /// A `VersionedLocation` (or a bare `Location`): parents and the list of junctions.
    static func location(_ value: TypedValue) -> Location? {
        var current = value
        // Unwrap the version variant and any one-field wrapper down to `{parents, interior}`.
        for _ in 0..<4 {
            if case let .composite(fields) = current.value, let parents = fields.first(where: { $0.name == "parents" }),
                let interior = fields.first(where: { $0.name == "interior" })
            {
                guard case let .unsigned(count) = parents.value.value, let junctions = junctions(interior.value) else {
                    return nil
                }
                return Location(parents: count, junctions: junctions)
            }
            switch current.value {
            case let .variant(_, _, fields) where fields.count == 1: current = fields[0].value
            case let .composite(fields) where fields.count == 1: current = fields[0].value
            default: return nil
            }
        }
        return nil
    }

    /// `Here`, or `X1`…`X8` holding the junctions as fields (v3) or as one array (v4, v5).
    static func junctions(_ value: TypedValue) -> [TypedValue]? {
        guard case let .variant(name, _, fields) = value.value else { return nil }
        if name == "Here" { return [] }
        guard name.hasPrefix("X") else { return nil }
        if fields.count == 1, case let .sequence(items) = fields[0].value.value { return items }
        return fields.map(\.value)
    }

    /// The 32-byte id of an `AccountId32 { network, id }` junction.
    static func accountID(_ junction: TypedValue) -> [UInt8]? {
        guard case let .variant("AccountId32", _, fields) = junction.value,
            case let .bytes(id)? = fields.first(where: { $0.name == "id" })?.value.value, id.count == 32
        else { return nil }
        return id
    }

    /// `VersionedAssets` of fungible assets: each asset's location and amount; nil when any is
    /// non-fungible or not read.
    static func assets(_ value: TypedValue) -> [(Location, BigUInt)]? {
        guard case let .variant(_, _, fields) = value.value, fields.count == 1 else { return nil }
        var list = fields[0].value
        if case let .composite(inner) = list.value, inner.count == 1 { list = inner[0].value }
        guard case let .sequence(items) = list.value else { return nil }
        var out: [(Location, BigUInt)] = []
        for item in items {
            guard case let .composite(parts) = item.value, let id = parts.first(where: { $0.name == "id" })?.value,
                let fun = parts.first(where: { $0.name == "fun" })?.value,
                case let .variant("Fungible", _, amount) = fun.value, amount.count == 1,
                case let .unsigned(units) = amount[0].value.value
            else { return nil }
            // v3's AssetId is `Concrete(location)`; v4 and v5's is the location itself.
            var located = id
            if case let .variant(kind, _, inner) = id.value {
                guard kind == "Concrete", inner.count == 1 else { return nil }
                located = inner[0].value
            }
            guard let location = location(located) else { return nil }
            out.append((location, units))
        }
        return out
    }

    /// "parachain 1000", "the relay chain", "this chain", or the junctions by name.
    static func describe(_ location: Location) -> String {
        var parts: [String] = []
        for junction in location.junctions {
            guard case let .variant(name, _, fields) = junction.value else { parts.append("?"); continue }
            if fields.count == 1, case let .unsigned(number) = fields[0].value.value {
                parts.append(name == "Parachain" ? "parachain \(number)" : "\(name) \(number)")
            } else {
                parts.append(name)
            }
        }
        let up =
            location.parents == 0
            ? "this chain" : location.parents == 1 ? "the relay chain" : "\(location.parents) levels up"
        if parts.isEmpty { return up }
        return (location.parents == 0 ? "" : up + ", ") + parts.joined(separator: ", ")
    }
}
