import AirsignCLI
import AirsignChains
import AirsignEncoding
import AirsignKeys
import AirsignKeystore
import AirsignMessages

/// How accounts are shown to people (on stderr) and to programs (`--json`, on stdout).
public enum AccountText {
    /// One account as indented lines under a heading of chain, network, scheme and path.
    public static func details(_ account: Account, indent: String = "  ") -> [String] {
        let network = account.network.map { id in
            (try? AccountRules.standard.network(caip2: id, chain: account.chain)).map(\.description) ?? id
        }
        // A Substrate path's junctions are free text: shown escaped, as reviews show them.
        let heading = [
            account.chain.rawValue, network, account.scheme.rawValue,
            account.path.isEmpty ? nil : MessageText.escaped(account.path),
        ]
        .compactMap { $0 }.joined(separator: "  ")
        var lines = [
            indent + heading,
            indent + "  address:    \(account.address)",
            indent + "  public key: \(account.publicKeyHex)",
        ]
        if let id = account.icpAccountIdentifier { lines.append(indent + "  account id: \(id.hex)") }
        if let xpub = account.xpub { lines.append(indent + "  xpub:       \(xpub)") }
        return lines
    }

    /// One line per account of every key, under a header.
    public static func table(_ keys: [KeyMetadata]) -> String {
        let rows =
            [["KEY", "CHAIN", "NETWORK", "ADDRESS", "PATH"]]
            + keys.flatMap { key in
                key.accounts.map {
                    [
                        key.name.value, $0.chain.rawValue, networkName($0), $0.address,
                        MessageText.escaped($0.pathDescription),
                    ]
                }
            }
        return TextTable.render(rows)
    }

    /// The account as one JSON object with the descriptor's field names and `key`, its key's name.
    public static func json(_ account: Account, key: KeyName) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("key", .string(key.value)),
            ("chain", .string(account.chain.rawValue)),
        ]
        if let network = account.network { members.append(("network", .string(network))) }
        members += [
            ("address", .string(account.address)),
            ("publicKey", .string(account.publicKeyHex)),
            ("scheme", .string(account.scheme.rawValue)),
            ("path", .string(account.path)),
        ]
        if let xpub = account.xpub { members.append(("xpub", .string(xpub))) }
        return .object(members)
    }

    /// A JSON array of accounts with their keys, on one line.
    public static func json(_ accounts: [(key: KeyName, account: Account)]) -> String {
        JSONSerializer(sortKeys: false).serialize(.array(accounts.map { json($0.account, key: $0.key) }))
    }

    /// The network's short name (`polkadot`, `eip155:137`) for tables.
    static func networkName(_ account: Account) -> String {
        guard let id = account.network else { return "-" }
        return (try? AccountRules.standard.network(caip2: id, chain: account.chain))?.name ?? id
    }
}
