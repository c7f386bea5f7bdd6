import AirsignCLI
import AirsignKeys
import AirsignKeystore

/// The work behind `key list`, `key show` and `key delete`: public metadata only, no PIN.
public enum KeyActions {
    /// `key list`.
    public static func list(json: Bool) throws {
        let store = try SignerContext.keystore()
        let keys = try store.list()
        if json {
            Console.output(KeyText.json(keys))
        } else if keys.isEmpty {
            Console.info("No keys in \(store.directory).")
        } else {
            Console.info(KeyText.table(keys))
        }
    }

    /// `key show NAME`.
    public static func show(_ name: KeyName, json: Bool) throws {
        let key = try SignerContext.keystore().metadata(of: name)
        if json {
            Console.output(key.jsonText)
        } else {
            Console.info(KeyText.details(key))
        }
    }

    /// `key delete NAME`: asks on the terminal unless `confirmed` (`--yes`).
    public static func delete(_ name: KeyName, confirmed: Bool) throws {
        let store = try SignerContext.keystore()
        let key = try store.metadata(of: name)
        if !confirmed {
            let question =
                "Delete the key \"\(name)\" and its \(key.accounts.count) account(s)? Without a backup or its recovery phrase it is gone for good."
            guard try TerminalInput.confirm(question, hint: "pass --yes to delete without asking") else {
                throw CLIError.cancelled
            }
        }
        try store.delete(name)
        Console.info("Deleted the key \"\(name)\".")
    }
}
