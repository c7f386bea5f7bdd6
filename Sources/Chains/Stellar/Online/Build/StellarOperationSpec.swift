import AirsignEncoding
import AirsignStellar

/// One operation as the watch's builders take it: a type and named text fields, from
/// `--op "payment to=G… amount=10 asset=native"` or from an object of a JSON op list
/// (`[{"type":"payment","to":"G…","amount":"10"}]`, every value a string so amounts stay exact).
/// Every field is checked; an unknown type or field is refused by name.
///
/// Types and fields (`source=G…|M…` on any of them; assets `native` or `CODE:ISSUER`):
/// - `payment to amount [asset]`
/// - `create-account to amount` (the starting balance in XLM)
/// - `change-trust asset [limit]` (limit default the maximum; `limit=0` removes the trust line)
/// - `path-payment-strict-send to send-asset send-amount dest-asset dest-min [path]`
/// - `path-payment-strict-receive to send-asset send-max dest-asset dest-amount [path]`
///   (`path` is assets separated by commas)
/// - `manage-data name [value]` (no value deletes the entry)
/// - `set-options [home-domain] [master-weight] [low-threshold] [med-threshold] [high-threshold]
///   [set-flags] [clear-flags] [signer=G…:WEIGHT] [inflation-dest]` (flags: numbers or
///   `auth-required,auth-revocable,auth-immutable,clawback-enabled`)
/// - `account-merge to`
/// - `bump-sequence to`
/// - `manage-sell-offer selling buying amount price [offer-id]`, `manage-buy-offer selling buying
///   amount price [offer-id]` (amount 0 with an offer id deletes it), `create-passive-sell-offer
///   selling buying amount price`; `price` is `N/D` or an exact decimal (`0.25`)
/// - `claim-claimable-balance id` (the balance id in hex, as Horizon shows it)
/// - `change-trust asset-a asset-b [fee] [limit]`: a trust line for a liquidity pool's shares
/// - `liquidity-pool-deposit asset-a asset-b max-a max-b min-price max-price [fee]`,
///   `liquidity-pool-withdraw asset-a asset-b amount min-a min-b [fee]` (the pool by its two
///   assets in the network's order and its fee, default 30 bp; prices are of A in B)
/// - `extend-footprint-ttl extend-to`, `restore-footprint` (the footprint comes with the
///   transaction's Soroban data: `stellar extend-ttl` and `stellar restore` build it)
///
/// A contract call has no text form: `stellar invoke` and `stellar token` make its operation.
/// The operations are made by `StellarOperations`, as the commands make theirs.
public struct StellarOperationSpec: Sendable, Equatable {
    public let type: String
    public let fields: [String: String]

    public init(type: String, fields: [String: String]) {
        self.type = type
        self.fields = fields
    }

    /// The fields each type takes (`source` is allowed on all).
    static let known: [String: (required: [String], optional: [String])] = [
        "payment": (["to", "amount"], ["asset"]),
        "create-account": (["to", "amount"], []),
        "change-trust": ([], ["asset", "asset-a", "asset-b", "fee", "limit"]),
        "path-payment-strict-send": (["to", "send-asset", "send-amount", "dest-asset", "dest-min"], ["path"]),
        "path-payment-strict-receive": (["to", "send-asset", "send-max", "dest-asset", "dest-amount"], ["path"]),
        "manage-data": (["name"], ["value"]),
        "set-options": (
            [],
            [
                "home-domain", "master-weight", "low-threshold", "med-threshold", "high-threshold", "set-flags",
                "clear-flags",
                "signer", "inflation-dest",
            ]
        ),
        "account-merge": (["to"], []),
        "bump-sequence": (["to"], []),
        "manage-sell-offer": (["selling", "buying", "amount", "price"], ["offer-id"]),
        "manage-buy-offer": (["selling", "buying", "amount", "price"], ["offer-id"]),
        "create-passive-sell-offer": (["selling", "buying", "amount", "price"], []),
        "claim-claimable-balance": (["id"], []),
        "liquidity-pool-deposit": (["asset-a", "asset-b", "max-a", "max-b", "min-price", "max-price"], ["fee"]),
        "liquidity-pool-withdraw": (["asset-a", "asset-b", "amount", "min-a", "min-b"], ["fee"]),
        "extend-footprint-ttl": (["extend-to"], []),
        "restore-footprint": ([], []),
    ]

