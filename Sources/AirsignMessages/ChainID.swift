import AirsignKeys

/// The `chain` of a message: a lower-case identifier such as `ethereum`. A struct rather than
/// `Chain` so that a message for a chain this build has no module for still parses and can be
/// refused by name ("no chain module for …"), and so tests can register a chain of their own.
public struct ChainID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The identifier as written in messages.
    public let rawValue: String

    /// Validates `[a-z0-9][a-z0-9-]{0,31}`: short, printable, safe to show and to use in a
    /// file name.
    public init(_ rawValue: String) throws(MessagesError) {
        let bytes = Array(rawValue.utf8)
        let ok = { (c: UInt8) in (0x61...0x7a).contains(c) || (0x30...0x39).contains(c) }
        guard let first = bytes.first, ok(first), bytes.count <= 32, bytes.allSatisfy({ ok($0) || $0 == 0x2d }) else {
            throw .invalidField(
                message: nil, field: "chain",
                reason: "must be a lower-case identifier such as \"ethereum\" (a-z, 0-9, -; at most 32)")
        }
        self.rawValue = rawValue
    }

    /// `rawValue` when it is a valid identifier, else nil.
    public init?(validating rawValue: String) {
        guard let id = try? ChainID(rawValue) else { return nil }
        self = id
    }

    /// The identifier of one of the chains Airsign signs for.
    public init(_ chain: Chain) {
        rawValue = chain.rawValue
    }

    /// The `Chain` this names, when it is one of the four.
    public var knownChain: Chain? { Chain(rawValue: rawValue) }

    public var description: String { rawValue }

    public static func < (lhs: ChainID, rhs: ChainID) -> Bool { lhs.rawValue < rhs.rawValue }
}
