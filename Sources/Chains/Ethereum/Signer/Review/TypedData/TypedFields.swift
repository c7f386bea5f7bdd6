import AirsignEncoding
import AirsignMessages
import BigInt

/// Members of a recognised typed-data document read exactly as the digest reads them (so what
/// a review counts is what the contract will verify), each refusal naming the member.
struct TypedFields {
    let typed: TypedData

    /// The domain's `verifyingContract` when it declares one of type address; nil otherwise (a
    /// domain that names no contract binds none).
    func verifyingContract() throws(EthereumError) -> EthereumAddress? {
        let declared = typed.types["EIP712Domain"]?.first { $0.name == "verifyingContract" }
        guard declared?.type == "address", let value = typed.domain["verifyingContract"] else { return nil }
        return try address(value, "domain.verifyingContract")
    }

    func address(_ value: JSONValue?, _ path: String) throws(EthereumError) -> EthereumAddress {
        guard case let .string(text)? = value else { throw .invalidTypedData("\(path) must be an address string") }
        let bytes = try TypedDataAddress.bytes(text, path: path)
        do { return try EthereumAddress(bytes: bytes) } catch { throw .invalidTypedData("\(path): \(error)") }
    }

    func uint(_ value: JSONValue?, _ path: String) throws(EthereumError) -> BigUInt {
        guard let value else { throw .invalidTypedData("\(path) is missing") }
        let (negative, magnitude) = try typed.integer(value, path: path)
        guard !negative || magnitude == 0 else { throw .invalidTypedData("\(path) is negative") }
        return magnitude
    }

    func bytes(_ value: JSONValue?, _ path: String) throws(EthereumError) -> [UInt8] {
        guard let value else { throw .invalidTypedData("\(path) is missing") }
        return try typed.hexBytes(value, path: path)
    }

    /// The primary type's member, by name.
    func member(_ name: String) -> JSONValue? { typed.message[name] }

    /// The primary type's members, read by name (the name is the path a refusal gives).
    func address(_ name: String) throws(EthereumError) -> EthereumAddress { try address(member(name), name) }
    func uint(_ name: String) throws(EthereumError) -> BigUInt { try uint(member(name), name) }
    func bytes(_ name: String) throws(EthereumError) -> [UInt8] { try bytes(member(name), name) }
}

/// What a recogniser makes of a typed-data document: lines under the message, warnings, and the
/// effects the signature has.
struct RecognisedTypedData {
    var lines: [ReviewLine] = []
    var warnings: [String] = []
    var effects: [Effect] = []
}

extension RecognisedTypedData {
    /// The first recogniser that knows `typed` by its exact type string (EIP-3009
    /// authorizations, Safe transactions, ERC-2771 forward requests, ERC-4337 v0.8 user
    /// operations); nil when none does.
    /// Permits are `PermitReview`'s.
    static func review(_ typed: TypedData, account: EthereumAddress, environment: ClearSigningEnvironment) throws
        -> RecognisedTypedData?
    {
        if let found = try TransferAuthorizationReview.review(typed, account: account, environment: environment) {
            return found
        }
        if let found = try SafeTransactionReview.review(typed, account: account, environment: environment) {
            return found
        }
        if let found = try UserOperationTypedDataReview.review(typed, account: account, environment: environment) {
            return found
        }
        return try ForwardRequestReview.review(typed, account: account, environment: environment)
    }
}
