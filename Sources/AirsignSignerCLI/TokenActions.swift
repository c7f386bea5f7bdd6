import AirsignCLI
import AirsignEncoding
import AirsignEthereum
import AirsignMessages

/// The work behind `token add|list|remove`: ERC-20 tokens the person adds to the signer's
/// built-in list (symbol and decimals by chain id and contract), sealed with the PIN beside the
/// keystore (`EthereumKnowledgeStore`). An installed token wins over the built-in list's entry.
public enum TokenActions {
    /// `token add --chain-id N ADDRESS SYMBOL DECIMALS [--name NAME]`.
    public static func add(chainId: UInt64, address: String, symbol: String, decimals: UInt64, name: String?, pinFile: String?) throws {
        let token = try TokenEntry.make(chainId: chainId, address: address, symbol: symbol, decimals: decimals, name: name ?? symbol)
        let keystore = try SignerContext.keystore()
        let pin = try PINEntry.current(file: pinFile)
        try EthereumKnowledgeStore(keystore: keystore).update(pin: pin) { content in try content.add(token) }
        Console.info("Added the token \(TokenText.line(token, installed: true))")
    }

    /// `token list [--chain-id N] [--builtin] [--json]`: the installed tokens (and with
    /// `--builtin`, the built-in list too).
    public static func list(chainId: UInt64?, builtIn: Bool, json: Bool) throws {
        let installed = try EthereumKnowledgeStore(keystore: SignerContext.keystore()).load().tokens
        var rows = installed.map { ($0, true) } + (builtIn ? TokenList.all.map { ($0, false) } : [])
        if let chainId { rows = rows.filter { $0.0.chainId == chainId } }
        if json {
            Console.output(JSONSerializer(sortKeys: false).serialize(.array(rows.map { TokenText.json($0.0, installed: $0.1) })) + "\n")
        } else if rows.isEmpty {
            Console.info(builtIn ? "No tokens." : "No tokens installed (the built-in list: token list --builtin).")
        } else {
            rows.forEach { Console.info(TokenText.line($0.0, installed: $0.1)) }
        }
    }

    /// `token remove --chain-id N ADDRESS`.
    public static func remove(chainId: UInt64, address: String, pinFile: String?) throws {
        let contract: EthereumAddress
        do { contract = try EthereumAddress(address) } catch { throw KnowledgeStoreError("address: \(error)") }
        let keystore = try SignerContext.keystore()
        let pin = try PINEntry.current(file: pinFile)
        let key = Hex.encode(contract.bytes, prefix: true)
        try EthereumKnowledgeStore(keystore: keystore).update(pin: pin) { content in try content.removeToken(chainId: chainId, contract: key) }
        Console.info("Removed the token at \(contract.checksummed) on chain id \(chainId).")
    }
}

/// How the token commands show a token: symbols and names escaped as reviews show them.
enum TokenText {
    static func line(_ token: KnownToken, installed: Bool) -> String {
        let address = (try? EthereumAddress(token.contract))?.checksummed ?? token.contract
        return "\(SafeName.shown(token.symbol)) (\(SafeName.shown(token.name))), \(token.decimals) decimals, \(address) on chain id \(token.chainId)\(installed ? "" : " [built in]")"
    }

    static func json(_ token: KnownToken, installed: Bool) -> JSONValue {
        .object([
            ("chainId", .integer(token.chainId)), ("address", .string(token.contract)), ("symbol", .string(token.symbol)),
            ("decimals", .integer(token.decimals)), ("name", .string(token.name)), ("installed", .bool(installed)),
        ])
    }
}
