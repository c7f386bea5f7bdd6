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
            for _ in 0 ..< 4 { _ = try r.readInt64() }  // reserves A and B, shares, trust lines
        case 6:  // ContractDataEntry
            try extensionPoint(&r)
            _ = try SCAddress(from: &r); _ = try SCVal(from: &r)
            let durability = try r.readDiscriminant()
            guard ContractDataDurability(rawValue: durability) != nil else { throw r.unknownDiscriminant(durability, of: "ContractDataDurability") }
            _ = try SCVal(from: &r)
        case 7: try skipContractCode(&r)
        case 8: throw StellarError.soroban("a config setting entry (only network upgrades change those)")
        case 9: _ = try r.read32(); _ = try r.readUInt32()  // TTLEntry: key hash, live until
        default: throw r.unknownDiscriminant(type, of: "LedgerEntryType")
        }
        let ext = try r.readDiscriminant()
        switch ext {
        case 0: break
        case 1: _ = try r.readOptional { try AccountID(from: &$0) }; try extensionPoint(&r)  // sponsoring id
        default: throw r.unknownDiscriminant(ext, of: "LedgerEntry ext")
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

    private static func skipAccount(_ r: inout XDRReader) throws {
        _ = try AccountID(from: &r)
        _ = try r.readInt64(); _ = try r.readInt64(); _ = try r.readUInt32()  // balance, sequence, sub-entries
        _ = try r.readOptional { try AccountID(from: &$0) }  // inflation destination
        _ = try r.readUInt32()  // flags
        _ = try r.readString(max: 32)  // home domain
        _ = try r.readFixedOpaque(count: 4)  // thresholds
        _ = try r.readArray(max: maxSigners, minimumElementSize: 40) { try Signer(from: &$0) }
        let v1 = try r.readDiscriminant()
        guard v1 != 0 else { return }
        guard v1 == 1 else { throw r.unknownDiscriminant(v1, of: "AccountEntry ext") }
        _ = try r.readInt64(); _ = try r.readInt64()  // liabilities
        let v2 = try r.readDiscriminant()
        guard v2 != 0 else { return }
        guard v2 == 2 else { throw r.unknownDiscriminant(v2, of: "AccountEntryExtensionV1 ext") }
        _ = try r.readUInt32(); _ = try r.readUInt32()  // sponsored, sponsoring
        _ = try r.readArray(max: maxSigners) { try $0.readOptional { try AccountID(from: &$0) } }
        let v3 = try r.readDiscriminant()
        guard v3 != 0 else { return }
        guard v3 == 3 else { throw r.unknownDiscriminant(v3, of: "AccountEntryExtensionV2 ext") }
        try extensionPoint(&r)
        _ = try r.readUInt32(); _ = try r.readUInt64()  // sequence ledger and time
    }

    private static func skipTrustLine(_ r: inout XDRReader) throws {
        _ = try AccountID(from: &r); _ = try TrustLineAsset(from: &r)
        _ = try r.readInt64(); _ = try r.readInt64(); _ = try r.readUInt32()  // balance, limit, flags
        let v1 = try r.readDiscriminant()
        guard v1 != 0 else { return }
        guard v1 == 1 else { throw r.unknownDiscriminant(v1, of: "TrustLineEntry ext") }
        _ = try r.readInt64(); _ = try r.readInt64()  // liabilities
        let v2 = try r.readDiscriminant()
        guard v2 != 0 else { return }
        guard v2 == 2 else { throw r.unknownDiscriminant(v2, of: "TrustLineEntry v1 ext") }
        _ = try r.readInt32()  // liquidity pool use count
        try extensionPoint(&r)
    }

    private static func skipClaimableBalance(_ r: inout XDRReader) throws {
        _ = try ClaimableBalanceID(from: &r)
        _ = try r.readArray(max: 10, minimumElementSize: 44) { try Claimant(from: &$0) }
        _ = try Asset(from: &r); _ = try r.readInt64()
        let v = try r.readDiscriminant()
        switch v {
        case 0: break
        case 1: try extensionPoint(&r); _ = try r.readUInt32()  // flags
        default: throw r.unknownDiscriminant(v, of: "ClaimableBalanceEntry ext")
        }
    }

    private static func skipContractCode(_ r: inout XDRReader) throws {
        let v = try r.readDiscriminant()
        switch v {
        case 0: break
        case 1:
            try extensionPoint(&r)
            try extensionPoint(&r)  // ContractCodeCostInputs' own
            for _ in 0 ..< 10 { _ = try r.readUInt32() }  // instructions, functions, … data segment bytes
        default: throw r.unknownDiscriminant(v, of: "ContractCodeEntry ext")
        }
        _ = try r.read32()  // hash
        _ = try r.readVariableOpaque()
    }
}
