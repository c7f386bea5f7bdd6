import Testing

// Property checks that feed corrupted encodings to a decoder, shared by the codec suites.
// Surviving them means no trap (a trap would end the whole test run, which is the failure) and
// only the codec's own error type thrown.

extension SeededRandom {
    /// `corruptions(of:count:)` of a text encoding, as text. Mutated bytes that are not UTF-8
    /// become U+FFFD, which a text codec must refuse like any other foreign character.
    public mutating func corruptions(ofText text: String, count: Int) -> [String] {
        corruptions(of: Array(text.utf8), count: count).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Corrupted inputs for a strict decoder, one that accepts exactly one encoding per value.
    ///
    /// For each of `rounds` valid encodings made by `sample` (with the schema it encodes, for
    /// codecs whose decoder needs one; `Void` otherwise), `count` corruptions are decoded with
    /// `decode`. Each must either be refused with a `Failure`, or decode to a value that
    /// `encode` turns back into exactly the input. Returns how many corrupted inputs decoded,
    /// so the caller can check the property was not met vacuously.
    public mutating func expectStrictDecoding<Schema, Value, Failure: Error>(
        rounds: Int, corruptionsEach count: Int, failure: Failure.Type,
        sample: (inout SeededRandom) throws -> (schema: Schema, bytes: [UInt8]),
        decode: (Schema, [UInt8]) throws -> Value,
        encode: (Schema, Value) throws -> [UInt8],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        var decodedCount = 0
        for _ in 0..<rounds {
            let (schema, bytes) = try sample(&self)
            for input in corruptions(of: bytes, count: count) {
                do {
                    let value = try decode(schema, input)
                    decodedCount += 1
                    #expect(
                        try encode(schema, value) == input,
                        "seed \(seed): \(testHex(input)) decoded but re-encodes differently",
                        sourceLocation: sourceLocation)
                } catch {
                    #expect(error is Failure, "seed \(seed): \(error)", sourceLocation: sourceLocation)
                }
            }
        }
        return decodedCount
    }
}
