/// A strict reader of DER (ITU-T X.690) for the few private-key structures Airsign imports.
/// It reads definite, minimally encoded lengths only, checks every length against the bytes
/// present, and never traps: malformed input is a `KeysError.invalidKeyFile`.
///
/// It works on a buffer borrowed from `SecureBytes`, so nothing is copied out; callers copy
/// only the fields they keep.
struct DERReader {
    private let bytes: UnsafeRawBufferPointer
    private let end: Int
    private(set) var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, range: Range<Int>? = nil) {
        self.bytes = bytes
        self.offset = range?.lowerBound ?? 0
        self.end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { offset >= end }

    /// The tag of the next element, if any.
    var nextTag: UInt8? { offset < end ? bytes[offset] : nil }

    /// Reads one element that must have `tag`; returns the range of its contents.
    mutating func read(_ tag: UInt8, _ what: String) throws(KeysError) -> Range<Int> {
        guard offset < end else { throw .invalidKeyFile("\(what) is missing") }
        guard bytes[offset] == tag else { throw .invalidKeyFile("expected \(what)") }
        guard offset + 1 < end else { throw .invalidKeyFile("\(what) is cut short") }
        let first = bytes[offset + 1]
        var length = 0
        var contentStart = offset + 2
        if first < 0x80 {
            length = Int(first)
        } else {
            // Long form: 1 or 2 length bytes are plenty for a key file; 0x80 (indefinite) is not DER.
            let count = Int(first & 0x7f)
            guard count == 1 || count == 2 else { throw .invalidKeyFile("\(what) has an unsupported length form") }
            guard contentStart + count <= end else { throw .invalidKeyFile("\(what) is cut short") }
            for i in 0..<count { length = length << 8 | Int(bytes[contentStart + i]) }
            // DER: the shortest form, so a long form only for 128 or more, without a leading zero.
            guard length >= 0x80, bytes[contentStart] != 0 else {
                throw .invalidKeyFile("\(what) has a non-minimal length")
            }
            contentStart += count
        }
        guard length <= end - contentStart else { throw .invalidKeyFile("\(what) is longer than the data") }
        offset = contentStart + length
        return contentStart..<contentStart + length
    }

    /// Reads a SEQUENCE (or other constructed element) and returns a reader for its contents.
    mutating func readConstructed(_ tag: UInt8, _ what: String) throws(KeysError) -> DERReader {
        DERReader(bytes, range: try read(tag, what))
    }

    /// Reads a one-byte INTEGER within `allowed` (a version field).
    mutating func readSmallInteger(in allowed: ClosedRange<UInt8>, _ what: String) throws(KeysError) -> UInt8 {
        let range = try read(0x02, what)
        guard range.count == 1, allowed.contains(bytes[range.lowerBound]) else {
            throw .invalidKeyFile("unsupported \(what)")
        }
        return bytes[range.lowerBound]
    }

    /// Reads an OBJECT IDENTIFIER and returns its encoded contents (public, so copied).
    mutating func readObjectIdentifier(_ what: String) throws(KeysError) -> [UInt8] {
        Array(bytes[try read(0x06, what)])
    }

    /// Reads a BIT STRING with no unused bits and returns the range of its data.
    mutating func readBitString(_ what: String) throws(KeysError) -> Range<Int> {
        let range = try read(0x03, what)
        guard let unused = range.first.map({ bytes[$0] }), unused == 0 else {
            throw .invalidKeyFile("\(what) is not a whole number of bytes")
        }
        return range.dropFirst()
    }

    /// Fails unless every element has been read.
    func expectEnd(_ what: String) throws(KeysError) {
        guard isAtEnd else { throw .invalidKeyFile("unexpected data after \(what)") }
    }
}
