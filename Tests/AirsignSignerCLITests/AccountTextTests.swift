import AirsignChains
import AirsignCrypto
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import Testing

/// `account list` and the account details show a Substrate path's junctions, which are free
/// text, escaped: a junction cannot reverse or hide the columns around it.
@Suite struct AccountTextTests {
    @Test func pathJunctionsAreShownEscaped() throws {
        let uri = try SecretURI(
            parsing: SecureBytes(copying: Array("//Al\u{202e}ice//\u{3164}".utf8)), allowDevelopmentPhrase: true)
        let account = try AccountRules.standard.derive(uri: uri, scheme: .sr25519, ss58Prefix: 0).account
        let key = try KeyMetadata(
            name: KeyName("main"), kind: "uri", accounts: [account], created: "2026-01-01T00:00:00Z")
        let table = AccountText.table([key])
        #expect(table.contains("//Al\\u{202e}ice//\\u{3164}"), "\(table)")
        #expect(!table.unicodeScalars.contains("\u{202e}"))
        #expect(AccountText.details(account)[0].hasSuffix("//Al\\u{202e}ice//\\u{3164}"))
    }
}
