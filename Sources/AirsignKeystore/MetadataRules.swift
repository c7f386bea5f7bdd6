/// What the public metadata's text fields may contain. The metadata is shown to the user and
/// parsed back from disk, so it is kept to short, printable text: no control characters that
/// could rewrite a terminal line, nothing long enough to hide something.
enum MetadataRules {
    /// A lower-case identifier such as a kind, chain or scheme: `[a-z0-9][a-z0-9._:-]{0,63}`.
    static func identifier(_ text: String, field: String) throws(KeystoreError) {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { throw .invalidMetadata(field: field, reason: "must not be empty") }
        guard bytes.count <= 64 else { throw .invalidMetadata(field: field, reason: "longer than 64 characters") }
        let lowerOrDigit = { (c: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
        }
        guard lowerOrDigit(first), bytes.allSatisfy({ lowerOrDigit($0) || ".-_:".utf8.contains($0) }) else {
            throw .invalidMetadata(
                field: field,
                reason: "only a-z, 0-9, \".\", \"_\", \"-\" and \":\" are allowed, starting with a letter or digit")
        }
    }

    /// Printable ASCII without spaces (addresses, network IDs, extended keys), at most `maximum` bytes.
    static func token(_ text: String, field: String, maximum: Int) throws(KeystoreError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .invalidMetadata(field: field, reason: "must not be empty") }
        guard bytes.count <= maximum else {
            throw .invalidMetadata(field: field, reason: "longer than \(maximum) characters")
        }
        guard bytes.allSatisfy({ (0x21...0x7e).contains($0) }) else {
            throw .invalidMetadata(field: field, reason: "only printable ASCII without spaces is allowed")
        }
    }

    /// A derivation path: any text without control characters, at most 256 bytes, and never a
    /// Substrate `///password` part, which is a secret and belongs in the ciphertext.
    static func path(_ text: String, field: String) throws(KeystoreError) {
        guard text.utf8.count <= 256 else { throw .invalidMetadata(field: field, reason: "longer than 256 bytes") }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidMetadata(field: field, reason: "contains a control character")
        }
        guard !text.contains("///") else {
            throw .invalidMetadata(
                field: field, reason: "contains a ///password part, which is secret and must not be stored in the clear"
            )
        }
    }

    /// A UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
    static func timestamp(_ text: String, field: String) throws(KeystoreError) {
        let bytes = Array(text.utf8)
        let pattern = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
        guard bytes.count == pattern.count,
            zip(bytes, pattern).allSatisfy({ byte, want in
                want == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == want
            })
        else { throw .invalidMetadata(field: field, reason: "must be a UTC time like 2025-01-31T12:00:00Z") }
    }
}
