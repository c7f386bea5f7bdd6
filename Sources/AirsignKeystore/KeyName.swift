/// The name a key is stored and shown under; it is also its file name (`keys/<name>.json`), so
/// it is restricted to characters that are safe in a path and in a shell: 1 to 64 of `A-Z a-z
/// 0-9 . _ -`, starting with a letter or digit.
public struct KeyName: Hashable, Sendable, Comparable, CustomStringConvertible {
    public static let maximumLength = 64

    public let value: String

    /// Validates `text` as a key name.
    public init(_ text: String) throws(KeystoreError) {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { throw .invalidKeyName(text, reason: "it is empty") }
        guard bytes.count <= Self.maximumLength else {
            throw .invalidKeyName(text, reason: "longer than \(Self.maximumLength) characters")
        }
        guard Self.isAlphanumeric(first) else {
            throw .invalidKeyName(text, reason: "it must start with a letter or a digit")
        }
        guard
            bytes.allSatisfy({
                Self.isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
            })
        else {
            throw .invalidKeyName(text, reason: "only letters, digits, \".\", \"_\" and \"-\" are allowed")
        }
        value = text
    }

    private static func isAlphanumeric(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
    }

    public var description: String { value }

    public static func < (lhs: KeyName, rhs: KeyName) -> Bool {
        Array(lhs.value.utf8).lexicographicallyPrecedes(Array(rhs.value.utf8))
    }
}
