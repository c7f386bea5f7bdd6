import AirsignCLI
import AirsignEncoding
import AirsignMessages
import AirsignStellar
import AirsignWatch
import ArgumentParser
import Foundation

/// `stellar message sign`: a SEP-53 message issued as a sign request for a watch-only account.
struct StellarMessageSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign", abstract: "Ask a watch-only account to sign a SEP-53 message.",
        discussion: """
            The message is --text (its UTF-8 bytes), --hex, --base64 or --file (its bytes as they \
            are), 1 to 8192 bytes. The signer shows it (as text when it is UTF-8 without control \
            characters, else as hex) and signs SHA-256("Stellar Signed Message:\\n" ‖ message); \
            `finalize` verifies the signature and prints it in base64, the form SEP-53 verifiers take. \
            The signature names no network: --network only files the request.
            """)

    @Option(help: ArgumentHelp("The message as text, signed as its UTF-8 bytes.", valueName: "TEXT"))
    var text: String?

    @Option(help: ArgumentHelp("The message as hex bytes.", valueName: "HEX"))
    var hex: String?

    @Option(help: ArgumentHelp("The message as base64 bytes.", valueName: "BASE64"))
    var base64: String?

    @Option(help: ArgumentHelp("A file holding the message bytes, or - for standard input.", valueName: "FILE|-"))
    var file: String?

    @Option(help: ArgumentHelp("The watch-only account that signs (G…).", valueName: "G…"))
    var from: String

    @Option(
        help: ArgumentHelp(
            "public (pubnet), testnet or futurenet: the network the request is filed under.", valueName: "NETWORK"))
    var network: String = "public"

    @OptionGroup var output: RequestOutputOptions

    /// The message's own checks (one source, its encoding, 1 to 8192 bytes) are usage errors;
    /// the account and network are checked as every Stellar builder checks them (refused input).
    func validate() throws {
        guard [text, hex, base64, file].compactMap({ $0 }).count == 1 else {
            throw ValidationError("give the message with one of --text, --hex, --base64 or --file")
        }
        if let bytes = try given() {
            do { try StellarSignedMessage.check(bytes) } catch { throw ValidationError("\(error)") }
        }
    }

    /// The message given on the command line (nil for --file, read in `run`).
    private func given() throws -> [UInt8]? {
        if let text { return Array(text.utf8) }
        if let hex { do { return try Hex.decode(hex) } catch { throw ValidationError("--hex: \(error)") } }
        if let base64 {
            do { return try StellarBase64.decode(base64) } catch { throw ValidationError("--base64: \(error)") }
        }
        return nil
    }

    func run() throws {
        let message = try given() ?? (try file.map { try QRMessageIO.read($0) } ?? [])
        let request = try StellarSignedMessage.request(
            message, from: from, network: network, note: output.note, accounts: try WatchContext.store())
        try RequestIssuer(store: try RequestActions.store()).issue(
            [request], to: output.output(), now: Int64(Date().timeIntervalSince1970)
        ) { request in
            "Request \(request.id) issued for signer \(request.account.address): a SEP-53 message of \(message.count) bytes."
        }
    }
}

/// The sign request of a SEP-53 message for the watch-only account `from`.
public enum StellarSignedMessage {
    /// Refuses a message the signer would refuse: empty, or over `SEP53.maximumBytes`.
    public static func check(_ message: [UInt8]) throws(StellarError) {
        guard !message.isEmpty, message.count <= SEP53.maximumBytes else {
            throw .option(.messageLength(bytes: message.count))
        }
    }

    /// The CAIP-2 id of one of the three networks, named as the other Stellar commands name them.
    public static func network(_ text: String) throws -> String {
        let network = try StellarNetwork(caip2: text) ?? StellarNetwork(name: text)
        guard let id = network.caip2 else { throw StellarError.option(.noSignRequestID(network: "\(network)")) }
        return id
    }

    public static func request(
        _ message: [UInt8], from: String, network text: String, note: String?, accounts: WatchStore
    ) throws -> SignRequest {
        try check(message)
        let networkID = try network(text)
        let account = try StellarTransactionBuilder.watchAccount(from, networkID: networkID, accounts: accounts)
        return try SignRequest.make(
            chain: ChainID(.stellar), network: networkID, account: account,
            payload: try StellarPayload.json(message: message), note: note)
    }
}
