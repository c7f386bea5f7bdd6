import AirsignChains
import AirsignKeys
import AirsignMessages
import AirsignUnicode

extension FuzzTarget {
    /// The address book file (which anyone who can write the signer home can edit) read both
    /// ways, and the input as a contact name through the UTS #39 rules.
    static let contacts = FuzzTarget(
        name: "contacts", summary: "contacts.json read strictly and for repair; contact names through the UTS #39 rules"
    ) { input throws(FuzzViolation) in
        if let book = try? AddressBook.parse(input, path: "fuzz.json", rules: .standard) {
            // What a strict read accepts, it writes back the same and reads again without problems.
            let again = try? AddressBook.parseForRepair(book.fileBytes, path: "fuzz.json", rules: .standard)
            try FuzzViolation.check(
                again?.book == book && again?.problems.isEmpty == true,
                "an accepted address book does not read back the same")
        }
        if let (book, problems) = try? AddressBook.parseForRepair(input, path: "fuzz.json", rules: .standard) {
            try FuzzViolation.check(
                problems.allSatisfy { book.contacts.contains($0.contact) }, "a reported name is not in the book")
        }
        let name = input.fuzzText
        _ = ConfusableSkeleton.caseFoldedSkeleton(name)
        if (try? Contact(
            chain: ChainID(Chain.ethereum), name: name, address: "0x3535353535353535353535353535353535353535",
            rules: .standard)) != nil
        {
            try FuzzViolation.check(
                MessageText.escaped(name) == name && RestrictionLevel(of: name) <= .highlyRestrictive,
                "an accepted name is escaped when shown, or mixes scripts")
        }
    }
}
