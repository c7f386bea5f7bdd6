import AirsignCLI
import AirsignChains
import AirsignKeys
import AirsignSignerCLI
import AirsignSubstrate
import AirsignTransport

/// `account export --format substrate`: what polkadot-js apps and Vault-style apps import a
/// QR-signer account from, `substrate:ADDRESS:0xGENESIS`: one line an account, and as a QR code
/// when one account was found. `--genesis` names a network the signer knows only by its CAIP-2 id.
struct UOSAccountExport: AccountExportFormat {
    let names = ["substrate"]
    let takesGenesis = true
    let needsPIN = false

    func export(_ text: String, as name: String, out: String?, qr: QROutputOptions, genesis: [UInt8]?, pinFile: String?)
        throws
    {
        let found = try AccountLookup.find(text, in: try SignerContext.keystore().list()).filter {
            $0.account.chain == .substrate
        }
        guard !found.isEmpty else { throw SignerError.noSubstrateAccount(text) }
        let lines = try found.map { entry in
            let network = try entry.account.network ?? AccountRules.standard.defaultNetwork(for: .substrate).id
            return try UOSAddress.text(
                address: entry.account.address, genesis: try UOSAddress.genesis(network: network, given: genesis))
        }
        if let out { try QRMessageIO.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: out) }
        if qr.isRequested {
            guard lines.count == 1, let line = lines.first else { throw CLIError.oneAddressNeeded(found: lines.count) }
            try qr.write(Array(line.utf8), largeSingleCode: true)
        }
        let what = found.count == 1 ? "the account \(found.first?.account.address ?? "")" : "\(found.count) accounts"
        Console.info(
            "Exported \(what) for polkadot-js / Vault-style apps\(out.map { $0 == "-" ? "" : " to \($0)" } ?? "")\(qr.isRequested ? " as QR" : "")."
        )
    }
}
