import AirsignCLI
import AirsignChains
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
    public static func requests(
        _ input: [UInt8], descriptors: [AccountDescriptor], network: String?,
        registry: ChainRegistry = .standard
    ) throws -> [SignRequest] {
        let accounts = descriptors.compactMap { descriptor -> OwnAccount? in
            let account = descriptor.account
            guard let chain = ChainID(validating: account.chain.rawValue) else { return nil }
            return OwnAccount(
                chain: chain, address: account.address, publicKey: account.publicKey, keyName: descriptor.name ?? "",
                path: account.path.isEmpty ? nil : account.path, network: account.network, scheme: account.scheme)
        }
        if let (_, read) = try registry.nativeRequests(input, accounts: accounts, network: network) { return read }
        throw MessagesError.invalidField(
            message: nil, field: "input",
            reason:
                "not a form import reads (SignerPayloadJSON/Raw, an unsigned Ethereum transaction as 0x hex or JSON, eth_signTypedData_v4 typed data, a Stellar envelope or web+stellar:tx link)"
        )
    }

    /// Reviews, stores and writes the imported requests as `RequestIssuer` issues any request,
    /// each review shown on stderr.
    public static func run(
        _ input: [UInt8], network: String?, output: RequestOutput, registry: ChainRegistry = .standard
    ) throws {
        let requests = try requests(
            input, descriptors: try WatchContext.store().accounts(), network: network, registry: registry)
        try RequestIssuer(store: try RequestActions.store(), registry: registry)
            .issue(requests, to: output, now: Int64(Date().timeIntervalSince1970), showReview: true) { request in
                "Imported request \(request.id) for \(request.account.address) on \(request.network)."
            }
    }
}
