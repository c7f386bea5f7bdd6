import AirsignCLI
import AirsignICP
import AirsignWatch
import ArgumentParser

struct ICPCallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Build an update call to any canister from a watch-only ICP account.",
        discussion: """
            `icp call CANISTER METHOD --args '(record { … })'` checks the Candid text against \
            the method's argument types and encodes it. The interface comes from --did FILE, \
            else from the signer's built-in interfaces (ICP and ICRC ledgers, NNS governance, \
            the cycles minting canister), else from the canister's candid:service metadata \
            read from --url in a certificate verified against the root key (--root-key). For other canisters the request carries the method's interface, \
            so the signer can name the arguments (it checks every name against the message's \
            field ids and still asks for --blind). --arg-hex takes raw Candid bytes instead. \
            --valid-for is refused unless the call is a ledger transfer or approval, which the \
            ledger deduplicates. Where the canister lists ICRC-21 (icrc10_supported_standards), \
            its consent message for exactly this call is fetched from --url as an update call \
            and attached with the certificate of its reply, which the signer verifies against \
            the IC root key and shows; --no-consent skips it.
            """)

    @Argument(
        help: ArgumentHelp("The canister id (principal text), then the method name.", valueName: "CANISTER METHOD"))
    var target: [String] = []

    @Option(
        help: ArgumentHelp("The sending account: the principal of a watch-only ICP account.", valueName: "PRINCIPAL"))
    var from: String

    @Option(help: ArgumentHelp("The canister id (instead of CANISTER).", valueName: "CANISTER"))
    var canister: String?

    @Option(help: "The method name (instead of METHOD).")
    var method: String?

    @Option(
        help: ArgumentHelp(
            "The arguments as Candid text, e.g. '(record { to = principal \"…\"; amount = 1_000 : nat })'.",
            valueName: "TEXT"))
    var args: String?

    @Option(help: ArgumentHelp("The canister's interface (.did file) to check --args against.", valueName: "FILE"))
    var did: String?

    @Option(
        name: .customLong("arg-hex"),
        help: ArgumentHelp("The Candid-encoded arguments (DIDL…) in hex, instead of --args.", valueName: "HEX"))
    var argHex: String?

    @Option(
        help: ArgumentHelp("The IC's HTTPS endpoint, to read a canister's candid:service metadata.", valueName: "URL"))
    var url = "https://icp-api.io"

    @Option(
        name: .customLong("valid-for"),
        help: ArgumentHelp("Refused unless the call is a ledger transfer or approval.", valueName: "DURATION"))
    var validFor: String?

    @Flag(
        name: .customLong("no-consent"),
        help: "Build the call without asking the canister for its ICRC-21 consent message.")
    var noConsent = false

    @Option(help: ArgumentHelp("The language of the consent message (a BCP-47 tag).", valueName: "TAG"))
    var language = "en"

    @Option(
        name: .customLong("consent-display"),
        help: ArgumentHelp("The consent message's form: fields, generic or lines.", valueName: "FORM"))
    var consentDisplay = "fields"

    @OptionGroup var rootKey: ICPRootKeyOptions
    @OptionGroup var output: RequestOutputOptions

    func validate() throws {
        let named = canister != nil || method != nil
        if named, !target.isEmpty { throw ValidationError("give CANISTER METHOD or --canister and --method, not both") }
        if named ? (canister == nil || method == nil) : target.count != 2 {
            throw ValidationError("give CANISTER and METHOD")
        }
        if (method ?? target.last ?? "").isEmpty { throw ValidationError("METHOD must not be empty") }
        if (args == nil) == (argHex == nil) {
            throw ValidationError("give the arguments as --args TEXT or --arg-hex HEX (one of them)")
        }
        if did != nil, args == nil { throw ValidationError("--did goes with --args") }
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw ValidationError("--url must start with https:// or http://")
        }
        guard ICPActions.Consent.display(consentDisplay) != nil else {
            throw ValidationError("--consent-display is fields, generic or lines")
        }
        guard !language.isEmpty, language.utf8.count <= 35 else { throw ValidationError("--language is a BCP-47 tag") }
    }

    var display: ICRC21ConsentRequest.Display { ICPActions.Consent.display(consentDisplay) ?? .fields }

    func run() throws {
        let arguments: ICPActions.CallArguments =
            try args.map { .text($0, did: did, url: url, verifier: try rootKey.verifier()) } ?? .hex(argHex ?? "")
        let consent =
            noConsent
            ? nil
            : ICPActions.Consent(url: url, verifier: try rootKey.verifier(), language: language, display: display)
        try ICPActions.call(
            from: from, canister: canister ?? target[0], method: method ?? target[1], arguments: arguments,
            validFor: validFor, consent: consent, output: output)
    }
}
