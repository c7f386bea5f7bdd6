import AirsignChains
import AirsignKeys
import Testing

@testable import AirsignMessages

/// Contact names that could impersonate another, crafted as an attacker (or a careless paste)
/// would: refused or accepted as UTS #39 says, with the message a person reads.
@Suite struct ContactNameTests {
    static let ethereum = ChainID(Chain.ethereum)
    static let stellar = ChainID(Chain.stellar)
    static let a = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    static let b = "0x3535353535353535353535353535353535353535"
    static let c = "0x4646464646464646464646464646464646464646"
    static let g = "GCNY5OXYSY4FKHOPT2SPOQZAOEIGXB5LBYW3HVU3OWSTQITS65M5RCNY"

    private func contact(_ name: String, _ address: String = a, on chain: ChainID = ethereum) throws(MessagesError)
        -> Contact
    {
        try Contact(chain: chain, name: name, address: address, rules: .standard)
    }

    private func refusal(_ name: String) -> String? {
        do {
            _ = try contact(name)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func namesThatShowAsThemselvesInOneScriptAreAccepted() throws {
        for name in [
            "Alice", "Zo\u{eb}", "Alic\u{65}\u{301}", "\u{416}\u{435}\u{43d}\u{44f}",
            "Bob \u{7530}\u{4e2d}\u{3055}\u{3093}",
            "Kim \u{ae40}\u{c601}", "\u{ff21}\u{ff4c}\u{ff49}\u{ff43}\u{ff45}", "O'Brien (work) #2",
            "Caf\u{e9} \u{2615}", "\u{2764}\u{fe0f} Mum",
            "\u{627}\u{644}\u{639}\u{631}\u{628}\u{64a}\u{629} \u{661}\u{662}",
        ] {
            #expect(refusal(name) == nil, "\(name)")
        }
    }

    @Test func mixedScriptNamesAreRefused() {
        // Latin "Alice" with a Cyrillic "а" (U+0430) and with a Cyrillic "і" (U+0456).
        #expect(
            refusal("\u{430}lice")
                == "contact name: \"\u{430}lice\" (U+0430) mixes the scripts Cyrillic and Latin; a name is written in one "
                + "script (with digits, punctuation and emoji), or in Latin with Han and kana, Bopomofo or Hangul (UTS #39, highly restrictive)"
        )
        #expect(refusal("Al\u{456}ce")?.contains("mixes the scripts Latin and Cyrillic") == true)
        #expect(refusal("p\u{3b1}ypal")?.contains("mixes the scripts Latin and Greek") == true)
        // moderately restrictive is not enough
        #expect(refusal("Ali \u{627}")?.contains("mixes the scripts Latin and Arabic") == true)
    }

    @Test func blankInvisibleAndBaselessCharactersAreRefused() {
        let blank =
            "has a character that would show blank or not at all, or a mark with nothing to sit on (shown escaped here)"
        #expect(refusal("Alice\u{3164}") == "contact name: \"Alice\\u{3164}\" (U+3164) \(blank)")
        for name in [
            "Alice\u{115f}Bob", "A\u{2800}B", "Al\u{34f}ice", "Alice\u{a0}Bob", "\u{301}Alice", "Alice \u{301}Bob",
            "A\u{ffa0}",
        ] {
            #expect(refusal(name)?.contains(blank) == true, "\(refusal(name) ?? name)")
        }
        // Control and format characters, and spaces at either end, keep their own message.
        for name in ["A\u{202e}B", "A\u{200b}B", " Alice", "Alice\n", "Alice \u{301}"] {
            #expect(refusal(name)?.contains("must not contain control or invisible characters") == true, "\(name)")
        }
    }

    @Test func unassignedPrivateUseQuotesDigitsAndRepeatedMarksAreRefused() {
        #expect(
            refusal("Al\u{e000}ce")?.contains(
                "contains U+E000, which is unassigned in Unicode 15.0.0 or for private use") == true)
        #expect(refusal("Al\u{378}ce")?.contains("U+0378") == true)
        for name in ["Bob\") (your account", "Bob \u{201c}main\u{201d}", "Bob\u{ff02}", "Bob''s"] {
            #expect(
                refusal(name)?.contains("contains a quotation mark or a character that looks like one") == true,
                "\(name)")
        }
        #expect(refusal("Bob's") == nil)
        #expect(refusal("8\u{9ea}")?.contains("mixes digits of 2 number systems") == true)  // Bengali four looks like 8
        #expect(refusal("\u{9e7}\u{9ea}") == nil)
        #expect(refusal("Ali\u{307}\u{307}ce")?.contains("puts the mark U+0307 twice on one character") == true)
        #expect(refusal("Al\u{ee}\u{302}ce")?.contains("U+0302") == true)  // î is i + U+0302 in NFD
    }

    @Test func lookAlikeNamesAreRefusedOnEveryChain() throws {
        var book = try AddressBook([try contact("Alice"), try contact("mallory", Self.b), try contact("BOB", Self.c)])
        let cases: [(String, String)] = [
            ("alice", "\"Alice\""), ("ALICE", "\"Alice\""), ("\u{ff21}\u{ff4c}\u{ff49}\u{ff43}\u{ff45}", "\"Alice\""),
            ("rnallory", "\"mallory\""), ("B0B", "\"BOB\""), ("bob", "\"BOB\""),
        ]
        for (name, existing) in cases {
            #expect(throws: MessagesError.self, "\(name)") { try book.add(try contact(name, Self.g, on: Self.stellar)) }
            do {
                try book.checkDistinct(name)
            } catch {
                #expect(
                    error.description.contains(
                        "looks like the ethereum contact \(existing) (their UTS #39 skeletons are equal)"), "\(error)")
            }
        }
        // The very same name on another chain is the same person: accepted.
        try book.add(try contact("Alice", Self.g, on: Self.stellar))
        #expect(book.contacts(on: Self.stellar).map(\.name) == ["Alice"])
        #expect(ContactName.Skeletons("Alice").confusable(with: ContactName.Skeletons("alice")))
        #expect(!ContactName.Skeletons("Alice").confusable(with: ContactName.Skeletons("Alicia")))
    }

    /// Digits the Unicode confusables leave apart from letters, and "i" beside "l": "B0b" for
    /// an attacker's address beside the person's "Bob" reads as "Bob" in a terminal.
    @Test func digitLetterLookAlikesAreRefused() throws {
        let book = try AddressBook([try contact("Bob"), try contact("Alice", Self.b), try contact("Sam", Self.c)])
        let digits =
            "(0 and O, 1, l, I and i, 5 and S, 2 and Z, 8 and B pass for one another): pick a name that differs at a glance"
        let cases: [(String, String)] = [
            ("B0b", "Bob"), ("b0b", "Bob"), ("8ob", "Bob"), ("Al1ce", "Alice"), ("ALlCE", "Alice"), ("5am", "Sam"),
            ("5AM", "Sam"),
        ]
        for (name, existing) in cases {
            let reason = "\"\(name)\" looks like the ethereum contact \"\(existing)\" \(digits)"
            #expect(throws: MessagesError.invalidContact(field: "name", reason: reason)) {
                try book.checkDistinct(name)
            }
        }
        // What UTS #39 merges keeps its own words: "A1ice" and "Alice" share a skeleton.
        #expect(
            throws: MessagesError.invalidContact(
                field: "name",
                reason: "\"A1ice\" looks like the ethereum contact \"Alice\" "
                    + "(their UTS #39 skeletons are equal): pick a name that differs at a glance")
        ) {
            try book.checkDistinct("A1ice")
        }
        // Through `add`, on another chain too.
        var added = book
        #expect(
            throws: MessagesError.invalidContact(
                field: "name", reason: "\"B0b\" looks like the ethereum contact \"Bob\" \(digits)")
        ) {
            try added.add(try contact("B0b", Self.g, on: Self.stellar))
        }
        // "ZOE" and "Z0E" share a skeleton as written; "zoe" and "Z0E" only once folded.
        let zoe = try AddressBook([try contact("ZOE")])
        #expect(
            throws: MessagesError.invalidContact(
                field: "name",
                reason: "\"Z0E\" looks like the ethereum contact \"ZOE\" "
                    + "(their UTS #39 skeletons are equal): pick a name that differs at a glance")
        ) {
            try zoe.checkDistinct("Z0E")
        }
        let z0e = try AddressBook([try contact("Z0E")])
        for name in ["zoe", "2oe", "ZOE"] {
            #expect(throws: MessagesError.self, "\(name)") { try z0e.checkDistinct(name) }
        }
        #expect(
            throws: MessagesError.invalidContact(
                field: "name", reason: "\"2oe\" looks like the ethereum contact \"Z0E\" \(digits)")
        ) {
            try z0e.checkDistinct("2oe")
        }
    }

    @Test func namesThatDifferAtAGlanceStayAllowed() throws {
        var book = try AddressBook([try contact("Bob"), try contact("Alice2", Self.b)])
        try book.add(try contact("Rob", Self.c))
        try book.add(try contact("Alice3", Self.g, on: Self.stellar))
        #expect(book.contacts.map(\.name) == ["Alice2", "Bob", "Rob", "Alice3"])
        // "Alice1" and "Alicel" differ only by a one and an ell.
        let ones = try AddressBook([try contact("Alice1")])
        #expect(
            throws: MessagesError.invalidContact(
                field: "name",
                reason: "\"Alicel\" looks like the ethereum contact \"Alice1\" "
                    + "(their UTS #39 skeletons are equal): pick a name that differs at a glance")
        ) {
            try ones.checkDistinct("Alicel")
        }
        try ones.checkDistinct("Alice2")
        #expect(!ContactName.looksAlike("Bob", "Rob"))
        #expect(!ContactName.looksAlike("Alice2", "Alice3"))
        #expect(ContactName.looksAlike("B0b", "Bob"))
    }

    @Test func aWholeScriptLookAlikeNamesBothContacts() throws {
        // Cyrillic "Сое" is one script, so it passes on its own, but it reads as Latin "Coe".
        var book = try AddressBook([try contact("Coe")])
        let impostor = try contact("\u{421}\u{43e}\u{435}", Self.g, on: Self.stellar)
        #expect(
            throws: MessagesError.invalidContact(
                field: "name",
                reason: "\"\u{421}\u{43e}\u{435}\" (U+0421 U+043E U+0435) looks like the ethereum "
                    + "contact \"Coe\" (their UTS #39 skeletons are equal): pick a name that differs at a glance")
        ) {
            try book.add(impostor)
        }
    }

    @Test func keyNamesAreNotImitated() throws {
        #expect(
            throws: MessagesError.invalidContact(
                field: "name",
                reason: "\"rnain\" looks like \"main\", the name of one of your keys; "
                    + "the review would read as one of your own accounts")
        ) {
            try ContactName.checkDistinct("rnain", fromKeyNames: ["savings", "main"])
        }
        #expect(throws: MessagesError.self) { try ContactName.checkDistinct("Main", fromKeyNames: ["main"]) }
        #expect(throws: MessagesError.self) { try ContactName.checkDistinct("main", fromKeyNames: ["main"]) }
        try ContactName.checkDistinct("Maine", fromKeyNames: ["main"])
    }

    @Test func keyNamesAreNotImitatedWithDigits() throws {
        let keys = "the name of one of your keys; the review would read as one of your own accounts"
        // A contact that looks like a key, and a contact a key looks like.
        for (name, key) in [
            ("B0b", "Bob"), ("Bob", "B0b"), ("Al1ce", "Alice"), ("Alice", "Al1ce"), ("5am", "Sam"), ("sam", "5AM"),
            ("z0e", "ZOE"),
        ] {
            #expect(
                throws: MessagesError.invalidContact(
                    field: "name", reason: "\"\(name)\" looks like \"\(key)\", \(keys)")
            ) {
                try ContactName.checkDistinct(name, fromKeyNames: ["savings", key])
            }
        }
        try ContactName.checkDistinct("Rob", fromKeyNames: ["Bob", "B0b"])
        try ContactName.checkDistinct("Alice3", fromKeyNames: ["Alice2"])
    }

    /// contacts.json as an attacker with access to the file would edit it: a Cyrillic "Сое" for
    /// their own address beside the person's "Coe", and a Latin-Cyrillic "Аlice".
    static let handEdited = """
        {"airsign":"contacts","version":1,"contacts":[{"chain":"ethereum","name":"Coe","address":"\(a)"},\
        {"chain":"stellar","name":"\u{421}\u{43e}\u{435}","address":"\(g)"},{"chain":"ethereum","name":"\u{410}lice","address":"\(b)"}]}
        """

    @Test func aHandEditedLookAlikeIsRefusedWhenTheBookIsRead() throws {
        #expect(
            throws: MessagesError.invalidContact(
                field: "file contacts.json",
                reason: "field \"contacts[1]\": contact name: \"\u{421}\u{43e}\u{435}\" "
                    + "(U+0421 U+043E U+0435) looks like the ethereum contact \"Coe\" (their UTS #39 skeletons are equal): pick a name that differs "
                    + "at a glance; `airsign-signer contact list` shows every such name and `contact remove` removes one"
            )
        ) {
            try AddressBook.parse(Array(Self.handEdited.utf8), path: "contacts.json", rules: .standard)
        }
        // Read for repair, every contact is kept and each refused name is reported.
        var (book, problems) = try AddressBook.parseForRepair(
            Array(Self.handEdited.utf8), path: "contacts.json", rules: .standard)
        #expect(book.contacts.count == 3)
        #expect(problems.map(\.contact.name) == ["\u{421}\u{43e}\u{435}", "\u{410}lice"])
        #expect(problems[1].reason.contains("mixes the scripts Cyrillic and Latin"))
        try book.remove(name: "\u{421}\u{43e}\u{435}", chain: Self.stellar)
        try book.remove(name: "\u{410}lice", chain: Self.ethereum)
        #expect(try AddressBook.parse(book.fileBytes, path: "contacts.json", rules: .standard) == book)
    }

    @Test func removalFindsANameByItsEscapedForm() throws {
        let text =
            "{\"airsign\":\"contacts\",\"version\":1,\"contacts\":[{\"chain\":\"ethereum\",\"name\":\"Alice\\u3164\",\"address\":\"\(Self.a)\"}]}"
        var (book, problems) = try AddressBook.parseForRepair(Array(text.utf8), path: "contacts.json", rules: .standard)
        #expect(problems.map(\.contact.name) == ["Alice\u{3164}"])
        try book.remove(name: "Alice\\u{3164}", chain: Self.ethereum)
        #expect(book.contacts.isEmpty)
    }
}
