import AirsignEncoding
import AirsignTestSupport
import Testing

/// `SCALEReader` and `SCALEWriter` have concrete overloads for the unsigned widths beside their
/// generic methods; on random bytes they read and write what the generic ones do, values and
/// errors alike.
@Suite struct SCALEOverloadTests {
    private func generic<T: FixedWidthInteger>(_ reader: inout SCALEReader, _ type: T.Type) -> Result<T, EncodingError>
    {
        Result { () throws(EncodingError) in try reader.readInteger(type) }
    }

    private func genericCompact<T: FixedWidthInteger & UnsignedInteger>(_ reader: inout SCALEReader, _ type: T.Type)
        -> Result<T, EncodingError>
    {
        Result { () throws(EncodingError) in try reader.readCompact(type) }
    }

    private func written<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        var writer = SCALEWriter()
        writer.writeInteger(value)
        return writer.bytes
    }

    @Test func overloadsAreTheGenericMethods() {
        var random = SeededRandom.forTest("SCALE overloads")
        for round in 0..<5000 {
            let bytes = random.bytes(lengthIn: 0...20)
            let context = "seed \(random.seed), round \(round): \(bytes)"
            func both<T: FixedWidthInteger & Equatable>(
                _ concrete: (inout SCALEReader) throws(EncodingError) -> T, _ type: T.Type
            ) {
                var a = SCALEReader(bytes)
                var b = SCALEReader(bytes)
                let mine = Result { () throws(EncodingError) in try concrete(&a) }
                #expect("\(mine)" == "\(generic(&b, type))" && a.offset == b.offset, "\(context)")
            }
            both({ (r: inout SCALEReader) throws(EncodingError) in try r.readInteger(UInt8.self) }, UInt8.self)
            both({ (r: inout SCALEReader) throws(EncodingError) in try r.readInteger(UInt16.self) }, UInt16.self)
            both({ (r: inout SCALEReader) throws(EncodingError) in try r.readInteger(UInt32.self) }, UInt32.self)
            both({ (r: inout SCALEReader) throws(EncodingError) in try r.readInteger(UInt64.self) }, UInt64.self)
            both({ (r: inout SCALEReader) throws(EncodingError) in try r.readInteger(UInt128.self) }, UInt128.self)
            var a = SCALEReader(bytes)
            var b = SCALEReader(bytes)
            #expect(
                "\(Result { () throws(EncodingError) in try a.readCompact(UInt32.self) })"
                    == "\(genericCompact(&b, UInt32.self))")
            a = SCALEReader(bytes)
            b = SCALEReader(bytes)
            #expect(
                "\(Result { () throws(EncodingError) in try a.readCompact(UInt64.self) })"
                    == "\(genericCompact(&b, UInt64.self))")
            a = SCALEReader(bytes)
            b = SCALEReader(bytes)
            #expect(
                "\(Result { () throws(EncodingError) in try a.readCompact(UInt128.self) })"
                    == "\(genericCompact(&b, UInt128.self))")
            let value = UInt128(random.next()) << 64 | UInt128(random.next())
            var writer = SCALEWriter()
            writer.writeInteger(UInt8(truncatingIfNeeded: value))
            writer.writeInteger(UInt16(truncatingIfNeeded: value))
            writer.writeInteger(UInt32(truncatingIfNeeded: value))
            writer.writeInteger(UInt64(truncatingIfNeeded: value))
            writer.writeInteger(value)
            let expected =
                written(UInt8(truncatingIfNeeded: value)) + written(UInt16(truncatingIfNeeded: value))
                + written(UInt32(truncatingIfNeeded: value)) + written(UInt64(truncatingIfNeeded: value))
                + written(value)
            #expect(writer.bytes == expected, "\(context)")
        }
    }
}
