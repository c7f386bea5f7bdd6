import AirsignCLI
import AirsignEncoding

/// The work behind `token add|list|remove`: tokens the person installs on the signer, sealed
/// with the PIN beside the keystore (`SignerKnowledgeStore`), each chain's by its `TokenKind`
/// (`kinds`, the signer's chain table's): ERC-20 tokens by chain id and contract (an installed
/// token wins over the built-in list's entry), and Stellar SEP-41 tokens by network and
/// contract (Stellar has no built-in list: a Stellar Asset Contract's asset is derived from its id).
public enum TokenActions {
    /// `token add --chain-id N ADDRESS …` or `token add --network stellar:… C… SYMBOL DECIMALS [--name NAME]`.
    public static func add(
        _ place: TokenPlace, address: String, symbol: String, decimals: UInt64, name: String?, pinFile: String?,
        kinds: [any TokenKind]
    ) throws {
        let (shown, change) = try kind(for: place, in: kinds).addition(
            place, address: address, symbol: symbol, decimals: decimals, name: name ?? symbol)
        let keystore = try SignerContext.keystore()
        let pin = try PINEntry.current(file: pinFile)
        try SignerKnowledgeStore(keystore: keystore).update(pin: pin, change)
        Console.info("Added the token \(shown)")
    }

    /// `token list [--chain-id N | --network stellar:…] [--builtin] [--json]`: the installed
    /// tokens (and with `--builtin`, the built-in ERC-20 list too).
    public static func list(_ place: TokenPlace?, builtIn: Bool, json: Bool, kinds: [any TokenKind]) throws {
        let content = try SignerKnowledgeStore(keystore: SignerContext.keystore()).loadContent()
        let rows = try kinds.flatMap { kind in
            // A place of another chain's lists none of this one's, built-in ones included.
            if let place, !kind.claims(place) { return [(line: String, json: JSONValue)]() }
            return try kind.rows(content, place: place, builtIn: builtIn)
        }
        if json {
            Console.output(JSONSerializer(sortKeys: false).serialize(.array(rows.map(\.json))) + "\n")
        } else if rows.isEmpty {
            Console.info(builtIn ? "No tokens." : "No tokens installed (the built-in list: token list --builtin).")
        } else {
            for row in rows { Console.info(row.line) }
        }
    }

    /// `token remove --chain-id N ADDRESS` or `token remove --network stellar:… C…`.
    public static func remove(_ place: TokenPlace, address: String, pinFile: String?, kinds: [any TokenKind]) throws {
        let (shown, change) = try kind(for: place, in: kinds).removal(place, address: address)
        let keystore = try SignerContext.keystore()
        let pin = try PINEntry.current(file: pinFile)
        try SignerKnowledgeStore(keystore: keystore).update(pin: pin, change)
        Console.info("Removed the token at \(shown).")
    }

    /// The chain whose tokens `place` names.
    private static func kind(for place: TokenPlace, in kinds: [any TokenKind]) throws -> any TokenKind {
        guard let kind = kinds.first(where: { $0.claims(place) }) else {
            throw KnowledgeStoreError(
                "no chain in this build keeps tokens for \(place.chainId.map { "chain id \($0)" } ?? place.network ?? "")"
            )
        }
        return kind
    }
}
