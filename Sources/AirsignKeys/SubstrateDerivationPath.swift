/// The junctions of a Substrate secret URI (`//polkadot//0/soft`), without the phrase or
/// password: the public part that account metadata records.
public struct SubstrateDerivationPath: Hashable, Sendable, CustomStringConvertible, Codable {
    public let junctions: [SubstrateJunction]

    public init(junctions: [SubstrateJunction]) {
        self.junctions = junctions
    }

    /// Parses junctions only: `""` (the root) or a sequence of `//hard` and `/soft`. A third
    /// slash (a password) is not part of a path and is refused here.
    public init(_ text: String) throws(KeysError) {
        var junctions: [SubstrateJunction] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let slashes = rest.prefix { $0 == "/" }.count
            guard slashes == 1 || slashes == 2 else {
                throw .invalidSecretURI(slashes == 0 ? "a path starts with / or //" : "a path has no ///password part")
            }
            rest = rest.dropFirst(slashes)
            let name = rest.prefix { $0 != "/" }
            junctions.append(
                try SubstrateJunction(name: String(name), isHard: slashes == 2, position: junctions.count + 1))
            rest = rest.dropFirst(name.count)
        }
        self.init(junctions: junctions)
    }

    public var description: String { junctions.map(\.description).joined() }

    public init(from decoder: Decoder) throws {
        try self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
