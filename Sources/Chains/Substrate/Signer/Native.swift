import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages

extension SubstrateChain {
    /// A bare SignerPayloadJSON (or SignerPayloadRaw) file, for one of `accounts`.
    public func nativeRequests(_ input: [UInt8], accounts: [OwnAccount]) throws -> [SignRequest]? {
        guard let json = try? JSONParser().parse(input), case .object = json else { return nil }
        let isPayload = json["signedExtensions"] != nil && json["method"] != nil && json["genesisHash"] != nil
        let isRaw = json["data"] != nil && json["address"] != nil && json["type"] != nil && json["method"] == nil
        guard isPayload || isRaw else { return nil }
        // The signer gives a MessagesError its exit code (3, input refused); a SubstrateError
        // from here would leave it none (1).
        do { return try nativeRequests(json, isPayload: isPayload, accounts: accounts) } catch let error
            as SubstrateError
        {
            throw MessagesError.invalidField(
                message: nil, field: isPayload ? "SignerPayloadJSON" : "SignerPayloadRaw", reason: error.description)
        }
    }

    private func nativeRequests(_ json: JSONValue, isPayload: Bool, accounts: [OwnAccount]) throws -> [SignRequest] {
        guard case let .string(address)? = json["address"], let wanted = addressIdentity(address) else {
            throw SubstrateError.notSS58(field: "the SignerPayload's address", reason: nil)
        }
        guard let own = accounts.first(where: { $0.chain == chain && addressIdentity($0.address) == wanted }) else {
            throw SubstrateError.notOwnAccount(address)
        }
        let account = try MessageAccount(address: own.address, publicKey: own.publicKey)
        if isPayload {
            let payload = try SignerPayload(json: json)
            let body: JSONValue = .object([
                (key: "type", value: .string("extrinsic")), (key: "signerPayload", value: json),
            ])
            return [
                try SignRequest.make(
                    chain: chain, network: SubstrateNetwork.caip2(genesisHash: payload.genesisHash), account: account,
                    payload: body)
            ]
        }
        // A raw payload names no genesis hash: the network is the relay chain whose SS58 prefix
        // the address is written with (0 Polkadot, 2 Kusama).
        let prefix = try SS58.decode(address).prefix
        let relay = [UInt16(0): "polkadot", 2: "kusama"][prefix]
        guard let relay, let network = SubstrateNetwork.byKey(relay) else {
            throw SubstrateError.rawNetwork(prefix: prefix)
        }
        let body: JSONValue = .object([(key: "type", value: .string("raw")), (key: "signerPayloadRaw", value: json)])
        return [try SignRequest.make(chain: chain, network: network.caip2, account: account, payload: body)]
    }
}
