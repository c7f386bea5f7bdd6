import AirsignEncoding
import BigInt

/// An unsigned transaction in the JSON form other Ethereum tools write it: the dict that
/// eth-account's `sign_transaction` and `eth_sendTransaction` take (`chainId`, `nonce`, `gas`,
/// `gasPrice` or `maxFeePerGas` and `maxPriorityFeePerGas`, `to`, `value`, `data` or `input`,
/// `accessList`, `authorizationList` of type 4, optionally `type` and `from`). Integers are JSON
/// numbers, `0x` hex or decimal strings. The type is `type` when given, else inferred as
/// eth-account does (authorizations: 4; fee caps: 2; an access list: 1; else legacy). Unknown members, missing required ones and values that do not
/// fit are refused, naming the member.
public struct TransactionJSON: Sendable {
    public let transaction: EthereumTransaction
    /// The `from` member, when given.
    public let from: EthereumAddress?

    static let known: Set<String> = [
        "type", "chainId", "nonce", "gas", "gasLimit", "gasPrice", "maxFeePerGas", "maxPriorityFeePerGas",
        "to", "value", "data", "input", "accessList", "authorizationList", "from",
    ]

    /// Whether `json` looks like such a dict (an object with `gas` or `gasLimit` and `nonce`),
    /// so other JSON is left to other readers.
    public static func looksLikeTransaction(_ json: JSONValue) -> Bool {
        guard case .object = json else { return false }
        return (json["gas"] != nil || json["gasLimit"] != nil) && json["nonce"] != nil
    }

    public init(json: JSONValue) throws(EthereumError) {
        guard case let .object(members) = json else {
            throw .invalidField("transaction", reason: "expected a JSON object")
        }
        for member in members where !Self.known.contains(member.key) {
            // The name is untrusted text: shown only when it is short printable ASCII.
            let printable = member.key.utf8.count <= 40 && member.key.utf8.allSatisfy { (0x20...0x7e).contains($0) }
            throw .invalidField(
                printable ? "transaction.\(member.key)" : "transaction",
                reason: printable ? "is not a transaction field" : "has a member that is not a transaction field")
        }
        guard json["gas"] == nil || json["gasLimit"] == nil else {
            throw .invalidField("transaction", reason: "has both gas and gasLimit")
        }
        guard json["data"] == nil || json["input"] == nil || json["data"] == json["input"] else {
            throw .invalidField("transaction", reason: "has data and input that differ")
        }
        let chainId = try Self.integer(json, "chainId", required: true) ?? 0
        let nonce = try Self.small(json, "nonce")
        let gas = try Self.small(json, json["gas"] != nil ? "gas" : "gasLimit")
        let gasPrice = try Self.integer(json, "gasPrice")
        let maxFee = try Self.integer(json, "maxFeePerGas")
        let priority = try Self.integer(json, "maxPriorityFeePerGas")
        let accessList = try Self.accessList(json["accessList"])
        let authorizations = try Self.authorizationList(json["authorizationList"])
        let type: TransactionType
        if let declared = try Self.integer(json, "type") {
            guard declared <= 4, declared != 3, let known = TransactionType(rawValue: UInt8(declared)) else {
                if declared == 3 { throw .blobTransaction }
                throw .invalidField("transaction.type", reason: "\(declared) is not 0, 1, 2 or 4")
            }
            type = known
        } else if json["authorizationList"] != nil {
            type = .setCode
        } else {
            type = maxFee != nil || priority != nil ? .feeMarket : json["accessList"] != nil ? .accessList : .legacy
        }
        guard type == .setCode || json["authorizationList"] == nil else {
            throw .invalidField("transaction.authorizationList", reason: "only a type 4 transaction carries one")
        }
        let fees: TransactionFees
        switch type {
        case .feeMarket, .setCode:
            guard gasPrice == nil else {
                throw .invalidField(
                    "transaction.gasPrice",
                    reason: "a type \(type.rawValue) transaction has maxFeePerGas and maxPriorityFeePerGas instead")
            }
            guard let maxFee, let priority else {
                throw .invalidField(
                    "transaction",
                    reason: "a type \(type.rawValue) transaction needs maxFeePerGas and maxPriorityFeePerGas")
            }
            fees = .feeMarket(maxPriorityFeePerGas: priority, maxFeePerGas: maxFee)
        case .legacy, .accessList:
            guard maxFee == nil, priority == nil else {
                throw .invalidField(
                    "transaction", reason: "a type \(type.rawValue) transaction has a gasPrice, not fee caps")
            }
            guard let gasPrice else { throw .invalidField("transaction.gasPrice", reason: "is missing") }
            fees = .gasPrice(gasPrice)
        }
        guard type != .legacy || json["accessList"] == nil else {
            throw .invalidField("transaction.accessList", reason: "a legacy transaction carries none")
        }
        let to: EthereumAddress?
        switch json["to"] {
        case nil, .null?: to = nil
        case let .string(text)?: to = try EthereumAddress(text)
        default: throw .invalidField("transaction.to", reason: "is not an address string")
        }
        let data = try Self.bytes(json["data"] ?? json["input"], "data")
        transaction = try EthereumTransaction(
            type: type, chainId: chainId, nonce: nonce, fees: fees, gasLimit: gas, to: to,
            value: try Self.integer(json, "value") ?? 0, data: data, accessList: accessList,
            authorizationList: authorizations)
        switch json["from"] {
        case nil: from = nil
        case let .string(text)?: from = try EthereumAddress(text)
        default: throw .invalidField("transaction.from", reason: "is not an address string")
        }
    }

