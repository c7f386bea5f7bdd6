import AirsignEncoding

/// `LedgerEntry` (Stellar-ledger-entries.x), read in full and discarded: transaction meta
/// lists the entries a transaction changed, and XDR carries no lengths to skip them by, so
/// every field is decoded as strictly as the rest of the codec (unknown discriminants, bad
/// padding, non-zero extension points and nesting past `XDRLimits.maxDepth` are refused).
/// `CONFIG_SETTING` entries are refused: only network upgrades change them, never a transaction.
enum LedgerEntryReader {
    static let maxSigners = 20

    /// One `LedgerEntry`.
    static func skipEntry(_ r: inout XDRReader) throws {
        _ = try r.readUInt32()  // lastModifiedLedgerSeq
        let type = try r.readDiscriminant()
        switch type {
        case 0: try skipAccount(&r)
        case 1: try skipTrustLine(&r)
        case 2:  // OfferEntry
            _ = try AccountID(from: &r); _ = try r.readInt64()
            _ = try Asset(from: &r); _ = try Asset(from: &r); _ = try r.readInt64()
            _ = try Price(from: &r); _ = try r.readUInt32()
            try extensionPoint(&r)
        case 3:  // DataEntry
            _ = try AccountID(from: &r); _ = try r.readString(max: 64); _ = try r.readVariableOpaque(max: 64)
            try extensionPoint(&r)
        case 4: try skipClaimableBalance(&r)
        case 5:  // LiquidityPoolEntry, constant product
            _ = try r.read32()
            _ = try LiquidityPoolParameters(from: &r)  // the body's type (constant product), then its parameters
            for _ in 0..<4 { _ = try r.readInt64() }  // reserves A and B, shares, trust lines
        case 6:  // ContractDataEntry
            try extensionPoint(&r)
            _ = try SCAddress(from: &r); _ = try SCVal(from: &r)
            let durability = try r.readDiscriminant()
            guard ContractDataDurability(rawValue: durability) != nil else {
                throw r.unknownDiscriminant(durability, of: "ContractDataDurability")
            }
            _ = try SCVal(from: &r)
        case 7: try skipContractCode(&r)
        case 8: throw StellarError.soroban(.configSettingEntry)
        case 9: _ = try r.read32(); _ = try r.readUInt32()  // TTLEntry: key hash, live until
        default: throw r.unknownDiscriminant(type, of: "LedgerEntryType")
        }
        if try extended(&r, arm: 1, of: "LedgerEntry ext") {
            _ = try r.readOptional { try AccountID(from: &$0) }  // the sponsor
            try extensionPoint(&r)
        }
    }

    /// `LedgerEntryChanges`: created, updated, state and restored entries, removed keys.
    static func skipChanges(_ r: inout XDRReader) throws {
        _ = try r.readArray(minimumElementSize: 8) { r in
            let type = try r.readDiscriminant()
            switch type {
            case 0, 1, 3, 4: try skipEntry(&r)
            case 2: _ = try LedgerKey(from: &r)
            default: throw r.unknownDiscriminant(type, of: "LedgerEntryChangeType")
            }
        }
    }

    /// `ExtensionPoint` and every other `union switch (int v) { case 0: void; }`.
    static func extensionPoint(_ r: inout XDRReader) throws {
        let v = try r.readDiscriminant()
        guard v == 0 else { throw r.unknownDiscriminant(v, of: "extension") }
    }

    /// An extension union `switch (int v) { case 0: void; case arm: … }`: whether it is `arm`
    /// (its body follows); any other discriminant is refused.
    private static func extended(_ r: inout XDRReader, arm: Int32, of type: String) throws -> Bool {
        let v = try r.readDiscriminant()
        guard v == 0 || v == arm else { throw r.unknownDiscriminant(v, of: type) }
        return v == arm
    }

    private static func skipAccount(_ r: inout XDRReader) throws {
        _ = try AccountID(from: &r)
        _ = try r.readInt64(); _ = try r.readInt64(); _ = try r.readUInt32()  // balance, sequence, sub-entries
        _ = try r.readOptional { try AccountID(from: &$0) }  // inflation destination
        _ = try r.readUInt32()  // flags
        _ = try r.readString(max: 32)  // home domain
        _ = try r.readFixedOpaque(count: 4)  // thresholds
        _ = try r.readArray(max: maxSigners, minimumElementSize: 40) { try Signer(from: &$0) }
        guard try extended(&r, arm: 1, of: "AccountEntry ext") else { return }
        _ = try r.readInt64(); _ = try r.readInt64()  // liabilities
        guard try extended(&r, arm: 2, of: "AccountEntryExtensionV1 ext") else { return }
        _ = try r.readUInt32(); _ = try r.readUInt32()  // sponsored, sponsoring
        _ = try r.readArray(max: maxSigners) { try $0.readOptional { try AccountID(from: &$0) } }
        guard try extended(&r, arm: 3, of: "AccountEntryExtensionV2 ext") else { return }
        try extensionPoint(&r)
        _ = try r.readUInt32(); _ = try r.readUInt64()  // sequence ledger and time
    }

    private static func skipTrustLine(_ r: inout XDRReader) throws {
        _ = try AccountID(from: &r); _ = try TrustLineAsset(from: &r)
        _ = try r.readInt64(); _ = try r.readInt64(); _ = try r.readUInt32()  // balance, limit, flags
        guard try extended(&r, arm: 1, of: "TrustLineEntry ext") else { return }
        _ = try r.readInt64(); _ = try r.readInt64()  // liabilities
        guard try extended(&r, arm: 2, of: "TrustLineEntry v1 ext") else { return }
        _ = try r.readInt32()  // liquidity pool use count
        try extensionPoint(&r)
    }

    private static func skipClaimableBalance(_ r: inout XDRReader) throws {
        _ = try ClaimableBalanceID(from: &r)
        _ = try r.readArray(max: 10, minimumElementSize: 44) { try Claimant(from: &$0) }
        _ = try Asset(from: &r); _ = try r.readInt64()
        if try extended(&r, arm: 1, of: "ClaimableBalanceEntry ext") {
            try extensionPoint(&r)
            _ = try r.readUInt32()  // flags
        }
    }

    private static func skipContractCode(_ r: inout XDRReader) throws {
        if try extended(&r, arm: 1, of: "ContractCodeEntry ext") {
            try extensionPoint(&r)
            try extensionPoint(&r)  // ContractCodeCostInputs' own
            for _ in 0..<10 { _ = try r.readUInt32() }  // instructions, functions, … data segment bytes
        }
        _ = try r.read32()  // hash
        _ = try r.readVariableOpaque()
    }
}
