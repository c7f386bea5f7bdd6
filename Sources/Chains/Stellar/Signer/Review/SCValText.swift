import AirsignEncoding
import BigInt

/// Soroban values as review text: every value with its type, numbers exact in decimal, text
/// quoted (hex when it is not UTF-8), bytes in hex, addresses as StrKeys (labelled by the
/// caller's `label`), vectors and maps written out in full on one line.
package enum SCValText {
    /// `u32 7`, `i128 -12`, `vec [symbol "a", bool true]`, `map {symbol "k": u64 1}`.
    package static func inline(_ value: SCVal, label: (SCAddress) -> String = { $0.description }) -> String {
        "\(typeName(value)) \(body(value, label: label))".trimmingSuffix(" ")
    }

    /// The value without its type name (`7`, `"text"`, `G… (your account …)`).
    static func body(_ value: SCVal, label: (SCAddress) -> String = { $0.description }) -> String {
        switch value {
        case .bool(let b): return b ? "true" : "false"
        case .void, .ledgerKeyContractInstance: return ""
        case .error(let e): return e.description
        case .u32(let v): return String(v)
        case .i32(let v): return String(v)
        case .u64(let v): return String(v)
        case .i64(let v): return String(v)
        case .timepoint(let v): return utc(v)
        case .duration(let v): return "\(v) s"
        case .u128, .i128, .u256, .i256: return integer(value)?.description ?? ""
        case .bytes(let b): return "0x" + Hex.encode(b) + " (\(b.count) bytes)"
        case .string(let s), .executableTag(let s): return showText(s)
        case .symbol(let s): return String(decoding: s, as: UTF8.self).debugDescription
        case .vec(let items): return "[" + items.map { inline($0, label: label) }.joined(separator: ", ") + "]"
        case .map(let entries): return map(entries, label: label)
        case .address(let a): return label(a)
        case .contractInstance(let i):
            let executable: String
            switch i.executable {
            case .wasm(let hash): executable = "Wasm \(Hex.encode(hash))"
            case .stellarAsset: executable = "Stellar Asset Contract"
            case let .externalRef(owner, tag):
                executable = "the Wasm that \(label(owner)) names by tag \(showText(tag))"
            }
            return executable + (i.storage.map { ", storage " + map($0, label: label) } ?? ", no storage")
        case .ledgerKeyNonce(let n): return String(n)
        }
    }

    private static func map(_ entries: [SCMapEntry], label: (SCAddress) -> String) -> String {
        "{" + entries.map { "\(inline($0.key, label: label)): \(inline($0.val, label: label))" }.joined(separator: ", ")
            + "}"
    }

    /// The exact value of a 128- or 256-bit integer; nil for any other value.
    static func integer(_ value: SCVal) -> BigInt? {
        func words(_ parts: [UInt64]) -> BigInt { parts.reduce(BigInt(0)) { $0 << 64 + BigInt($1) } }
        switch value {
        case .u128(let p): return words([p.hi, p.lo])
        case .i128(let p): return BigInt(p.hi) << 64 + BigInt(p.lo)
        case .u256(let p): return words([p.hiHi, p.hiLo, p.loHi, p.loLo])
        case .i256(let p): return BigInt(p.hiHi) << 192 + words([p.hiLo, p.loHi, p.loLo])
        default: return nil
        }
    }

    /// The type's name as stellar-cli writes it (`u32`, `i128`, `address`, `vec`, …).
    static func typeName(_ value: SCVal) -> String {
        switch value {
        case .bool: return "bool"
        case .void: return "void"
        case .error: return "error"
        case .u32: return "u32"
        case .i32: return "i32"
        case .u64: return "u64"
        case .i64: return "i64"
        case .timepoint: return "timepoint"
        case .duration: return "duration"
        case .u128: return "u128"
        case .i128: return "i128"
        case .u256: return "u256"
        case .i256: return "i256"
        case .bytes: return "bytes"
        case .string: return "string"
        case .symbol: return "symbol"
        case .vec: return "vec"
        case .map: return "map"
        case .address: return "address"
        case .contractInstance: return "contract instance"
        case .ledgerKeyContractInstance: return "instance key"
        case .ledgerKeyNonce: return "nonce key"
        case .executableTag: return "executable tag"
        }
    }
}

extension SCVal {
    /// The type's name, for error messages.
    var typeName: String { SCValText.typeName(self) }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