    /// A JSON number, `0x` hex or decimal string: an unsigned integer of at most 256 bits.
    package static func integer(_ json: JSONValue, _ name: String, required: Bool = false) throws(EthereumError)
        -> BigUInt?
    {
        let field = "transaction.\(name)"
        let text: Substring
        var radix = 10
        switch json[name] {
        case nil:
            if required { throw .invalidField(field, reason: "is missing") }
            return nil
        case let .number(digits)?: text = Substring(digits)
        case let .string(string)? where string.hasPrefix("0x") || string.hasPrefix("0X"):
            text = string.dropFirst(2)
            radix = 16
        case let .string(string)?: text = Substring(string)
        default: throw .invalidField(field, reason: "is not an integer")
        }
        let isDigit: (Character) -> Bool = radix == 16 ? { $0.isHexDigit } : { $0.isASCII && $0.isNumber }
        guard !text.isEmpty, text.count <= 78, text.allSatisfy(isDigit), let value = BigUInt(text, radix: radix),
            value.bitWidth <= 256
        else {
            throw .invalidField(field, reason: "is not an unsigned integer of at most 256 bits")
        }
        return value
    }

    static func small(_ json: JSONValue, _ name: String) throws(EthereumError) -> UInt64 {
        guard let value = try integer(json, name, required: true), value <= BigUInt(UInt64.max) else {
            throw .invalidField("transaction.\(name)", reason: "does not fit 64 bits")
        }
        return UInt64(value)
    }

    static func bytes(_ value: JSONValue?, _ name: String) throws(EthereumError) -> [UInt8] {
        switch value {
        case nil, .null?: return []
        case let .string(text)?:
            do { return try Hex.decode(text) } catch {
                throw .invalidField("transaction.\(name)", reason: "is not 0x hex")
            }
        default: throw .invalidField("transaction.\(name)", reason: "is not a 0x hex string")
        }
    }

    static func authorizationList(_ value: JSONValue?) throws(EthereumError) -> [SignedSetCodeAuthorization] {
        guard let value else { return [] }
        guard case let .array(items) = value else {
            throw .invalidField("transaction.authorizationList", reason: "is not an array")
        }
        var out: [SignedSetCodeAuthorization] = []
        for (index, item) in items.enumerated() {
            out.append(try SignedSetCodeAuthorization(json: item, field: "transaction.authorizationList[\(index)]"))
        }
        return out
    }

    static func accessList(_ value: JSONValue?) throws(EthereumError) -> [AccessListEntry] {
        guard let value else { return [] }
        guard case let .array(items) = value else {
            throw .invalidField("transaction.accessList", reason: "is not an array")
        }
        var entries: [AccessListEntry] = []
        for (index, item) in items.enumerated() {
            let field = "transaction.accessList[\(index)]"
            guard case .object(let members) = item, members.count == 2, case let .string(address)? = item["address"],
                case let .array(keys)? = item["storageKeys"]
            else {
                throw .invalidField(field, reason: "is not {\"address\": …, \"storageKeys\": […]}")
            }
            var storageKeys: [[UInt8]] = []
            for key in keys {
                guard case let .string(text) = key, let bytes = try? Hex.decode(text), bytes.count == 32 else {
                    throw .invalidField("\(field).storageKeys", reason: "holds a value that is not 32 bytes of 0x hex")
                }
                storageKeys.append(bytes)
            }
            entries.append(try AccessListEntry(address: try EthereumAddress(address), storageKeys: storageKeys))
        }
        return entries
    }
}
