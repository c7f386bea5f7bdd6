import AirsignEncoding
import BigInt

/// The JSON-RPC form of a signed EIP-7702 authorization, as `eth_sendTransaction`'s
/// `authorizationList`, eth-account and viem write it: `{"chainId", "address", "nonce",
/// "yParity", "r", "s"}`, integers as 0x hex quantities (JSON numbers and decimal strings are
/// read too), nothing else.
extension SignedSetCodeAuthorization {
    static let jsonMembers: Set<String> = ["chainId", "address", "nonce", "yParity", "r", "s"]

    /// Reads one entry; `field` names it in errors ("transaction.authorizationList[0]").
    public init(json: JSONValue, field: String) throws(EthereumError) {
        guard case .object(let members) = json, members.count == Self.jsonMembers.count,
            members.allSatisfy({ Self.jsonMembers.contains($0.key) })
        else {
            throw .invalidField(
                field, reason: "is not {\"chainId\", \"address\", \"nonce\", \"yParity\", \"r\", \"s\"}")
        }
        guard case let .string(address)? = json["address"] else {
            throw .invalidField("\(field).address", reason: "is not an address string")
        }
        func integer(_ name: String) throws(EthereumError) -> BigUInt {
            do { return try TransactionJSON.integer(json, name, required: true) ?? 0 } catch {
                throw .invalidField("\(field).\(name)", reason: "is not an unsigned integer of at most 256 bits")
            }
        }
        let nonce = try integer("nonce")
        let parity = try integer("yParity")
        guard nonce.bitWidth <= 64 else { throw .invalidField("\(field).nonce", reason: "does not fit 64 bits") }
        guard parity <= 255 else { throw .invalidField("\(field).yParity", reason: "does not fit 8 bits") }
        self.init(
            authorization: try SetCodeAuthorization(
                chainId: try integer("chainId"), delegate: try EthereumAddress(address),
                nonce: UInt64(truncatingIfNeeded: nonce)),
            yParity: UInt8(truncatingIfNeeded: parity), r: try integer("r"), s: try integer("s"))
    }

    /// The entry with sorted keys, quantities as minimal 0x hex, the address EIP-55.
    public var json: JSONValue {
        func quantity(_ value: BigUInt) -> JSONValue { .string("0x" + String(value, radix: 16)) }
        return .object([
            ("address", .string(authorization.delegate.checksummed)),
            ("chainId", quantity(authorization.chainId)),
            ("nonce", quantity(BigUInt(authorization.nonce))),
            ("r", quantity(r)),
            ("s", quantity(s)),
            ("yParity", quantity(BigUInt(yParity))),
        ])
    }
}
