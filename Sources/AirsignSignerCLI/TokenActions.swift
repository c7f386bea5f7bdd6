import AirsignCLI
import AirsignEncoding
import AirsignEthereum
import AirsignMessages

/// The work behind `token add|list|remove`: tokens the person installs on the signer, sealed
/// with the PIN beside the keystore (`SignerKnowledgeStore`): ERC-20 tokens by chain id and
/// contract (an installed token wins over the built-in list's entry), and Stellar SEP-41
/// tokens by network and contract (Stellar has no built-in list: a Stellar Asset Contract's
/// asset is derived from its id).
public enum TokenActions {
    /// `token add --chain-id N ADDRESS …` or `token add --network stellar:… C… SYMBOL DECIMALS [--name NAME]`.
    public static func add(
        _ place: TokenPlace, address: String, symbol: String, decimals: UInt64, name: String?, pinFile: String?
    ) throws {
        let line: String
        let change: (inout KnowledgeContent) throws -> Void
        switch place {
        case .ethereum(let chainId):
            let token = try TokenEntry.make(
                chainId: chainId, address: address, symbol: symbol, decimals: decimals, name: name ?? symbol)
            (line, change) = (TokenText.line(token, installed: true), { try $0.add(token) })
        case .stellar(let network):
            let token = try InstalledStellarToken(
                network: network, contract: address, symbol: symbol, decimals: decimals, name: name ?? symbol)
            (line, change) = (TokenText.line(token), { try $0.add(token) })
        }
        let keystore = try SignerContext.keystore()
        let pin = try PINEntry.current(file: pinFile)
        try SignerKnowledgeStore(keystore: keystore).update(pin: pin, change)
        Console.info("Added the token \(line)")
    }

    /// `token list [--chain-id N | --network stellar:…] [--builtin] [--json]`: the installed
    /// tokens (and with `--builtin`, the built-in ERC-20 list too).
    public static func list(_ place: TokenPlace?, builtIn: Bool, json: Bool) throws {
        let content = try SignerKnowledgeStore(keystore: SignerContext.keystore()).loadContent()
        var rows = content.tokens.map { ($0, true) } + (builtIn ? TokenList.all.map { ($0, false) } : [])
        var stellar = content.stellarTokens
        switch place {
        case .ethereum(let chainId)?: (rows, stellar) = (rows.filter { $0.0.chainId == chainId }, [])
        case .stellar(let network)?: (rows, stellar) = ([], stellar.filter { $0.network == network })
        case nil: break
        }
        if json {
            let values = rows.map { TokenText.json($0.0, installed: $0.1) } + stellar.map(TokenText.json)
            Console.output(JSONSerializer(sortKeys: false).serialize(.array(values)) + "\n")
        } else if rows.isEmpty && stellar.isEmpty {
            Console.info(builtIn ? "No tokens." : "No tokens installed (the built-in list: token list --builtin).")
        } else {
            rows.forEach { Console.info(TokenText.line($0.0, installed: $0.1)) }
            stellar.forEach { Console.info(TokenText.line($0)) }
        }
    }

    /// `token remove --chain-id N ADDRESS` or `token remove --network stellar:… C…`.
    public static func remove(_ place: TokenPlace, address: String, pinFile: String?) throws {
        let shown: String
        let change: (inout KnowledgeContent) throws -> Void
        switch place {
        case .ethereum(let chainId):
            let contract: EthereumAddress
            do { contract = try EthereumAddress(address) } catch { throw KnowledgeStoreError("address: \(error)") }
            let key = Hex.encode(contract.bytes, prefix: true)
            (shown, change) = (
                "\(contract.checksummed) on chain id \(chainId)",
                { try $0.removeToken(chainId: chainId, contract: key) }
            )
        case .stellar(let network):
            (shown, change) = (
                "\(address) on \(network)", { try $0.removeStellarToken(network: network, contract: address) }
            )
        }
        let keystore = try SignerContext.keystore()
        let pin = try PINEntry.current(file: pinFile)
        try SignerKnowledgeStore(keystore: keystore).update(pin: pin, change)
        Console.info("Removed the token at \(shown).")
    }
}

/// Which chain a token command is about: `--chain-id N` (an EVM chain) or `--network
/// stellar:…`, exactly one of them.
public enum TokenPlace: Sendable, Equatable {
    case ethereum(chainId: UInt64)
    case stellar(network: String)

    /// The place the options name (`token add`, `token remove`): exactly one of them.
    public init(chainId: UInt64?, network: String?) throws {
        guard let place = try Self.filter(chainId: chainId, network: network) else {
            throw KnowledgeStoreError(
                "name the token's chain: --chain-id N (Ethereum) or --network stellar:pubnet|stellar:testnet|stellar:futurenet"
            )
        }
        self = place
    }

    /// The place `token list` is limited to: at most one of them, nil for none.
    public static func filter(chainId: UInt64?, network: String?) throws -> TokenPlace? {
        switch (chainId, network) {
        case (let chainId?, nil): return .ethereum(chainId: chainId)
        case (nil, let network?): return .stellar(network: network)
        case (nil, nil): return nil
        case (_?, _?): throw KnowledgeStoreError("--chain-id and --network name different chains: give one")
        }
    }
}

/// How the token commands show a token: symbols and names escaped as reviews show them.
enum TokenText {
    static func line(_ token: KnownToken, installed: Bool) -> String {
        let address = (try? EthereumAddress(token.contract))?.checksummed ?? token.contract
        return
            "\(SafeName.shown(token.symbol)) (\(SafeName.shown(token.name))), \(token.decimals) decimals, \(address) on chain id \(token.chainId)\(installed ? "" : " [built in]")"
    }

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

    static func json(_ token: KnownToken, installed: Bool) -> JSONValue {
        .object([
            ("chainId", .integer(token.chainId)), ("address", .string(token.contract)),
            ("symbol", .string(token.symbol)),
            ("decimals", .integer(token.decimals)), ("name", .string(token.name)), ("installed", .bool(installed)),
        ])
    }
}
