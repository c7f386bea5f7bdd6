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
/// A contract call has no text form: `stellar invoke` and `stellar token` make its operation
/// (`prebuilt`) themselves.
public struct StellarOperationSpec: Sendable, Equatable {
    public let type: String
    public let fields: [String: String]
    /// An operation made by a command rather than from text fields (a contract call).
    public let prebuilt: Operation?

    public init(type: String, fields: [String: String]) {
        self.type = type
        self.fields = fields
        prebuilt = nil
    }

    /// A command's own operation, used as it is.
    public init(type: String, operation: Operation) {
        self.type = type
        fields = [:]
        prebuilt = operation
    }

    /// The fields each type takes (`source` is allowed on all).
    static let known: [String: (required: [String], optional: [String])] = [
        "payment": (["to", "amount"], ["asset"]),
        "create-account": (["to", "amount"], []),
        "change-trust": ([], ["asset", "asset-a", "asset-b", "fee", "limit"]),
        "path-payment-strict-send": (["to", "send-asset", "send-amount", "dest-asset", "dest-min"], ["path"]),
        "path-payment-strict-receive": (["to", "send-asset", "send-max", "dest-asset", "dest-amount"], ["path"]),
        "manage-data": (["name"], ["value"]),
        "set-options": ([], ["home-domain", "master-weight", "low-threshold", "med-threshold", "high-threshold", "set-flags", "clear-flags",
                             "signer", "inflation-dest"]),
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
        guard let type = words.first else { throw .request("--op: an empty operation") }
        var fields: [String: String] = [:]
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { throw .request("--op \(type): \"\(word)\" is not key=value") }
            guard fields.updateValue(String(parts[1]), forKey: String(parts[0])) == nil else {
                throw .request("--op \(type): \(parts[0]) is given twice")
            }
        }
        self.init(type: type, fields: fields)
    }

    /// A JSON op list: an array of objects, each with `type` and string fields.
    public static func list(json bytes: [UInt8]) throws(StellarError) -> [StellarOperationSpec] {
        let value: JSONValue
        do { value = try JSONParser().parse(bytes) } catch { throw .request("the op list is not JSON: \(error)") }
        guard case let .array(items) = value, !items.isEmpty else { throw .request("the op list is a JSON array of operation objects") }
        var specs: [StellarOperationSpec] = []
        for (index, item) in items.enumerated() {
            guard case let .object(members) = item else { throw .request("op list item \(index + 1) is not an object") }
            var type: String?
            var fields: [String: String] = [:]
            for (key, member) in members {
                guard case let .string(text) = member else { throw .request("op list item \(index + 1): \(key) must be a string") }
                if key == "type" { type = text } else { fields[key] = text }
            }
            guard let type else { throw .request("op list item \(index + 1) has no type") }
            specs.append(StellarOperationSpec(type: type, fields: fields))
        }
        return specs
    }

    /// The operation, every field checked.
    public func operation() throws(StellarError) -> Operation {
        if let prebuilt { return prebuilt }
        guard let shape = Self.known[type] else {
            throw .request("unknown operation \"\(type)\" (known: \(Self.types.joined(separator: ", ")))")
        }
        for key in fields.keys.sorted() where !(shape.required + shape.optional + ["source"]).contains(key) {
            throw .request("\(type): unknown field \"\(key)\" (fields: \((shape.required + shape.optional + ["source"]).joined(separator: ", ")))")
        }
        for key in shape.required where fields[key] == nil { throw .request("\(type): field \"\(key)\" is missing") }
        let source = try fields["source"].map { (text: String) throws(StellarError) in try MuxedAccount(text) }
        return Operation(source: source, body: try body())
    }

    private func body() throws(StellarError) -> OperationBody {
        switch type {
        case "payment":
            return .payment(destination: try MuxedAccount(field("to")), asset: try asset(fields["asset"] ?? "native"), amount: try amount("amount"))
        case "create-account":
            return .createAccount(destination: try AccountID(field("to")), startingBalance: try amount("amount"))
        case "change-trust":
            let limit = try fields["limit"].map { (text: String) throws(StellarError) in try StellarAmount.parse(text) } ?? Int64.max
            if fields["asset"] == nil { return .changeTrust(line: .poolShare(try poolParameters()), limit: limit) }
            guard fields["asset-a"] == nil, fields["asset-b"] == nil, fields["fee"] == nil else {
                throw .request("change-trust: give asset (an asset's trust line) or asset-a and asset-b (a pool's), not both")
            }
            guard case .credit = try asset(field("asset")) else { throw .request("change-trust: asset must be CODE:ISSUER, not native") }
            return .changeTrust(line: .asset(try asset(field("asset"))), limit: limit)
        case "path-payment-strict-send", "path-payment-strict-receive":
            let strictSend = type == "path-payment-strict-send"
            let path = try fields["path"].map { (text: String) throws(StellarError) -> [Asset] in
                var assets: [Asset] = []
                for part in text.split(separator: ",") { assets.append(try asset(String(part))) }
                guard assets.count <= 5 else { throw .request("\(type): a path has at most 5 assets") }
                return assets
            } ?? []
            let payment = PathPayment(
                sendAsset: try asset(field("send-asset")), sendAmount: try amount(strictSend ? "send-amount" : "send-max"),
                destination: try MuxedAccount(field("to")), destAsset: try asset(field("dest-asset")),
                destAmount: try amount(strictSend ? "dest-min" : "dest-amount"), path: path)
            return strictSend ? .pathPaymentStrictSend(payment) : .pathPaymentStrictReceive(payment)
        case "manage-data":
            let name = Array(try field("name").utf8)
            guard (1 ... 64).contains(name.count) else { throw .request("manage-data: name is 1 to 64 bytes, not \(name.count)") }
            let value = try fields["value"].map { (text: String) throws(StellarError) -> [UInt8] in
                guard text.utf8.count <= 64 else { throw .request("manage-data: value is at most 64 bytes, not \(text.utf8.count)") }
                return Array(text.utf8)
            }
            return .manageData(name: name, value: value)
        case "set-options":
            var options = SetOptions()
            if let text = fields["home-domain"] {
                guard text.utf8.count <= 32 else { throw .request("set-options: home-domain is at most 32 bytes") }
                options.homeDomain = Array(text.utf8)
            }
            options.masterWeight = try weight("master-weight")
            options.lowThreshold = try weight("low-threshold")
            options.medThreshold = try weight("med-threshold")
            options.highThreshold = try weight("high-threshold")
            options.setFlags = try flags("set-flags")
            options.clearFlags = try flags("clear-flags")
            options.inflationDest = try fields["inflation-dest"].map { (text: String) throws(StellarError) in try AccountID(text) }
            if let text = fields["signer"] {
                let parts = text.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 2, let weight = UInt32(parts[1]), weight <= 255 else {
                    throw .request("set-options: signer is G…:WEIGHT with a weight of 0 (remove) to 255")
                }
                options.signer = Signer(key: .ed25519(try AccountID(String(parts[0])).publicKey), weight: weight)
            }
            return .setOptions(options)
        case "account-merge":
            return .accountMerge(destination: try MuxedAccount(field("to")))
        case "bump-sequence":
            guard let to = Int64(try field("to")), to >= 0 else { throw .request("bump-sequence: to is a sequence number (0 to 2^63-1)") }
            return .bumpSequence(bumpTo: to)
        case "manage-sell-offer", "manage-buy-offer", "create-passive-sell-offer":
            let offerID = try fields["offer-id"].map { (text: String) throws(StellarError) -> Int64 in
                guard let id = Int64(text), id >= 0 else { throw .request("\(type): offer-id is a number (0 for a new offer)") }
                return id
            } ?? 0
            let amount = try StellarAmount.parse(try field("amount"))
            // An existing offer may be deleted with amount 0; a new or passive one must offer something.
            guard amount > 0 || (offerID > 0 && type != "create-passive-sell-offer") else {
                throw .invalidAmount(try field("amount"), reason: "amount must be positive (0 only deletes an existing offer)")
            }
            let offer = Offer(selling: try asset(try field("selling")), buying: try asset(try field("buying")), amount: amount,
                              price: try price(try field("price")), offerID: offerID)
            switch type {
            case "manage-sell-offer": return .manageSellOffer(offer)
            case "manage-buy-offer": return .manageBuyOffer(offer)
            default: return .createPassiveSellOffer(offer)
            }
        case "claim-claimable-balance":
            let text = try field("id")
            guard let bytes = try? Hex.decode(text), bytes.count == 36, bytes.prefix(4) == [0, 0, 0, 0] else {
                throw .request("claim-claimable-balance: id is the balance id as 72 hex digits starting 00000000")
            }
            return .claimClaimableBalance(try ClaimableBalanceID(hash: Array(bytes.dropFirst(4))))
        case "liquidity-pool-deposit", "liquidity-pool-withdraw", "extend-footprint-ttl", "restore-footprint":
            return try sorobanOrPoolBody()
        default:
            throw .request("unknown operation \"\(type)\"")
        }
    }

    /// `N/D` as written (both positive, 32-bit), or an exact decimal of at most 7 places as its
    /// reduced fraction.
    func price(_ text: String) throws(StellarError) -> Price {
        let invalid = StellarError.request("\(type): price \"\(text)\" is N/D or an exact decimal like 0.25 (positive, fitting 32 bits)")
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Int32(parts[0]), let d = Int32(parts[1]), n > 0, d > 0 else { throw invalid }
            return Price(n: n, d: d)
        }
        guard let stroops = try? StellarAmount.parse(text), stroops > 0 else { throw invalid }
        var (a, b) = (stroops, StellarAmount.stroopsPerUnit)
        while b != 0 { (a, b) = (b, a % b) }
        guard let n = Int32(exactly: stroops / a), let d = Int32(exactly: StellarAmount.stroopsPerUnit / a) else { throw invalid }
        return Price(n: n, d: d)
    }

    func field(_ name: String) throws(StellarError) -> String {
        guard let value = fields[name] else { throw .request("\(type): field \"\(name)\" is missing") }
        return value
    }

    /// A positive amount of at most 7 decimals (create-account may start at 0).
    func amount(_ name: String) throws(StellarError) -> Int64 {
        let value = try StellarAmount.parse(try field(name))
        guard value > 0 || (type == "create-account" && value == 0) else { throw .invalidAmount(try field(name), reason: "\(name) must be positive") }
        return value
    }

    private func weight(_ name: String) throws(StellarError) -> UInt32? {
        guard let text = fields[name] else { return nil }
        guard let value = UInt32(text), value <= 255 else { throw .request("set-options: \(name) is 0 to 255, not \"\(text)\"") }
        return value
    }

    private func flags(_ name: String) throws(StellarError) -> UInt32? {
        guard let text = fields[name] else { return nil }
        if let value = UInt32(text), value <= 15 { return value }
        let names: [String: UInt32] = ["auth-required": 1, "auth-revocable": 2, "auth-immutable": 4, "clawback-enabled": 8]
        var value: UInt32 = 0
        for part in text.split(separator: ",") {
            guard let bit = names[String(part)] else {
                throw .request("set-options: \(name) is a number 0 to 15 or flags among \(names.keys.sorted().joined(separator: ", "))")
            }
            value |= bit
        }
        return value
    }
}

/// `native` (or `XLM`), or `CODE:ISSUER`.
func asset(_ text: String) throws(StellarError) -> Asset {
    text == "XLM" ? .native : try Asset(text)
}
