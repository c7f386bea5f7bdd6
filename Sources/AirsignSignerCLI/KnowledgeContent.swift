import AirsignEncoding
import AirsignEthereum
import AirsignKeystore
import AirsignStellar

/// The contents of `ethereum-knowledge.json` (see `SignerKnowledgeStore`): descriptors by
/// name, each its merged document, ERC-20 tokens and (since version 2) Stellar SEP-41 tokens.
/// Read strictly; every entry is read again with the same rules as `descriptor add` and
/// `token add`, so a file that parses is one the reviews can use. A version 1 file (no Stellar
/// tokens) is read as written, its seal unchanged, and written as version 2 at its next change.
public struct KnowledgeContent: Sendable, Equatable {
    public struct Descriptor: Sendable, Equatable {
        public let name: String
        public let document: JSONValue

        public init(name: String, document: JSONValue) {
            self.name = name
            self.document = document
        }
    }

    public private(set) var descriptors: [Descriptor] = []
    public private(set) var tokens: [KnownToken] = []
    public private(set) var stellarTokens: [InstalledStellarToken] = []
    /// The file's version: 1 as issue 21 wrote it, 2 with `stellarTokens`.
    private(set) var version: UInt64 = Self.currentVersion
    static let currentVersion: UInt64 = 2

    public init() {}

    /// The form this build writes (a version 1 file read becomes version 2).
    mutating func upgrade() { version = Self.currentVersion }

    /// Adds a descriptor; the name must be new.
    public mutating func add(_ descriptor: Descriptor) throws {
        guard !descriptors.contains(where: { $0.name == descriptor.name }) else {
            throw KnowledgeStoreError(
                "a descriptor named \"\(descriptor.name)\" is installed (remove it first: airsign-signer descriptor remove \(descriptor.name))"
            )
        }
        descriptors.append(descriptor)
        descriptors.sort { $0.name < $1.name }
    }

    public mutating func removeDescriptor(named name: String) throws {
        guard let index = descriptors.firstIndex(where: { $0.name == name }) else {
            throw KnowledgeStoreError(
                "no descriptor named \"\(name)\" is installed (see: airsign-signer descriptor list)",
                status: .keystoreState)
        }
        descriptors.remove(at: index)
    }

    /// Adds a token; there must be none yet for its chain id and contract.
    public mutating func add(_ token: KnownToken) throws {
        try Self.insert(
            token, into: &tokens, shown: "\(token.contract) on chain id \(token.chainId)",
            same: { $0.chainId == token.chainId && $0.contract == token.contract },
            ordered: { ($0.chainId, $0.contract) < ($1.chainId, $1.contract) })
    }

    public mutating func removeToken(chainId: UInt64, contract: String) throws {
        try Self.remove(from: &tokens, shown: "\(contract) on chain id \(chainId)") {
            $0.chainId == chainId && $0.contract == contract
        }
    }

    /// Adds a Stellar token; there must be none yet for its network and contract.
    public mutating func add(_ token: InstalledStellarToken) throws {
        try Self.insert(
            token, into: &stellarTokens, shown: "\(token.contract) on \(token.network)",
            same: { $0.network == token.network && $0.contract == token.contract },
            ordered: { ($0.network, $0.contract) < ($1.network, $1.contract) })
    }

    public mutating func removeStellarToken(network: String, contract: String) throws {
        try Self.remove(from: &stellarTokens, shown: "\(contract) on \(network)") {
            $0.network == network && $0.contract == contract
        }
    }

    /// One token per chain and contract (`same`), the list kept sorted.
    private static func insert<T>(
        _ token: T, into list: inout [T], shown: String, same: (T) -> Bool, ordered: (T, T) -> Bool
    ) throws {
        guard !list.contains(where: same) else {
            throw KnowledgeStoreError("a token at \(shown) is installed (remove it first)")
        }
        list.append(token)
        list.sort(by: ordered)
    }

