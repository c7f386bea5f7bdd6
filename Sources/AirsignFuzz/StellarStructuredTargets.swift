import AirsignStellar

// A structure-aware target for Soroban values. Raw bytes rarely get past an SCVal's first
// length word, so here the fuzzer's bytes drive a generator of a valid nested SCVal (vectors,
// maps with sorted distinct keys, 128/256-bit integers, every address kind, bytes, strings,
// symbols, contract instances, nesting chains around the decoder's depth limit), which our
// encoder writes; further bytes pick one mutation aimed at the words that steer decoding (a
// type tag, a length, an optional flag) or at any byte, and the result is decoded.

extension FuzzTarget {
    static let stellarSorobanValueTree = FuzzTarget(
        name: "stellar-soroban-value-tree",
        summary:
            "Soroban SCVal trees built from the input, encoded, mutated (type tags, lengths, flags, bytes), decoded: a valid tree round-trips, an accepted mutation re-encodes exactly and stays within the depth limit"
    ) { input throws(FuzzViolation) in
        var source = FuzzByteSource(input)
        let value = source.value(depth: 0)
        let encoded: [UInt8]
        do { encoded = try value.xdr() } catch {
            throw FuzzViolation("the encoder refuses a valid value: \(error)")
        }
        let levels = SCValLayout.levels(value)
        let decoded = try? SCVal(xdr: encoded)
        // A valid value decodes to itself exactly when it is within the nesting limit.
        try FuzzViolation.check(
            (decoded != nil) == (levels <= XDRLimits.maxDepth),
            "a valid value of \(levels) levels was \(decoded == nil ? "refused" : "accepted") (limit \(XDRLimits.maxDepth))"
        )
        try FuzzViolation.check(decoded == nil || decoded == value, "a valid value decodes to another value")

        var layout = SCValLayout()
        let size = layout.walk(value, at: 0)
        try FuzzViolation.check(
            size == encoded.count, "the encoding is \(encoded.count) bytes, the value's XDR layout \(size)")
        let mutated = source.mutate(encoded, layout)
        guard let accepted = try? SCVal(xdr: mutated) else { return }
        try FuzzViolation.check(
            (try? accepted.xdr()) == mutated, "an accepted mutation does not re-encode to its bytes")
        try FuzzViolation.check(
            SCValLayout.levels(accepted) <= XDRLimits.maxDepth, "an accepted value is nested past the limit")
        try FuzzViolation.check(
            SCVal.compare(accepted, accepted) == 0, "an accepted value does not compare equal to itself")
        _ = SCValText.inline(accepted)
    }
}

/// Soroban values from the fuzzer's choices; past the end every choice is 0, which ends every list.
extension FuzzByteSource {
    fileprivate mutating func u64() -> UInt64 {
        // Mostly edge values, which is where signed/unsigned and hi/lo mix-ups show.
        switch below(6) {
        case 0: return 0
        case 1: return .max
        case 2: return 1 << 63
        case 3: return (1 << 63) - 1
        default: return take(8).reduce(0) { $0 << 8 | UInt64($1) }
        }
    }

    fileprivate mutating func u32() -> UInt32 { UInt32(truncatingIfNeeded: u64()) }

    // MARK: - Values

    /// A valid value; containers only while `depth` allows, except the deep chains.
    fileprivate mutating func value(depth: Int) -> SCVal {
        let kind = below(depth < 5 ? 24 : 16)
        switch kind {
        case 0: return .bool(byte() & 1 == 1)
        case 1: return .void
        case 2:
            let type = Int32(below(10))
            return .error(try! SCError(type: type, code: type == 0 ? u32() : UInt32(below(10))))
        case 3: return .u32(u32())
        case 4: return .i32(Int32(bitPattern: u32()))
        case 5: return .u64(u64())
        case 6: return .i64(Int64(bitPattern: u64()))
        case 7: return .timepoint(u64())
        case 8: return .duration(u64())
        case 9: return .u128(UInt128Parts(hi: u64(), lo: u64()))
        case 10: return .i128(Int128Parts(hi: Int64(bitPattern: u64()), lo: u64()))
        case 11: return .u256(UInt256Parts(hiHi: u64(), hiLo: u64(), loHi: u64(), loLo: u64()))
        case 12: return .i256(Int256Parts(hiHi: Int64(bitPattern: u64()), hiLo: u64(), loHi: u64(), loLo: u64()))
        case 13: return .bytes(take(below(41)))
        case 14: return .string(take(below(21)))
        case 15: return below(3) == 0 ? .ledgerKeyNonce(Int64(bitPattern: u64())) : .symbol(symbol())
        case 16: return .vec((0..<below(5)).map { _ in value(depth: depth + 1) })
        case 17: return .map(map(depth: depth + 1))
        case 18: return .address(address())
        case 19:
            let executable: ContractExecutable = byte() & 1 == 0 ? .wasm(hash: take(32)) : .stellarAsset
            return .contractInstance(
                SCContractInstance(executable: executable, storage: byte() & 1 == 0 ? map(depth: depth + 1) : nil))
        case 20: return .ledgerKeyContractInstance
        case 21, 22: return .vec([value(depth: depth + 1)])
        default: return chain(levels: XDRLimits.maxDepth - 2 + below(5))
        }
    }

