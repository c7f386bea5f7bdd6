import AirsignCLI
import AirsignSignerCLI
import ArgumentParser

struct AccountExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write watch-only account descriptors for airsign-watch (no PIN needed).",
        discussion: """
            Writes one descriptor per account (JSON lines): chain, network, address, public key, \
            scheme, path, the key's name and, for Ethereum and ICP accounts of a phrase, the \
            xpub of the path's parent. Each is checked (the address is its public key's) before \
            it is written. Read it on the online machine with airsign-watch account import. \
            --format crypto-hdkey (or crypto-account) writes instead the ERC-4527 pairing of a \
            phrase's Ethereum accounts (m/44'/60'/0') that MetaMask's "QR-based hardware \
            wallet" scans; it needs the PIN.
            """)

    @Argument(help: ArgumentHelp("A key's name (all its accounts) or an account's address.", valueName: "name-or-address"))
    var target: String

    @Option(help: ArgumentHelp("Write the descriptors to FILE (atomically), or - for standard output (the default without --qr).", valueName: "FILE|-"))
    var out: String?

    @OptionGroup var qr: QROutputOptions

    @Flag(name: .customLong("no-xpub"), help: "Leave the xpub out (the watch then sees only these addresses, not their siblings).")
    var noXpub = false

    @Option(help: ArgumentHelp("airsign (descriptors for airsign-watch), or crypto-hdkey / crypto-account (an ERC-4527 pairing for MetaMask-style wallets).",
                               valueName: "format"))
    var format: ExportFormat = .airsign

    @OptionGroup var pin: PINFileOption

    func run() throws {
        if let pairing = format.pairing {
            return try PairingActions.export(target, format: pairing, out: out ?? (qr.isRequested ? nil : "-"), qr: qr, pinFile: pin.path)
        }
        try AccountActions.export(target, out: out ?? (qr.isRequested ? nil : "-"), qr: qr, xpub: !noXpub)
    }
}

/// What `account export` writes.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case airsign
    case cryptoHDKey = "crypto-hdkey"
    case cryptoAccount = "crypto-account"

    var pairing: PairingActions.Format? { PairingActions.Format(rawValue: rawValue) }
}
