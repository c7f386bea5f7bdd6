import AirsignCLI
import AirsignEncoding
import AirsignKeys
import AirsignKeystore

/// How keys are shown to people (on stderr) and to programs (`--json`, on stdout).
public enum KeyText {
    /// One line per key under a header.
    public static func table(_ keys: [KeyMetadata]) -> String {
        let rows =
            [["NAME", "KIND", "ACCOUNTS", "CREATED"]]
            + keys.map { [$0.name.value, $0.kind, String($0.accounts.count), $0.created] }
        return TextTable.render(rows)
    }

    /// Every public field of one key.
    public static func details(_ key: KeyMetadata) -> String {
        var lines = [
            "name:     \(key.name.value)",
            "kind:     \(key.kind)",
            "created:  \(key.created)",
            "accounts: \(key.accounts.count)",
        ]
        for account in key.accounts { lines += AccountText.details(account) }
        return lines.joined(separator: "\n")
    }

    /// A JSON array of the keys' metadata, one canonical object per key.
    public static func json(_ keys: [KeyMetadata]) -> String {
        "[" + keys.map(\.jsonText).joined(separator: ",") + "]"
    }
}
