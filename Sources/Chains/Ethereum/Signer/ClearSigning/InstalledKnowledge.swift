import AirsignEncoding
import AirsignMessages

/// Ethereum's members of the signer's knowledge file: `descriptors`, the installed ERC-7730
/// descriptors (each its name and merged document), `tokens`, the installed ERC-20 tokens
/// (by chain id and contract), and since version 3 `delegates`, the trusted EIP-7702
/// delegates (by chain id, 0 for every chain, and address). `descriptor add|remove`, `token
/// add|remove --chain-id` and `delegate add|remove` write them
/// (Sources/Chains/Ethereum/SignerCommands); the reviews read them as `EthereumKnowledge`.
/// Every entry is read with the rules of the command that installs it, so a file that parses
/// is one the reviews can use.
public struct EthereumInstalled: InstalledMembers, Equatable {
    /// An installed descriptor as the file keeps it: its name and its merged document.
    public struct Descriptor: Sendable, Equatable {
        public let name: String
        public let document: JSONValue

        public init(name: String, document: JSONValue) {
            self.name = name
            self.document = document
        }
    }

    /// Sorted by name.
    public var descriptors: [Descriptor] = []
    /// Sorted by chain id, then contract.
    public var tokens: [KnownToken] = []
    /// Sorted by chain id, then address; absent from files older than version 3.
    public var delegates: [TrustedDelegate] = []

    /// Nothing installed.
    public init() {}

    /// The members as read from the file, checked entry by entry.
    public init(_ installed: [String: JSONValue]) throws(InstalledKnowledgeError) {
        guard case .array(let descriptors)? = installed["descriptors"], case .array(let tokens)? = installed["tokens"]
        else { throw InstalledKnowledgeError("descriptors and tokens must be arrays") }
        for (index, entry) in descriptors.enumerated() {
            guard case .object(let members) = entry, members.map(\.key) == ["name", "document"],
                case .string(let name)? = entry["name"], let document = entry["document"]
            else { throw InstalledKnowledgeError("descriptors[\(index)] must have exactly name and document") }
            self.descriptors.append(Descriptor(name: name, document: document))
        }
        for (index, entry) in tokens.enumerated() {
            do throws(InstalledKnowledgeError) {
                self.tokens.append(try Self.token(entry))
            } catch {
                throw InstalledKnowledgeError("tokens[\(index)]: \(error)")
            }
        }
        guard let delegates = installed["delegates"] else { return }
        guard case .array(let entries) = delegates else { throw InstalledKnowledgeError("delegates must be an array") }
        for (index, entry) in entries.enumerated() {
            do throws(InstalledKnowledgeError) {
                self.delegates.append(try Self.delegate(entry))
            } catch {
                throw InstalledKnowledgeError("delegates[\(index)]: \(error)")
            }
        }
    }

    /// The members as the file writes them.
    public var members: [String: JSONValue] {
        [
            "descriptors": .array(
                descriptors.map { .object([("name", .string($0.name)), ("document", $0.document)]) }),
            "tokens": .array(
                tokens.map { token in
                    .object([
                        ("chainId", .integer(token.chainId)), ("address", .string(token.contract)),
                        ("symbol", .string(token.symbol)), ("decimals", .integer(token.decimals)),
                        ("name", .string(token.name)),
                    ])
                }),
            "delegates": .array(
                delegates.map { delegate in
                    .object([
                        ("chainId", .integer(delegate.chainId)), ("address", .string(delegate.address.checksummed)),
                        ("name", .string(delegate.name)),
                    ])
                }),
        ]
    }

    /// The knowledge the reviews use: every descriptor read by the signer's strict rules.
    public func knowledge() throws(InstalledKnowledgeError) -> EthereumKnowledge {
        var installed: [InstalledDescriptor] = []
        for entry in descriptors {
            do {
                installed.append(
                    InstalledDescriptor(
                        name: entry.name, descriptor: try ClearSigningDescriptor(document: entry.document)))
            } catch {
                throw InstalledKnowledgeError("installed descriptor \"\(entry.name)\": \(error)")
            }
        }
        return EthereumKnowledge(descriptors: installed, tokens: tokens, delegates: delegates)
    }

    private static func delegate(_ entry: JSONValue) throws(InstalledKnowledgeError) -> TrustedDelegate {
        guard case .object(let members) = entry, members.map(\.key) == ["chainId", "address", "name"],
            let chainId = try? entry["chainId"]?.asUInt64(), case .string(let address)? = entry["address"],
            case .string(let name)? = entry["name"]
        else { throw InstalledKnowledgeError("must have exactly chainId, address and name") }
        let parsed: EthereumAddress
        do { parsed = try EthereumAddress(address) } catch { throw InstalledKnowledgeError("address: \(error)") }
        return try TrustedDelegate(chainId: chainId, address: parsed, name: name)
    }

    private static func token(_ entry: JSONValue) throws(InstalledKnowledgeError) -> KnownToken {
        guard case .object(let members) = entry,
            members.map(\.key) == ["chainId", "address", "symbol", "decimals", "name"],
            let chainId = try? entry["chainId"]?.asUInt64(), case .string(let address)? = entry["address"],
            case .string(let symbol)? = entry["symbol"], let decimals = try? entry["decimals"]?.asUInt64(),
            case .string(let name)? = entry["name"]
        else { throw InstalledKnowledgeError("must have exactly chainId, address, symbol, decimals and name") }
        return try InstalledToken.make(
            chainId: chainId, address: address, symbol: symbol, decimals: decimals, name: name)
    }
}

/// The rules for an installed ERC-20 token, shared by `token add` and the file reader.
public enum InstalledToken {
    public static let maximumDecimals: UInt64 = 77
    /// The longest symbol and name, in bytes.
    public static let maximumText = 64

    public static func make(chainId: UInt64, address: String, symbol: String, decimals: UInt64, name: String)
        throws(InstalledKnowledgeError) -> KnownToken
    {
        let contract: EthereumAddress
        do { contract = try EthereumAddress(address) } catch { throw InstalledKnowledgeError("address: \(error)") }
        guard chainId > 0 else { throw InstalledKnowledgeError("chain id must be positive") }
        guard decimals <= maximumDecimals else {
            throw InstalledKnowledgeError("decimals must be at most \(maximumDecimals)")
        }
        guard !symbol.isEmpty, symbol.utf8.count <= maximumText, name.utf8.count <= maximumText else {
            throw InstalledKnowledgeError(
                "the symbol must be 1 to \(maximumText) bytes, the name at most \(maximumText)")
        }
        return KnownToken(chainId: chainId, contract: contract, symbol: symbol, decimals: Int(decimals), name: name)
    }
}

/// How the signer's store finds Ethereum's members (`ChainModule.installedKnowledge`).
public struct EthereumInstalledFormat: InstalledKnowledgeFormat {
    public init() {}

    public let members = [
        KnowledgeMember(name: "descriptors", since: 1), KnowledgeMember(name: "tokens", since: 1),
        KnowledgeMember(name: "delegates", since: 3),
    ]

    public func check(_ installed: [String: JSONValue]) throws(InstalledKnowledgeError) {
        _ = try EthereumInstalled(installed)
    }
}
