/// CRC-16/XMODEM: polynomial 0x1021, initial value 0, not reflected, no final xor. Stellar
/// StrKey appends it little-endian.
public enum CRC16XModem {
    private static let table: [UInt16] = (0..<256).map { (n: UInt16) in
        var crc = n << 8
        for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
        return crc
    }

    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc = (crc << 8) ^ table[Int((crc >> 8) ^ UInt16(byte))]
        }
        return crc
    }
}
