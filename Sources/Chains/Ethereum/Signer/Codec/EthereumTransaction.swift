import AirsignCrypto
import AirsignEncoding
import BigInt

/// The EIP-2718 transaction types the signer handles; anything else is refused, never guessed.
public enum TransactionType: UInt8, Sendable, CaseIterable {
    /// Pre-2718 RLP list, signed with EIP-155 replay protection only.
    case legacy = 0
    /// EIP-2930: gas price plus an access list.
    case accessList = 1
    /// EIP-1559: priority fee and fee cap instead of a gas price.
    case feeMarket = 2
    /// EIP-7702: EIP-1559 fees plus a list of signed authorizations that set accounts' code.
    case setCode = 4

    /// How many fields its unsigned list has (legacy: with the EIP-155 triple).
    var unsignedFieldCount: Int {
        switch self {
        case .legacy, .feeMarket: return 9
        case .accessList: return 8
        case .setCode: return 10
        }
    }

    /// How the type is named in reviews and errors.
    public var name: String {
        switch self {
        case .legacy: return "legacy (EIP-155)"
        case .accessList: return "EIP-2930 (type 1)"
        case .feeMarket: return "EIP-1559 (type 2)"
        case .setCode: return "EIP-7702 (type 4)"
        }
    }
}

/// What the sender pays per gas: a single gas price (legacy, type 1) or the EIP-1559 pair.
public enum TransactionFees: Equatable, Sendable {
    case gasPrice(BigUInt)
    case feeMarket(maxPriorityFeePerGas: BigUInt, maxFeePerGas: BigUInt)

    /// The most the sender can pay per unit of gas.
    public var maxPerGas: BigUInt {
        switch self {
        case .gasPrice(let price): return price
        case .feeMarket(_, let maxFee): return maxFee
        }
    }
}

/// An unsigned Ethereum transaction of any supported type. Every instance is valid by
/// construction: integers fit their widths, the fee form matches the type, a chain id is set.
public struct EthereumTransaction: Equatable, Sendable {
    public let type: TransactionType
    /// EIP-155 / EIP-2930 chain id, at least 1.
    public let chainId: BigUInt
    public let nonce: UInt64
    public let fees: TransactionFees
    public let gasLimit: UInt64
    /// The recipient, or nil for contract creation.
    public let to: EthereumAddress?
    /// Wei sent along.
    public let value: BigUInt
    public let data: [UInt8]
    /// Empty for legacy transactions, which cannot carry one.
    public let accessList: [AccessListEntry]
    /// The EIP-7702 authorizations of a type-4 transaction (at least one); empty for the others.
    public let authorizationList: [SignedSetCodeAuthorization]

    /// Checks the combination: the fee form must match the type, legacy carries no access
    /// list, integers fit 256 bits, and legacy `v = 2·chainId + 36` must too; a type-4
    /// transaction has a recipient and at least one authorization, the others none (EIP-7702).
    public init(
        type: TransactionType, chainId: BigUInt, nonce: UInt64, fees: TransactionFees, gasLimit: UInt64,
        to: EthereumAddress?, value: BigUInt, data: [UInt8], accessList: [AccessListEntry] = [],
        authorizationList: [SignedSetCodeAuthorization] = []
    ) throws(EthereumError) {
        guard chainId > 0 else { throw .missingChainID }
        try Self.checkWidth(chainId, "chainId")
        try Self.checkWidth(value, "value")
        switch (type, fees) {
        case (.legacy, .gasPrice(let price)), (.accessList, .gasPrice(let price)):
            try Self.checkWidth(price, "gasPrice")
        case (.feeMarket, .feeMarket(let priority, let maxFee)), (.setCode, .feeMarket(let priority, let maxFee)):
            try Self.checkWidth(priority, "maxPriorityFeePerGas")
            try Self.checkWidth(maxFee, "maxFeePerGas")
        case (.feeMarket, .gasPrice), (.setCode, .gasPrice):
            throw .invalidField(
                "fees", reason: "a \(type.name) transaction has a priority fee and a fee cap, not a gas price")
        case (_, .feeMarket):
            throw .invalidField("fees", reason: "a \(type.name) transaction has a gas price, not EIP-1559 fees")
        }
        if type == .setCode {
            guard to != nil else {
                throw .invalidField("to", reason: "an EIP-7702 transaction cannot create a contract")
            }
            guard !authorizationList.isEmpty else {
                throw .invalidField(
                    "authorizationList", reason: "an EIP-7702 transaction has at least one authorization")
            }
            for (index, tuple) in authorizationList.enumerated() {
                guard tuple.r.bitWidth <= 256, tuple.s.bitWidth <= 256 else {
                    throw .invalidField("authorizationList[\(index)]", reason: "r and s are at most 32 bytes")
                }
            }
        } else if !authorizationList.isEmpty {
            throw .invalidField("authorizationList", reason: "only an EIP-7702 (type 4) transaction has authorizations")
        }
        if type == .legacy {
            guard accessList.isEmpty else {
                throw .invalidField("accessList", reason: "a legacy transaction has no access list")
            }
            guard (chainId * 2 + 36).bitWidth <= 256 else {
                throw .invalidField("chainId", reason: "too large for a legacy v value (use a typed transaction)")
            }
        }
        self.type = type
        self.chainId = chainId
        self.nonce = nonce
        self.fees = fees
        self.gasLimit = gasLimit
        self.to = to
        self.value = value
        self.data = data
        self.accessList = accessList
        self.authorizationList = authorizationList
    }

