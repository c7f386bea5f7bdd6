import AirsignEthereum
import AirsignStellar

/// A SEP-41 token the person installed for one Stellar network: its `C…` contract, symbol,
/// decimals and name, as `token add --network stellar:…` takes them and the knowledge file
/// keeps them.
public struct InstalledStellarToken: Sendable, Equatable {
    /// The CAIP-2 network (`stellar:pubnet`, `stellar:testnet`, `stellar:futurenet`).
    public let network: String
    /// The contract's `C…` StrKey.
    public let contract: String
    public let symbol: String
    public let decimals: UInt64
    public let name: String

    /// Checks every field as `token add` does; the review's token is `reviewToken`.
    public init(network: String, contract: String, symbol: String, decimals: UInt64, name: String) throws {
        guard StellarNetwork(caip2: network) != nil else {
            throw KnowledgeStoreError(
                "network \"\(network)\": a Stellar token is for stellar:pubnet, stellar:testnet or stellar:futurenet")
        }
        guard decimals <= 38 else {
            throw KnowledgeStoreError("decimals must be at most 38 (an i128 amount has at most 39 digits)")
        }
        guard symbol.utf8.count <= TokenEntry.maximumText, name.utf8.count <= TokenEntry.maximumText,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw KnowledgeStoreError(
                "the symbol must be 1 to \(TokenEntry.maximumText) bytes, the name at most \(TokenEntry.maximumText), without control characters"
            )
        }
        (self.network, self.contract, self.symbol, self.decimals, self.name) = (
            network, contract, symbol, decimals, name
        )
        // The contract's StrKey and the symbol's characters are the Stellar module's rules.
        _ = try reviewToken
    }

    /// The token as the Stellar review uses it, its symbol escaped as the Ethereum token
    /// commands show symbols (non-ASCII text that could pass for other text in `\u{…}`).
    public var reviewToken: StellarToken {
        get throws {
            do {
                return try StellarToken(contract: contract, symbol: SafeName.shown(symbol), decimals: Int(decimals))
            } catch {
                throw KnowledgeStoreError("\(error)")
            }
        }
    }

    /// The installed tokens by network, as `ChainRegistry.standard` takes them.
    static func byNetwork(_ tokens: [InstalledStellarToken]) throws -> [String: [StellarToken]] {
        var out: [String: [StellarToken]] = [:]
        for token in tokens { out[token.network, default: []].append(try token.reviewToken) }
        return out
    }
}
