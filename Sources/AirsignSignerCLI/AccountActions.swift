import AirsignCLI
import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignKeystore
import AirsignMessages
import AirsignTransport

/// The work behind `account add|list|show|export`. Adding derives from the secret and so needs
/// the PIN; the others read the keys' public metadata only.
public enum AccountActions {
    /// `account add`: derives the account `choice` names from the key's secret and stores it in
    /// the key's public metadata (the file is re-sealed, since the metadata is authenticated).
    public static func add(_ name: KeyName, choice: AccountChoice, pinFile: String?) throws {
        let store = try SignerContext.keystore()
        _ = try store.metadata(of: name)
        let pin = try PINEntry.current(file: pinFile)
        var added: Account?
        let updated = try store.update(name, pin: pin) { (metadata, payload) throws(any Error) -> KeyMetadata in
            let (secret, passphrase) = try payload.keySecret(name: name)
            let account = try choice.derive(from: secret, passphrase: passphrase)
            if metadata.accounts.contains(where: {
                $0.chain == account.chain && $0.network == account.network && $0.address == account.address
            }) {
                throw SignerError.accountExists(key: name.value, address: account.address)
            }
            added = account
            return try metadata.with(accounts: metadata.accounts + [account])
        }
        guard let added else { return }
        Console.info("Added to the key \"\(name)\" (\(updated.accounts.count) accounts now):")
        Console.info(AccountText.details(added).joined(separator: "\n"))
    }

    /// `account list`: every account of every key.
    public static func list(json: Bool) throws {
        let store = try SignerContext.keystore()
        let keys = try store.list()
        if json {
            Console.output(AccountText.json(keys.flatMap { key in key.accounts.map { (key.name, $0) } }))
        } else if keys.allSatisfy(\.accounts.isEmpty) {
            Console.info("No accounts in \(store.directory).")
        } else {
            Console.info(AccountText.table(keys))
        }
    }

    /// `account show`: the accounts of a key, or those with an address; `qr` also writes the
    /// address as a QR code for receiving (descriptors for the watch come from `export`).
    public static func show(_ text: String, json: Bool, qr: QROutputOptions) throws {
        let found = try AccountLookup.find(text, in: try SignerContext.keystore().list())
        if json {
            Console.output(AccountText.json(found))
        } else {
            Console.info(
                found.flatMap { ["key \"\($0.key)\":"] + AccountText.details($0.account) }.joined(separator: "\n"))
        }
        if qr.isRequested {
            let addresses = Set(found.map(\.account.address))
            guard addresses.count == 1, let address = addresses.first else {
                throw CLIError.oneAddressNeeded(found: addresses.count)
            }
            try qr.write(Array(address.utf8), largeSingleCode: true)
            Console.info("Wrote a QR code of \(address), for receiving.")
        }
    }

    /// `account export`: watch-only descriptors (JSON lines, one per account) to `out` (`-` for
    /// standard output) and/or as QR to `qr`.
    public static func export(_ text: String, out: String?, qr: QROutputOptions, xpub: Bool) throws {
        let found = try AccountLookup.find(text, in: try SignerContext.keystore().list())
        let bytes = try descriptors(found, xpub: xpub)
        if let out { try QRMessageIO.write(bytes, to: out) }
        if qr.isRequested { try qr.write(bytes, largeSingleCode: true) }
        let what = found.count == 1 ? "the account \(found.first?.account.address ?? "")" : "\(found.count) accounts"
        Console.info(
            "Exported \(what) watch-only\(out.map { $0 == "-" ? "" : " to \($0)" } ?? "")\(qr.isRequested ? " as QR" : "")."
        )
    }

    /// The canonical descriptors of `found`, one per line. Each is checked (address against
    /// public key, network, xpub) before it leaves, so a key file whose clear metadata was
    /// edited inconsistently is refused here rather than on the watch.
    static func descriptors(_ found: [(key: KeyName, account: Account)], xpub: Bool) throws(MessagesError) -> [UInt8] {
        var bytes: [UInt8] = []
        for (key, account) in found {
            bytes += try AccountDescriptor(
                account: xpub ? account : account.withoutXpub, name: key.value, rules: .standard
            ).bytes
        }
        return bytes
    }
}
