import AirsignCLI
import AirsignEncoding
import AirsignSignerCLI
import AirsignSignerChains
import ArgumentParser

struct AccountExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write watch-only account descriptors for airsign-watch (no PIN needed).",
        discussion: """
            Writes one descriptor per account (JSON lines): chain, network, address, public key, \
            scheme, path, the key's name and, for Ethereum and ICP accounts of a phrase, the \
            xpub of the path's parent. Each is checked (the address is its public key's) before \
            it is written. Read it on the online machine with airsign-watch account import.

            --format substrate writes instead what polkadot-js apps and Vault-style apps import \
            a QR-signer account from: substrate:ADDRESS:0xGENESIS, one line an account, and a \
            QR code of it for one account (--qr). --format crypto-hdkey (or crypto-account) \
            writes the ERC-4527 pairing of a phrase's Ethereum accounts (m/44'/60'/0') that \
            MetaMask's "QR-based hardware wallet" scans; it needs the PIN.
            """)

    @Argument(
        help: ArgumentHelp("A key's name (all its accounts) or an account's address.", valueName: "name-or-address"))
    var target: String

    @Option(
        help: ArgumentHelp(
            "Write the descriptors to FILE (atomically), or - for standard output (the default without --qr).",
            valueName: "FILE|-"))
    var out: String?

    @OptionGroup var qr: QROutputOptions

    @Flag(
        name: .customLong("no-xpub"),
        help: "Leave the xpub out (the watch then sees only these addresses, not their siblings).")
    var noXpub = false

    @Option(
        help: ArgumentHelp(
            "airsign (descriptors for airsign-watch), substrate (substrate:ADDRESS:0xGENESIS for polkadot-js and Vault-style apps), or crypto-hdkey / crypto-account (an ERC-4527 pairing for MetaMask-style wallets).",
            valueName: "format"))
    var format: ExportFormatName = .airsign

    @Option(
        help: ArgumentHelp(
            "With --format substrate: the full genesis hash of a network the signer knows only by its CAIP-2 id (used for the accounts on that network).",
            valueName: "0xhash"))
    var genesis: String?

    @OptionGroup var pin: PINFileOption

    func validate() throws {
        let chainFormat = format.chainFormat
        if genesis != nil, chainFormat?.takesGenesis != true {
            throw ValidationError("--genesis goes with --format \(ExportFormatName.names(where: { $0.takesGenesis }))")
        }
        if format != .airsign, noXpub { throw ValidationError("--no-xpub is for Airsign descriptors") }
        if pin.path != nil, chainFormat?.needsPIN != true {
            throw ValidationError("--pin-file goes with --format \(ExportFormatName.names(where: { $0.needsPIN }))")
        }
        _ = try genesisHash()
    }

    /// `--genesis` as 32 bytes (checked in `validate`).
    private func genesisHash() throws(ValidationError) -> [UInt8]? {
        try genesis.map { text throws(ValidationError) -> [UInt8] in
            let hex = text.hasPrefix("0x") ? text.dropFirst(2) : Substring(text)
            guard hex.count == 64, let bytes = try? Hex.decode(hex) else {
                throw ValidationError("--genesis is a 32-byte hash: 64 hex digits, 0x optional")
            }
            return bytes
        }
    }

    func run() throws {
        let destination = out ?? (qr.isRequested ? nil : "-")
        if let chainFormat = format.chainFormat {
            try chainFormat.export(
                target, as: format.name, out: destination, qr: qr, genesis: try genesisHash(), pinFile: pin.path)
        } else {
            try AccountActions.export(target, out: destination, qr: qr, xpub: !noXpub)
        }
    }
}

/// `--format`: `airsign` (Airsign's descriptors) or one of the chains' formats, from the
/// signer's chain table (`SignerChains.exportFormats`).
struct ExportFormatName: ExpressibleByArgument, Equatable, CustomStringConvertible {
    let name: String

    static let airsign = ExportFormatName(name: "airsign")

    private init(name: String) { self.name = name }

    init?(argument: String) {
        guard Self.allValueStrings.contains(argument) else { return nil }
        name = argument
    }

    static var allValueStrings: [String] { ["airsign"] + SignerChains.exportFormats.flatMap(\.names) }

    /// Shells complete the same values, as they did when the formats were an enum.
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The chain's format that writes it; nil for Airsign's own.
    var chainFormat: (any AccountExportFormat)? { SignerChains.exportFormats.first { $0.names.contains(name) } }

    var description: String { name }

    /// The formats for which `option` holds, as a refusal names them (`a or b`).
    static func names(where option: (any AccountExportFormat) -> Bool) -> String {
        SignerChains.exportFormats.filter(option).flatMap(\.names).joined(separator: " or ")
    }

    static func == (a: ExportFormatName, b: ExportFormatName) -> Bool { a.name == b.name }
}
