import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignSignerCLI

/// Ethereum's part of `token add|list|remove`: ERC-20 tokens by `--chain-id` and contract, in
/// Ethereum's `tokens` member; an installed token wins over the built-in list's entry.
struct EthereumTokens: TokenKind {
    func claims(_ place: TokenPlace) -> Bool { place.chainId != nil }

    func addition(_ place: TokenPlace, address: String, symbol: String, decimals: UInt64, name: String) throws
        -> (shown: String, change: @Sendable (inout KnowledgeContent) throws -> Void)
    {
        let token: KnownToken
        do throws(InstalledKnowledgeError) {
            token = try InstalledToken.make(
                chainId: place.chainId ?? 0, address: address, symbol: symbol, decimals: decimals, name: name)
        } catch {
            throw KnowledgeStoreError(error.description)
        }
        return (Self.line(token, installed: true), { try $0.change(EthereumInstalled.self) { try $0.add(token) } })
    }

    func removal(_ place: TokenPlace, address: String) throws
        -> (shown: String, change: @Sendable (inout KnowledgeContent) throws -> Void)
    {
        let chainId = place.chainId ?? 0
        let contract: EthereumAddress
        do { contract = try EthereumAddress(address) } catch { throw KnowledgeStoreError("address: \(error)") }
        let key = Hex.encode(contract.bytes, prefix: true)
        return (
            "\(contract.checksummed) on chain id \(chainId)",
            { try $0.change(EthereumInstalled.self) { try $0.removeToken(chainId: chainId, contract: key) } }
        )
    }

    func rows(_ content: KnowledgeContent, place: TokenPlace?, builtIn: Bool) throws -> [(
        line: String, json: JSONValue
    )] {
        let tokens =
            try content.read(EthereumInstalled.self).tokens.map { ($0, true) }
            + (builtIn ? TokenList.all.map { ($0, false) } : [])
        return tokens.filter { token, _ in place?.chainId.map { token.chainId == $0 } ?? true }.map {
            token, installed in
            (Self.line(token, installed: installed), Self.json(token, installed: installed))
        }
    }

    /// How the token commands show a token: symbols and names escaped as reviews show them.
    static func line(_ token: KnownToken, installed: Bool) -> String {
        let address = (try? EthereumAddress(token.contract))?.checksummed ?? token.contract
        return
            "\(SafeName.shown(token.symbol)) (\(SafeName.shown(token.name))), \(token.decimals) decimals, \(address) on chain id \(token.chainId)\(installed ? "" : " [built in]")"
    }

    static func json(_ token: KnownToken, installed: Bool) -> JSONValue {
        .object([
            ("chainId", .integer(token.chainId)), ("address", .string(token.contract)),
            ("symbol", .string(token.symbol)),
            ("decimals", .integer(token.decimals)), ("name", .string(token.name)), ("installed", .bool(installed)),
        ])
    }
}
