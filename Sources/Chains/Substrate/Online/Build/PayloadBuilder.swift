import AirsignEncoding
import AirsignSubstrate

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
    /// The RFC-0078 metadata digest: when set, CheckMetadataHash's mode is 1 and it signs this.
    public var metadataHash: [UInt8]?
    /// ChargeAssetTxPayment's asset id (SCALE bytes): the fee and tip are paid in it; nil for
    /// the native token.
    public var assetID: [UInt8]?

    public init(
        address: String, method: [UInt8], genesisHash: [UInt8], specVersion: UInt32, transactionVersion: UInt32,
        nonce: UInt32,
        tip: UInt128, era: Era, blockHash: [UInt8], blockNumber: UInt32, signedExtensions: [String]
    ) {
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

    /// The Polkadot relay chain's extension list, used when neither the options, the node's
    /// metadata nor the signer's runtime table give one.
    public static let relayExtensions = RuntimeTable.polkadotExtensions

    /// The SignerPayloadJSON, checked by parsing it back as the signer does (an unknown
    /// extension, or a list other than the signer's table for a runtime it knows, is refused here).
    public func json() throws(SubstrateError) -> JSONValue {
        let immortal = era == .immortal
        let value: JSONValue = .object([
            (key: "address", value: .string(address)),
            (key: "assetId", value: assetID.map { .string(Hex.encode([1] + $0, prefix: true)) } ?? .null),
            (key: "blockHash", value: .string(Hex.encode(immortal ? genesisHash : blockHash, prefix: true))),
            (key: "blockNumber", value: .string(Self.hex(immortal ? 0 : blockNumber))),
            (key: "era", value: .string(Hex.encode(era.encoded, prefix: true))),
            (key: "genesisHash", value: .string(Hex.encode(genesisHash, prefix: true))),
            (key: "metadataHash", value: metadataHash.map { .string(Hex.encode($0, prefix: true)) } ?? .null),
            (key: "method", value: .string(Hex.encode(method, prefix: true))),
            (key: "mode", value: .number(metadataHash == nil ? "0" : "1")),
            (key: "nonce", value: .string(Self.hex(nonce))),
            (key: "signedExtensions", value: .array(signedExtensions.map { .string($0) })),
            (key: "specVersion", value: .string(Self.hex(specVersion))),
            (key: "tip", value: .string(Self.hex(tip))),
            (key: "transactionVersion", value: .string(Self.hex(transactionVersion))),
            (key: "version", value: .number("4")),
            (key: "withSignedTransaction", value: .bool(true)),
        ])
        let payload = try SignerPayload(json: value)
        // With a metadata hash the request carries its proof, whose list the signer reads it by
        // (extensions without a rule here included); without, by the list it trusts.
        if metadataHash == nil { _ = try SigningPayload(trusting: payload) }
        return value
    }

    /// `0x` and the big-endian bytes of `value`, full width (polkadot-js `toHex()`).
    static func hex<T: FixedWidthInteger>(_ value: T) -> String {
        Hex.encode((0..<T.bitWidth / 8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }, prefix: true)
    }
}

/// Balances calls the watch builds: `transfer_allow_death`, `transfer_keep_alive`,
/// `transfer_all` (pallet-balances call indices 0, 3, 4 unless metadata says otherwise).
public enum BalancesCall: Sendable, Equatable {
    case allowDeath(amount: UInt128)
    case keepAlive(amount: UInt128)
    case all(keepAlive: Bool)

    /// The call's name in metadata.
    public var name: String {
        switch self {
        case .allowDeath: return "transfer_allow_death"
        case .keepAlive: return "transfer_keep_alive"
        case .all: return "transfer_all"
        }
    }

    /// pallet-balances' own `#[pallet::call_index]`.
    public var defaultCallIndex: UInt8 {
        switch self {
        case .allowDeath: return 0
        case .keepAlive: return 3
        case .all: return 4
        }
    }

    /// The arguments as JSON for the type-driven codec: `dest` as `MultiAddress::Id`, then
    /// `value` or `keep_alive`.
    public func arguments(dest: [UInt8]) -> JSONValue {
        let address: JSONValue = .object([(key: "Id", value: .string(Hex.encode(dest, prefix: true)))])
        switch self {
        case let .allowDeath(amount), let .keepAlive(amount):
            return .object([(key: "dest", value: address), (key: "value", value: .number(String(amount)))])
        case let .all(keepAlive):
            return .object([(key: "dest", value: address), (key: "keep_alive", value: .bool(keepAlive))])
        }
    }

    /// The call bytes: pallet and call index, `MultiAddress::Id(dest)`, then the amount
    /// (Compact<u128>) or, for transfer_all, the keep-alive flag.
    public func encode(pallet: UInt8, call: UInt8, dest: [UInt8]) -> [UInt8] {
        var writer = SCALEWriter()
        writer.writeBytes([pallet, call, 0])
        writer.writeBytes(dest)
        switch self {
        case let .allowDeath(amount), let .keepAlive(amount): writer.writeCompact(amount)
        case let .all(keepAlive): writer.writeBool(keepAlive)
        }
        return writer.bytes
    }
}
