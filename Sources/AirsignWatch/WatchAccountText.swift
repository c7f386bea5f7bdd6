import AirsignCLI
import AirsignChains
import AirsignEncoding
import AirsignKeys
import AirsignMessages

/// How watch-only accounts are shown to people (stderr) and programs (`--json`, stdout).
public enum WatchAccountText {
    /// One line per account under a header.
    public static func table(_ accounts: [AccountDescriptor]) -> String {
        let rows =
            [["CHAIN", "NETWORK", "ADDRESS", "NAME", "PATH"]]
            + accounts.map { descriptor in
                let account = descriptor.account
                let network =
                    account.network.flatMap { try? AccountRules.standard.network(caip2: $0, chain: account.chain) }?
                    .name ?? account.network ?? "-"
                return [
                    account.chain.rawValue, network, account.address, descriptor.name ?? "-", account.pathDescription,
                ]
            }
        return TextTable.render(rows)
    }

    /// Every field of one account.
    public static func details(_ descriptor: AccountDescriptor) -> String {
        let account = descriptor.account
        var lines = [
            "address:    \(account.address)",
            "chain:      \(account.chain.rawValue)",
            "network:    \(account.network.flatMap { try? AccountRules.standard.network(caip2: $0, chain: account.chain) }?.description ?? account.network ?? "-")",
            "scheme:     \(account.scheme.rawValue)",
            "path:       \(account.pathDescription)",
            "public key: \(account.publicKeyHex)",
        ]
        if let id = account.icpAccountIdentifier { lines.append("account id: \(id.hex)") }
        if let xpub = account.xpub { lines.append("xpub:       \(xpub)") }
        if let name = descriptor.name { lines.append("name:       \(name)") }
        return lines.joined(separator: "\n")
    }

    /// The descriptors as one JSON array on one line.
    public static func json(_ accounts: [AccountDescriptor]) -> String {
        JSONSerializer(sortKeys: false).serialize(.array(accounts.map(\.json)))
    }
}
