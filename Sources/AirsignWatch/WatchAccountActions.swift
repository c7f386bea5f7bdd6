import AirsignCLI
import AirsignChains
import AirsignKeys
import AirsignMessages
import AirsignTransport

/// The work behind `airsign-watch account import|list|show`.
public enum WatchAccountActions {
    /// Where `account import` reads descriptors from.
    public enum Source: Sendable, Equatable {
        /// A file, or `-` for standard input.
        case file(String)
        /// QR codes in images (PNG/PGM/PPM files or directories), frames in any order.
        case scan([String])
    }

    /// `account import`: reads one or more descriptors (each checked: its address must be its
    /// public key's) and stores them. Nothing is stored unless every descriptor reads.
    public static func importAccounts(from source: Source, replace: Bool) throws {
        let bytes: [UInt8]
        switch source {
        case let .file(path):
            bytes = try QRMessageIO.read(path)
        case let .scan(paths):
            bytes = try QRScanJob().run(paths: paths) { line in QRMessageIO.log(line, transient: line.contains("% — "))
            }
        }
        let descriptors = try AccountDescriptor.parseList(bytes, rules: .standard)
        let store = try WatchContext.store()
        for descriptor in descriptors {
            let outcome = try store.add(descriptor, replace: replace)
            let what: String
            switch outcome {
            case .added: what = "Imported"
            case .replaced: what = "Replaced"
            case .unchanged: what = "Already imported"
            }
            Console.info(
                "\(what): \(descriptor.account.chain.rawValue) \(descriptor.account.address) (\(descriptor.account.network ?? "-"))"
            )
        }
    }

    /// `account list`.
    public static func list(json: Bool) throws {
        let store = try WatchContext.store()
        let accounts = try store.accounts()
        if json {
            Console.output(WatchAccountText.json(accounts))
        } else if accounts.isEmpty {
            Console.info(
                "No watch-only accounts in \(store.directory) yet (import one with: airsign-watch account import FILE)."
            )
        } else {
            Console.info(WatchAccountText.table(accounts))
        }
    }

    /// `account show`: the stored accounts with `address`; `qr` writes the address as a QR code
    /// for receiving.
    public static func show(_ address: String, json: Bool, qr: QROutputOptions) throws {
        let found = try WatchContext.store().accounts(withAddress: address)
        if json {
            Console.output(WatchAccountText.json(found))
        } else {
            Console.info(found.map(WatchAccountText.details).joined(separator: "\n\n"))
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
}
