import AirsignCLI
import AirsignMessages
import AirsignStellar
import AirsignWatch
import ArgumentParser
import Foundation

/// `stellar authorize`: a Soroban authorization entry (as a dapp or a simulation hands it out)
/// issued on its own as a sign request for the account whose address credentials it carries.
struct StellarAuthorizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Ask a watch-only account to sign a Soroban authorization entry on its own.",
        discussion: """
            The entry (base64 SorobanAuthorizationEntry with address credentials: ADDRESS, or \
            CAP-71's ADDRESS_V2 and ADDRESS_WITH_DELEGATES) must be for --from, or name it as \
            a delegate not yet signed. The signer shows its invocation tree and expiration ledger, builds the \
            signature payload itself for the request's network, and returns the signed entry; \
            `finalize` checks the signature and writes the entry to hand back.
            """)

    @Option(
        help: ArgumentHelp(
            "The entry in base64, or a file holding it, or - for standard input.", valueName: "BASE64|FILE|-"))
    var entry: String

    @Option(help: ArgumentHelp("The watch-only account whose authorization it is (G…).", valueName: "G…"))
    var from: String

    @Option(help: ArgumentHelp("public (pubnet), testnet or futurenet.", valueName: "NETWORK"))
    var network: String

    @OptionGroup var output: RequestOutputOptions

    func run() throws {
        let text =
            FileManager.default.fileExists(atPath: entry) || entry == "-"
            ? String(decoding: try QRMessageIO.read(entry), as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines) : entry
        let parsed: SorobanAuthorizationEntry
        do { parsed = try SorobanAuthorizationEntry(base64: text) } catch {
            throw StellarError.unreadable(field: "--entry", reason: "\(error)")
        }
        let request = try StellarAuthorization.request(
            parsed, from: from, network: network, note: output.note, accounts: try WatchContext.store())
        try RequestIssuer(store: try RequestActions.store()).issue(
            [request], to: output.output(), now: Int64(Date().timeIntervalSince1970)
        ) { request in
            "Request \(request.id) issued for signer \(request.account.address): a Soroban authorization on \(request.network)."
        }
    }
}

/// The sign request of an authorization entry for the watch-only account `from`.
public enum StellarAuthorization {
    public static func request(
        _ entry: SorobanAuthorizationEntry, from: String, network text: String, note: String?,
        accounts: WatchStore
    ) throws -> SignRequest {
        let network = try StellarNetwork(caip2: text) ?? StellarNetwork(name: text)
        guard let networkID = network.caip2 else { throw StellarError.option(.noSignRequestID(network: "\(network)")) }
        guard let credentials = entry.credentials.topLevel else {
            throw StellarError.option(.entrySourceAccount)
        }
        // --from signs as the top-level address, or (CAP-71 ADDRESS_WITH_DELEGATES) as a delegate
        // whose place is still unsigned, as the signer reads it.
        let key = try AccountID(from).publicKey
        let delegate = entry.credentials.delegates.contains { $0.mentions(key) }
        guard credentials.address.accountKey == key || delegate else {
            throw StellarError.option(
                .entryForOther(
                    address: "\(credentials.address)", from: "\(from)",
                    hasDelegates: !entry.credentials.delegates.isEmpty))
        }
        guard entry.awaitsSignature(of: key) else {
            throw StellarError.option(.entryAlreadySigned(from: "\(from)"))
        }
        let account = try StellarTransactionBuilder.watchAccount(from, networkID: networkID, accounts: accounts)
        return try SignRequest.make(
            chain: ChainID(.stellar), network: networkID, account: account,
            payload: try StellarPayload.json(entry, network: network), note: note)
    }
}
