import AirsignEncoding
import AirsignTestSupport
import Testing

private struct CRCVectors: Decodable {
    struct Case: Decodable { let hex: String; let crc: String; let source: String }
    let source: String
    let crc32: [Case]
    let crc16_xmodem: [Case]
}

/// Bit-at-a-time reference forms, written straight from the catalogue parameters, to check the
/// table-driven code against on random input.
private func referenceCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    return ~crc
}

private func referenceCRC16XModem(_ bytes: [UInt8]) -> UInt16 {
    var crc: UInt16 = 0
    for byte in bytes {
        crc ^= UInt16(byte) << 8
        for _ in 0..<8 { crc = (crc << 1) ^ (crc & 0x8000 != 0 ? 0x1021 : 0) }
    }
    return crc
}

@Suite struct CRCTests {
    @Test func publishedVectors() throws {
        let file = try Vectors.load("crc", as: CRCVectors.self)
        #expect(file.crc32.count == 7 && file.crc16_xmodem.count == 9)
        for c in file.crc32 {
            #expect(CRC32.checksum(testBytes(c.hex)) == UInt32(c.crc, radix: 16), "\(c.source)")
        }
        for c in file.crc16_xmodem {
            #expect(CRC16XModem.checksum(testBytes(c.hex)) == UInt16(c.crc, radix: 16), "\(c.source)")
        }
    }

    @Test func checkValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC16XModem.checksum(Array("123456789".utf8)) == 0x31C3)
    }

    @Test func tableMatchesBitwiseReference() {
        var rng = SeededRandom.forTest("CRCTests.tableMatchesBitwiseReference")
        for _ in 0..<2000 {
            let bytes = rng.bytes(lengthIn: 0...64)
            #expect(CRC32.checksum(bytes) == referenceCRC32(bytes), "\(testHex(bytes))")
            #expect(CRC16XModem.checksum(bytes) == referenceCRC16XModem(bytes), "\(testHex(bytes))")
        }
    }

    @Test func everySingleBitFlipChangesTheChecksum() {
        var rng = SeededRandom.forTest("CRCTests.everySingleBitFlipChangesTheChecksum")
        for _ in 0..<50 {
            let bytes = rng.bytes(lengthIn: 1...40)
            let crc32 = CRC32.checksum(bytes), crc16 = CRC16XModem.checksum(bytes)
            for i in bytes.indices {
                for bit in 0..<8 {
                    var flipped = bytes
                    flipped[i] ^= 1 << UInt8(bit)
                    #expect(CRC32.checksum(flipped) != crc32)
                    #expect(CRC16XModem.checksum(flipped) != crc16)
                }
            }
        }
    }
}
