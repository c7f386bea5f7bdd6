import AirsignCrypto
import AirsignEncoding
import BigInt

extension ClearSigningDescriptor {
    /// Largest descriptor document read (the registry's largest is under 200 KB).
    public static let maxSize = 1 << 20

    /// Reads a merged descriptor document (no `includes` left; see `DescriptorIncludes`),
    /// refusing what the ERC-7730 schema refuses (unknown keys, wrong types, unknown formats and
    /// parameters) and what the offline signer cannot honour (a binding by factory or URL, an
    /// ABI or enum given by URL, encrypted fields), each naming its place.
    public init(document: JSONValue) throws(EthereumError) {
        try self.init(document: document, builtIn: false)
    }

    /// `builtIn`: one of the signer's own descriptors for a standard, which binds to any
    /// contract (it is matched by selector, and only to show what the standard means).
    init(document: JSONValue, builtIn: Bool) throws(EthereumError) {
        let top = try Strict(document, "the descriptor").object(
            allowed: ["$schema", "$comment", "includes", "context", "metadata", "display"],
            required: ["context", "display"])
        guard top["includes"] == nil else {
            throw .invalidDescriptor("\"includes\" must be resolved before the descriptor is read")
        }
        if let schema = top["$schema"] { _ = try Strict(schema, "$schema").string() }
        let contextObject = try Strict(try top.need("context"), "context").object(allowed: [
            "$id", "contract", "eip712",
        ])
        let id = try contextObject["$id"].map { value throws(EthereumError) in try Strict(value, "context.$id").string()
        }
        let metadata = try Strict(top["metadata"] ?? .object([]), "metadata").object(
            allowed: ["owner", "contractName", "info", "token", "constants", "enums", "maps"])
        var abi: [ABIFunction] = []
        var schemas: [TypedSchema] = []
        let binding: Binding
        switch (contextObject["contract"], contextObject["eip712"]) {
        case let (contract?, nil):
            let fields = try Strict(contract, "context.contract").object(allowed: [
                "abi", "deployments", "factory", "addressMatcher",
            ])
            if fields["factory"] != nil {
                throw .invalidDescriptor(
                    "context.contract.factory: a binding by factory needs the chain's event logs, which the offline signer does not have"
                )
            }
            if fields["addressMatcher"] != nil {
                throw .invalidDescriptor("context.contract.addressMatcher: a binding by URL cannot be checked offline")
            }
            if let value = fields["abi"] {
                if case .string = value {
                    throw .invalidDescriptor(
                        "context.contract.abi is a URL: the offline signer needs the ABI itself (a JSON array)")
                }
                do { abi = try ABIFunction.functions(inJSONABI: value) } catch {
                    throw .invalidDescriptor("context.contract.abi: \(error.reason)")
                }
            }
            let deployments = try Self.deployments(fields["deployments"], "context.contract.deployments")
            guard builtIn || !deployments.isEmpty else {
                throw .invalidDescriptor(
                    "context.contract has no deployments: it binds no contract (a generic descriptor is meant to be included by one that does)"
                )
            }
            binding = .contract(deployments: deployments)
        case let (nil, eip712?):
            let fields = try Strict(eip712, "context.eip712").object(allowed: [
                "schemas", "domain", "domainSeparator", "deployments",
            ])
            if let value = fields["schemas"] { schemas = try Self.schemas(value) }
            var domain: [String: JSONValue] = [:]
            if let value = fields["domain"] {
                for (key, item) in try Strict(value, "context.eip712.domain").members() {
                    switch item {
                    case .string, .number, .bool: domain[key] = item
                    default:
                        throw .invalidDescriptor("context.eip712.domain.\(key) must be a string, number or boolean")
                    }
                }
            }
            var separator: [UInt8]?
            if let value = fields["domainSeparator"] {
                let text = try Strict(value, "context.eip712.domainSeparator").string()
                do { separator = try Hex.decode(text) } catch {
                    throw .invalidDescriptor("context.eip712.domainSeparator: \(error)")
                }
                guard separator?.count == 32 else {
                    throw .invalidDescriptor("context.eip712.domainSeparator is 32 bytes")
                }
            }
            let deployments = try Self.deployments(fields["deployments"], "context.eip712.deployments")
            guard builtIn || !deployments.isEmpty || domain["verifyingContract"] != nil || separator != nil else {
                throw .invalidDescriptor(
                    "context.eip712 names no verifying contract (deployments, domain.verifyingContract or domainSeparator): it binds no contract"
                )
            }
            binding = .eip712(deployments: deployments, domain: domain, domainSeparator: separator)
        default:
            throw .invalidDescriptor("context has exactly one of \"contract\" and \"eip712\"")
        }
        let display = try Strict(try top.need("display"), "display").object(
            allowed: ["definitions", "formats"], required: ["formats"])
        var definitions: [String: JSONValue] = [:]
        if let value = display["definitions"] {
            for (key, item) in try Strict(value, "display.definitions").members() { definitions[key] = item }
        }
        let constants =
            try metadata["constants"].map { value throws(EthereumError) in try Self.constants(value) } ?? [:]
        let enums = try metadata["enums"].map { value throws(EthereumError) in try Self.enums(value) } ?? [:]
        var reader = FormatReader(
            definitions: definitions, abi: abi, schemas: schemas, isMessage: contextObject["eip712"] != nil,
            enums: Set(enums.keys))
        var formats: [DescriptorFormat] = []
        for (key, value) in try Strict(try display.need("formats"), "display.formats").members() {
            formats.append(try reader.format(key, value))
        }
        guard !formats.isEmpty else { throw .invalidDescriptor("display.formats is empty") }
        self.init(
            id: id, binding: binding,
            owner: try metadata["owner"].map { value throws(EthereumError) in
                try Strict(value, "metadata.owner").string()
            },
            contractName: try metadata["contractName"].map { value throws(EthereumError) in
                try Strict(value, "metadata.contractName").string()
            },
            token: try metadata["token"].map { value throws(EthereumError) in try Self.token(value) },
            constants: constants, enums: enums,
            maps: try metadata["maps"].map { value throws(EthereumError) in try Self.maps(value) } ?? [:],
            formats: formats, document: document)
        if let info = metadata["info"] { try Self.checkInfo(info) }
    }

