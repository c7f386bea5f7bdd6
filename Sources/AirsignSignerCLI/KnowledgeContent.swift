import AirsignEncoding
import AirsignKeystore
import AirsignMessages

/// The contents of `ethereum-knowledge.json` (see `SignerKnowledgeStore`): the members each
/// chain owns (`ChainModule.installedKnowledge`, in the chain table's order: Ethereum's
/// `descriptors`, `tokens` and, since version 3, `delegates`; Stellar's `stellarTokens` since
/// version 2), each as its chain reads and writes it. Read strictly: the chain checks every
/// entry with the rules of the command that installs it, so a file that parses is one the
/// reviews can use. A file of an older version (1: no Stellar tokens; 2: no delegates) is read
/// as written, its seal unchanged, and written in the current version at its next change.
public struct KnowledgeContent: Sendable, Equatable {
    /// The chains' members, by name; a member the file's version does not hold is absent.
    public private(set) var installed: [String: JSONValue]
    /// The file's version: 1 as issue 21 wrote it, 2 with `stellarTokens`, 3 with `delegates`.
    private(set) var version: UInt64
    private let layout: KnowledgeLayout

    /// Nothing installed, in the current version of `layout`.
    public init(layout: KnowledgeLayout = .standard) {
        self.layout = layout
        self.version = layout.currentVersion
        self.installed = Dictionary(uniqueKeysWithValues: layout.members.map { ($0.name, JSONValue.array([])) })
    }

    /// Sets the members a chain writes (its `members` value, by name); only members of the
    /// layout are kept.
    public mutating func set(_ members: [String: JSONValue]) {
        for (name, value) in members where layout.members.contains(where: { $0.name == name }) {
            installed[name] = value
        }
    }

    /// A chain's members as its typed value (the store checked them when it read the file).
    public func read<Members: InstalledMembers>(_ type: Members.Type) throws -> Members {
        do throws(InstalledKnowledgeError) {
            return try Members(installed)
        } catch {
            throw KnowledgeStoreError(error.description, status: .keystoreDamaged)
        }
    }

    /// A chain's members read as its typed value, changed by `change`, and written back.
    public mutating func change<Members: InstalledMembers>(
        _ type: Members.Type, _ change: (inout Members) throws -> Void
    ) throws {
        var members = try read(type)
        try change(&members)
        set(members.members)
    }

    /// The form this build writes (an older file read becomes the current version).
    mutating func upgrade() {
        version = layout.currentVersion
        for member in layout.members where installed[member.name] == nil { installed[member.name] = .array([]) }
    }

    /// What the seal authenticates: the file's canonical JSON without the seal.
    var authenticatedBytes: [UInt8] {
        Array(JSONSerializer(sortKeys: false).serialize(.object(members)).utf8)
    }

    static func fileBytes(_ content: KnowledgeContent, seal: PublicDataSeal) -> [UInt8] {
        Array(JSONSerializer(sortKeys: false).serialize(.object(content.members + [("seal", seal.json)])).utf8) + [0x0a]
    }

    private var members: [(key: String, value: JSONValue)] {
        [("airsign", .string(KnowledgeLayout.marker)), ("version", .integer(version))]
            + layout.members(of: version).map { ($0, installed[$0] ?? .array([])) }
    }

    /// Reads a file strictly: exactly the members written, each checked by its chain, and byte
    /// for byte the form written (so an edit that would not change the meaning is refused too,
    /// as for key files).
    public static func parse(_ bytes: [UInt8], path: String, layout: KnowledgeLayout = .standard) throws -> (
        content: KnowledgeContent, seal: PublicDataSeal
    ) {
        func fail(_ why: String) -> KnowledgeStoreError {
            KnowledgeStoreError("\(path): \(why)", status: .keystoreDamaged)
        }
        let json: JSONValue
        do { json = try JSONParser().parse(bytes) } catch { throw fail("not JSON: \(error)") }
        let allMembers = (["airsign", "version"] + layout.members.map(\.name) + ["seal"]).joined(separator: ", ")
        guard case .object(let top) = json, json["airsign"] == .string(KnowledgeLayout.marker) else {
            throw fail("not an Airsign signer knowledge file (\(allMembers))")
        }
        let versions = Array(1...layout.currentVersion)
        guard let version = versions.first(where: { json["version"] == .integer($0) }) else {
            let listed = versions.dropLast().map(String.init).joined(separator: ", ")
            let all = listed.isEmpty ? "1" : listed + " or \(layout.currentVersion)"
            throw fail("version must be \(all) (a newer airsign-signer wrote it?)")
        }
        let expected = ["airsign", "version"] + layout.members(of: version) + ["seal"]
        guard top.map(\.key) == expected else {
            throw fail("a version \(version) file has exactly \(expected.joined(separator: ", "))")
        }
        var content = KnowledgeContent(layout: layout)
        content.version = version
        content.installed = [:]
        for name in layout.members(of: version) { content.installed[name] = json[name] }
        for format in layout.formats {
            do throws(InstalledKnowledgeError) { try format.check(content.installed) } catch { throw fail("\(error)") }
        }
        let seal: PublicDataSeal
        do { seal = try PublicDataSeal(json: json["seal"] ?? .null, place: "seal") } catch { throw fail("\(error)") }
        guard fileBytes(content, seal: seal) == bytes else {
            throw fail("not in the form airsign-signer writes (edited by hand?)")
        }
        return (content, seal)
    }
}

/// Which members the knowledge file holds, in which order, since which version: the chain
/// table's (`ChainRegistry.installedKnowledge`).
public struct KnowledgeLayout: Sendable, Equatable {
    /// The file's `airsign` marker, the name it had when it held Ethereum's knowledge only.
    static let marker = "ethereum-knowledge"

    let formats: [any InstalledKnowledgeFormat]
    /// Every chain's members, in file order.
    let members: [KnowledgeMember]

    public init(_ formats: [any InstalledKnowledgeFormat]) {
        self.formats = formats
        self.members = formats.flatMap(\.members)
    }

    /// The layout of the signer's chain table.
    public static let standard = KnowledgeLayout(ChainRegistry.standard.installedKnowledge)

    /// The version this build writes: the newest any member needs (1 with none).
    var currentVersion: UInt64 { members.map(\.since).max() ?? 1 }

    /// The names of the members a file of `version` holds, in order.
    func members(of version: UInt64) -> [String] { members.filter { $0.since <= version }.map(\.name) }

    public static func == (a: KnowledgeLayout, b: KnowledgeLayout) -> Bool { a.members == b.members }
}
