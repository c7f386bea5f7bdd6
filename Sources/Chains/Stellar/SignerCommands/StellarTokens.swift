import AirsignEncoding
import AirsignMessages
import AirsignSignerCLI
import AirsignStellar

/// Stellar's part of `token add|list|remove`: SEP-41 tokens by `--network stellar:…` and
/// contract, in Stellar's `stellarTokens` member. Stellar has no built-in list: a Stellar Asset
/// Contract's asset is derived from its id.
struct StellarTokens: TokenKind {
    func claims(_ place: TokenPlace) -> Bool { place.network != nil }

    func addition(_ place: TokenPlace, address: String, symbol: String, decimals: UInt64, name: String) throws
        -> (shown: String, change: @Sendable (inout KnowledgeContent) throws -> Void)
    {
        let token: InstalledStellarToken
        do throws(InstalledKnowledgeError) {
            token = try InstalledStellarToken(
                network: place.network ?? "", contract: address, symbol: symbol, decimals: decimals, name: name)
        } catch {
            throw KnowledgeStoreError(error.description)
        }
        return (Self.line(token), { try $0.change(StellarInstalled.self) { try $0.add(token) } })
    }

    func removal(_ place: TokenPlace, address: String) throws
        -> (shown: String, change: @Sendable (inout KnowledgeContent) throws -> Void)
    {
        let network = place.network ?? ""
        return (
            "\(address) on \(network)",
            { try $0.change(StellarInstalled.self) { try $0.remove(network: network, contract: address) } }
        )
    }

    func rows(_ content: KnowledgeContent, place: TokenPlace?, builtIn: Bool) throws -> [(
        line: String, json: JSONValue
    )] {
        try content.read(StellarInstalled.self).tokens.filter { token in
            place?.network.map { token.network == $0 } ?? true
        }
        .map { (Self.line($0), Self.json($0)) }
    }

    /// How the token commands show a token: symbols and names escaped as reviews show them.
    static func line(_ token: InstalledStellarToken) -> String {
        "\(SafeName.shown(token.symbol)) (\(SafeName.shown(token.name))), \(token.decimals) decimals, \(token.contract) on \(token.network)"
    }

    static func json(_ token: InstalledStellarToken) -> JSONValue {
        .object([
            ("network", .string(token.network)), ("address", .string(token.contract)),
            ("symbol", .string(token.symbol)),
            ("decimals", .integer(token.decimals)), ("name", .string(token.name)), ("installed", .bool(true)),
        ])
    }
}

/// What `token add|remove --network` changes in Stellar's member: one token per network and
/// contract, the list kept sorted.
extension StellarInstalled {
    mutating func add(_ token: InstalledStellarToken) throws {
        guard !tokens.contains(where: { $0.network == token.network && $0.contract == token.contract }) else {
            throw KnowledgeStoreError("a token at \(token.contract) on \(token.network) is installed (remove it first)")
        }
        tokens.append(token)
        tokens.sort { ($0.network, $0.contract) < ($1.network, $1.contract) }
    }

    mutating func remove(network: String, contract: String) throws {
        guard let index = tokens.firstIndex(where: { $0.network == network && $0.contract == contract }) else {
            throw KnowledgeStoreError(
                "no token at \(contract) on \(network) is installed (see: airsign-signer token list)",
                status: .keystoreState)
        }
        tokens.remove(at: index)
    }
}
