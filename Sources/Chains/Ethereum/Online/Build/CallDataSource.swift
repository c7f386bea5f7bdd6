import AirsignCLI
import AirsignEncoding
import AirsignEthereum

/// The calldata of `ethereum call`, in cast's habits: raw `--data HEX`, or a function from
/// `--sig 'name(types…)'` or `--abi FILE --function NAME` with its arguments on the command
/// line (`ABIArguments`). A function also goes into the request (`payload.abi`).
public enum CallDataSource {
    /// The calldata and the function it was built from (nil for raw data).
    public static func build(
        data: String?, signature: String?, abiFile: String?, function: String?,
        arguments: [String]
    ) throws -> (data: [UInt8], abi: ABIFunction?) {
        let chosen = [data != nil, signature != nil, abiFile != nil].filter { $0 }.count
        guard chosen == 1 else {
            throw EthereumWatchError.invalidInput(
                "give exactly one of --data HEX, --sig SIGNATURE or --abi FILE --function NAME")
        }
        guard (abiFile != nil) == (function != nil) else {
            throw EthereumWatchError.invalidInput("--abi FILE and --function NAME go together")
        }
        if let data {
            guard arguments.isEmpty else {
                throw EthereumWatchError.invalidInput("arguments are for --sig or --abi; --data is the whole calldata")
            }
            return (try EthereumInput.data(data, option: "--data"), nil)
        }
        let abi: ABIFunction
        if let signature {
            do { abi = try ABIFunction(signature: signature) } catch {
                throw EthereumWatchError.invalidInput("--sig: \(error.reason)")
            }
        } else {
            abi = try fromFile(abiFile ?? "", function: function ?? "")
        }
        do { return (try ABIEncoder.call(abi, try ABIArguments.parse(arguments, for: abi.inputs)), abi) } catch {
            throw EthereumWatchError.invalidInput("\(abi.canonicalSignature): \(error.reason)")
        }
    }

    /// Constructor arguments for `ethereum deploy --constructor-sig 'constructor(types…)' ARGS…`,
    /// appended to the init code.
    public static func constructorArguments(signature: String, arguments: [String]) throws -> [UInt8] {
        let text =
            signature.hasPrefix("constructor(") ? signature : "constructor(" + signature.drop { $0 != "(" }.dropFirst()
        let constructor: ABIFunction
        do { constructor = try ABIFunction(signature: text) } catch {
            throw EthereumWatchError.invalidInput("--constructor-sig: \(error.reason)")
        }
        do {
            let values = try ABIArguments.parse(arguments, for: constructor.inputs, what: "constructor argument")
            return try ABIEncoder.encode(values, as: constructor.inputs.map(\.type))
        } catch {
            throw EthereumWatchError.invalidInput("--constructor-sig: \(error.reason)")
        }
    }

    private static func fromFile(_ path: String, function name: String) throws -> ABIFunction {
        let json: JSONValue
        do { json = try JSONParser().parse(try QRMessageIO.read(path)) } catch {
            throw EthereumWatchError.invalidInput("--abi \(path): \(error)")
        }
        let functions: [ABIFunction]
        do { functions = try ABIFunction.functions(inJSONABI: json) } catch {
            throw EthereumWatchError.invalidInput("--abi \(path): \(error.reason)")
        }
        // NAME, or a full signature to pick one of several overloads.
        let matches = functions.filter {
            !$0.name.isEmpty && ($0.name == name || $0.canonicalSignature == name.filter { !$0.isWhitespace })
        }
        guard matches.count == 1, let match = matches.first else {
            let overloads = functions.filter { $0.name == name }.map(\.canonicalSignature)
            throw EthereumWatchError.invalidInput(
                matches.isEmpty
                    ? "--abi \(path) has no function \(name)"
                    : "--function \(name) is overloaded in \(path): give one of \(overloads.joined(separator: ", "))")
        }
        return match
    }
}
