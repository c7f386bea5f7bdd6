import AirsignStellar

/// The liquidity-pool and footprint operation types of `StellarOperationSpec`.
extension StellarOperationSpec {
    func sorobanOrPoolBody() throws(StellarError) -> OperationBody {
        switch type {
        case "liquidity-pool-deposit":
            return .liquidityPoolDeposit(LiquidityPoolDeposit(
                poolID: try poolParameters().poolID, maxAmountA: try amount("max-a"), maxAmountB: try amount("max-b"),
                minPrice: try price(try field("min-price")), maxPrice: try price(try field("max-price"))))
        case "liquidity-pool-withdraw":
            return .liquidityPoolWithdraw(LiquidityPoolWithdraw(
                poolID: try poolParameters().poolID, amount: try amount("amount"), minAmountA: try minimum("min-a"), minAmountB: try minimum("min-b")))
        case "extend-footprint-ttl":
            guard let to = UInt32(try field("extend-to")), to > 0 else { throw .request("\(type): extend-to is a number of ledgers (1 to 2^32-1)") }
            return .extendFootprintTTL(extendTo: to)
        default:
            return .restoreFootprint
        }
    }

    /// The pool this operation names (its `asset-a`, `asset-b` and `fee`), or nil when it names
    /// none: the request carries it so the signer can name the pool by its assets.
    public var pool: LiquidityPoolParameters? {
        get throws(StellarError) { fields["asset-a"] == nil && fields["asset-b"] == nil ? nil : try poolParameters() }
    }

    /// The constant-product pool of `asset-a` and `asset-b` (which must be in the network's
    /// order: native first, then 4-character codes, then 12-character ones, each by code and
    /// then issuer) with fee `fee` (default 30 bp, the only fee the network has).
    func poolParameters() throws(StellarError) -> LiquidityPoolParameters {
        let a = try asset(try field("asset-a"))
        let b = try asset(try field("asset-b"))
        guard let fee = Int32(fields["fee"] ?? "30"), fee == 30 else { throw .request("\(type): fee is 30 (basis points), the network's pool fee") }
        guard Self.precedes(a, b) else {
            throw .request("\(type): asset-a must come before asset-b in the network's order: give asset-a=\(b.text) asset-b=\(a.text)")
        }
        return LiquidityPoolParameters(assetA: a, assetB: b, fee: fee)
    }

    /// Stellar's asset order (stellar-core's `Asset` `<`): by type, then code, then issuer.
    static func precedes(_ a: Asset, _ b: Asset) -> Bool {
        func key(_ asset: Asset) -> (Int, String, String) {
            switch asset {
            case .native: return (0, "", "")
            case let .credit(code, issuer): return (code.description.utf8.count <= 4 ? 1 : 2, code.description, issuer.description)
            }
        }
        let (x, y) = (key(a), key(b))
        return x < y
    }

    /// A lower bound: an amount of at most 7 decimals, zero allowed.
    private func minimum(_ name: String) throws(StellarError) -> Int64 {
        let value = try StellarAmount.parse(try field(name))
        guard value >= 0 else { throw .invalidAmount(try field(name), reason: "\(name) must not be negative") }
        return value
    }
}
