/// A BIP32/SLIP-10 derivation path such as `m/44'/60'/0'/0/0`: child indexes from the master
/// key, hardened ones with the 2^31 bit set.
public struct DerivationPath: Hashable, Sendable, CustomStringConvertible, Codable {
    public static let hardenedOffset: UInt32 = 0x8000_0000
    /// BIP32 serializes depth in one byte.
    public static let maxDepth = 255

    /// Child indexes in order; an index ≥ 2^31 is hardened.
    public let components: [UInt32]

    public init(components: [UInt32]) throws(KeysError) {
        guard components.count <= Self.maxDepth else {
            throw .invalidDerivationPath("more than \(Self.maxDepth) levels")
        }
        self.components = components
    }

    /// The hardened index for `index` (which must be below 2^31).
    public static func hardened(_ index: UInt32) throws(KeysError) -> UInt32 {
        guard index < hardenedOffset else {
            throw .invalidDerivationPath("index \(index) is too large to be hardened (limit \(hardenedOffset - 1))")
        }
        return index | hardenedOffset
    }

    /// Parses `m` followed by `/index` steps; a hardened step ends in `'`, `h` or `H`. Indexes
    /// are decimal without sign or leading zeros and below 2^31 (the marker adds the 2^31).
    public init(_ text: String) throws(KeysError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "m" else { throw .invalidDerivationPath("a path starts with m") }
        var components: [UInt32] = []
        for (number, part) in parts.dropFirst().enumerated() {
            let level = number + 1
            var digits = Substring(part)
            var hardened = false
            if let last = digits.last, last == "'" || last == "h" || last == "H" {
                hardened = true
                digits = digits.dropLast()
            }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw .invalidDerivationPath("level \(level) is not a number with an optional ' h or H")
            }
            guard digits == "0" || digits.first != "0" else {
                throw .invalidDerivationPath("level \(level) has a leading zero")
            }
            guard let value = UInt32(digits), value < Self.hardenedOffset else {
                throw .invalidDerivationPath("level \(level) is 2^31 or more; write a hardened index with ' instead")
            }
            components.append(hardened ? value | Self.hardenedOffset : value)
        }
        try self.init(components: components)
    }

    /// `m/…` with `'` for hardened steps.
    public var description: String {
        (["m"] + components.map { $0 >= Self.hardenedOffset ? "\($0 - Self.hardenedOffset)'" : "\($0)" })
            .joined(separator: "/")
    }

    /// This path with one more step.
    public func appending(_ index: UInt32) throws(KeysError) -> DerivationPath {
        try DerivationPath(components: components + [index])
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(text)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
