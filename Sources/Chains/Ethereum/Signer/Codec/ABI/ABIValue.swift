import BigInt

/// A value of an `ABIType`. Arrays (`T[]` and `T[k]`) and tuples hold their elements in order.
public indirect enum ABIValue: Equatable, Sendable {
    case uint(BigUInt)
    case int(BigInt)
    case address(EthereumAddress)
    case bool(Bool)
    /// `bytesN`: exactly N bytes.
    case fixedBytes([UInt8])
    case bytes([UInt8])
    case string(String)
    case array([ABIValue])
    case tuple([ABIValue])

    /// The elements of an array or tuple; nil for an elementary value.
    public var elements: [ABIValue]? {
        switch self {
        case .array(let items), .tuple(let items): return items
        default: return nil
        }
    }
}
