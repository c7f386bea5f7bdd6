import AirsignEncoding

/// The account QR polkadot-js apps and Vault-style apps import a watch-only "QR signer"
/// account from: `substrate:<SS58 address>:0x<genesis hash>` as text (polkadot-js react-qr
/// `createAddressPayload`, `ADDRESS_PREFIX = 'substrate'`).
public enum UOSAddress {
    /// The pairing text for `address` on the network with `genesis` (32 bytes); the address
    /// must be an SS58 address.
    public static func text(address: String, genesis: [UInt8]) throws(SubstrateError) -> String {
        guard genesis.count == 32 else {
            throw SubstrateError.length(field: "a genesis hash", actual: genesis.count, expected: 32)
        }
        do { _ = try SS58.decode(address) } catch { throw SubstrateError.notSS58(field: address, reason: "\(error)") }
        return "substrate:\(address):0x\(Hex.encode(genesis))"
    }

    /// The full genesis hash of the network `caip2` (`polkadot:<first 32 hex digits>`): `given`
    /// (`--genesis`, for a network the signer knows only by its CAIP-2 id) when it is that
    /// network's, else from the signer's network table. One `--genesis` may serve an export of
    /// accounts on several networks, so it is not an error that it is not this one's, unless
    /// the table does not know this network either.
    public static func genesis(network caip2: String, given: [UInt8]?) throws(SubstrateError) -> [UInt8] {
        if let given, given.count == 32, SubstrateNetwork.caip2(genesisHash: given) == caip2 { return given }
        guard let known = SubstrateNetwork.known.first(where: { $0.caip2 == caip2 }) else {
            if let given {
                throw SubstrateError.otherNetwork(
                    .givenForAccount, genesis: SubstrateNetwork.caip2(genesisHash: given), expected: caip2)
            }
            throw SubstrateError.unknownNetwork(caip2, known: nil)
        }
        return known.genesisHash
    }
}
