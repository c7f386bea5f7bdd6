import AirsignEncoding
import AirsignMessages

/// A SEP-41 token the person installed for one Stellar network: its `C…` contract, symbol,
/// decimals and name, as `token add --network stellar:…` takes them and the signer's knowledge
/// file keeps them.
public struct InstalledStellarToken: Sendable, Equatable {
    /// The CAIP-2 network (`stellar:pubnet`, `stellar:testnet`, `stellar:futurenet`).
    public let network: String
    /// The contract's `C…` StrKey.
    public let contract: String
    public let symbol: String
    public let decimals: UInt64
    public let name: String

    /// The longest symbol and name, in bytes.
    public static let maximumText = 64

    /// Checks every field as `token add` does; the review's token is `reviewToken`.
    public init(network: String, contract: String, symbol: String, decimals: UInt64, name: String)
        throws(InstalledKnowledgeError)
    {
        guard StellarNetwork(caip2: network) != nil else {
            throw InstalledKnowledgeError(
                "network \"\(network)\": a Stellar token is for stellar:pubnet, stellar:testnet or stellar:futurenet")
        }
        guard decimals <= 38 else {
            throw InstalledKnowledgeError("decimals must be at most 38 (an i128 amount has at most 39 digits)")
        }
        guard symbol.utf8.count <= Self.maximumText, name.utf8.count <= Self.maximumText,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw InstalledKnowledgeError(
                "the symbol must be 1 to \(Self.maximumText) bytes, the name at most \(Self.maximumText), without control characters"
            )
        }
        (self.network, self.contract, self.symbol, self.decimals, self.name) = (
            network, contract, symbol, decimals, name
        )
        // The contract's StrKey and the symbol's characters are the Stellar module's rules.
        _ = try reviewToken
    }

    /// The token as the Stellar review uses it, its symbol escaped as token symbols are shown
    /// (non-ASCII text that could pass for other text in `\u{…}`).
    public var reviewToken: StellarToken {
        get throws(InstalledKnowledgeError) {
            do {
                return try StellarToken(contract: contract, symbol: SafeName.shown(symbol), decimals: Int(decimals))
            } catch {
                throw InstalledKnowledgeError("\(error)")
            }
        }
    }
}

/// Stellar's member of the signer's knowledge file: `stellarTokens` (since version 2), the
/// installed SEP-41 tokens by network and contract. `token add|remove --network` writes it
/// (Sources/Chains/Stellar/SignerCommands); the reviews read it by network.
public struct StellarInstalled: InstalledMembers, Equatable {
    /// Sorted by network, then contract.
    public var tokens: [InstalledStellarToken] = []

    /// Nothing installed.
    public init() {}

    /// The member as read from the file (absent in a version 1 file), checked entry by entry.
    public init(_ installed: [String: JSONValue]) throws(InstalledKnowledgeError) {
        guard let member = installed["stellarTokens"] else { return }
        guard case .array(let tokens) = member else { throw InstalledKnowledgeError("stellarTokens must be an array") }
        for (index, entry) in tokens.enumerated() {
            do throws(InstalledKnowledgeError) {
                self.tokens.append(try Self.token(entry))
            } catch {
                throw InstalledKnowledgeError("stellarTokens[\(index)]: \(error)")
            }
        }
    }

    /// The member as the file writes it.
    public var members: [String: JSONValue] {
        [
            "stellarTokens": .array(
                tokens.map { token in
                    .object([
                        ("network", .string(token.network)), ("address", .string(token.contract)),
                        ("symbol", .string(token.symbol)), ("decimals", .integer(token.decimals)),
                        ("name", .string(token.name)),
                    ])
                })
        ]
    }

    /// The tokens as the reviews take them, by network (`StellarChain(installedTokens:)`).
    public func byNetwork() throws(InstalledKnowledgeError) -> [String: [StellarToken]] {
        var out: [String: [StellarToken]] = [:]
        for token in tokens { out[token.network, default: []].append(try token.reviewToken) }
        return out
    }

    private static func token(_ entry: JSONValue) throws(InstalledKnowledgeError) -> InstalledStellarToken {
        guard case .object(let members) = entry,
            members.map(\.key) == ["network", "address", "symbol", "decimals", "name"],
            case .string(let network)? = entry["network"], case .string(let address)? = entry["address"],
            case .string(let symbol)? = entry["symbol"], let decimals = try? entry["decimals"]?.asUInt64(),
            case .string(let name)? = entry["name"]
        else { throw InstalledKnowledgeError("must have exactly network, address, symbol, decimals and name") }
        return try InstalledStellarToken(
            network: network, contract: address, symbol: symbol, decimals: decimals, name: name)
    }
}

/// How the signer's store finds Stellar's member (`ChainModule.installedKnowledge`).
public struct StellarInstalledFormat: InstalledKnowledgeFormat {
    public init() {}

    public let members = [KnowledgeMember(name: "stellarTokens", since: 2)]

    public func check(_ installed: [String: JSONValue]) throws(InstalledKnowledgeError) {
        _ = try StellarInstalled(installed)
    }
}