    private static func remove<T>(from list: inout [T], shown: String, same: (T) -> Bool) throws {
        guard let index = list.firstIndex(where: same) else {
            throw KnowledgeStoreError(
                "no token at \(shown) is installed (see: airsign-signer token list)", status: .keystoreState)
        }
        list.remove(at: index)
    }

    /// The Stellar tokens the reviews use, by network.
    public func stellarKnowledge() throws -> [String: [StellarToken]] {
        try InstalledStellarToken.byNetwork(stellarTokens)
    }

    /// The knowledge the reviews use.
    public func knowledge() throws -> EthereumKnowledge {
        var installed: [InstalledDescriptor] = []
        for entry in descriptors {
            do {
                installed.append(
                    InstalledDescriptor(
                        name: entry.name, descriptor: try ClearSigningDescriptor(document: entry.document)))
            } catch {
                throw KnowledgeStoreError("installed descriptor \"\(entry.name)\": \(error)", status: .keystoreDamaged)
            }
        }
        return EthereumKnowledge(descriptors: installed, tokens: tokens)
    }

    /// What the seal authenticates: the file's canonical JSON without the seal.
    var authenticatedBytes: [UInt8] {
        Array(JSONSerializer(sortKeys: false).serialize(.object(members)).utf8)
    }

    static func fileBytes(_ content: KnowledgeContent, seal: PublicDataSeal) -> [UInt8] {
        Array(JSONSerializer(sortKeys: false).serialize(.object(content.members + [("seal", seal.json)])).utf8) + [0x0a]
    }

    private var members: [(key: String, value: JSONValue)] {
        [
            ("airsign", .string("ethereum-knowledge")), ("version", .integer(version)),
            (
                "descriptors",
                .array(descriptors.map { .object([("name", .string($0.name)), ("document", $0.document)]) })
            ),
            (
                "tokens",
                .array(
                    tokens.map { token in
                        .object([
                            ("chainId", .integer(token.chainId)), ("address", .string(token.contract)),
                            ("symbol", .string(token.symbol)),
                            ("decimals", .integer(token.decimals)), ("name", .string(token.name)),
                        ])
                    })
            ),
        ]
            + (version < 2
                ? []
                : [
                    (
                        "stellarTokens",
                        .array(
                            stellarTokens.map { token in
                                .object([
                                    ("network", .string(token.network)), ("address", .string(token.contract)),
                                    ("symbol", .string(token.symbol)),
                                    ("decimals", .integer(token.decimals)), ("name", .string(token.name)),
                                ])
                            })
                    )
                ])
    }