    // MARK: sections

    private static func deployments(_ value: JSONValue?, _ place: String) throws(EthereumError) -> [Deployment] {
        guard let value else { return [] }
        var out: [Deployment] = []
        for (index, item) in try Strict(value, place).array().enumerated() {
            let fields = try Strict(item, "\(place)[\(index)]").object(
                allowed: ["chainId", "address"], required: ["chainId", "address"])
            let chainId = try Strict(try fields.need("chainId"), "\(place)[\(index)].chainId").unsigned()
            let text = try Strict(try fields.need("address"), "\(place)[\(index)].address").string()
            let address: EthereumAddress
            do { address = try EthereumAddress(bytes: try EIP55.decode(text)) } catch {
                throw .invalidDescriptor("\(place)[\(index)].address: \(error)")
            }
            out.append(Deployment(chainId: chainId, address: address))
        }
        return out
    }

    private static func schemas(_ value: JSONValue) throws(EthereumError) -> [TypedSchema] {
        if case .string = value {
            throw .invalidDescriptor("context.eip712.schemas is a URL: the offline signer needs the schemas themselves")
        }
        var out: [TypedSchema] = []
        for (index, item) in try Strict(value, "context.eip712.schemas").array().enumerated() {
            let place = "context.eip712.schemas[\(index)]"
            if case .string = item {
                throw .invalidDescriptor("\(place) is a URL: the offline signer needs the schema itself")
            }
            let fields = try Strict(item, place).object(
                allowed: ["types", "primaryType"], required: ["types", "primaryType"])
            let primary = try Strict(try fields.need("primaryType"), "\(place).primaryType").string()
            // The schema's types, read as typed data with an empty domain and message, so they are
            // checked (known, acyclic) the way a message's are, and encodeType is the same code's.
            let probe: JSONValue = .object([
                (key: "types", value: try fields.need("types")), (key: "primaryType", value: .string(primary)),
                (key: "domain", value: .object([])), (key: "message", value: .object([])),
            ])
            let typed: TypedData
            do { typed = try TypedData(json: probe) } catch { throw .invalidDescriptor("\(place): \(error)") }
            out.append(TypedSchema(primaryType: primary, encodeType: try typed.encodeType(primary)))
        }
        return out
    }

