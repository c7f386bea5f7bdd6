import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignWatch
import BigInt

/// Builds the sign requests of `ethereum sign-message` (EIP-191 personal_sign),
/// `ethereum sign-typed-data` (EIP-712 v4) and `ethereum sign-user-operation` (ERC-4337). The
/// signer decodes and hashes them itself.
public struct EthereumMessageBuilder: Sendable {
    public let store: WatchStore

    public init(store: WatchStore) {
        self.store = store
    }

    /// A personal message of exactly `message` (the signer prefixes it per EIP-191).
    public func personalMessage(from: String, chainId: BigUInt?, message: [UInt8], note: String? = nil) throws
        -> SignRequest
    {
        let account = try EthereumWatchAccount.find(from, chainId: chainId, in: store)
        let payload: JSONValue = .object([
            (key: "type", value: .string("personal_message")),
            (key: "message", value: .string(Hex.encode(message, prefix: true))),
        ])
        return try SignRequest.make(
            chain: ChainID("ethereum"), network: account.network, account: account.account, payload: payload, note: note
        )
    }

    /// EIP-712 typed data from a JSON file (`types`, `primaryType`, `domain`, `message`). A
    /// domain `chainId` chooses the account's network when `--chain-id` is not given.
    public func typedData(from: String, chainId: BigUInt?, json bytes: [UInt8], path: String, note: String? = nil)
        throws -> SignRequest
    {
        let json: JSONValue
        do { json = try JSONParser().parse(bytes) } catch {
            throw EthereumWatchError.invalidInput("\(path): not JSON (\(error))")
        }
        guard case .object = json else {
            throw EthereumWatchError.invalidInput("\(path): EIP-712 typed data is a JSON object")
        }
        var wanted = chainId
        if wanted == nil, let domainChain = json["domain"]?["chainId"] {
            // One that does not read is left to the review, which refuses it by name.
            wanted = EthereumChain.typedChainId(domainChain)
        }
        let account = try EthereumWatchAccount.find(from, chainId: wanted, in: store)
        let payload: JSONValue = .object([(key: "type", value: .string("typed_data")), (key: "typedData", value: json)])
        return try SignRequest.make(
            chain: ChainID("ethereum"), network: account.network, account: account.account, payload: payload, note: note
        )
    }

    /// An ERC-4337 user operation for EntryPoint `version`, signed by the owner key `from` on
    /// its network (`chainId`, or the account's one network).
    public func userOperation(
        from: String, chainId: BigUInt?, operation: PackedUserOperation, version: EntryPointVersion,
        note: String? = nil
    ) throws -> SignRequest {
        let account = try EthereumWatchAccount.find(from, chainId: chainId, in: store)
        let payload: JSONValue = .object([
            (key: "type", value: .string("user_operation")),
            (key: "entryPoint", value: .string(version.address.checksummed)),
            (key: "userOperation", value: operation.json),
        ])
        return try SignRequest.make(
            chain: ChainID("ethereum"), network: account.network, account: account.account, payload: payload, note: note
        )
    }
}
