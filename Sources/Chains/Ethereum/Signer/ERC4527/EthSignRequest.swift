import AirsignEncoding

/// An ERC-4527 `eth-sign-request` (UR type `eth-sign-request`, CBOR tag 401): what MetaMask,
/// Rabby, Keystone-style wallets and our watch ask an air-gapped signer to sign.
///
/// ```
/// { ? 1: #6.37(bytes .size 16)   request-id (UUID)
///     2: bytes                   sign-data
///     3: uint                    data-type 1…4
///   ? 4: int                     chain-id (the ERC's default is 1)
///     5: #6.304(crypto-keypath)  derivation-path of the signing key
///   ? 6: bytes .size 20          address, for the signer to check
///   ? 7: text }                  origin ("metamask")
/// ```
/// Decoding is strict: unknown keys, wrong types, a UUID that is not 16 bytes, a data type
/// outside 1…4, a chain id below 1 and a path with a wildcard are refused, each naming its key.
public struct EthSignRequest: Equatable, Sendable {
    public static let urType = "eth-sign-request"
    public static let tag: UInt64 = 401
    /// The IANA tag of a binary UUID.
    public static let uuidTag: UInt64 = 37

    /// What `sign-data` holds (ERC-4527 `sign-data-type`).
    public enum DataType: UInt64, Sendable, CaseIterable {
        /// The RLP of an unsigned legacy transaction.
        case transaction = 1
        /// The UTF-8 JSON of EIP-712 typed data.
        case typedData = 2
        /// The raw bytes of an EIP-191 personal message (not prefixed).
        case personalMessage = 3
        /// An unsigned EIP-2718 typed transaction, `type ‖ rlp(fields)`.
        case typedTransaction = 4

        public var name: String {
            switch self {
            case .transaction: return "legacy transaction"
            case .typedData: return "EIP-712 typed data"
            case .personalMessage: return "personal message"
            case .typedTransaction: return "typed transaction"
            }
        }
    }

    /// 16 bytes; the answer must echo it (MetaMask refuses an answer without it).
    public let requestId: [UInt8]?
    public let signData: [UInt8]
    public let dataType: DataType
    /// As sent; nil when the request leaves it out (`effectiveChainId` applies the default).
    public let chainId: UInt64?
    public let derivationPath: CryptoKeypath
    /// 20 bytes.
    public let address: [UInt8]?
    public let origin: String?

    public init(
        requestId: [UInt8]?, signData: [UInt8], dataType: DataType, chainId: UInt64?, derivationPath: CryptoKeypath,
        address: [UInt8]?, origin: String?
    ) {
        self.requestId = requestId
        self.signData = signData
        self.dataType = dataType
        self.chainId = chainId
        self.derivationPath = derivationPath
        self.address = address
        self.origin = origin
    }

    /// The chain id, 1 when the request leaves it out (the ERC's default).
    public var effectiveChainId: UInt64 { chainId ?? 1 }

    /// Reads the untagged CBOR a `ur:eth-sign-request` carries (a tagged 401 item is accepted too).
    public init(cbor bytes: [UInt8]) throws(ERC4527Error) {
        let map = try ERC4527CBOR.map(bytes, name: "eth-sign-request", tag: Self.tag, known: 1...7)
        requestId = try map.requestId()
        signData = try map.readRequired(2, "sign-data") { v throws(EncodingError) in try v.asBytes() }
        guard !signData.isEmpty else { throw ERC4527Error("eth-sign-request.sign-data (key 2) is empty") }
        let type = try map.readRequired(3, "data-type") { v throws(EncodingError) in try v.asUInt64() }
        guard let dataType = DataType(rawValue: type) else {
            throw ERC4527Error(
                "eth-sign-request.data-type (key 3) is \(type), not one of 1 (transaction), 2 (typed data), 3 (personal message), 4 (typed transaction)"
            )
        }
        self.dataType = dataType
        let chain = try map.read(4, "chain-id") { v throws(EncodingError) in try v.asInt64() }
        if let chain {
            guard chain >= 1 else {
                throw ERC4527Error("eth-sign-request.chain-id (key 4) is \(chain), not a chain id (1 or more)")
            }
        }
        chainId = chain.map { UInt64($0) }
        derivationPath = try CryptoKeypath.decode(
            tagged: try map.required(5, "derivation-path"), field: "eth-sign-request.derivation-path")
        _ = try derivationPath.concretePath(field: "eth-sign-request.derivation-path")
        address = try map.read(6, "address") { v throws(EncodingError) in try v.asBytes() }
        if let address, address.count != 20 {
            throw ERC4527Error("eth-sign-request.address (key 6) is \(address.count) bytes, not a 20-byte address")
        }
        origin = try map.read(7, "origin") { v throws(EncodingError) in try v.asText() }
    }

    /// The untagged CBOR for a `ur:eth-sign-request`.
    public func cbor() throws(ERC4527Error) -> [UInt8] {
        var map = IntKeyedMapBuilder()
        map.add(1, requestId.map { .tag(Self.uuidTag, .bytes($0)) })
        map.add(2, .bytes(signData))
        map.add(3, .unsigned(dataType.rawValue))
        map.add(4, chainId.map { .unsigned($0) })
        map.add(5, derivationPath.tagged)
        map.add(6, address.map { .bytes($0) })
        map.add(7, origin.map { .text($0) })
        return try ERC4527CBOR.encode(map.value)
    }
}
