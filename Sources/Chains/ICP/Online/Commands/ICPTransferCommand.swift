import AirsignCLI
import AirsignWatch
import ArgumentParser

struct ICPTransferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfer",
        abstract: "Build a ledger transfer from a watch-only ICP account.",
        discussion: """
            TO is a 64-hex account identifier (the ICP ledger's `transfer`) or a principal or \
            ICRC-1 account text (`icrc1_transfer`), as quill does. --ledger sends an ICRC-1 \
            transfer to another token's ledger (--decimals needed unless the ledger is known). \
            created_at_time is set to now, so the ledger executes the transfer at most once. \
            --valid-for 2h signs the same transfer in consecutive 5-minute expiry windows, so it \
            can be sent any time in the next 2 hours (see docs/chains/icp.md).
            """)

    @Option(
        help: ArgumentHelp("The sending account: the principal of a watch-only ICP account.", valueName: "PRINCIPAL"))
    var from: String

    @Option(
        help: ArgumentHelp("The destination: 64-hex account id, principal, or ICRC-1 account text.", valueName: "TO"))
    var to: String

    @Option(help: ArgumentHelp("The amount in tokens, exact decimal (1.25).", valueName: "TOKENS"))
    var amount: String

    @Option(
        help: ArgumentHelp(
            "The fee in tokens (default 0.0001 ICP on the ICP ledger; the ledger's own otherwise).", valueName: "TOKENS"
        ))
    var fee: String?

    @Option(help: "A 64-bit memo (ICRC-1: its 8 big-endian bytes).")
    var memo: UInt64?

    @Option(
        name: .customLong("from-subaccount"),
        help: ArgumentHelp("The sending subaccount, up to 64 hex digits (right-aligned).", valueName: "HEX"))
    var fromSubaccount: String?

    @Option(help: ArgumentHelp("An ICRC-1 ledger canister other than the ICP ledger.", valueName: "CANISTER"))
    var ledger: String?

    @Option(help: "The token's decimals (with --ledger).")
    var decimals: Int?

    @Option(help: "The token's symbol, for messages (with --ledger).")
    var symbol: String?

    @Option(
        name: .customLong("valid-for"),
        help: ArgumentHelp("Sign expiry windows covering this long (5m…23h).", valueName: "DURATION"))
    var validFor: String?

    @OptionGroup var ledgerConsent: ICPLedgerConsentOptions
    @OptionGroup var output: RequestOutputOptions

    func validate() throws {
        if ledger == nil, decimals != nil || symbol != nil {
            throw ValidationError("--decimals and --symbol go with --ledger")
        }
        if let decimals, !(0...38).contains(decimals) { throw ValidationError("--decimals must be 0…38") }
    }

    func run() throws {
        let transfer = ICPRequestBuilder.Transfer(
            to: to, amount: amount, fee: fee, memo: memo, fromSubaccount: fromSubaccount,
            ledger: ledger, decimals: decimals, symbol: symbol)
        try ICPActions.transfer(
            from: from, transfer, validFor: validFor, consent: try ledgerConsent.resolved(), output: output)
    }
}
