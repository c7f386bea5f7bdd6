import AirsignCLI
import AirsignICP
import AirsignWatch
import ArgumentParser
import Foundation

/// The options `icp approve` and `icp transfer-from` share: the amount and the ledger.
struct ICRC2Options: ParsableArguments {
    @Option(help: ArgumentHelp("The amount in tokens, exact decimal (1.25).", valueName: "TOKENS"))
    var amount: String

    @Option(
        help: ArgumentHelp(
            "The fee in tokens (default 0.0001 ICP on the ICP ledger; the ledger's own otherwise).", valueName: "TOKENS"
        ))
    var fee: String?

    @Option(help: "A 64-bit memo (its 8 big-endian bytes).")
    var memo: UInt64?

    @Option(help: ArgumentHelp("An ICRC-2 ledger canister other than the ICP ledger.", valueName: "CANISTER"))
    var ledger: String?

    @Option(help: "The token's decimals (with --ledger, for a ledger the signer does not know).")
    var decimals: Int?

    @Option(
        name: .customLong("valid-for"),
        help: ArgumentHelp("Sign expiry windows covering this long (5m…23h).", valueName: "DURATION"))
    var validFor: String?

    func validate() throws {
        if ledger == nil, decimals != nil { throw ValidationError("--decimals goes with --ledger") }
        if let decimals, !(0...38).contains(decimals) { throw ValidationError("--decimals must be 0…38") }
    }

    func common(subaccount: String?) -> ICRC2Builder.Common {
        ICRC2Builder.Common(
            amount: amount, fee: fee, memo: memo, subaccount: subaccount, ledger: ledger, decimals: decimals)
    }
}

struct ICPApproveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Build an ICRC-2 approval: let a spender take up to an amount from this account.",
        discussion: """
            The ledger's icrc2_approve sets the spender's allowance to --amount (it replaces, \
            not adds to, an earlier one). --expected-allowance makes the ledger refuse unless \
            the current allowance is exactly that, --expires-at ends the allowance. The fee is \
            paid by this account now; the spender's transfers pay their own fees from it.
            """)

    @Option(
        help: ArgumentHelp("The sending account: the principal of a watch-only ICP account.", valueName: "PRINCIPAL"))
    var from: String

    @Option(help: ArgumentHelp("The spender: a principal or ICRC-1 account text.", valueName: "ACCOUNT"))
    var spender: String

    @OptionGroup var options: ICRC2Options

    @Option(
        name: .customLong("from-subaccount"),
        help: ArgumentHelp("The approving subaccount, up to 64 hex digits (right-aligned).", valueName: "HEX"))
    var fromSubaccount: String?

    @Option(
        name: .customLong("expected-allowance"),
        help: ArgumentHelp("Refused by the ledger unless the current allowance is exactly this.", valueName: "TOKENS"))
    var expectedAllowance: String?

    @Option(
        name: .customLong("expires-at"),
        help: ArgumentHelp("When the allowance ends, in seconds since 1970 (UTC).", valueName: "SECONDS"))
    var expiresAt: UInt64?

    @OptionGroup var ledgerConsent: ICPLedgerConsentOptions
    @OptionGroup var output: RequestOutputOptions

    func run() throws {
        let now = Int64(Date().timeIntervalSince1970)
        let expires = try expiresAt.map { (s: UInt64) throws in
            let (nanos, overflow) = s.multipliedReportingOverflow(by: ICPTime.nanosPerSecond)
            guard !overflow else { throw ValidationError("--expires-at is too far ahead") }
            return nanos
        }
        let call = try ICRC2Builder.approve(
            options.common(subaccount: fromSubaccount), spender: spender, expectedAllowance: expectedAllowance,
            expiresAt: expires, createdAt: UInt64(now) * ICPTime.nanosPerSecond)
        try ICPActions.ledgerCall(
            from: from, call, validFor: options.validFor, consent: try ledgerConsent.resolved(), output: output,
            now: now,
            summary: "Approval of \(options.amount) for \(spender)")
    }
}

struct ICPTransferFromCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfer-from",
        abstract: "Build an ICRC-2 transfer from an account that approved this one.",
        discussion: """
            The ledger's icrc2_transfer_from moves --amount from --from-account (which approved \
            this account as spender) to --to; the fee comes out of --from-account too.
            """)

    @Option(
        help: ArgumentHelp(
            "The signing account (the spender): a watch-only ICP account's principal.", valueName: "PRINCIPAL"))
    var from: String

    @Option(
        name: .customLong("from-account"),
        help: ArgumentHelp(
            "The approving account the tokens leave: principal or ICRC-1 account text.", valueName: "ACCOUNT"))
    var fromAccount: String

    @Option(help: ArgumentHelp("The destination: a principal or ICRC-1 account text.", valueName: "ACCOUNT"))
    var to: String

    @OptionGroup var options: ICRC2Options

    @Option(
        name: .customLong("spender-subaccount"),
        help: ArgumentHelp("The spender's subaccount the approval named, up to 64 hex digits.", valueName: "HEX"))
    var spenderSubaccount: String?

    @OptionGroup var ledgerConsent: ICPLedgerConsentOptions
    @OptionGroup var output: RequestOutputOptions

    func run() throws {
        let now = Int64(Date().timeIntervalSince1970)
        let call = try ICRC2Builder.transferFrom(
            options.common(subaccount: spenderSubaccount), from: fromAccount, to: to,
            createdAt: UInt64(now) * ICPTime.nanosPerSecond)
        try ICPActions.ledgerCall(
            from: from, call, validFor: options.validFor, consent: try ledgerConsent.resolved(), output: output,
            now: now,
            summary: "Transfer of \(options.amount) from \(fromAccount) to \(to)")
    }
}
