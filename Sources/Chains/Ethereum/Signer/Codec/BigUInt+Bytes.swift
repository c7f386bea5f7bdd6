import BigInt
import Foundation

extension BigUInt {
    /// The unsigned integer of big-endian `bytes` (leading zeros allowed).
    package init(bigEndian bytes: [UInt8]) {
        self.init(Data(bytes))
    }

    /// Minimal big-endian bytes (no leading zero; zero is empty), as RLP writes integers.
    var minimalBigEndian: [UInt8] {
        Array(serialize())
    }

    /// Big-endian bytes left-padded to `width`; the caller has checked that the value fits.
    package func bigEndian(width: Int) -> [UInt8] {
        let bytes = minimalBigEndian
        let padding = bytes.count < width ? width - bytes.count : 0
        return [UInt8](repeating: 0, count: padding) + bytes.suffix(width)
    }

    /// 2^256 − 1, the largest uint256 (an "unlimited" ERC-20 allowance).
    static let uint256Max = (BigUInt(1) << 256) - 1
}
