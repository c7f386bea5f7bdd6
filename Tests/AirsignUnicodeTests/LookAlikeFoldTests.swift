import AirsignUnicode
import Testing

/// The look-alike fold: digits merged with the letters they pass for in a terminal font, case
/// aside, on top of the UTS #39 skeleton; nothing else merged.
@Suite struct LookAlikeFoldTests {
    private func same(_ a: String, _ b: String) -> Bool { LookAlikeFold.fold(a) == LookAlikeFold.fold(b) }

    @Test func digitsFoldToTheLettersTheyPassFor() {
        #expect(LookAlikeFold.fold("B0b") == "bob")
        #expect(LookAlikeFold.fold("Al1ce") == "allce")
        #expect(LookAlikeFold.fold("5am") == "sarn")  // "m" is "rn" in the skeleton
        #expect(LookAlikeFold.fold("Z0E") == "zoe")
        #expect(LookAlikeFold.fold("8|I") == "bll")
        let pairs = [
            ("B0b", "Bob"), ("B0b", "bob"), ("8ob", "Bob"), ("Al1ce", "Alice"), ("A1ice", "Alice"), ("AIice", "Alice"),
            ("A|ice", "Alice"), ("5am", "Sam"), ("ZOE", "Z0E"), ("zoe", "Z0E"), ("2oe", "Zoe"), ("Alice1", "Alicel"),
            ("rnallory", "Mallory"),
        ]
        for (a, b) in pairs { #expect(same(a, b), "\(a) \(b)") }
    }

    @Test func whatUTS39AlreadyMergesStaysMerged() {
        // Cyrillic "Сое", full-width "Ａlice": the case-folded skeleton's equalities hold.
        #expect(same("\u{421}\u{43e}\u{435}", "Coe"))
        #expect(same("\u{ff21}\u{ff4c}\u{ff49}\u{ff43}\u{ff45}", "alice"))
        #expect(LookAlikeFold.fold("Caf\u{e9}") == "cafe\u{301}")  // marks kept, in NFD
    }

    @Test func namesThatDifferAtAGlanceStayApart() {
        let pairs = [
            ("Bob", "Rob"), ("Alice2", "Alice3"), ("Alice", "Alicia"), ("6ob", "bob"), ("9eorge", "george"),
            ("7om", "Tom"),
            ("vvill", "will"), ("cl", "d"), ("Sam", "Pam"), ("Zoe", "Zoë"),
        ]
        for (a, b) in pairs { #expect(!same(a, b), "\(a) \(b)") }
        // Every decimal digit stays apart from every other.
        let digits = (0...9).map { LookAlikeFold.fold(String($0)) }
        #expect(Set(digits).count == 10)
    }
}
