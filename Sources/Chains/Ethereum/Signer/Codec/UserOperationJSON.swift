import AirsignEncoding
import BigInt

/// A PackedUserOperation in JSON as EntryPoint v0.7/v0.8 hash it (the members of v0.8's EIP-712
/// message): `sender`, `nonce`, `initCode`, `callData`, `accountGasLimits`,
/// `preVerificationGas`, `gasFees`, `paymasterAndData`; integers as 0x quantities, decimal
/// strings or JSON numbers, bytes as 0x hex. No other member: the signature is what is made.
extension PackedUserOperation {
    static let jsonMembers = [
        "sender", "nonce", "initCode", "callData", "accountGasLimits", "preVerificationGas", "gasFees",
        "paymasterAndData",
    ]

    public init(json: JSONValue) throws(EthereumError) {
        guard case .object(let members) = json, members.count == Self.jsonMembers.count,
            members.allSatisfy({ Self.jsonMembers.contains($0.key) })
        else {
            throw .invalidField(
                "userOperation", reason: "has exactly \(Self.jsonMembers.joined(separator: ", "))")
        }
        func integer(_ name: String) throws(EthereumError) -> BigUInt {
            do { return try TransactionJSON.integer(json, name, required: true) ?? 0 } catch {
                throw .invalidField("userOperation.\(name)", reason: "is not an unsigned integer of at most 256 bits")
            }
        }
        func bytes(_ name: String) throws(EthereumError) -> [UInt8] {
            guard case .string(let text)? = json[name], text.hasPrefix("0x"), let decoded = try? Hex.decode(text) else {
                throw .invalidField("userOperation.\(name)", reason: "is not 0x hex")
            }
            return decoded
        }
        guard case .string(let sender)? = json["sender"] else {
            throw .invalidField("userOperation.sender", reason: "is not an address string")
        }
        try self.init(
            sender: try EthereumAddress(sender), nonce: try integer("nonce"), initCode: try bytes("initCode"),
            callData: try bytes("callData"), accountGasLimits: try bytes("accountGasLimits"),
            preVerificationGas: try integer("preVerificationGas"), gasFees: try bytes("gasFees"),
            paymasterAndData: try bytes("paymasterAndData"))
    }

    /// The operation as `init(json:)` reads it (keys in the order the type declares them).
    public var json: JSONValue {
        func quantity(_ value: BigUInt) -> JSONValue { .string("0x" + String(value, radix: 16)) }
        func hex(_ bytes: [UInt8]) -> JSONValue { .string(Hex.encode(bytes, prefix: true)) }
        return .object([
            ("sender", .string(sender.checksummed)), ("nonce", quantity(nonce)), ("initCode", hex(initCode)),
            ("callData", hex(callData)), ("accountGasLimits", hex(accountGasLimits)),
            ("preVerificationGas", quantity(preVerificationGas)), ("gasFees", hex(gasFees)),
            ("paymasterAndData", hex(paymasterAndData)),
        ])
    }
}
