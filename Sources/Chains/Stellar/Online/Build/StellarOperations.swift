import AirsignStellar

/// The operations the watch builds, from typed values: each `stellar` command makes its
/// operation with one of these, and `StellarOperationSpec` (the `--op` and `--ops` text forms)
/// calls the same one once it has read its fields, so each check of a value against its
/// operation is written once. That a value reads at all is its type's check
/// (`StellarArgument`); whether it may be zero, and how it fits the others, is checked here.
/// Refusals name the fields as the text forms write them.
public enum StellarOperations {
    /// A payment of a positive `amount` of `asset`.
    public static func payment(to destination: MuxedAccount, amount: StellarAmountArgument, asset: Asset)
        throws(StellarError) -> OperationBody
    {
        .payment(destination: destination, asset: asset, amount: try amount.positive("amount"))
    }

    /// A trust line to a credit asset or to a pool's shares, up to `limit` (default the maximum;
    /// 0 removes the line).
    public static func changeTrust(_ line: ChangeTrustAsset, limit: StellarAmountArgument?) throws(StellarError)
        -> OperationBody
    {
        if case .asset(.native) = line { throw .operationSpec(.changeTrustNative) }
        return .changeTrust(line: line, limit: limit?.stroops ?? .max)
    }

    /// Strict send: `send` leaves exactly, at least `dest` arrives (`send-amount`, `dest-min`).
    /// Strict receive: `dest` arrives exactly, at most `send` leaves (`send-max`, `dest-amount`).
    public static func pathPayment(
        strictSend: Bool, to destination: MuxedAccount, sendAsset: Asset, send: StellarAmountArgument,
        destAsset: Asset, dest: StellarAmountArgument, path: [Asset]
    ) throws(StellarError) -> OperationBody {
        guard path.count <= 5 else {
            throw .operationSpec(.pathTooLong(strictSend: strictSend))
        }
        let payment = PathPayment(
            sendAsset: sendAsset, sendAmount: try send.positive(strictSend ? "send-amount" : "send-max"),
            destination: destination,
            destAsset: destAsset, destAmount: try dest.positive(strictSend ? "dest-min" : "dest-amount"), path: path)
        return strictSend ? .pathPaymentStrictSend(payment) : .pathPaymentStrictReceive(payment)
    }

    /// Sets the data entry `name` to `value`, or deletes it (no value).
    public static func manageData(name text: String, value: String?) throws(StellarError) -> OperationBody {
        let name = Array(text.utf8)
        guard (1...64).contains(name.count) else { throw .operationSpec(.dataNameLength(bytes: name.count)) }
        if let value, value.utf8.count > 64 { throw .operationSpec(.dataValueLength(bytes: value.utf8.count)) }
        return .manageData(name: name, value: value.map { Array($0.utf8) })
    }

    // MARK: set-options fields

    /// A home domain: at most 32 bytes.
    public static func homeDomain(_ text: String) throws(StellarError) -> [UInt8] {
        guard text.utf8.count <= 32 else { throw .operationSpec(.homeDomainLength) }
        return Array(text.utf8)
    }

    /// A weight or threshold, 0 to 255; `name` is the field.
    public static func weight(_ text: String, _ name: String) throws(StellarError) -> UInt32 {
        guard let value = UInt32(text), value <= 255 else { throw .operationSpec(.weight(name: name, text: text)) }
        return value
    }

    /// Account flags: a number 0 to 15, or names separated by commas; `name` is the field.
    public static func flags(_ text: String, _ name: String) throws(StellarError) -> UInt32 {
        if let value = UInt32(text), value <= 15 { return value }
        let names: [String: UInt32] = [
            "auth-required": 1, "auth-revocable": 2, "auth-immutable": 4, "clawback-enabled": 8,
        ]
        var value: UInt32 = 0
        for part in text.split(separator: ",") {
            guard let bit = names[String(part)] else {
                throw .operationSpec(.flags(name: name, flags: names.keys.sorted()))
            }
            value |= bit
        }
        return value
    }

    /// A signer of the account: `G…:WEIGHT`, weight 0 (removes it) to 255.
    public static func signer(_ text: String) throws(StellarError) -> Signer {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let weight = UInt32(parts[1]), weight <= 255 else {
            throw .operationSpec(.signerSpec)
        }
        return Signer(key: .ed25519(try AccountID(String(parts[0])).publicKey), weight: weight)
    }

    /// The sequence number bump-sequence raises the account's to: 0 to 2^63-1.
    public static func bumpTo(_ text: String) throws(StellarError) -> Int64 {
        guard let to = Int64(text), to >= 0 else { throw .operationSpec(.bumpTo) }
        return to
    }

    // MARK: pools

    /// The constant-product pool of `a` and `b` (which must be in the network's order: native
    /// first, then 4-character codes, then 12-character ones, each by code and then issuer),
    /// fee 30 bp (the only fee the network has). `type` is the operation the refusal names.
    public static func pool(_ a: Asset, _ b: Asset, in type: String) throws(StellarError) -> LiquidityPoolParameters {
        guard precedes(a, b) else {
            throw .operationSpec(.poolOrder(type: type, assetA: a.text, assetB: b.text))
        }
        return LiquidityPoolParameters(assetA: a, assetB: b, fee: 30)
    }

    /// Stellar's asset order (stellar-core's `Asset` `<`): by type, then code, then issuer.
    static func precedes(_ a: Asset, _ b: Asset) -> Bool {
        func key(_ asset: Asset) -> (Int, String, String) {
            switch asset {
            case .native: return (0, "", "")
            case let .credit(code, issuer):
                return (code.description.utf8.count <= 4 ? 1 : 2, code.description, issuer.description)
            }
        }
        let (x, y) = (key(a), key(b))
        return x < y
    }

    /// At most `maxA` and `maxB`, at a price of A in B from `minPrice` to `maxPrice`.
    public static func deposit(
        _ pool: LiquidityPoolParameters, maxA: StellarAmountArgument, maxB: StellarAmountArgument,
        minPrice: Price, maxPrice: Price
    ) throws(StellarError) -> OperationBody {
        .liquidityPoolDeposit(
            LiquidityPoolDeposit(
                poolID: try pool.poolID, maxAmountA: try maxA.positive("max-a"), maxAmountB: try maxB.positive("max-b"),
                minPrice: minPrice, maxPrice: maxPrice))
    }

    /// `amount` pool shares redeemed for at least `minA` and `minB` (zero allowed).
    public static func withdraw(
        _ pool: LiquidityPoolParameters, amount: StellarAmountArgument, minA: StellarAmountArgument,
        minB: StellarAmountArgument
    ) throws(StellarError) -> OperationBody {
        .liquidityPoolWithdraw(
            LiquidityPoolWithdraw(
                poolID: try pool.poolID, amount: try amount.positive("amount"),
                minAmountA: minA.stroops, minAmountB: minB.stroops))
    }

    // MARK: Soroban

    /// Extends the footprint's entries to live `extendTo` ledgers from now (at least 1).
    public static func extendFootprintTTL(extendTo: UInt32) throws(StellarError) -> OperationBody {
        guard extendTo > 0 else { throw .operationSpec(.extendTo) }
        return .extendFootprintTTL(extendTo: extendTo)
    }
}
