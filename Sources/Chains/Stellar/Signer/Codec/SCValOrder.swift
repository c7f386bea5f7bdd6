/// The order the Soroban host sorts values in (soroban-env-host `Compare<ScVal>`), which map
/// keys must follow: values of different types by their `SCValType`; numbers by value; bytes,
/// strings and symbols byte by byte (a prefix first); vectors and maps element by element, then
/// by length; addresses by their type, then their fields in XDR order.
extension SCVal {
    /// -1, 0 or 1 as `a` sorts before, with or after `b`.
    public static func compare(_ a: SCVal, _ b: SCVal) -> Int {
        switch (a, b) {
        case let (.bool(x), .bool(y)): return order(x ? 1 : 0, y ? 1 : 0)
        case (.void, .void), (.ledgerKeyContractInstance, .ledgerKeyContractInstance): return 0
        case let (.error(x), .error(y)): return lexicographic([order(x.type, y.type), order(x.code, y.code)])
        case let (.u32(x), .u32(y)): return order(x, y)
        case let (.i32(x), .i32(y)): return order(x, y)
        case let (.u64(x), .u64(y)), let (.timepoint(x), .timepoint(y)), let (.duration(x), .duration(y)):
            return order(x, y)
        case let (.i64(x), .i64(y)), let (.ledgerKeyNonce(x), .ledgerKeyNonce(y)): return order(x, y)
        case let (.u128(x), .u128(y)): return lexicographic([order(x.hi, y.hi), order(x.lo, y.lo)])
        case let (.i128(x), .i128(y)): return lexicographic([order(x.hi, y.hi), order(x.lo, y.lo)])
        case let (.u256(x), .u256(y)):
            return lexicographic([
                order(x.hiHi, y.hiHi), order(x.hiLo, y.hiLo), order(x.loHi, y.loHi), order(x.loLo, y.loLo),
            ])
        case let (.i256(x), .i256(y)):
            return lexicographic([
                order(x.hiHi, y.hiHi), order(x.hiLo, y.hiLo), order(x.loHi, y.loHi), order(x.loLo, y.loLo),
            ])
        case let (.bytes(x), .bytes(y)), let (.string(x), .string(y)), let (.symbol(x), .symbol(y)),
            let (.executableTag(x), .executableTag(y)):
            return compareBytes(x, y)
        case let (.vec(x), .vec(y)): return sequence(x, y, compare)
        case let (.map(x), .map(y)): return sequence(x, y, compareEntries)
        case let (.address(x), .address(y)): return SCAddress.compare(x, y)
        case let (.contractInstance(x), .contractInstance(y)):
            let executable = compareExecutables(x.executable, y.executable)
            if executable != 0 { return executable }
            switch (x.storage, y.storage) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (s?, t?): return sequence(s, t, compareEntries)
            }
        default: return order(a.type, b.type)
        }
    }

    private static func compareEntries(_ a: SCMapEntry, _ b: SCMapEntry) -> Int {
        lexicographic([compare(a.key, b.key), compare(a.val, b.val)])
    }

    private static func compareExecutables(_ a: ContractExecutable, _ b: ContractExecutable) -> Int {
        switch (a, b) {
        case let (.wasm(x), .wasm(y)): return compareBytes(x, y)
        case (.stellarAsset, .stellarAsset): return 0
        case let (.externalRef(xOwner, xTag), .externalRef(yOwner, yTag)):
            return lexicographic([SCAddress.compare(xOwner, yOwner), compareBytes(xTag, yTag)])
        default: return order(a.type, b.type)
        }
    }
}

extension ContractExecutable {
    /// The `ContractExecutableType` discriminant.
    var type: Int32 {
        switch self {
        case .wasm: return 0
        case .stellarAsset: return 1
        case .externalRef: return 2
        }
    }
}

extension SCAddress {
    /// The host's order of addresses: by `SCAddressType`, then field by field.
    static func compare(_ a: SCAddress, _ b: SCAddress) -> Int {
        switch (a, b) {
        case let (.account(x), .account(y)): return compareBytes(x.publicKey, y.publicKey)
        case let (.contract(x), .contract(y)), let (.liquidityPool(x), .liquidityPool(y)): return compareBytes(x, y)
        case let (.claimableBalance(x), .claimableBalance(y)): return compareBytes(x.hash, y.hash)
        case let (.muxedAccount(xID, xKey), .muxedAccount(yID, yKey)):
            return lexicographic([order(xID, yID), compareBytes(xKey, yKey)])
        default: return order(a.type, b.type)
        }
    }
}

private func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }

/// The first non-zero comparison.
private func lexicographic(_ parts: [Int]) -> Int { parts.first { $0 != 0 } ?? 0 }

private func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int { sequence(a, b) { order($0, $1) } }

/// Element by element, then the shorter first.
private func sequence<T>(_ a: [T], _ b: [T], _ compare: (T, T) -> Int) -> Int {
    for (x, y) in zip(a, b) {
        let c = compare(x, y)
        if c != 0 { return c }
    }
    return order(a.count, b.count)
}
