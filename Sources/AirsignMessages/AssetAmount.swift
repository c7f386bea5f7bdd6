import BigInt

/// An asset a request moves: the chain's native token or a token (contract, issuer, ledger).
public struct Asset: Hashable, Comparable, Sendable {
    public let chain: ChainID
    public let network: String
    /// `native`, or the token's identity in the chain's form (contract address, `CODE:ISSUER`,
    /// ledger canister id).
    public let id: String
    /// What to call it ("ETH", "DOT"); when it comes from the watch rather than the chain
    /// module's own table, the module says so in the review lines.
    public let symbol: String
    /// Decimal places of one whole token (18 for ETH, 10 for DOT, 8 for ICP, 7 for XLM).
    public let decimals: Int

    public init(chain: ChainID, network: String, id: String = "native", symbol: String, decimals: Int) {
        self.chain = chain
        self.network = network
        self.id = id
        self.symbol = symbol
        self.decimals = max(0, min(decimals, 255))
    }

    public static func < (lhs: Asset, rhs: Asset) -> Bool {
        (lhs.chain, lhs.network, lhs.id, lhs.symbol, lhs.decimals) < (
            rhs.chain, rhs.network, rhs.id, rhs.symbol, rhs.decimals
        )
    }
}

/// An exact amount of an asset, in its base units (wei, planck, e8s, stroops): never a float.
/// Some outflows have no amount in the signed bytes (Substrate's transfer_all, a Stellar
/// account merge, a call shown raw): they are named in `unstated` and added to the text, so a
/// total never claims that less leaves than may.
public struct AssetAmount: Sendable, Equatable {
    public let asset: Asset
    public let amount: BigUInt
    /// What also leaves that no signed byte states as an amount ("the whole transferable
    /// balance"), each said once, in order.
    public let unstated: [String]
    /// The amount is a most, not an exact figure (what an offer may sell).
    public let upTo: Bool
    /// The account it leaves, labelled, when it is not the request's own (a proxied account, a
    /// multisig): totals are kept apart per such account.
    public let account: String?

    public init(asset: Asset, amount: BigUInt, unstated: [String] = [], upTo: Bool = false, account: String? = nil) {
        self.asset = asset
        self.amount = amount
        self.unstated = unstated
        self.upTo = upTo
        self.account = account
    }

    /// "1.5 ETH": exact, trailing zeros of the fraction dropped; "0 DOT + the whole
    /// transferable balance" when more leaves than is stated; "up to 10 XLM" for a most; "from
    /// ADDRESS (label)" after it when it leaves another account than the request's.
    public var formatted: String {
        (upTo ? "up to " : "") + AmountFormat.decimal(amount, decimals: asset.decimals) + " " + asset.symbol
            + unstated.map { " + " + $0 }.joined() + (account.map { " from " + $0 } ?? "")
    }

    private struct Key: Hashable {
        let asset: Asset
        let account: String

        /// How totals are ordered: per account, per chain and network, the native token first,
        /// then the others by id and symbol. The order of the tuple (account, chain's
        /// description, network, 0 for native else 1, id, symbol), compared a field at a time
        /// so that no tuple or description is built for the fields two keys share: a batch's
        /// totals sort thousands of tokens.
        static func precedes(_ lhs: Key, _ rhs: Key) -> Bool {
            let (a, b) = (lhs.asset, rhs.asset)
            if lhs.account != rhs.account { return lhs.account < rhs.account }
            if a.chain != b.chain {
                let (x, y) = (a.chain.description, b.chain.description)
                if x != y { return x < y }
            }
            if a.network != b.network { return a.network < b.network }
            let (x, y) = (a.id == "native" ? 0 : 1, b.id == "native" ? 0 : 1)
            if x != y { return x < y }
            if a.id != b.id { return a.id < b.id }
            return a.symbol < b.symbol
        }
    }

    /// The sum per asset (and per other account) of `amounts`, in order, with every unstated
    /// outflow kept; a sum with any "up to" part is itself "up to".
    public static func totals(_ amounts: [AssetAmount]) -> [AssetAmount] {
        if let total = oneTotal(amounts) { return [total] }
        return fewTotals(amounts) ?? totalsByKey(amounts)
    }

    /// `totals` of amounts all of one asset and account, the commonest case (a transfer and
    /// its tip, a batch of transfers of one token): one sum, no arrays to scan. Nil when there
    /// are none or they differ.
    static func oneTotal(_ amounts: [AssetAmount]) -> AssetAmount? {
        guard let first = amounts.first else { return nil }
        let account = first.account ?? ""
        var sum: BigUInt = 0
        var unstated: [String] = []
        var upTo = false
        for item in amounts {
            guard item.asset == first.asset, (item.account ?? "") == account else { return nil }
            sum += item.amount
            if item.upTo { upTo = true }
            for text in item.unstated where !unstated.contains(text) { unstated.append(text) }
        }
        return AssetAmount(
            asset: first.asset, amount: sum, unstated: unstated, upTo: upTo, account: account.isEmpty ? nil : account)
    }

    /// Most keys `fewTotals` sums by scanning them.
    static let fewKeys = 8

