/// A Solidity ABI type (the contract ABI specification's types, all of them but `fixed` and
/// `function`), with the names of tuple components when they are known.
public indirect enum ABIType: Hashable, Sendable {
    /// `uint8` … `uint256` (bits a multiple of 8).
    case uint(Int)
    /// `int8` … `int256`, two's complement.
    case int(Int)
    case address
    case bool
    /// `bytes1` … `bytes32`.
    case fixedBytes(Int)
    /// Dynamic `bytes`.
    case bytes
    case string
    /// `T[]`.
    case array(ABIType)
    /// `T[k]`, k ≥ 1.
    case fixedArray(ABIType, Int)
    /// `(T1,T2,…)`, at least one component.
    case tuple([ABIParameter])

    /// Deepest nesting of arrays and tuples a type may have. Solidity documents no limit; real
    /// ABIs stay below 10 (Seaport's bulk orders reach 24 array dimensions). The bound keeps the
    /// recursive encoder and decoder within the stack whatever a descriptor or request asks for.
    public static let maxDepth = 32

    /// Largest `k` of `T[k]`: beyond it no transaction could carry the value.
    public static let maxFixedLength = 1 << 20

    /// The canonical text the selector is computed from: `uint256`, `(address,uint256)[]`.
    public var canonical: String {
        switch self {
        case .uint(let bits): return "uint\(bits)"
        case .int(let bits): return "int\(bits)"
        case .address: return "address"
        case .bool: return "bool"
        case .fixedBytes(let n): return "bytes\(n)"
        case .bytes: return "bytes"
        case .string: return "string"
        case .array(let element): return element.canonical + "[]"
        case let .fixedArray(element, length): return element.canonical + "[\(length)]"
        case .tuple(let components): return "(" + components.map(\.type.canonical).joined(separator: ",") + ")"
        }
    }

    /// Whether the encoding is referenced by an offset (its size depends on the value).
    public var isDynamic: Bool {
        switch self {
        case .bytes, .string, .array: return true
        case .fixedArray(let element, _): return element.isDynamic
        case .tuple(let components): return components.contains { $0.type.isDynamic }
        default: return false
        }
    }

    /// Bytes the type takes in its enclosing head: 32 for a dynamic type (its offset), else the
    /// whole static encoding. Nil when that exceeds `Int.max / 2` (no input is that large).
    public var headSize: Int? {
        guard !isDynamic else { return 32 }
        return staticSize
    }

    /// The size of a static type's encoding, nil on overflow.
    private var staticSize: Int? {
        switch self {
        case let .fixedArray(element, length):
            guard let size = element.headSize else { return nil }
            let (total, overflow) = size.multipliedReportingOverflow(by: length)
            return overflow || total > Int.max / 2 ? nil : total
        case .tuple(let components):
            return ABIType.headSize(of: components.map(\.type))
        default:
            return 32
        }
    }

    /// The summed head sizes of a sequence of types, nil on overflow.
    static func headSize(of types: [ABIType]) -> Int? {
        var total = 0
        for type in types {
            guard let size = type.headSize else { return nil }
            total += size
            if total > Int.max / 2 { return nil }
        }
        return total
    }

    /// Nesting depth: 0 for an elementary type.
    public var depth: Int {
        switch self {
        case .array(let element), .fixedArray(let element, _): return element.depth + 1
        case .tuple(let components): return (components.map(\.type.depth).max() ?? 0) + 1
        default: return 0
        }
    }
}

/// A function input or tuple component: its type, and its name when the ABI gives one.
public struct ABIParameter: Hashable, Sendable {
    /// Empty when unnamed.
    public let name: String
    public let type: ABIType

    public init(name: String = "", type: ABIType) {
        self.name = name
        self.type = type
    }

    /// `uint256 amount`, `(address to,uint256 value) params`: the "full solidity signature"
    /// form ERC-7730 keys its formats with (names kept, no spaces after commas).
    public var described: String {
        let type: String
        if case .tuple(let components) = self.type.elementBase {
            type = "(" + components.map(\.described).joined(separator: ",") + ")" + self.type.arraySuffix
        } else {
            type = self.type.canonical
        }
        return name.isEmpty ? type : type + " " + name
    }
}

extension ABIType {
    /// The element type under all array dimensions.
    var elementBase: ABIType {
        switch self {
        case .array(let element), .fixedArray(let element, _): return element.elementBase
        default: return self
        }
    }

    /// `[]`, `[2][]`: the array dimensions, innermost first, as written after the base.
    var arraySuffix: String {
        switch self {
        case .array(let element): return element.arraySuffix + "[]"
        case let .fixedArray(element, length): return element.arraySuffix + "[\(length)]"
        default: return ""
        }
    }
}
