import AirsignEncoding
import AirsignEthereum
import BigInt

/// The user operation of `ethereum sign-user-operation FILE`: the packed form EntryPoint v0.7
/// and v0.8 hash (`accountGasLimits`, `gasFees`, `initCode`, `paymasterAndData`), or the
/// unpacked form of ERC-4337's `eth_sendUserOperation` (v0.7+) that bundlers, viem and
/// permissionless use (`factory`/`factoryData`, `callGasLimit`, `verificationGasLimit`,
/// `maxFeePerGas`, `maxPriorityFeePerGas`, `paymaster` and its gas limits and data), packed
/// here as the EntryPoint packs it. A `signature` member (a placeholder) is dropped.
public enum EthereumUserOperationFile {
    static let unpacked: Set<String> = [
        "sender", "nonce", "factory", "factoryData", "callData", "callGasLimit", "verificationGasLimit",
        "preVerificationGas", "maxFeePerGas", "maxPriorityFeePerGas", "paymaster", "paymasterVerificationGasLimit",
        "paymasterPostOpGasLimit", "paymasterData", "signature",
    ]

    public static func parse(_ bytes: [UInt8], path: String) throws(EthereumWatchError) -> PackedUserOperation {
        func bad(_ why: String) -> EthereumWatchError { .invalidInput("\(path): \(why)") }
        let json: JSONValue
        do { json = try JSONParser().parse(bytes) } catch { throw bad("not JSON (\(error))") }
        guard case .object(var members) = json else { throw bad("a user operation is a JSON object") }
        members.removeAll { $0.key == "signature" }
        do {
            if json["accountGasLimits"] != nil { return try PackedUserOperation(json: .object(members)) }
            return try pack(.object(members))
        } catch {
            // The member's name is the message's subject: "userOperation.gasPrice is not …".
            if case let .invalidField(field, why) = error { throw bad("\(field) \(why)") }
            throw bad(error.description)
        }
    }

    private static func pack(_ json: JSONValue) throws(EthereumError) -> PackedUserOperation {
        guard case .object(let members) = json else { throw .invalidField("userOperation", reason: "is not an object") }
        for member in members where !unpacked.contains(member.key) {
            let printable = member.key.utf8.count <= 40 && member.key.utf8.allSatisfy { (0x20...0x7e).contains($0) }
            throw .invalidField(
                printable ? "userOperation.\(member.key)" : "userOperation", reason: "is not a user operation field")
        }
        func integer(_ name: String, required: Bool = true, bytes width: Int = 32) throws(EthereumError) -> BigUInt {
            let value: BigUInt?
            do { value = try TransactionJSON.integer(json, name, required: required) } catch {
                throw .invalidField("userOperation.\(name)", reason: "is not an unsigned integer of at most 256 bits")
            }
            guard let value else { return 0 }
            guard value.bitWidth <= width * 8 else {
                throw .invalidField("userOperation.\(name)", reason: "does not fit \(width) bytes")
            }
            return value
        }
        func data(_ name: String) throws(EthereumError) -> [UInt8] {
            guard let value = json[name] else { return [] }
            guard case .string(let text) = value, text.hasPrefix("0x"), let decoded = try? Hex.decode(text) else {
                throw .invalidField("userOperation.\(name)", reason: "is not 0x hex")
            }
            return decoded
        }
        func address(_ name: String) throws(EthereumError) -> EthereumAddress? {
            guard let value = json[name], value != .null else { return nil }
            guard case .string(let text) = value else {
                throw .invalidField("userOperation.\(name)", reason: "is not an address string")
            }
            return try EthereumAddress(text)
        }
        func word(_ high: BigUInt, _ low: BigUInt) -> [UInt8] { high.bigEndian(width: 16) + low.bigEndian(width: 16) }
        guard let sender = try address("sender") else {
            throw .invalidField("userOperation.sender", reason: "is missing")
        }
        let factory = try address("factory")
        let paymaster = try address("paymaster")
        guard factory != nil || json["factoryData"] == nil else {
            throw .invalidField("userOperation.factoryData", reason: "is given without a factory")
        }
        let paymasterFields = ["paymasterVerificationGasLimit", "paymasterPostOpGasLimit", "paymasterData"]
        guard paymaster != nil || paymasterFields.allSatisfy({ json[$0] == nil }) else {
            throw .invalidField("userOperation.paymaster", reason: "is missing, but its gas limits or data are given")
        }
        let paymasterAndData =
            try paymaster.map { address throws(EthereumError) in
                address.bytes
                    + word(
                        try integer("paymasterVerificationGasLimit", required: false, bytes: 16),
                        try integer("paymasterPostOpGasLimit", required: false, bytes: 16))
                    + (try data("paymasterData"))
            } ?? []
        return try PackedUserOperation(
            sender: sender, nonce: try integer("nonce"),
            initCode: try factory.map { address throws(EthereumError) in address.bytes + (try data("factoryData")) }
                ?? [],
            callData: try data("callData"),
            accountGasLimits: word(
                try integer("verificationGasLimit", bytes: 16), try integer("callGasLimit", bytes: 16)),
            preVerificationGas: try integer("preVerificationGas"),
            gasFees: word(try integer("maxPriorityFeePerGas", bytes: 16), try integer("maxFeePerGas", bytes: 16)),
            paymasterAndData: paymasterAndData)
    }
}