    /// `totals` of amounts of a few assets and accounts, a review's other case (a token transfer
    /// and its fee), summed in arrays scanned for each key instead of three dictionaries: hashing the assets and growing the tables was most of a review's totals.
    /// Nil when there are none, more than `fewKeys`, or two keys the order cannot tell apart
    /// (the general rule then leaves them in its dictionary's order).
    static func fewTotals(_ amounts: [AssetAmount]) -> [AssetAmount]? {
        guard !amounts.isEmpty else { return nil }
        var keys: [Key] = []
        var sums: [BigUInt] = []
        var unstated: [[String]] = []
        var upTo: [Bool] = []
        for item in amounts {
            let key = Key(asset: item.asset, account: item.account ?? "")
            let index: Int
            if let known = keys.firstIndex(of: key) {
                index = known
            } else {
                guard keys.count < fewKeys else { return nil }
                keys.append(key)
                sums.append(0)
                unstated.append([])
                upTo.append(false)
                index = keys.count - 1
            }
            sums[index] += item.amount
            if item.upTo { upTo[index] = true }
            for text in item.unstated where !unstated[index].contains(text) { unstated[index].append(text) }
        }
        for i in keys.indices {
            for j in keys.indices where j > i {
                guard Key.precedes(keys[i], keys[j]) || Key.precedes(keys[j], keys[i]) else { return nil }
            }
        }
        return keys.indices.sorted { Key.precedes(keys[$0], keys[$1]) }.map {
            AssetAmount(
                asset: keys[$0].asset, amount: sums[$0], unstated: unstated[$0], upTo: upTo[$0],
                account: keys[$0].account.isEmpty ? nil : keys[$0].account)
        }
    }

    /// `totals` by the general rule, for any amounts.
    static func totalsByKey(_ amounts: [AssetAmount]) -> [AssetAmount] {
        var sums: [Key: BigUInt] = [:]
        var unstated: [Key: [String]] = [:]
        var upTo: Set<Key> = []
        for item in amounts {
            let key = Key(asset: item.asset, account: item.account ?? "")
            sums[key, default: 0] += item.amount
            if item.upTo { upTo.insert(key) }
            for text in item.unstated where !(unstated[key] ?? []).contains(text) {
                unstated[key, default: []].append(text)
            }
        }
        // The stable sort orders positions, not keys: moving a key is six retains and releases.
        let unsorted = Array(sums.keys)
        let keys = unsorted.indices.sorted { Key.precedes(unsorted[$0], unsorted[$1]) }.map { unsorted[$0] }
        return keys.map {
            AssetAmount(
                asset: $0.asset, amount: sums[$0] ?? 0, unstated: unstated[$0] ?? [], upTo: upTo.contains($0),
                account: $0.account.isEmpty ? nil : $0.account)
        }
    }
}

/// Exact decimal text of integer base units.
public enum AmountFormat {
    /// `String(amount)` of an amount of at most 256 bits (a uint256 token amount), by long
    /// division of its 64-bit words by 10^19, a hardware division each, where BigUInt's general
    /// conversion was most of formatting a token transfer. Nil for a larger amount.
    static func decimalDigits(_ amount: BigUInt) -> String? {
        var limbs = amount.words.map { UInt64($0) }
        guard limbs.count <= 4 else { return nil }
        let chunk: UInt64 = 10_000_000_000_000_000_000
        // Groups of 19 digits, least significant first.
        var groups: [UInt64] = []
        while let last = limbs.last {
            if last == 0 {
                limbs.removeLast()
                continue
            }
            var remainder: UInt64 = 0
            for i in limbs.indices.reversed() {
                // `remainder` is below `chunk`, so the quotient fits 64 bits.
                (limbs[i], remainder) = chunk.dividingFullWidth((high: remainder, low: limbs[i]))
            }
            groups.append(remainder)
        }
        guard let first = groups.last else { return "0" }
        var text = String(first)
        for group in groups.dropLast().reversed() {
            let digits = String(group)
            text += String(repeating: "0", count: 19 - digits.utf8.count) + digits
        }
        return text
    }

    /// `amount` / 10^decimals written exactly: "1.5", "0.000000000000000001", "12".
    public static func decimal(_ amount: BigUInt, decimals: Int) -> String {
        // Amounts below 2^64 (nearly all) skip BigUInt's general radix conversion, and the
        // digits are cut as ASCII bytes, not as Characters: a review formats several per request.
        let digits = UInt64(exactly: amount).map { String($0) } ?? decimalDigits(amount) ?? String(amount)
        guard decimals > 0 else { return digits }
        var bytes = Array(digits.utf8)
        if bytes.count <= decimals {
            bytes.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals + 1 - bytes.count), at: 0)
        }
        let point = bytes.count - decimals
        var end = bytes.count
        while end > point, bytes[end - 1] == UInt8(ascii: "0") { end -= 1 }
        let whole = String(decoding: bytes[..<point], as: UTF8.self)
        return end == point ? whole : whole + "." + String(decoding: bytes[point..<end], as: UTF8.self)
    }
}
