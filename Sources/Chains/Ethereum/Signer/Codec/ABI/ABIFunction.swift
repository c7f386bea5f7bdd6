import AirsignCrypto
import AirsignEncoding

/// A contract function (or constructor) as an ABI describes it: its name and inputs, the
/// canonical signature and the 4-byte selector computed from it.
public struct ABIFunction: Hashable, Sendable {
    /// Empty for a constructor.
    public let name: String
    public let inputs: [ABIParameter]

    public init(name: String, inputs: [ABIParameter]) {
        self.name = name
        self.inputs = inputs
    }

    /// Reads `deposit(address asset, uint256 amount)` (see `ABISignature`).
    public init(signature: String) throws(EthereumError) {
        let parsed = try ABISignature.function(signature)
        self.init(name: parsed.name, inputs: parsed.inputs)
    }

    /// `deposit(address,uint256)`: what the selector hashes.
    public var canonicalSignature: String {
        "\(name)(" + inputs.map(\.type.canonical).joined(separator: ",") + ")"
    }

    /// `deposit(address asset,uint256 amount)`: the signature with names.
    public var described: String {
        "\(name)(" + inputs.map(\.described).joined(separator: ",") + ")"
    }

    /// The first 4 bytes of keccak256(canonical signature).
    public var selector: [UInt8] {
        Array(Keccak256.hash(Array(canonicalSignature.utf8)).prefix(4))
    }

    /// The arguments of `calldata` (selector included, which must be this function's).
    public func decode(calldata: [UInt8]) throws(EthereumError) -> [ABIValue] {
        try ABIDecoder.decode(inputs.map(\.type), from: try arguments(of: calldata), names: argumentNames)
    }

    /// The arguments of `calldata` as `decode` reads them, and the bytes the data carries after
    /// their strict encoding (empty when there are none; a frontend's tag when there are).
    public func decodeAllowingSuffix(calldata: [UInt8]) throws(EthereumError) -> (values: [ABIValue], suffix: [UInt8]) {
        let arguments = try arguments(of: calldata)
        let (values, size) = try ABIDecoder.decodePrefix(inputs.map(\.type), from: arguments, names: argumentNames)
        return (values, Array(arguments.dropFirst(size)))
    }

    /// `calldata` after its selector, which must be this function's.
    private func arguments(of calldata: [UInt8]) throws(EthereumError) -> [UInt8] {
        guard calldata.count >= 4, Array(calldata.prefix(4)) == selector else {
            throw .invalidABI(
                "the calldata does not start with the selector \(Hex.encode(selector, prefix: true)) of \(canonicalSignature)"
            )
        }
        return Array(calldata.dropFirst(4))
    }

    /// "argument 2 (uint256 amount)" for each input, as errors name them.
    var argumentNames: [String] {
        inputs.enumerated().map { index, input in
            "argument \(index + 1) (\(input.type.canonical)\(input.name.isEmpty ? "" : " " + input.name))"
        }
    }
}

extension ABIFunction {
    /// The functions (and the constructor, with an empty name) of a JSON ABI: an array of
    /// fragments, or an object with an `abi` array (as Foundry and Hardhat write artifacts).
    /// Events, errors, fallback and receive entries are skipped; a malformed function is refused.
    public static func functions(inJSONABI json: JSONValue) throws(EthereumError) -> [ABIFunction] {
        let items: [JSONValue]
        switch json {
        case .array(let list): items = list
        case .object:
            guard case .array(let list)? = json["abi"] else {
                throw .invalidABI("a JSON ABI is an array of fragments (or an object with an \"abi\" array)")
            }
            items = list
        default:
            throw .invalidABI("a JSON ABI is an array of fragments")
        }
        var functions: [ABIFunction] = []
        for (index, item) in items.enumerated() {
            guard case .object = item else { throw .invalidABI("ABI entry \(index + 1) is not an object") }
            let kind: String
            switch item["type"] {
            case nil: kind = "function"  // the type defaults to function (Solidity ABI spec)
            case .string(let text)?: kind = text
            default: throw .invalidABI("ABI entry \(index + 1): \"type\" is not a string")
            }
            guard kind == "function" || kind == "constructor" else { continue }
            functions.append(try fragment(item, constructor: kind == "constructor", place: "ABI entry \(index + 1)"))
        }
        return functions
    }

    /// One function fragment: `{"type":"function","name":…,"inputs":[…]}`.
    public static func fragment(_ item: JSONValue, constructor: Bool = false, place: String = "the ABI fragment")
        throws(EthereumError) -> ABIFunction
    {
        let name: String
        if constructor {
            name = ""
        } else {
            guard case .string(let text)? = item["name"], !text.isEmpty else {
                throw .invalidABI("\(place): a function needs a \"name\"")
            }
            _ = try ABISignature.function(text + "()")  // an identifier, nothing else
            name = text
        }
        let inputs: [ABIParameter]
        switch item["inputs"] {
        case nil: inputs = []
        case .array(let list)?:
            inputs = try list.enumerated().map { index, input throws(EthereumError) in
                try parameter(
                    input, depth: 0, place: "\(place) (\(name.isEmpty ? "constructor" : name)) input \(index + 1)")
            }
        default: throw .invalidABI("\(place): \"inputs\" is not an array")
        }
        return ABIFunction(name: name, inputs: inputs)
    }

    private static func parameter(_ json: JSONValue, depth: Int, place: String) throws(EthereumError) -> ABIParameter {
        guard depth < ABIType.maxDepth else {
            throw .invalidABI("\(place): components nest deeper than \(ABIType.maxDepth) levels")
        }
        guard case .string(let typeText)? = json["type"] else { throw .invalidABI("\(place): \"type\" is missing") }
        var name = ""
        switch json["name"] {
        case nil: break
        case .string(let text)?:
            if !text.isEmpty { _ = try ABISignature.parameter("uint256 " + text) }  // an identifier
            name = text
        default: throw .invalidABI("\(place): \"name\" is not a string")
        }
        var components: [ABIParameter]?
        switch json["components"] {
        case nil: break
        case .array(let list)?:
            components = try list.enumerated().map { index, component throws(EthereumError) in
                try parameter(component, depth: depth + 1, place: "\(place), component \(index + 1)")
            }
        default: throw .invalidABI("\(place): \"components\" is not an array")
        }
        let type: ABIType
        do { type = try ABISignature.jsonType(typeText, components: components) } catch {
            throw .invalidABI("\(place): \(error.reason)")
        }
        guard type.depth <= ABIType.maxDepth else {
            throw .invalidABI("\(place): types nest deeper than \(ABIType.maxDepth) levels")
        }
        return ABIParameter(name: name, type: type)
    }
}

extension EthereumError {
    /// The message without the "ABI: " prefix, for wrapping in a longer one.
    package var reason: String {
        if case .invalidABI(let why) = self { return why }
        if case .invalidDescriptor(let why) = self { return why }
        return description
    }
}
