import AirsignEncoding
import BigInt

/// An ERC-7730 clear-signing descriptor, read strictly (the v2 schema, and v1's `abi`,
/// `schemas`, `required` and `excluded`), its `includes` already merged in: what it binds to
/// (contract deployments, or an EIP-712 domain), its constants and enums, and how to show each
/// function or message it describes.
public struct ClearSigningDescriptor: Sendable, Equatable {
    /// A contract on one chain.
    public struct Deployment: Hashable, Sendable {
        public let chainId: BigUInt
        public let address: EthereumAddress
    }

    public enum Binding: Sendable, Equatable {
        /// Calldata sent to one of the deployments.
        case contract(deployments: [Deployment])
        /// EIP-712 messages whose domain has every value of `domain`, whose chain id and
        /// verifying contract are one of `deployments` (when given), and whose domain hashes to
        /// `domainSeparator` (when given).
        case eip712(deployments: [Deployment], domain: [String: JSONValue], domainSeparator: [UInt8]?)
    }

    /// A token the descriptor vouches for (its contract's own ERC-20 facts).
    public struct Token: Sendable, Equatable {
        public let ticker: String
        public let name: String
        public let decimals: Int
    }

    /// `context.$id`, the descriptor's own name for what it describes.
    public let id: String?
    public let binding: Binding
    public let owner: String?
    public let contractName: String?
    public let token: Token?
    public let constants: [String: JSONValue]
    public let enums: [String: [String: String]]
    /// `metadata.maps`: name → key text → value.
    public let maps: [String: [String: JSONValue]]
    public let formats: [DescriptorFormat]
    /// The merged document, as stored and hashed.
    public let document: JSONValue

    /// The name to show for the descriptor: its owner, else its contract name or `$id`.
    public var displayName: String {
        owner ?? contractName ?? id ?? "unnamed descriptor"
    }

    /// The deployments it binds to.
    public var deployments: [Deployment] {
        switch binding {
        case .contract(let deployments), .eip712(let deployments, _, _): return deployments
        }
    }

    init(
        id: String?, binding: Binding, owner: String?, contractName: String?, token: Token?,
        constants: [String: JSONValue],
        enums: [String: [String: String]], maps: [String: [String: JSONValue]], formats: [DescriptorFormat],
        document: JSONValue
    ) {
        self.id = id
        self.binding = binding
        self.owner = owner
        self.contractName = contractName
        self.token = token
        self.constants = constants
        self.enums = enums
        self.maps = maps
        self.formats = formats
        self.document = document
    }

    public static func == (a: ClearSigningDescriptor, b: ClearSigningDescriptor) -> Bool { a.document == b.document }
}

/// How one function (calldata) or one message type (EIP-712) is shown.
public struct DescriptorFormat: Sendable {
    /// The key as the descriptor writes it.
    public let key: String
    /// The function, for calldata formats (its names from the key, or from v1's `abi`).
    public let function: ABIFunction?
    /// The EIP-712 `encodeType` of the primary type without spaces (v2), or the primary type's
    /// name (v1, whose `schemas` give the types).
    public let messageType: String?
    public let intent: Intent?
    public let interpolatedIntent: String?
    public let fields: [FieldNode]
    /// v1: paths that must be shown; a format that shows none of them for a path is not used.
    public let required: [DescriptorPath]
    /// v1: paths left out on purpose.
    public let excluded: [DescriptorPath]

    public enum Intent: Sendable, Equatable {
        case text(String)
        /// Label and value pairs, in order.
        case labelled([LabelledText])
    }

    public struct LabelledText: Sendable, Equatable {
        public let label: String
        public let value: String
    }
}

/// One entry of a format's `fields`: a field, or a group of them under a path.
public indirect enum FieldNode: Sendable {
    case field(FieldSpec)
    case group(FieldGroup)
}

public struct FieldGroup: Sendable {
    public let path: DescriptorPath?
    public let label: String?
    /// `bundled`: arrays under the group shown index by index; else array by array. A group
    /// whose path goes through an array's elements is bundled unless it says `sequential`.
    public let bundled: Bool
    public let fields: [FieldNode]
}

/// One field: where its value is (a path, or a literal `value`), its label, format and the
/// format's parameters (definitions already resolved), and when it is shown.
public struct FieldSpec: Sendable {
    public let path: DescriptorPath?
    public let value: JSONValue?
    public let label: String
    public let format: FieldFormat
    public let params: [String: JSONValue]
    public let visible: Visibility
}

public enum FieldFormat: String, Sendable, CaseIterable {
    case raw, addressName, tokenTicker, calldata, amount, tokenAmount, nftName, date, duration, unit
    case enumeration = "enum"
    case chainId

    /// Parameter names each format takes (the schema's parameter objects).
    var parameters: Set<String> {
        switch self {
        case .raw, .amount, .duration, .chainId: return []
        case .addressName: return ["types", "sources", "senderAddress"]
        case .tokenTicker: return ["chainId", "chainIdPath"]
        case .calldata:
            return [
                "callee", "calleePath", "selector", "selectorPath", "chainId", "chainIdPath", "amount", "amountPath",
                "spender", "spenderPath",
            ]
        case .tokenAmount:
            return ["token", "tokenPath", "nativeCurrencyAddress", "threshold", "message", "chainId", "chainIdPath"]
        case .nftName: return ["collection", "collectionPath"]
        case .date: return ["encoding"]
        case .unit: return ["base", "decimals", "prefix"]
        case .enumeration: return ["$ref"]
        }
    }
}

/// When a field is shown.
public enum Visibility: Sendable, Equatable {
    case always
    /// Shown: a wallet that can show it must.
    case optional
    /// Not shown, on purpose.
    case never
    /// Shown unless its value is one of these.
    case ifNotIn([JSONValue])
    /// Not shown, but its value must be one of these or the descriptor does not apply.
    case mustBe([JSONValue])
}
