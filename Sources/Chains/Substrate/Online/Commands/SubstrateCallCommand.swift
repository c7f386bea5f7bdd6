import AirsignCLI
import AirsignEncoding
import AirsignSubstrate
import AirsignWatch
import ArgumentParser

struct SubstrateCallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract:
            "A request for any call: by name with JSON arguments (--pallet, --call, --args), or as SCALE bytes (--call 0x…).",
        discussion: """
            By name, the call is encoded with the runtime's metadata (--rpc or --metadata FILE). \
            Arguments are JSON as polkadot-js and scalecodec write them: structs as objects by \
            field name, tuples as arrays, enums as "Variant" or {"Variant": value}, numbers as \
            JSON numbers or decimal strings, bytes as 0x hex, accounts as SS58 of the network or \
            0x hex, nested calls as {"pallet": …, "call": …, "args": …}. When the runtime has \
            CheckMetadataHash and its V15 metadata and token are known, the request carries an \
            RFC-0078 metadata proof and the signer shows the whole call, decoded with it. The \
            signer shows calls it cannot decode as raw bytes and signs them only with --blind.
            """)

    @OptionGroup var chain: SubstrateChainOptions

    @Option(help: "The pallet of a call by name (Staking, Utility, …).")
    var pallet: String?

    @Option(
        help: ArgumentHelp(
            "The call's name with --pallet (bond), or the SCALE-encoded call (0x…) without.", valueName: "NAME|0xHEX"))
    var call: String

    @Option(help: ArgumentHelp("The call's arguments as a JSON object by argument name.", valueName: "JSON"))
    var args: String?

    @Option(help: ArgumentHelp("A file holding the arguments' JSON (- for standard input).", valueName: "FILE|-"))
    var argsFile: String?

    func validate() throws {
        if args != nil, argsFile != nil { throw ValidationError("give --args or --args-file, not both") }
        if pallet == nil {
            guard args == nil, argsFile == nil else {
                throw ValidationError("--args and --args-file go with --pallet and a call name")
            }
            guard call.hasPrefix("0x"), let bytes = try? Hex.decode(call), bytes.count >= 2 else {
                throw ValidationError(
                    "--call is 0x and the hex of at least a pallet and call index (or a call name with --pallet)")
            }
        }
    }

    func run() throws {
        let spec: SubstrateCallSpec
        if let pallet {
            spec = .named(pallet: pallet, call: call, args: try arguments())
        } else {
            spec = .raw(try Hex.decode(call))
        }
        try SubstrateActions.issue(from: chain.from, options: chain.options, call: spec, output: chain.output)
    }

    /// The JSON of --args or --args-file; none is an empty object (a call without arguments).
    func arguments() throws -> JSONValue {
        let text: [UInt8]
        if let args {
            text = Array(args.utf8)
        } else if let argsFile {
            text = try QRMessageIO.read(argsFile)
        } else {
            return .object([])
        }
        do { return try JSONParser().parse(text) } catch {
            throw SubstrateError.unreadable(field: "args", reason: "not JSON: \(error)")
        }
    }
}
