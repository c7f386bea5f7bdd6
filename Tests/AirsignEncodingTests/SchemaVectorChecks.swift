import AirsignEncoding
import AirsignTestSupport
import Testing

/// The case name of an error, as vector files spell it ("truncated", "nonCanonical", …). Read
/// through reflection so cases added to `EncodingError` on other branches need no change here.
func encodingErrorKind(_ error: any Error) -> String {
    guard let e = error as? EncodingError else { return "not an EncodingError: \(error)" }
    return Mirror(reflecting: e).children.first?.label ?? "\(e)"
}

/// Every reject in a schema vector file is refused by `decode`, with the error the file names.
/// `schema` reads a reject's type; a type it cannot read is a broken file, thrown as a test error.
func expectRejects<Schema, Value>(
    _ file: SchemaVectorFile, schema: (SchemaVectorJSON) throws -> Schema,
    decode: (Schema, [UInt8]) throws -> Value, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for r in file.rejects {
        let type = try schema(r.type)
        do {
            let v = try decode(type, testBytes(r.hex))
            Issue.record("\(r.hex) decoded to \(v) but must be refused (\(r.why))", sourceLocation: sourceLocation)
        } catch {
            #expect(
                encodingErrorKind(error) == r.error, "\(r.hex) (\(r.why)): \(error)", sourceLocation: sourceLocation)
        }
    }
}