    /// A value of exactly `levels` levels, vectors and maps around a leaf, just inside or
    /// just past the decoder's limit.
    fileprivate mutating func chain(levels: Int) -> SCVal {
        var value = SCVal.u32(u32())
        for _ in 1..<levels {
            value = byte() & 1 == 0 ? .vec([value]) : .map([SCMapEntry(key: .u32(0), val: value)])
        }
        return value
    }

    /// Distinct keys in the host's order, as the decoder requires.
    fileprivate mutating func map(depth: Int) -> [SCMapEntry] {
        var entries: [SCMapEntry] = []
        for _ in 0..<below(5) {
            let entry = SCMapEntry(key: value(depth: depth), val: value(depth: depth))
            if !entries.contains(where: { SCVal.compare($0.key, entry.key) == 0 }) { entries.append(entry) }
        }
        return entries.sorted { SCVal.compare($0.key, $1.key) < 0 }
    }

    fileprivate mutating func symbol() -> [UInt8] {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".utf8)
        return (0..<below(33)).map { _ in alphabet[below(alphabet.count)] }
    }

    fileprivate mutating func address() -> SCAddress {
        switch below(5) {
        case 0: return .account(try! AccountID(publicKey: take(32)))
        case 1: return .contract(take(32))
        case 2: return .muxedAccount(id: u64(), publicKey: take(32))
        case 3: return .claimableBalance(try! ClaimableBalanceID(hash: take(32)))
        default: return .liquidityPool(take(32))
        }
    }

    // MARK: - Mutations

    /// `encoded` with one mutation (or none) picked by the next bytes.
    fileprivate mutating func mutate(_ encoded: [UInt8], _ layout: SCValLayout) -> [UInt8] {
        var out = encoded
        func word(_ offset: Int, _ value: UInt32) {
            guard offset + 4 <= out.count else { return }
            for i in 0..<4 { out[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
        }
        func position(_ count: Int) -> Int { count == 0 ? 0 : (Int(byte()) << 8 | Int(byte())) % count }
        switch below(9) {
        case 0: break
        case 1:
            guard !out.isEmpty else { break }
            out[position(out.count)] ^= max(byte(), 1)
        case 2: out = Array(out.prefix(position(out.count + 1)))
        case 3: out.insert(contentsOf: take(1 + below(8)), at: position(out.count + 1))
        case 4:
            let start = position(out.count + 1)
            out.removeSubrange(start..<min(out.count, start + 1 + below(8)))
        case 5, 6:
            // Another type (one past the last, SCV_EXECUTABLE_TAG of protocol 27, included).
            guard !layout.tags.isEmpty else { break }
            word(layout.tags[position(layout.tags.count)], UInt32(below(24)))
        case 7:
            guard !layout.lengths.isEmpty else { break }
            let at = layout.lengths[position(layout.lengths.count)]
            let old = out[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let choices: [UInt32] = [old &+ 1, old &- 1, old &+ 4, old &- 4, 0, .max, 0x7FFF_FFFF, old &* 2 &+ 1]
            word(at, choices[below(choices.count)])
        default:
            guard !layout.flags.isEmpty else { break }
            word(layout.flags[position(layout.flags.count)], [0, 2, .max][below(3)])
        }
        return out
    }
}

/// Where the words that steer decoding sit in a value's encoding: every value's type tag (and
/// the address, executable and error tags inside), every length, every optional flag.
private struct SCValLayout {
    private(set) var tags: [Int] = []
    private(set) var lengths: [Int] = []
    private(set) var flags: [Int] = []

    /// How many SCVal levels the decoder enters for `value` (each value is one).
    static func levels(_ value: SCVal) -> Int {
        switch value {
        case .vec(let items): return 1 + (items.map(levels).max() ?? 0)
        case .map(let entries): return 1 + (entries.map { max(levels($0.key), levels($0.val)) }.max() ?? 0)
        case .contractInstance(let i): return 1 + (i.storage?.map { max(levels($0.key), levels($0.val)) }.max() ?? 0)
        default: return 1
        }
    }

    /// Records `value`, encoded at `offset`; returns its encoded size (summed from the parts,
    /// so the walk stays linear in the value's size).
    @discardableResult
    mutating func walk(_ value: SCVal, at offset: Int) -> Int {
        tags.append(offset)
        let body = offset + 4
        switch value {
        case .vec(let items):
            flags.append(body)
            lengths.append(body + 4)
            var at = body + 8
            for item in items { at += walk(item, at: at) }
            return at - offset
        case .map(let entries): return walkEntries(entries, flag: body) - offset
        case .contractInstance(let i):
            tags.append(body)
            let flag = body + (i.executable == .stellarAsset ? 4 : 36)
            guard let storage = i.storage else {
                flags.append(flag)
                return flag + 4 - offset
            }
            return walkEntries(storage, flag: flag) - offset
        case .error: tags.append(body)
        case .bytes, .string, .symbol: lengths.append(body)
        case .address(let a):
            tags.append(body)
            if case .account = a { tags.append(body + 4) }
            if case .claimableBalance = a { tags.append(body + 4) }
        default: break
        }
        return (try? value.xdr().count) ?? 0
    }

    /// The flag, length and entries of a present map at `flag`; returns where they end.
    private mutating func walkEntries(_ entries: [SCMapEntry], flag: Int) -> Int {
        flags.append(flag)
        lengths.append(flag + 4)
        var at = flag + 8
        for entry in entries {
            at += walk(entry.key, at: at)
            at += walk(entry.val, at: at)
        }
        return at
    }
}
