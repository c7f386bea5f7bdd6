import AirsignEncoding

/// One member of the signer's knowledge file (`ethereum-knowledge.json` in the signer home)
/// that a chain owns: what the person installed there for that chain's reviews.
public struct KnowledgeMember: Sendable, Equatable {
    /// The member's name in the file (`descriptors`).
    public let name: String
    /// The file version that first held it; older files are read without it.
    public let since: UInt64

    public init(name: String, since: UInt64) {
        self.name = name
        self.since = since
    }
}

/// A chain's part of what the person installs on the signer for its reviews (Ethereum's
/// ERC-7730 descriptors and ERC-20 tokens, Stellar's SEP-41 tokens): members of the signer's
/// knowledge file, which the signer seals with the PIN. The chain names and reads its members;
/// the signer's store (AirsignSignerCLI) keeps the file, its order, versions and seal.
public protocol InstalledKnowledgeFormat: Sendable {
    /// The chain's members, in the order the file writes them.
    var members: [KnowledgeMember] { get }

    /// Checks the members as read from the file (`installed`, by name; a member the file's
    /// version does not hold is absent) entry by entry, with the rules the chain's install
    /// commands apply; the refusal names the member and entry (`tokens[2]: …`).
    func check(_ installed: [String: JSONValue]) throws(InstalledKnowledgeError)
}

/// A chain's members of the knowledge file as one typed value, read from and written to the
/// members by name (what its install commands change).
public protocol InstalledMembers: Sendable {
    /// The members as read from the file, checked entry by entry.
    init(_ installed: [String: JSONValue]) throws(InstalledKnowledgeError)
    /// The members as the file writes them.
    var members: [String: JSONValue] { get }
}

/// Why what is installed on the signer was refused: one line naming the member and entry.
public struct InstalledKnowledgeError: Error, Equatable, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