    private static func checkWidth(_ value: BigUInt, _ field: String) throws(EthereumError) {
        guard value.bitWidth <= 256 else { throw .invalidField(field, reason: "more than 32 bytes") }
    }

    /// The fields every type signs, in the type's order, without chain id or signature.
    func fieldItems() -> [RLPItem] {
        let to: RLPItem = .bytes(self.to?.bytes ?? [])
        let common: [RLPItem] = [to, .unsignedBigEndian(value.minimalBigEndian), .bytes(data)]
        switch (type, fees) {
        case (.feeMarket, .feeMarket(let priority, let maxFee)), (.setCode, .feeMarket(let priority, let maxFee)):
            return [
                .integer(nonce), .unsignedBigEndian(priority.minimalBigEndian),
                .unsignedBigEndian(maxFee.minimalBigEndian),
                .integer(gasLimit),
            ] + common
        default:
            return [.integer(nonce), .unsignedBigEndian(fees.maxPerGas.minimalBigEndian), .integer(gasLimit)] + common
        }
    }

    var chainIdItem: RLPItem { .unsignedBigEndian(chainId.minimalBigEndian) }
    var accessListItem: RLPItem { .list(accessList.map(\.rlp)) }
    /// The typed fields after the access list: type 4's authorization list, nothing for the others.
    var trailingItems: [RLPItem] { type == .setCode ? [.list(authorizationList.map(\.rlp))] : [] }

    /// The signing preimage (the unsigned form of docs/formats.md): legacy `rlp([nonce, gasPrice, gas, to,
    /// value, data, chainId, 0, 0])`, typed `type ‖ rlp([chainId, …, accessList])`.
    public var unsignedEncoding: [UInt8] {
        var writer = RLPWriter()
        writer.beginList()
        writeFields(to: &writer, signature: nil)
        writer.endList()
        return type == .legacy ? writer.bytes : [type.rawValue] + writer.bytes
    }

    /// `unsignedEncoding` by the tree of items (`RLP.encode`), the rule the writer follows.
    var unsignedEncodingByItems: [UInt8] {
        switch type {
        case .legacy:
            return RLP.encode(.list(fieldItems() + [chainIdItem, .bytes([]), .bytes([])]))
        case .accessList, .feeMarket, .setCode:
            return [type.rawValue] + RLP.encode(.list([chainIdItem] + fieldItems() + [accessListItem] + trailingItems))
        }
    }

    /// The list's fields in the type's order: unsigned, legacy `[nonce, gasPrice, gas, to,
    /// value, data, chainId, 0, 0]` and typed `[chainId, …, accessList]` (type 4: `…,
    /// accessList, authorizationList]`); signed (`signature` is v, r and s), legacy `[…, data,
    /// v, r, s]` and typed `[chainId, …, yParity, r, s]`. What `fieldItems` and the items around
    /// them encode to.
    func writeFields(to writer: inout RLPWriter, signature: (v: [UInt8], r: ArraySlice<UInt8>, s: ArraySlice<UInt8>)?) {
        if type != .legacy { writer.append(unsignedBigEndian: chainId.minimalBigEndian) }
        writer.append(integer: nonce)
        switch (type, fees) {
        case (.feeMarket, .feeMarket(let priority, let maxFee)), (.setCode, .feeMarket(let priority, let maxFee)):
            writer.append(unsignedBigEndian: priority.minimalBigEndian)
            writer.append(unsignedBigEndian: maxFee.minimalBigEndian)
        default:
            writer.append(unsignedBigEndian: fees.maxPerGas.minimalBigEndian)
        }
        writer.append(integer: gasLimit)
        writer.append(bytes: to?.bytes ?? [])
        writer.append(unsignedBigEndian: value.minimalBigEndian)
        writer.append(bytes: data)
        if type != .legacy {
            writer.beginList()
            for entry in accessList { writer.append(entry.rlp) }
            writer.endList()
        }
        if type == .setCode {
            writer.beginList()
            for tuple in authorizationList { tuple.write(to: &writer) }
            writer.endList()
        }
        if let signature {
            writer.append(unsignedBigEndian: signature.v)
            writer.append(unsignedBigEndian: signature.r)
            writer.append(unsignedBigEndian: signature.s)
        } else if type == .legacy {
            writer.append(unsignedBigEndian: chainId.minimalBigEndian)
            writer.append(bytes: [] as [UInt8])
            writer.append(bytes: [] as [UInt8])
        }
    }

    /// keccak256 of the unsigned encoding: the digest the sender signs.
    public var signingHash: [UInt8] { Keccak256.hash(unsignedEncoding) }

    /// The worst-case cost in wei: gasLimit × (gas price or fee cap) + value.
    public var maxTotalCost: BigUInt {
        // The literal initializer is BigInt's own, specialized there; the generic one is not
        // outside it (a review works this out four times).
        BigUInt(integerLiteral: gasLimit) * fees.maxPerGas + value
    }
}
