import AirsignCLI
import AirsignICP
import ArgumentParser

/// `--consent`: the ledger commands (`icp transfer`, `approve`, `transfer-from`) build offline
/// unless asked; with it they fetch the ledger's ICRC-21 consent message from --url, as
/// `icp call` does by default, so the signer shows both its own reading and the ledger's words.
struct ICPLedgerConsentOptions: ParsableArguments {
    @Flag(help: "Attach the ledger's ICRC-21 consent message, fetched from --url (the ledgers implement ICRC-21).")
    var consent = false

    @Option(help: ArgumentHelp("The IC's HTTPS endpoint, with --consent.", valueName: "URL"))
    var url = "https://icp-api.io"

    @Option(help: ArgumentHelp("The language of the consent message (a BCP-47 tag), with --consent.", valueName: "TAG"))
    var language = "en"

    @Option(
        name: .customLong("consent-display"),
        help: ArgumentHelp("The consent message's form: fields, generic or lines.", valueName: "FORM"))
    var consentDisplay = "fields"

    @OptionGroup var rootKey: ICPRootKeyOptions

    func validate() throws {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw ValidationError("--url must start with https:// or http://")
        }
        guard ICPActions.Consent.display(consentDisplay) != nil else {
            throw ValidationError("--consent-display is fields, generic or lines")
        }
        guard !language.isEmpty, language.utf8.count <= 35 else { throw ValidationError("--language is a BCP-47 tag") }
    }

    /// What to fetch, or nil without --consent.
    func resolved() throws -> ICPActions.Consent? {
        guard consent, let display = ICPActions.Consent.display(consentDisplay) else { return nil }
        return ICPActions.Consent(url: url, verifier: try rootKey.verifier(), language: language, display: display)
    }
}
