import AirsignCrypto
import AirsignEncoding

/// The `HashIDPreimage` arms Soroban derives ids and signature payloads from
/// (Stellar-transaction.x): each is the XDR of the arm after its `EnvelopeType`, and the id or
/// payload is its SHA-256.
public enum HashIDPreimage {
    static let contractIDTag: Int32 = 8
    static let sorobanAuthorizationTag: Int32 = 9
    static let sorobanAuthorizationWithAddressTag: Int32 = 10

    /// The id of the contract `preimage` deploys on `network` (`ENVELOPE_TYPE_CONTRACT_ID`):
    /// for a Stellar Asset Contract, its asset decides it.
    public static func contractID(_ preimage: ContractIDPreimage, network: StellarNetwork) throws(StellarError)
        -> [UInt8]
    {
        let bytes = try contractIDPreimage(preimage, network: network)
        return contractIDs.value(for: bytes) { SHA256.hash(bytes) }
    }

    /// The XDR whose SHA-256 is `contractID`.
    static func contractIDPreimage(_ preimage: ContractIDPreimage, network: StellarNetwork) throws(StellarError)
        -> [UInt8]
    {
        var w = XDRWriter()
        w.writeDiscriminant(contractIDTag)
        do {
            try w.writeFixedOpaque(network.id, length: 32)
            try preimage.encode(to: &w)
        } catch { throw StellarError.wrap(error) }
        return w.bytes
    }

    /// The ids `contractID` hashed last, by preimage: every review derives the asset contract of
    /// native lumens and of each asset it names, the same few in every request of a batch.
    static let contractIDs = BytesMemo(capacity: 4096)

    /// The contract id of the Stellar Asset Contract of `asset` on `network`.
    public static func assetContractID(_ asset: Asset, network: StellarNetwork) throws(StellarError) -> [UInt8] {
        try contractID(.fromAsset(asset), network: network)
    }

    /// The XDR of the `ENVELOPE_TYPE_SOROBAN_AUTHORIZATION` preimage whose SHA-256 an address
    /// signs to authorize `invocation` (stellar-sdk `build_authorization_preimage`).
    public static func authorization(
        network: StellarNetwork, nonce: Int64, expirationLedger: UInt32,
        invocation: SorobanAuthorizedInvocation
    ) throws(StellarError) -> [UInt8] {
        try authorizationPreimage(
            network: network, nonce: nonce, expirationLedger: expirationLedger, address: nil, invocation: invocation)
    }

    /// The XDR of the `ENVELOPE_TYPE_SOROBAN_AUTHORIZATION_WITH_ADDRESS` preimage (CAP-71): the
    /// same fields with the top-level `address` before the invocation. `ADDRESS_V2` credentials
    /// and every node of `ADDRESS_WITH_DELEGATES` credentials (the top-level address and each
    /// delegate) sign its SHA-256.
    public static func authorizationWithAddress(
        network: StellarNetwork, nonce: Int64, expirationLedger: UInt32, address: SCAddress,
        invocation: SorobanAuthorizedInvocation
    ) throws(StellarError) -> [UInt8] {
        try authorizationPreimage(
            network: network, nonce: nonce, expirationLedger: expirationLedger, address: address, invocation: invocation
        )
    }

    /// Both authorization preimages: the tag says whether `address` is written.
    private static func authorizationPreimage(
        network: StellarNetwork, nonce: Int64, expirationLedger: UInt32, address: SCAddress?,
        invocation: SorobanAuthorizedInvocation
    ) throws(StellarError) -> [UInt8] {
        var w = XDRWriter()
        w.writeDiscriminant(address == nil ? sorobanAuthorizationTag : sorobanAuthorizationWithAddressTag)
        do {
            try w.writeFixedOpaque(network.id, length: 32)
            w.writeInt64(nonce)
            w.writeUInt32(expirationLedger)
            try address?.encode(to: &w)
            try invocation.encode(to: &w)
        } catch { throw StellarError.wrap(error) }
        return w.bytes
    }
}

extension LiquidityPoolParameters {
    /// The pool's id: SHA-256 of these parameters' XDR (`PoolID`).
    public var poolID: [UInt8] {
        get throws(StellarError) { SHA256.hash(try xdr()) }
    }
}
