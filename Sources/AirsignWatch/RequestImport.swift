import AirsignChains
import AirsignCLI
import AirsignMessages
import Foundation

/// `airsign-watch import`: what other tools made (a polkadot-js SignerPayloadJSON or
/// SignerPayloadRaw, an unsigned Ethereum transaction as hex or JSON, `eth_signTypedData_v4`
/// typed data, a Stellar envelope or SEP-7 `tx` link) becomes a request of this watch's,
/// reviewed, stored and written like any built one, so `finalize`, `submit` and `broadcast`
/// work on the signer's answer.
///
/// The chain modules read these forms (`ChainModule.nativeRequests`, the same readers the
/// signer runs on such input), told this watch's accounts: each artifact must be for one of
/// them.
public enum RequestImport {
    /// The requests `input` stands for, for `descriptors` (the watch's accounts); `network`
    /// is for artifacts that do not name theirs (a bare Stellar envelope).
    public static func requests(_ input: [UInt8], descriptors: [AccountDescriptor], network: String?,
                                registry: ChainRegistry = .standard) throws -> [SignRequest] {
        let accounts = descriptors.compactMap { descriptor -> OwnAccount? in
            let account = descriptor.account
            guard let chain = ChainID(validating: account.chain.rawValue) else { return nil }
            return OwnAccount(chain: chain, address: account.address, publicKey: account.publicKey, keyName: descriptor.name ?? "",
                              path: account.path.isEmpty ? nil : account.path, network: account.network, scheme: account.scheme)
        }
        if let (_, read) = try registry.nativeRequests(input, accounts: accounts, network: network) { return read }
        throw MessagesError.invalidField(message: nil, field: "input", reason: "not a form import reads (SignerPayloadJSON/Raw, an unsigned Ethereum transaction as 0x hex or JSON, eth_signTypedData_v4 typed data, a Stellar envelope or web+stellar:tx link)")
    }

    /// Reviews, stores and writes the imported requests to `out` (`-`: standard output) and
    /// the QR outputs; each review is shown on stderr.
    public static func run(_ input: [UInt8], network: String?, out: String, qr: QROutputOptions, registry: ChainRegistry = .standard) throws {
        let requests = try requests(input, descriptors: try WatchContext.store().accounts(), network: network, registry: registry)
        let now = Int64(Date().timeIntervalSince1970)
        let (bytes, reviews) = try RequestIssuer(store: try RequestActions.store(), registry: registry).issueReviewed(requests, now: now)
        for (index, (request, review)) in zip(requests, reviews).enumerated() {
            let module = try registry.module(for: request.chain)
            Console.info(ReviewText.render(review, position: index + 1, of: requests.count, module: module, context: ReviewContext(now: now)))
        }
        if qr.isRequested { try qr.write(bytes, largeSingleCode: true) }
        try MessageOutput.write(bytes, to: out)
        if out != "-" { Console.info("Imported \(requests.map(\.id.text).joined(separator: ", ")), written to \(out).") }
    }
}
