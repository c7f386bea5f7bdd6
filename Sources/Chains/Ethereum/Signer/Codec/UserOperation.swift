import AirsignCrypto
import AirsignEncoding
import BigInt

/// The ERC-4337 EntryPoint versions whose user-operation hash the signer computes, by the one
/// address each is deployed at on every chain (eth-infinitism/account-abstraction's releases).
public enum EntryPointVersion: String, Sendable, CaseIterable {
    case v07 = "0.7"
    case v08 = "0.8"

    /// Its address (CREATE2, the same on every chain).
    public var address: EthereumAddress {
        switch self {
        case .v07:
            EthereumAddress(literal: [
                0x00, 0x00, 0x00, 0x00, 0x71, 0x72, 0x7d, 0xe2, 0x2e, 0x5e, 0x9d, 0x8b, 0xaf, 0x0e, 0xda, 0xc6, 0xf3,
                0x7d, 0xa0, 0x32,
            ])
        case .v08:
            EthereumAddress(literal: [
                0x43, 0x37, 0x08, 0x4d, 0x9e, 0x25, 0x5f, 0xf0, 0x70, 0x24, 0x61, 0xcf, 0x88, 0x95, 0xce, 0x9e, 0x3b,
                0x5f, 0xf1, 0x08,
            ])
        }
    }

    /// The version deployed at `address`, if any.
    public init?(address: EthereumAddress) {
        guard let found = Self.allCases.first(where: { $0.address == address }) else { return nil }
        self = found
    }
}

/// An ERC-4337 PackedUserOperation (EntryPoint v0.7 and v0.8) without its signature: the
/// fields the EntryPoint hashes, with the packed ones read as the EntryPoint reads them
/// (`accountGasLimits` = verificationGasLimit ‖ callGasLimit, `gasFees` = maxPriorityFeePerGas ‖
/// maxFeePerGas, 16 bytes each; `initCode` = factory ‖ factoryData; `paymasterAndData` =
/// paymaster ‖ paymasterVerificationGasLimit ‖ paymasterPostOpGasLimit ‖ paymasterData).
public struct PackedUserOperation: Equatable, Sendable {
    public let sender: EthereumAddress
    /// 192-bit key ‖ 64-bit sequence.
    public let nonce: BigUInt
    public let initCode: [UInt8]
    public let callData: [UInt8]
    public let accountGasLimits: [UInt8]
    public let preVerificationGas: BigUInt
    public let gasFees: [UInt8]
    public let paymasterAndData: [UInt8]

    /// Refuses what the EntryPoint would: an `initCode` shorter than a factory address, a
    /// `paymasterAndData` shorter than a paymaster and its two gas limits, packed words not of
    /// 32 bytes, integers above 256 bits.
    public init(
        sender: EthereumAddress, nonce: BigUInt, initCode: [UInt8], callData: [UInt8], accountGasLimits: [UInt8],
        preVerificationGas: BigUInt, gasFees: [UInt8], paymasterAndData: [UInt8]
    ) throws(EthereumError) {
        func bad(_ field: String, _ reason: String) -> EthereumError {
            .invalidField("userOperation.\(field)", reason: reason)
        }
        guard nonce.bitWidth <= 256 else { throw bad("nonce", "more than 32 bytes") }
        guard preVerificationGas.bitWidth <= 256 else { throw bad("preVerificationGas", "more than 32 bytes") }
        guard accountGasLimits.count == 32 else {
            throw bad("accountGasLimits", "is 32 bytes, not \(accountGasLimits.count)")
        }
        guard gasFees.count == 32 else { throw bad("gasFees", "is 32 bytes, not \(gasFees.count)") }
        guard initCode.isEmpty || initCode.count >= 20 else {
            throw bad("initCode", "is empty or a factory address and its data, not \(initCode.count) bytes")
        }
        guard paymasterAndData.isEmpty || paymasterAndData.count >= 52 else {
            throw bad(
                "paymasterAndData",
                "is empty or a paymaster, its two 16-byte gas limits and its data, not \(paymasterAndData.count) bytes")
        }
        self.sender = sender
        self.nonce = nonce
        self.initCode = initCode
        self.callData = callData
        self.accountGasLimits = accountGasLimits
        self.preVerificationGas = preVerificationGas
        self.gasFees = gasFees
        self.paymasterAndData = paymasterAndData
    }

    public var verificationGasLimit: BigUInt { BigUInt(bigEndian: Array(accountGasLimits[0..<16])) }
    public var callGasLimit: BigUInt { BigUInt(bigEndian: Array(accountGasLimits[16..<32])) }
    public var maxPriorityFeePerGas: BigUInt { BigUInt(bigEndian: Array(gasFees[0..<16])) }
    public var maxFeePerGas: BigUInt { BigUInt(bigEndian: Array(gasFees[16..<32])) }
    /// The nonce's key (upper 192 bits) and sequence (lower 64).
    public var nonceKey: BigUInt { nonce >> 64 }
    public var nonceSequence: BigUInt { nonce & BigUInt(UInt64.max) }

    /// The factory that deploys the account, and the data it is called with; nil for none.
    public var factory: (address: EthereumAddress, data: [UInt8])? {
        guard initCode.count >= 20, let address = try? EthereumAddress(bytes: Array(initCode[0..<20])) else {
            return nil
        }
        return (address, Array(initCode[20...]))
    }