    /// Reads a file strictly: exactly the members written, and byte for byte the form written
    /// (so an edit that would not change the meaning is refused too, as for key files).
    static func parse(_ bytes: [UInt8], path: String) throws -> (
        content: KnowledgeContent, seal: PublicDataSeal, knowledge: EthereumKnowledge
    ) {
        func fail(_ why: String) -> KnowledgeStoreError {
            KnowledgeStoreError("\(path): \(why)", status: .keystoreDamaged)
        }
        let json: JSONValue
        do { json = try JSONParser().parse(bytes) } catch { throw fail("not JSON: \(error)") }
        guard case .object(let top) = json, json["airsign"] == .string("ethereum-knowledge") else {
            throw fail(
                "not an Airsign signer knowledge file (airsign, version, descriptors, tokens, stellarTokens, seal)")
        }
        var content = KnowledgeContent()
        switch json["version"] {
        case .integer(1): content.version = 1
        case .integer(2): content.version = 2
        default: throw fail("version must be 1 or 2 (a newer airsign-signer wrote it?)")
        }
        let expected =
            ["airsign", "version", "descriptors", "tokens"] + (content.version < 2 ? [] : ["stellarTokens"]) + ["seal"]
        guard top.map(\.key) == expected else {
            throw fail("a version \(content.version) file has exactly \(expected.joined(separator: ", "))")
        }
        guard case .array(let descriptors)? = json["descriptors"], case .array(let tokens)? = json["tokens"] else {
            throw fail("descriptors and tokens must be arrays")
        }
        for (index, entry) in descriptors.enumerated() {
            guard case .object(let members) = entry, members.map(\.key) == ["name", "document"],
                case .string(let name)? = entry["name"],
                let document = entry["document"]
            else { throw fail("descriptors[\(index)] must have exactly name and document") }
            content.descriptors.append(Descriptor(name: name, document: document))
        }
        for (index, entry) in tokens.enumerated() {
            do { content.tokens.append(try KnowledgeContent.token(entry)) } catch {
                throw fail("tokens[\(index)]: \(error)")
            }
        }
        if content.version >= 2 {
            guard case .array(let stellar)? = json["stellarTokens"] else {
                throw fail("stellarTokens must be an array")
            }
            for (index, entry) in stellar.enumerated() {
                do { content.stellarTokens.append(try KnowledgeContent.stellarToken(entry)) } catch {
                    throw fail("stellarTokens[\(index)]: \(error)")
                }
            }
        }
        let seal: PublicDataSeal
        do { seal = try PublicDataSeal(json: json["seal"] ?? .null, place: "seal") } catch { throw fail("\(error)") }
        guard fileBytes(content, seal: seal) == bytes else {
            throw fail("not in the form airsign-signer writes (edited by hand?)")
        }
        return (content, seal, try content.knowledge())
    }

    private static func token(_ entry: JSONValue) throws -> KnownToken {
        guard case .object(let members) = entry,
            members.map(\.key) == ["chainId", "address", "symbol", "decimals", "name"],
            let chainId = try? entry["chainId"]?.asUInt64(), case .string(let address)? = entry["address"],
            case .string(let symbol)? = entry["symbol"], let decimals = try? entry["decimals"]?.asUInt64(),
            case .string(let name)? = entry["name"]
        else { throw KnowledgeStoreError("must have exactly chainId, address, symbol, decimals and name") }
        return try TokenEntry.make(chainId: chainId, address: address, symbol: symbol, decimals: decimals, name: name)
    }
}

extension KnowledgeContent {
    fileprivate static func stellarToken(_ entry: JSONValue) throws -> InstalledStellarToken {
        guard case .object(let members) = entry,
            members.map(\.key) == ["network", "address", "symbol", "decimals", "name"],
            case .string(let network)? = entry["network"], case .string(let address)? = entry["address"],
            case .string(let symbol)? = entry["symbol"], let decimals = try? entry["decimals"]?.asUInt64(),
            case .string(let name)? = entry["name"]
        else { throw KnowledgeStoreError("must have exactly network, address, symbol, decimals and name") }
        return try InstalledStellarToken(
            network: network, contract: address, symbol: symbol, decimals: decimals, name: name)
    }
}

/// The rules for an installed token, shared by `token add` and the file reader.
enum TokenEntry {
    static let maximumDecimals: UInt64 = 77
    static let maximumText = 64

    static func make(chainId: UInt64, address: String, symbol: String, decimals: UInt64, name: String) throws
        -> KnownToken
    {
        let contract: EthereumAddress
        do { contract = try EthereumAddress(address) } catch { throw KnowledgeStoreError("address: \(error)") }
        guard chainId > 0 else { throw KnowledgeStoreError("chain id must be positive") }
        guard decimals <= maximumDecimals else {
            throw KnowledgeStoreError("decimals must be at most \(maximumDecimals)")
        }
        guard !symbol.isEmpty, symbol.utf8.count <= maximumText, name.utf8.count <= maximumText else {
            throw KnowledgeStoreError("the symbol must be 1 to \(maximumText) bytes, the name at most \(maximumText)")
        }
        return KnownToken(chainId: chainId, contract: contract, symbol: symbol, decimals: Int(decimals), name: name)
    }
}
