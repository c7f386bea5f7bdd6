import AirsignCLI
import AirsignEthereum
import AirsignKeys
import AirsignMessages
import AirsignTransport
import AirsignWatch
import ArgumentParser

struct EthereumERC4527Command: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erc4527",
        abstract: "Write a stored Ethereum request as an ERC-4527 ur:eth-sign-request, for a Keystone-style signer.",
        discussion: """
            The request (one this watch issued) goes out as the QR a Keystone-style signer \
            scans: its payload as data type 1 or 4 (transactions), 2 (typed data) or 3 \
            (personal message), the chain id of its network, the account's derivation path and \
            address, and the request's id as the UUID the answer echoes. With --pairing FILE \
            (the signer's ur:crypto-hdkey, as airsign-signer account export --format \
            crypto-hdkey writes it) the path also carries the wallet's master fingerprint, \
            which the signer checks; the watch first checks that the pairing derives the \
            account. Read the \
            ur:eth-signature that comes back with ethereum finalize (a file of its text, or \
            --scan).
            """)

    @Argument(help: "The request's id.")
    var id: String

    @Option(
        help: ArgumentHelp(
            "Write the UR text to FILE (atomically), or - for standard output (the default without --qr).",
            valueName: "FILE|-"))
    var out: String?

    @Option(
        help: ArgumentHelp(
            "The signer's ur:crypto-hdkey pairing (a file of its UR text): the request then names the signer's wallet by its master fingerprint.",
            valueName: "FILE"))
    var pairing: String?

    @OptionGroup var qr: QROutputOptions

    func validate() throws {
        do { _ = try RequestID(id) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        let request = try RequestActions.store().record(try RequestID(id)).request
        guard request.chain.rawValue == "ethereum" else {
            throw EthereumWatchError.invalidInput("request \(id) is a \(request.chain) request")
        }
        let accounts = try WatchContext.store().accounts(withAddress: request.account.address)
        guard let path = accounts.map(\.account.path).first(where: { !$0.isEmpty }) else {
            throw EthereumWatchError.invalidInput(
                "the account \(request.account.address) has no derivation path (an imported single key): ERC-4527 names the key by its path"
            )
        }
        let fingerprint = try pairing.map { file in
            try Self.fingerprint(pairing: file, account: request.account.publicKey, path: path)
        }
        let ur = try UR(
            type: EthSignRequest.urType,
            cbor: try EthSignRequest(request: request, path: path, sourceFingerprint: fingerprint).cbor())
        let out = out ?? (qr.isRequested ? nil : "-")
        if qr.isRequested { try qr.write(ur: ur) }
        if let out { try MessageOutput.write(Array((ur.string + "\n").utf8), to: out) }
        Console.info(
            "Request \(request.id) as ur:eth-sign-request for \(request.account.address) at \(path)"
                + (fingerprint.map { " of the wallet with fingerprint \(KeySecret.fingerprintText($0))" } ?? "") + ".")
    }

    /// The source fingerprint of the pairing in `file` (UR text of one `crypto-hdkey`) for the
    /// account; what does not read or does not derive the account is bad input (exit 3).
    static func fingerprint(pairing file: String, account publicKey: [UInt8], path: String) throws -> UInt32 {
        let bytes = try QRMessageIO.read(file)
        guard let read = try QRMessageIO.urText(bytes), read.urType == CryptoHDKey.urType else {
            throw EthereumWatchError.invalidInput("--pairing \(file) is not the text of a ur:crypto-hdkey")
        }
        do {
            return try ERC4527Pairing(key: try CryptoHDKey(cbor: read.bytes)).sourceFingerprint(
                account: publicKey, path: try DerivationPath(path))
        } catch {
            throw EthereumWatchError.invalidInput("--pairing \(file): \(error)")
        }
    }
}
