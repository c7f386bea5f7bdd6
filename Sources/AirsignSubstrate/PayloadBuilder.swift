import AirsignEncoding

/// Builds the SignerPayloadJSON the watch issues, in polkadot-js's conventions (numbers as
/// padded big-endian hex, era and method as SCALE hex), for the signed extensions given.
public struct PayloadBuilder: Sendable {
    public var address: String
    public var method: [UInt8]
    public var genesisHash: [UInt8]
    public var specVersion: UInt32
    public var transactionVersion: UInt32
    public var nonce: UInt32
    public var tip: UInt128
    public var era: Era
    /// The checkpoint block of a mortal era (ignored when immortal: the genesis hash is used).
    public var blockHash: [UInt8]
    public var blockNumber: UInt32
    public var signedExtensions: [String]

    public init(address: String, method: [UInt8], genesisHash: [UInt8], specVersion: UInt32, transactionVersion: UInt32, nonce: UInt32,
                tip: UInt128, era: Era, blockHash: [UInt8], blockNumber: UInt32, signedExtensions: [String]) {
        self.address = address
        self.method = method
        self.genesisHash = genesisHash
        self.specVersion = specVersion
        self.transactionVersion = transactionVersion
        self.nonce = nonce
        self.tip = tip
        self.era = era
        self.blockHash = blockHash
        self.blockNumber = blockNumber
        self.signedExtensions = signedExtensions
    }

    /// The relay chains' extension list (Polkadot runtime order), used when none is given.
    public static let relayExtensions = [
        "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality", "CheckNonce",
        "CheckWeight", "ChargeTransactionPayment", "PrevalidateAttests", "CheckMetadataHash",
    ]

    /// The SignerPayloadJSON, checked by parsing it back (an unknown extension is refused here).
    public func json() throws(SubstrateError) -> JSONValue {
        let immortal = era == .immortal
        let value: JSONValue = .object([
            (key: "address", value: .string(address)),
            (key: "assetId", value: .null),
            (key: "blockHash", value: .string(Hex.encode(immortal ? genesisHash : blockHash, prefix: true))),
            (key: "blockNumber", value: .string(Self.hex(immortal ? 0 : blockNumber))),
            (key: "era", value: .string(Hex.encode(era.encoded, prefix: true))),
            (key: "genesisHash", value: .string(Hex.encode(genesisHash, prefix: true))),
            (key: "metadataHash", value: .null),
            (key: "method", value: .string(Hex.encode(method, prefix: true))),
            (key: "mode", value: .number("0")),
            (key: "nonce", value: .string(Self.hex(nonce))),
            (key: "signedExtensions", value: .array(signedExtensions.map { .string($0) })),
            (key: "specVersion", value: .string(Self.hex(specVersion))),
            (key: "tip", value: .string(Self.hex(tip))),
            (key: "transactionVersion", value: .string(Self.hex(transactionVersion))),
            (key: "version", value: .number("4")),
            (key: "withSignedTransaction", value: .bool(true)),
        ])
        _ = try SigningPayload(try SignerPayload(json: value))
        return value
    }

    /// `0x` and the big-endian bytes of `value`, full width (polkadot-js `toHex()`).
    static func hex<T: FixedWidthInteger>(_ value: T) -> String {
        Hex.encode((0 ..< T.bitWidth / 8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }, prefix: true)
    }
}

/// Balances calls the watch builds (pallet-balances call indices 0, 3, 4).
public enum BalancesCall {
    public enum Kind: Sendable { case allowDeath, keepAlive, all(keepAlive: Bool) }

    /// The call bytes: pallet index, call index, `MultiAddress::Id(dest)`, then the amount
    /// (Compact<u128>) or, for transfer_all, the keep-alive flag.
    public static func encode(_ kind: Kind, pallet: UInt8, dest: [UInt8], amount: UInt128) -> [UInt8] {
        var writer = SCALEWriter()
        switch kind {
        case .allowDeath: writer.writeBytes([pallet, 0, 0])
        case .keepAlive: writer.writeBytes([pallet, 3, 0])
        case .all: writer.writeBytes([pallet, 4, 0])
        }
        writer.writeBytes(dest)
        if case let .all(keepAlive) = kind { writer.writeBool(keepAlive) } else { writer.writeCompact(amount) }
        return writer.bytes
    }
}
