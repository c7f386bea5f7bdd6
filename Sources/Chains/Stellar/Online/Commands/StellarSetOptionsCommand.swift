import AirsignWatch
import ArgumentParser

struct StellarSetOptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set-options", abstract: "Change the account's signers, thresholds, flags or home domain.")

    @Option(name: .customLong("home-domain"), help: ArgumentHelp("At most 32 bytes.", valueName: "DOMAIN"))
    var homeDomain: String?

    @Option(name: .customLong("master-weight"), help: ArgumentHelp("0 to 255.", valueName: "N"))
    var masterWeight: String?

    @Option(name: .customLong("low-threshold"), help: ArgumentHelp("0 to 255.", valueName: "N"))
    var lowThreshold: String?

    @Option(name: .customLong("med-threshold"), help: ArgumentHelp("0 to 255.", valueName: "N"))
    var medThreshold: String?

    @Option(name: .customLong("high-threshold"), help: ArgumentHelp("0 to 255.", valueName: "N"))
    var highThreshold: String?

    @Option(name: .customLong("set-flags"), help: ArgumentHelp("auth-required,auth-revocable,auth-immutable,clawback-enabled or a number.", valueName: "FLAGS"))
    var setFlags: String?

    @Option(name: .customLong("clear-flags"), help: ArgumentHelp("Flags to clear, as for --set-flags.", valueName: "FLAGS"))
    var clearFlags: String?

    // Not --signer: that option names who signs this transaction (every builder has it).
    @Option(name: .customLong("set-signer"), help: ArgumentHelp("Add or change a signer of the account (weight 0 removes it).", valueName: "G…:WEIGHT"))
    var setSigner: String?

    @Option(name: .customLong("inflation-dest"), help: ArgumentHelp("The inflation destination (kept for completeness).", valueName: "G…"))
    var inflationDest: String?

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(StellarOperationSpec("set-options", [
            "home-domain": homeDomain, "master-weight": masterWeight, "low-threshold": lowThreshold, "med-threshold": medThreshold,
            "high-threshold": highThreshold, "set-flags": setFlags, "clear-flags": clearFlags, "signer": setSigner, "inflation-dest": inflationDest,
        ]))
    }
}
