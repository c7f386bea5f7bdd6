import AirsignCLI
import AirsignStellar
import ArgumentParser

/// `stellar invoke`: any contract function with typed arguments.
struct StellarInvokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invoke", abstract: "Call a Soroban contract's function.",
        discussion: """
            Arguments in order: --arg TYPE:VALUE (repeatable; types address, bool, bytes (hex), \
            duration, i32, i64, i128, i256, string, symbol, timepoint, u32, u64, u128, u256, void) \
            or --args FILE|- (a JSON list in stellar-xdr's JSON shapes, as stellar-cli writes \
            them: {"i128":"100"}, {"address":"G…"}, {"vec":[…]}, {"map":[{"key":…,"val":…}]}, \
            "void"). With --rpc the transaction is simulated: its footprint, resources, resource \
            fee and the authorizations the call needs are filled from the simulation.
            """)

    @Option(help: ArgumentHelp("The contract (C…).", valueName: "C…"))
    var contract: String

    @Option(help: ArgumentHelp("The function's name (a symbol).", valueName: "NAME"))
    var function: String

    @Option(help: ArgumentHelp("An argument (repeatable, in order).", valueName: "TYPE:VALUE"))
    var arg: [String] = []

    @Option(help: ArgumentHelp("The arguments as a JSON list, instead of --arg.", valueName: "FILE|-"))
    var args: String?

    @Option(
        help: ArgumentHelp(
            "An authorization entry (base64 SorobanAuthorizationEntry) the call carries (repeatable; default: the simulation's).",
            valueName: "BASE64"))
    var auth: [String] = []

    @OptionGroup var transaction: StellarTransactionOptions

    func validate() throws {
        if !arg.isEmpty && args != nil {
            throw ValidationError("give the arguments with --arg or with --args, not both")
        }
    }

    func run() throws {
        var values: [SCVal] = []
        if let args {
            values = try SorobanArgument.list(json: try QRMessageIO.read(args))
        } else {
            for text in arg { values.append(try SorobanArgument.parse(text)) }
        }
        var entries: [SorobanAuthorizationEntry] = []
        for (index, text) in auth.enumerated() {
            do { entries.append(try SorobanAuthorizationEntry(base64: text)) } catch {
                throw StellarError.unreadable(field: "--auth \(index + 1)", reason: "\(error)")
            }
        }
        let call = try SorobanCall(contract: contract, function: function, args: values)
        try transaction.issue(call.body(auth: entries))
    }
}

/// A contract call as a builder's operation.
struct SorobanCall {
    let contract: SCAddress
    let function: [UInt8]
    let args: [SCVal]

    init(contract: String, function: String, args: [SCVal]) throws(StellarError) {
        guard case .contract = try SCAddress(contract) else {
            throw .invalidAddress(contract, reason: "--contract is a contract address (C…)")
        }
        guard case let .symbol(name) = try SCVal.symbol(function) else { throw .option(.functionNotSymbol) }
        (self.contract, self.function, self.args) = (try SCAddress(contract), name, args)
    }

    /// The call authorized by the transaction's source (what simulation returns for a token
    /// call from the source account): used when there is no RPC server to simulate.
    var sourceAuthorization: SorobanAuthorizationEntry {
        SorobanAuthorizationEntry(
            credentials: .sourceAccount,
            rootInvocation: SorobanAuthorizedInvocation(
                function: .contract(InvokeContractArgs(contract: contract, function: function, args: args))))
    }

    /// The call's operation, carrying `auth`.
    func body(auth: [SorobanAuthorizationEntry]) -> OperationBody {
        .invokeHostFunction(
            .invokeContract(InvokeContractArgs(contract: contract, function: function, args: args)), auth: auth)
    }
}
