import AirsignEncoding
import BigInt

/// SCALE compact integers of any width up to 2^536 (u256 and beyond fit), as `BigUInt`:
/// AirsignEncoding's reader stops at 128 bits. Strict like it: each value in its smallest mode,
/// the big-integer mode without a zero top byte.
enum SCALECompact {
    static func read(_ reader: inout SCALEReader) throws -> BigUInt {
        let start = reader.offset
        let prefix = try reader.readInteger(UInt8.self)
        let value: BigUInt
        let smallest: BigUInt
        switch prefix & 0b11 {
        case 0b00: return BigUInt(prefix >> 2)
        case 0b01:
            value = BigUInt(littleEndian: [prefix] + (try reader.readBytes(count: 1))) >> 2
            smallest = 1 << 6
        case 0b10:
            value = BigUInt(littleEndian: [prefix] + (try reader.readBytes(count: 3))) >> 2
            smallest = 1 << 14
        default:
            let bytes = try reader.readBytes(count: Int(prefix >> 2) + 4)
            guard bytes.last != 0 else { throw TypePathError("byte \(start): compact integer has a zero top byte") }
            value = BigUInt(littleEndian: bytes)
            smallest = 1 << 30
        }
        guard value >= smallest else {
            throw TypePathError("byte \(start): compact integer \(value) fits a smaller mode")
        }
        return value
    }

    static func write(_ value: BigUInt, into writer: inout SCALEWriter) {
        if value < (1 << 30) {
            writer.writeCompact(UInt32(value))
            return
        }
        var bytes: [UInt8] = []
        var rest = value
        while rest > 0 {
            bytes.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
        writer.writeInteger(UInt8((bytes.count - 4) << 2 | 0b11))
        writer.writeBytes(bytes)
    }
}