    /// The operation types the builders know, sorted.
    public static var types: [String] { known.keys.sorted() }

    /// `TYPE key=value …`, whitespace-separated.
    public init(text: String) throws(StellarError) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let type = words.first else { throw .operationSpec(.empty) }
        var fields: [String: String] = [:]
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw .operationSpec(.notKeyValue(type: type, word: word))
            }
            guard fields.updateValue(String(parts[1]), forKey: String(parts[0])) == nil else {
                throw .operationSpec(.givenTwice(type: type, key: String(parts[0])))
            }
        }
        self.init(type: type, fields: fields)
    }

    /// A JSON op list: an array of objects, each with `type` and string fields.
    public static func list(json bytes: [UInt8]) throws(StellarError) -> [StellarOperationSpec] {
        let value: JSONValue
        do { value = try JSONParser().parse(bytes) } catch { throw .notJSON(field: "the op list", reason: "\(error)") }
        guard case let .array(items) = value, !items.isEmpty else { throw .operationSpec(.listNotArray) }
        var specs: [StellarOperationSpec] = []
        for (index, item) in items.enumerated() {
            guard case let .object(members) = item else { throw .operationSpec(.listItemNotObject(index: index)) }
            var type: String?
            var fields: [String: String] = [:]
            for (key, member) in members {
                guard case let .string(text) = member else {
                    throw .operationSpec(.listItemNotString(index: index, key: key))
                }
                if key == "type" { type = text } else { fields[key] = text }
            }
            guard let type else { throw .operationSpec(.listItemNoType(index: index)) }
            specs.append(StellarOperationSpec(type: type, fields: fields))
        }
        return specs
    }

    /// The operation, every field checked.
    public func operation() throws(StellarError) -> Operation {
        guard let shape = Self.known[type] else {
            throw .operationSpec(.unknownOperation(type, known: Self.types))
        }
        for key in fields.keys.sorted() where !(shape.required + shape.optional + ["source"]).contains(key) {
            throw .operationSpec(
                .unknownField(type: type, key: key, fields: shape.required + shape.optional + ["source"]))
        }
        for key in shape.required where fields[key] == nil { throw .operationSpec(.missingField(type: type, key: key)) }
        return Operation(source: try optional("source", MuxedAccount.parse), body: try body())
    }

    /// The pool this operation names (its `asset-a`, `asset-b` and `fee`), or nil when it names
    /// none: the request carries it so the signer can name the pool by its assets.
    public var pool: LiquidityPoolParameters? {
        get throws(StellarError) { fields["asset-a"] == nil && fields["asset-b"] == nil ? nil : try poolParameters() }
    }

    private func body() throws(StellarError) -> OperationBody {
        switch type {
        case "payment":
            return try StellarOperations.payment(
                to: try value("to"), amount: try value("amount"), asset: try optional("asset", Asset.parse) ?? .native)
        case "create-account":
            return .createAccount(
                destination: try value("to"),
                startingBalance: try value("amount", as: StellarAmountArgument.self).stroops)
        case "change-trust":
            let limit = try optional("limit", StellarAmountArgument.parse)
            if fields["asset"] == nil {
                return try StellarOperations.changeTrust(.poolShare(try poolParameters()), limit: limit)
            }
            guard fields["asset-a"] == nil, fields["asset-b"] == nil, fields["fee"] == nil else {
                throw .operationSpec(.changeTrustBoth)
            }
            return try StellarOperations.changeTrust(.asset(try value("asset")), limit: limit)
        case "path-payment-strict-send", "path-payment-strict-receive":
            let strictSend = type == "path-payment-strict-send"
            return try StellarOperations.pathPayment(
                strictSend: strictSend, to: try value("to"), sendAsset: try value("send-asset"),
                send: try value(strictSend ? "send-amount" : "send-max"), destAsset: try value("dest-asset"),
                dest: try value(strictSend ? "dest-min" : "dest-amount"), path: try optional("path", Asset.path) ?? [])
        case "manage-data":
            return try StellarOperations.manageData(name: try field("name"), value: fields["value"])
        case "set-options":
            return .setOptions(
                SetOptions(
                    inflationDest: try optional("inflation-dest", AccountID.parse),
                    clearFlags: try flags("clear-flags"), setFlags: try flags("set-flags"),
                    masterWeight: try weight("master-weight"), lowThreshold: try weight("low-threshold"),
                    medThreshold: try weight("med-threshold"),
                    highThreshold: try weight("high-threshold"),
                    homeDomain: try optional("home-domain", StellarOperations.homeDomain),
                    signer: try optional("signer", StellarOperations.signer)))
        case "account-merge":
            return .accountMerge(destination: try value("to"))
        case "bump-sequence":
            return .bumpSequence(bumpTo: try StellarOperations.bumpTo(try field("to")))
        case "manage-sell-offer", "manage-buy-offer", "create-passive-sell-offer":
            let offerID =
                try optional("offer-id") { (text: String) throws(StellarError) -> Int64 in
                    guard let id = Int64(text), id >= 0 else { throw .operationSpec(.offerID(type: type)) }
                    return id
                } ?? 0
            let amount = try value("amount", as: StellarAmountArgument.self)
            // An existing offer may be deleted with amount 0; a new or passive one must offer something.
            guard amount.stroops > 0 || (offerID > 0 && type != "create-passive-sell-offer") else {
                throw .invalidAmount(amount.text, reason: "amount must be positive (0 only deletes an existing offer)")
            }
            let offer = Offer(
                selling: try value("selling"), buying: try value("buying"), amount: amount.stroops,
                price: try price("price"), offerID: offerID)
            switch type {
            case "manage-sell-offer": return .manageSellOffer(offer)
            case "manage-buy-offer": return .manageBuyOffer(offer)
            default: return .createPassiveSellOffer(offer)
            }
        case "claim-claimable-balance":
            let text = try field("id")
            guard let bytes = try? Hex.decode(text), bytes.count == 36, bytes.prefix(4) == [0, 0, 0, 0] else {
                throw .operationSpec(.balanceID)
            }
            return .claimClaimableBalance(try ClaimableBalanceID(hash: Array(bytes.dropFirst(4))))
        case "liquidity-pool-deposit":
            return try StellarOperations.deposit(
                try poolParameters(), maxA: try value("max-a"), maxB: try value("max-b"),
                minPrice: try price("min-price"), maxPrice: try price("max-price"))
        case "liquidity-pool-withdraw":
            return try StellarOperations.withdraw(
                try poolParameters(), amount: try value("amount"), minA: try value("min-a"), minB: try value("min-b"))
        case "extend-footprint-ttl":
            // A text that is not a number is refused as 0 is.
            return try StellarOperations.extendFootprintTTL(extendTo: UInt32(try field("extend-to")) ?? 0)
        case "restore-footprint":
            return .restoreFootprint
        default:
            throw .operationSpec(.unknownOperation(type, known: []))
        }
    }

    /// The pool of `asset-a` and `asset-b`, with `fee` (only 30, the default).
    private func poolParameters() throws(StellarError) -> LiquidityPoolParameters {
        let (a, b): (Asset, Asset) = (try value("asset-a"), try value("asset-b"))
        guard Int32(fields["fee"] ?? "30") == 30 else { throw .operationSpec(.poolFee(type: type)) }
        return try StellarOperations.pool(a, b, in: type)
    }

    private func field(_ name: String) throws(StellarError) -> String {
        guard let value = fields[name] else { throw .operationSpec(.missingField(type: type, key: name)) }
        return value
    }

    /// The field `name` read as its type reads an option's value.
    private func value<T: StellarArgument>(_ name: String, as _: T.Type = T.self) throws(StellarError) -> T {
        try T.parse(try field(name))
    }

    /// The field `name` read with `parse`, or nil when it is not given.
    private func optional<T>(_ name: String, _ parse: (String) throws(StellarError) -> T) throws(StellarError) -> T? {
        guard let text = fields[name] else { return nil }
        return try parse(text)
    }

    private func weight(_ name: String) throws(StellarError) -> UInt32? {
        try optional(name) { (text: String) throws(StellarError) in try StellarOperations.weight(text, name) }
    }

    private func flags(_ name: String) throws(StellarError) -> UInt32? {
        try optional(name) { (text: String) throws(StellarError) in try StellarOperations.flags(text, name) }
    }

    /// A price field; a refusal names the operation.
    private func price(_ name: String) throws(StellarError) -> Price {
        do { return try Price.parse(try field(name)) } catch { throw .unreadable(field: type, reason: "\(error)") }
    }
}
