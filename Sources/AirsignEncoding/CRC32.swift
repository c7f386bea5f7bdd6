/// CRC-32/ISO-HDLC, the zlib/PNG/Ethernet CRC: reflected polynomial 0xEDB88320, initial value
/// and final xor 0xFFFFFFFF. Used by ICP principal text and UR frames.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { (n: UInt32) in
        var crc = n
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
