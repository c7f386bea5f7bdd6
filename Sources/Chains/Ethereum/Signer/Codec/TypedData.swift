import AirsignCrypto
import AirsignEncoding

/// EIP-712 (eth_signTypedData_v4) typed data: validated on construction so every type is known,
/// acyclic and well formed; the hashes are computed by `TypedDataEncoder`'s rules below.
public struct TypedData: Sendable {
    /// One declared member: `{"name": …, "type": …}`.
    public struct Member: Equatable, Sendable {
        public let name: String
        public let type: String
        let parsed: TypedDataType
    }

    /// Struct types by name, members in declared order (EIP712Domain included).
    public let types: [String: [Member]]
    public let primaryType: String
    public let domain: JSONValue
    public let message: JSONValue

    /// Most struct types (EIP712Domain included) one document may declare. Real documents have
    /// a handful; the bound keeps the dependency walks, which recurse once per type along a
    /// chain, within the stack.
    public static let maxTypes = 256

    /// Names Solidity reads as atomic types but EIP-712 does not list (a member may not use
    /// them as types either: `TypedDataType` refuses them as unknown).
    static let solidityAliases: Set<String> = ["uint", "int"]

    /// keccak256(encodeType) of every declared type, computed once: a message may hold a
    /// million struct values, and re-deriving the type string for each one is quadratic work.
    private var typeHashes: [String: [UInt8]] = [:]

    /// Reads `{types, primaryType, domain, message}` (nothing else). Refuses unknown, cyclic or
    /// malformed types, duplicate members, and a missing EIP712Domain or primary type.
    public init(json: JSONValue) throws(EthereumError) {
        guard case .object(let top) = json else { throw .invalidTypedData("expected a JSON object") }
        let allowed = ["types", "primaryType", "domain", "message"]
        for member in top where !allowed.contains(member.key) {
            throw .invalidTypedData("unexpected member \"\(member.key)\"")
        }
        guard case .object(let typeList)? = json["types"] else {
            throw .invalidTypedData("\"types\" must be an object")
        }
        guard case .string(let primary)? = json["primaryType"] else {
            throw .invalidTypedData("\"primaryType\" must be a string")
        }
        guard let domain = json["domain"], case .object = domain else {
            throw .invalidTypedData("\"domain\" must be an object")
        }
        guard let message = json["message"] else { throw .invalidTypedData("\"message\" is missing") }

        guard typeList.count <= TypedData.maxTypes else {
            throw .invalidTypedData(
                "\"types\" declares \(typeList.count) types, more than the \(TypedData.maxTypes) allowed")
        }
        let names = Set(typeList.map(\.key))
        var types: [String: [Member]] = [:]
        for (name, value) in typeList {
            guard TypedData.isIdentifier(name) else { throw .invalidTypedData("bad type name \"\(name)\"") }
            // A struct named like an atomic type would make encodeType ambiguous. `uint` and
            // `int` count too: Solidity's aliases of uint256 and int256, which eth-account takes
            // for atomic types and leaves out of encodeType, so a struct of that name hashes
            // differently there.
            if (try? TypedDataType(name, structs: [])) != nil || TypedData.solidityAliases.contains(name) {
                throw .invalidTypedData("type \"\(name)\" redefines an atomic type")
            }
            guard case .array(let declared) = value else {
                throw .invalidTypedData("type \"\(name)\" must be an array of members")
            }
            var members: [Member] = []
            var memberNames: Set<String> = []
            for entry in declared {
                guard case .object(let fields) = entry, fields.count == 2,
                    case .string(let memberName)? = entry["name"], case .string(let memberType)? = entry["type"]
                else { throw .invalidTypedData("a member of \"\(name)\" must be {\"name\": …, \"type\": …}") }
                guard TypedData.isIdentifier(memberName) else {
                    throw .invalidTypedData("bad member name \"\(memberName)\" in \"\(name)\"")
                }
                guard memberNames.insert(memberName).inserted else {
                    throw .invalidTypedData("member \"\(memberName)\" appears twice in \"\(name)\"")
                }
                members.append(
                    Member(name: memberName, type: memberType, parsed: try TypedDataType(memberType, structs: names)))
            }
            types[name] = members
        }
        guard types["EIP712Domain"] != nil else { throw .invalidTypedData("\"types\" has no EIP712Domain") }
        guard types[primary] != nil else { throw .invalidTypedData("primary type \"\(primary)\" is not defined") }
        self.types = types
        self.primaryType = primary
        self.domain = domain
        self.message = message
        try checkAcyclic()
        var hashes: [String: [UInt8]] = [:]
        for name in types.keys { hashes[name] = Keccak256.hash(Array(try encodeType(name).utf8)) }
        typeHashes = hashes
    }

    /// Parses UTF-8 JSON text and reads it as typed data.
    public init(jsonText: [UInt8]) throws(EthereumError) {
        let value: JSONValue
        do { value = try JSONParser().parse(jsonText) } catch { throw .invalidTypedData(error.description) }
        try self.init(json: value)
    }

    /// `Name(type name,…)` followed by every referenced struct type sorted by name.
    public func encodeType(_ name: String) throws(EthereumError) -> String {
        var found: Set<String> = []
        try collectDependencies(of: name, into: &found)
        found.remove(name)
        // Sorted by UTF-8 bytes, as reference libraries compare ASCII names.
        let ordered = [name] + found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var out = ""
        for type in ordered {
            guard let members = types[type] else { throw .invalidTypedData("unknown type \"\(type)\"") }
            out += "\(type)(\(members.map { "\($0.type) \($0.name)" }.joined(separator: ",")))"
        }
        return out
    }

    /// keccak256(encodeType(name)).
    public func typeHash(_ name: String) throws(EthereumError) -> [UInt8] {
        guard let hash = typeHashes[name] else { throw .invalidTypedData("unknown type \"\(name)\"") }
        return hash
    }

    private func collectDependencies(of name: String, into found: inout Set<String>) throws(EthereumError) {
        guard !found.contains(name) else { return }
        guard let members = types[name] else { throw .invalidTypedData("unknown type \"\(name)\"") }
        found.insert(name)
        for member in members {
            if let dependency = member.parsed.structName { try collectDependencies(of: dependency, into: &found) }
        }
    }

    /// Refuses a struct that reaches itself (directly, through others or through arrays).
    private func checkAcyclic() throws(EthereumError) {
        var done: Set<String> = []
        for name in types.keys.sorted() {
            var path: [String] = []
            try visit(name, path: &path, done: &done)
        }
    }

    private func visit(_ name: String, path: inout [String], done: inout Set<String>) throws(EthereumError) {
        if done.contains(name) { return }
        if path.contains(name) {
            throw .invalidTypedData("cyclic type: \((path + [name]).joined(separator: " → "))")
        }
        path.append(name)
        for member in types[name] ?? [] {
            if let dependency = member.parsed.structName { try visit(dependency, path: &path, done: &done) }
        }
        path.removeLast()
        done.insert(name)
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return false
        }
        return text.utf8.allSatisfy { c in
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
                || c == UInt8(ascii: "$")
        }
    }
}
