import BigInt
import Foundation

extension BigUInt {
    /// The unsigned integer of big-endian `bytes` (leading zeros allowed).
    package init(bigEndian bytes: [UInt8]) {
        self.init(Data(bytes))
    }

    /// Minimal big-endian bytes (no leading zero; zero is empty), as RLP writes integers: what
    /// `serialize()` gives, from the words without a `Data` in between (a transaction's fees
    /// and value are written three times a request).
    var minimalBigEndian: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.count * 8)
        for word in words.reversed() {
            for shift in stride(from: UInt.bitWidth - 8, through: 0, by: -8) {
                let byte = UInt8(truncatingIfNeeded: word >> UInt(shift))
                if byte != 0 || !bytes.isEmpty { bytes.append(byte) }
            }
        }
        return bytes
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