    private static func constants(_ value: JSONValue) throws(EthereumError) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for (key, item) in try Strict(value, "metadata.constants").members() {
            switch item {
            case .string, .number, .bool, .null: out[key] = item
            default: throw .invalidDescriptor("metadata.constants.\(key) must be a string, number, boolean or null")
            }
        }
        return out
    }

    private static func token(_ value: JSONValue) throws(EthereumError) -> Token {
        let fields = try Strict(value, "metadata.token").object(
            allowed: ["name", "ticker", "decimals"], required: ["name", "ticker", "decimals"])
        let decimals = try Strict(try fields.need("decimals"), "metadata.token.decimals").unsigned()
        guard decimals <= 255 else { throw .invalidDescriptor("metadata.token.decimals is more than 255") }
        return Token(
            ticker: try Strict(try fields.need("ticker"), "metadata.token.ticker").string(),
            name: try Strict(try fields.need("name"), "metadata.token.name").string(), decimals: Int(decimals))
    }

    private static func enums(_ value: JSONValue) throws(EthereumError) -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        for (name, item) in try Strict(value, "metadata.enums").members() {
            if case .string = item {
                throw .invalidDescriptor(
                    "metadata.enums.\(name) is a URL: the offline signer needs the values themselves")
            }
            var table: [String: String] = [:]
            for (key, text) in try Strict(item, "metadata.enums.\(name)").members() {
                table[key] = try Strict(text, "metadata.enums.\(name).\(key)").string()
            }
            out[name] = table
        }
        return out
    }

    private static func maps(_ value: JSONValue) throws(EthereumError) -> [String: [String: JSONValue]] {
        var out: [String: [String: JSONValue]] = [:]
        for (name, item) in try Strict(value, "metadata.maps").members() {
            let fields = try Strict(item, "metadata.maps.\(name)").object(
                allowed: ["$keyType", "values"], required: ["values"])
            var table: [String: JSONValue] = [:]
            for (key, entry) in try Strict(try fields.need("values"), "metadata.maps.\(name).values").members() {
                switch entry {
                case .string, .number, .bool, .null: table[key] = entry
                default:
                    throw .invalidDescriptor(
                        "metadata.maps.\(name).values.\(key) must be a string, number, boolean or null")
                }
            }
            out[name] = table
        }
        return out
    }

    private static func checkInfo(_ value: JSONValue) throws(EthereumError) {
        let fields = try Strict(value, "metadata.info").object(allowed: ["url", "deploymentDate", "legalName"])
        for (key, item) in fields.values { _ = try Strict(item, "metadata.info.\(key)").string() }
    }
}

/// An EIP-712 schema of a v1 descriptor: the primary type and its `encodeType`.
struct TypedSchema: Sendable, Equatable {
    let primaryType: String
    let encodeType: String
}

/// Strict reads of one JSON value, each refusal naming `place`.
struct Strict {
    let value: JSONValue
    let place: String

    init(_ value: JSONValue, _ place: String) {
        self.value = value
        self.place = place
    }

    /// The members of an object with only `allowed` keys and every `required` one.
    func object(allowed: Set<String>, required: Set<String> = []) throws(EthereumError) -> Fields {
        var out: [String: JSONValue] = [:]
        for (key, item) in try members() {
            guard allowed.contains(key) else {
                throw .invalidDescriptor(
                    "\(place): unknown key \"\(key)\" (allowed: \(allowed.sorted().joined(separator: ", ")))")
            }
            out[key] = item
        }
        for key in required.sorted() where out[key] == nil {
            throw .invalidDescriptor("\(place): \"\(key)\" is missing")
        }
        return Fields(values: out, place: place)
    }

    /// An object's members by key.
    struct Fields {
        let values: [String: JSONValue]
        let place: String

        subscript(key: String) -> JSONValue? { values[key] }

        /// A member `object(required:)` checked is there.
        func need(_ key: String) throws(EthereumError) -> JSONValue {
            guard let value = values[key] else { throw .invalidDescriptor("\(place): \"\(key)\" is missing") }
            return value
        }
    }

    func members() throws(EthereumError) -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = value else { throw .invalidDescriptor("\(place) must be an object") }
        return members
    }

    func array() throws(EthereumError) -> [JSONValue] {
        guard case .array(let items) = value else { throw .invalidDescriptor("\(place) must be an array") }
        return items
    }

    func string() throws(EthereumError) -> String {
        guard case .string(let text) = value else { throw .invalidDescriptor("\(place) must be a string") }
        return text
    }

    func bool() throws(EthereumError) -> Bool {
        guard case .bool(let flag) = value else { throw .invalidDescriptor("\(place) must be true or false") }
        return flag
    }

    /// A JSON integer (no sign, fraction or exponent) of at most 78 digits.
    func unsigned() throws(EthereumError) -> BigUInt {
        guard case .number(let text) = value, !text.isEmpty, text.count <= 78,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let number = BigUInt(text, radix: 10)
        else { throw .invalidDescriptor("\(place) must be a non-negative integer") }
        return number
    }
}
