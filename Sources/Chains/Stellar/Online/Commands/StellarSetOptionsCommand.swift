import AirsignStellar
import ArgumentParser

struct StellarSetOptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-options", abstract: "Change the account's signers, thresholds, flags or home domain.")

    @Option(
        name: .customLong("home-domain"), help: ArgumentHelp("At most 32 bytes.", valueName: "DOMAIN"),
        transform: StellarOperations.homeDomain)
    var homeDomain: [UInt8]?

    @Option(
        name: .customLong("master-weight"), help: ArgumentHelp("0 to 255.", valueName: "N"),
        transform: { try StellarOperations.weight($0, "master-weight") })
    var masterWeight: UInt32?

    @Option(
        name: .customLong("low-threshold"), help: ArgumentHelp("0 to 255.", valueName: "N"),
        transform: { try StellarOperations.weight($0, "low-threshold") })
    var lowThreshold: UInt32?

    @Option(
        name: .customLong("med-threshold"), help: ArgumentHelp("0 to 255.", valueName: "N"),
        transform: { try StellarOperations.weight($0, "med-threshold") })
    var medThreshold: UInt32?

    @Option(
        name: .customLong("high-threshold"), help: ArgumentHelp("0 to 255.", valueName: "N"),
        transform: { try StellarOperations.weight($0, "high-threshold") })
    var highThreshold: UInt32?

    @Option(
        name: .customLong("set-flags"),
        help: ArgumentHelp(
            "auth-required,auth-revocable,auth-immutable,clawback-enabled or a number.", valueName: "FLAGS"),
        transform: { try StellarOperations.flags($0, "set-flags") })
    var setFlags: UInt32?

    @Option(
        name: .customLong("clear-flags"), help: ArgumentHelp("Flags to clear, as for --set-flags.", valueName: "FLAGS"),
        transform: { try StellarOperations.flags($0, "clear-flags") })
    var clearFlags: UInt32?

    // Not --signer: that option names who signs this transaction (every builder has it).
    @Option(
        name: .customLong("set-signer"),
        help: ArgumentHelp("Add or change a signer of the account (weight 0 removes it).", valueName: "G…:WEIGHT"),
        transform: StellarOperations.signer)
    var setSigner: Signer?

    @Option(
        name: .customLong("inflation-dest"),
        help: ArgumentHelp("The inflation destination (kept for completeness).", valueName: "G…"),
        transform: AccountID.parse)
    var inflationDest: AccountID?

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(
            .setOptions(
                SetOptions(
                    inflationDest: inflationDest, clearFlags: clearFlags, setFlags: setFlags,
                    masterWeight: masterWeight, lowThreshold: lowThreshold,
                    medThreshold: medThreshold, highThreshold: highThreshold, homeDomain: homeDomain, signer: setSigner)
            ))
    }
}
