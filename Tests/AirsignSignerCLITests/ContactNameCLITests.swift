import Foundation
import Testing

/// Contact names through the built `airsign-signer`: look-alikes of a contact or of a key name
/// are refused at `contact add`; an address book edited by hand to hold one stops `inspect` and
/// `sign` until `contact remove` takes it out; names are shown escaped wherever they appear.
@Suite struct ContactNameCLITests {
    typealias Home = SignerCLITests.Home
    static let ethereumAddress = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    static let recipient = "0x3535353535353535353535353535353535353535"

    @Test func lookAlikesOfContactsAndKeysAreRefused() throws {
        let home = try StellarSignerCLITests.keystore()  // holds the key "sep5"
        let stellar = StellarSignerCLITests.destination
        #expect(try home.signer(["contact", "add", "--chain", "ethereum", "Alice", Self.ethereumAddress]).status == 0)

        let refusals = [
            ("\u{410}lice", "contact name: \"\u{410}lice\" (U+0410) mixes the scripts Cyrillic and Latin"),
            ("alice", "\"alice\" looks like the ethereum contact \"Alice\""),
            ("Alice\u{3164}", "\"Alice\\u{3164}\" (U+3164) has a character that would show blank"),
            ("SEP5", "\"SEP5\" looks like \"sep5\", the name of one of your keys"),
        ]
        for (name, message) in refusals {
            let refused = try home.signer(["contact", "add", "--chain", "stellar", name, stellar])
            #expect(refused.status == 3)
            #expect(refused.stderr.contains(message), "\(refused.stderr)")
        }

        // The same name on another chain is the same person.
        #expect(try home.signer(["contact", "add", "--chain", "stellar", "Alice", stellar]).status == 0)
        let list = try home.signer(["contact", "list"])
        #expect(list.stderr == "ethereum   Alice  \(Self.ethereumAddress)\nstellar    Alice  \(stellar)\n")
    }

    /// The other way round: `key import` (and `key generate`, through the same check) refuses a
    /// name that looks like another key's or a contact's, before any secret or PIN is read.
    @Test func newKeyNamesThatLookLikeAKeyOrAContactAreRefused() throws {
        let home = try StellarSignerCLITests.keystore()  // holds the key "sep5"
        #expect(try home.signer(["contact", "add", "--chain", "ethereum", "B0b", Self.ethereumAddress]).status == 0)
        let key =
            "cannot be a key name: it looks like \"sep5\", the name of another of your keys; pick a name that differs at a glance\n"
        let refusals = [
            ("seps", "\"seps\" \(key)"),
            ("SEP5", "\"SEP5\" \(key)"),
            (
                "Bob",
                "\"Bob\" cannot be a key name: it looks like \"B0b\", the name of your ethereum contact; the review would read their "
                    + "address as one of your own accounts\n"
            ),
        ]
        for (name, message) in refusals {
            // No --from: a name refused before the secret is asked for never reaches the prompt.
            let refused = try home.signer(["key", "import", name, "--kind", "phrase", "--pin-file", home.pinFile])
            #expect(refused.status == 3)
            #expect(refused.stderr.hasSuffix(message), "\(refused.stderr)")
        }
        let contact = try home.signer([
            "contact", "add", "--chain", "stellar", "5EP5", StellarSignerCLITests.destination,
        ])
        #expect(contact.status == 3)
        #expect(
            contact.stderr.contains("\"5EP5\" looks like \"sep5\", the name of one of your keys"), "\(contact.stderr)")
    }

    /// contacts.json as an attacker who can write it would leave it: a Cyrillic "Сое" for the
    /// recipient beside the person's Latin "Coe", and a name ending in a Hangul filler.
    static func handEditedBook(_ home: Home) {
        let text = """
            {"airsign":"contacts","version":1,"contacts":[\
            {"chain":"ethereum","name":"Coe","address":"\(ethereumAddress)"},\
            {"chain":"ethereum","name":"\u{421}\u{43e}\u{435}","address":"\(recipient)"},\
            {"chain":"ethereum","name":"Bob\u{3164}","address":"0x4646464646464646464646464646464646464646"}]}
            """
        _ = FileManager.default.createFile(atPath: home.signerHome + "/contacts.json", contents: Data(text.utf8))
    }

    @Test func aHandEditedLookAlikeStopsTheReviewUntilRemoved() throws {
        let home = Home()
        try home.initialize()
        Self.handEditedBook(home)
        let request = home.file("request.json", SignerCLITests.ethereumRequest)

        let inspect = try home.signer(["inspect", request])
        #expect(inspect.status == 3)
        #expect(
            inspect.stderr.contains(
                "contacts.json: field \"contacts[1]\": contact name: \"\u{421}\u{43e}\u{435}\" (U+0421 U+043E U+0435) "
                    + "looks like the ethereum contact \"Coe\""), "\(inspect.stderr)")
        #expect(
            inspect.stderr.contains(
                "`airsign-signer contact list` shows every such name and `contact remove` removes one"))
        #expect(!inspect.stdout.contains("\u{421}\u{43e}\u{435}"))

        // The list shows every contact, names escaped, with what to do about each refused name.
        let list = try home.signer(["contact", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stderr.contains("ethereum   Bob\\u{3164}  0x4646464646464646464646464646464646464646\n"),
            "\(list.stderr)")
        #expect(
            list.stderr.contains(
                "remove it with: airsign-signer contact remove --chain ethereum '\u{421}\u{43e}\u{435}'\n"),
            "\(list.stderr)")
        #expect(
            list.stderr.contains("remove it with: airsign-signer contact remove --chain ethereum 'Bob\\u{3164}'\n"),
            "\(list.stderr)")
        #expect(!list.stderr.contains("\u{3164}"))
        let json = try home.signer(["contact", "list", "--json"])
        #expect(json.stdout.contains("\"name\":\"Bob\\u3164\""), "\(json.stdout)")
        #expect(json.stdout.contains("\"name\":\"\\u0421\\u043e\\u0435\""), "\(json.stdout)")
        #expect(json.stdout.unicodeScalars.allSatisfy { $0.isASCII })

        // Removed by name, or by the escaped name the list shows.
        let removed = try home.signer(["contact", "remove", "--chain", "ethereum", "\u{421}\u{43e}\u{435}"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let filler = try home.signer(["contact", "remove", "--chain", "ethereum", "Bob\\u{3164}"])
        #expect(filler.status == 0, "\(filler.stderr)")
        #expect(filler.stderr == "Removed the ethereum contact \"Bob\\u{3164}\".\n")
        #expect(try home.signer(["contact", "list"]).stderr == "ethereum   Coe  \(Self.ethereumAddress)\n")
        let again = try home.signer(["inspect", request])
        #expect(!again.stderr.contains("contacts.json"), "\(again.stderr)")
        #expect((again.stdout + again.stderr).contains("\(Self.recipient) (not in your contacts)"))
    }
}