    /// EntryPoint v0.8's marker in place of a factory: the account is an EIP-7702 delegated
    /// account, and the hash covers its current delegate instead of `initCode`'s first bytes.
    public var hasEIP7702Marker: Bool {
        initCode.count >= 20 && initCode[0] == 0x77 && initCode[1] == 0x02 && initCode[2..<20].allSatisfy { $0 == 0 }
    }

    /// The paymaster, its verification and post-operation gas limits, and its data; nil for none.
    public var paymaster:
        (address: EthereumAddress, verificationGasLimit: BigUInt, postOpGasLimit: BigUInt, data: [UInt8])?
    {
        guard paymasterAndData.count >= 52,
            let address = try? EthereumAddress(bytes: Array(paymasterAndData[0..<20]))
        else { return nil }
        return (
            address, BigUInt(bigEndian: Array(paymasterAndData[20..<36])),
            BigUInt(bigEndian: Array(paymasterAndData[36..<52])), Array(paymasterAndData[52...])
        )
    }

    /// The most the EntryPoint takes as prefund: every gas limit times the fee cap.
    public var maxCost: BigUInt {
        let paymasterGas = paymaster.map { $0.verificationGasLimit + $0.postOpGasLimit } ?? 0
        return (verificationGasLimit + callGasLimit + paymasterGas + preVerificationGas) * maxFeePerGas
    }

    /// `PackedUserOperation` as EntryPoint v0.8 types it for EIP-712.
    public static let typeString =
        "PackedUserOperation(address sender,uint256 nonce,bytes initCode,bytes callData,bytes32 accountGasLimits,uint256 preVerificationGas,bytes32 gasFees,bytes paymasterAndData)"

    /// The eight words both versions hash: the fields, dynamic ones by their keccak.
    private var fieldWords: [UInt8] {
        var out = Self.word(sender.bytes)
        out += nonce.bigEndian(width: 32)
        out += Keccak256.hash(initCode)
        out += Keccak256.hash(callData)
        out += accountGasLimits
        out += preVerificationGas.bigEndian(width: 32)
        out += gasFees
        out += Keccak256.hash(paymasterAndData)
        return out
    }

    private static func word(_ address: [UInt8]) -> [UInt8] { [UInt8](repeating: 0, count: 12) + address }

    /// The userOpHash the EntryPoint at `entryPoint` computes on chain `chainId`: v0.7
    /// `keccak(abi.encode(keccak(abi.encode(fields)), entryPoint, chainId))`; v0.8 the EIP-712
    /// digest under the domain {name "ERC4337", version "1", chainId, verifyingContract}.
    /// Refused: v0.8's EIP-7702 marker, whose hash needs the account's delegate from chain state.
    public func hash(version: EntryPointVersion, chainId: BigUInt) throws(EthereumError) -> [UInt8] {
        guard chainId.bitWidth <= 256 else { throw .invalidField("chainId", reason: "more than 32 bytes") }
        switch version {
        case .v07:
            return v07Hash(entryPoint: version.address, chainId: chainId)
        case .v08:
            guard !hasEIP7702Marker else {
                throw .invalidField(
                    "userOperation.initCode",
                    reason:
                        "holds EntryPoint v0.8's EIP-7702 marker: its hash covers the account's current delegate, which the signer cannot read offline"
                )
            }
            return Keccak256.hash([0x19, 0x01] + Self.domainSeparator(chainId: chainId) + structHash)
        }
    }

    /// The bytes whose keccak the owner signs: v0.7 accounts (eth-infinitism's SimpleAccount)
    /// verify an EIP-191 signature of the userOpHash, `"\x19Ethereum Signed Message:\n32" ‖
    /// hash`; v0.8 accounts the EIP-712 digest itself, `0x1901 ‖ domainSeparator ‖ structHash`.
    public func signingPreimage(version: EntryPointVersion, chainId: BigUInt) throws(EthereumError) -> [UInt8] {
        switch version {
        case .v07: return Array("\u{19}Ethereum Signed Message:\n32".utf8) + (try hash(version: .v07, chainId: chainId))
        case .v08:
            _ = try hash(version: .v08, chainId: chainId)
            return [0x19, 0x01] + Self.domainSeparator(chainId: chainId) + structHash
        }
    }

    /// v0.7's userOpHash for the EntryPoint at `entryPoint` (any address: published vectors
    /// use a made-up one).
    func v07Hash(entryPoint: EthereumAddress, chainId: BigUInt) -> [UInt8] {
        Keccak256.hash(Keccak256.hash(fieldWords) + Self.word(entryPoint.bytes) + chainId.bigEndian(width: 32))
    }

    /// hashStruct of the operation under `typeString`.
    var structHash: [UInt8] { Keccak256.hash(Keccak256.hash(Array(Self.typeString.utf8)) + fieldWords) }

    static func domainSeparator(chainId: BigUInt) -> [UInt8] {
        let type = "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"
        return Keccak256.hash(
            Keccak256.hash(Array(type.utf8)) + Keccak256.hash(Array("ERC4337".utf8)) + Keccak256.hash(Array("1".utf8))
                + chainId.bigEndian(width: 32) + word(EntryPointVersion.v08.address.bytes))
    }
}
