import AirsignCLI
import AirsignEthereum
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import AirsignTransport

/// `account export --format crypto-hdkey|crypto-account`: the pairing an ERC-4527 wallet
/// (MetaMask's "QR-based hardware wallet", Rabby, Keystone-style apps) scans to watch this
/// signer's Ethereum accounts. The account-level key `m/44'/60'/0'` sits above the accounts'
/// stored xpubs and is hardened, so it is derived from the phrase: this needs the PIN.
struct ERC4527AccountExport: AccountExportFormat {
    let names = ["crypto-hdkey", "crypto-account"]
    let takesGenesis = false
    let needsPIN = true

    /// Writes the pairing of the key `text` names (a key's name, or one of its addresses) as UR
    /// text to `out` (`-` for standard output) and as QR to `qr`.
    func export(
        _ text: String, as format: String, out: String?, qr: QROutputOptions, genesis: [UInt8]?, pinFile: String?
    )
        throws
    {
        let store = try SignerContext.keystore()
        let found = try AccountLookup.find(text, in: try store.list())
        let names = Set(found.map(\.key.value))
        guard names.count == 1, let name = found.first?.key else {
            throw SignerError.pairingNeedsOneKey(text, keys: names.sorted())
        }
        let pin = try PINEntry.current(file: pinFile)
        let (secret, passphrase) = try store.secret(of: name, pin: pin).keySecret(name: name)
        guard case let .mnemonic(mnemonic) = secret else { throw SignerError.pairingNeedsPhrase(name.value) }
        let seed = try mnemonic.seed(passphrase: passphrase)
        let ur: UR
        if format == "crypto-account" {
            ur = try UR(
                type: PairingExport.accountURType, cbor: try PairingExport.account(seed: seed, name: name.value))
        } else {
            ur = try UR(type: CryptoHDKey.urType, cbor: try PairingExport.hdkey(seed: seed, name: name.value).cbor())
        }
        if let out { try QRMessageIO.write(Array((ur.string + "\n").utf8), to: out) }
        if qr.isRequested { try qr.write(ur: ur) }
        Console.info(
            "Exported the Ethereum accounts of \"\(name)\" (\(PairingExport.accountPath)/0/*) as \(format)\(out.map { $0 == "-" ? "" : " to \($0)" } ?? "")\(qr.isRequested ? " as QR" : ""): scan it in MetaMask with \"Connect a QR-based hardware wallet\"."
        )
    }
}
