import AirsignCLI
import AirsignEthereum
import AirsignWatch
import ArgumentParser

struct EthereumSignUserOperationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-user-operation",
        abstract: "Request the owner's signature of an ERC-4337 user operation (EntryPoint v0.7 or v0.8).",
        discussion: """
            FILE holds the operation in the packed form the EntryPoint hashes (sender, nonce, \
            initCode, callData, accountGasLimits, preVerificationGas, gasFees, \
            paymasterAndData) or the unpacked form of eth_sendUserOperation (factory, \
            callGasLimit, maxFeePerGas, paymaster, …). The signer computes the userOpHash, shows \
            the calls the account makes, and signs: for v0.7 an EIP-191 signature of the hash \
            (as eth-infinitism's SimpleAccount verifies it), for v0.8 the hash itself (its \
            EIP-712 digest). The signature goes into the operation's signature field.
            """)

    @Argument(help: ArgumentHelp("The user operation JSON file, or - for standard input.", valueName: "FILE|-"))
    var file: String

    @Option(
        name: .customLong("entry-point"),
        help: ArgumentHelp(
            "The EntryPoint version (0.7 or 0.8), each at its one address on every chain.", valueName: "VERSION"))
    var entryPoint: String

    @OptionGroup var options: EthereumRequestOptions

    func validate() throws {
        guard EntryPointVersion(rawValue: entryPoint) != nil else {
            throw ValidationError("--entry-point is 0.7 or 0.8, not \(entryPoint.debugDescription)")
        }
    }

    func run() throws {
        let operation = try EthereumUserOperationFile.parse(try QRMessageIO.read(file), path: file)
        let request = try options.builder.userOperation(
            from: options.from, chainId: try options.parsedChainId(), operation: operation,
            version: EntryPointVersion(rawValue: entryPoint) ?? .v08, note: options.output.note)
        try EthereumActions.issue(request, output: options.output)
    }
}
