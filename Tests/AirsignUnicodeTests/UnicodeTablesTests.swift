import Testing

@testable import AirsignUnicode

/// The generated Unicode 15.0 tables and the algorithms on them, on values read from the
/// Unicode data files themselves (UnicodeData.txt, DerivedNormalizationProps.txt, Scripts.txt,
/// ScriptExtensions.txt and confusables.txt of 15.0.0). The interop suite compares every code
/// point with ICU 72 (Tests/interop/unicode).
@Suite struct UnicodeTablesTests {
    private func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test func everyTableParsesToTheGeneratorsCount() {
        // Touching each table parses it; a count that differs from the generator's stops the program.
        #expect(UnicodeProperties.version == "15.0.0")
        #expect(scalars(UnicodeProperties.nfd("\u{e9}")) == [0x65, 0x301])
        #expect(scalars(UnicodeProperties.nfkcCasefoldNFD("A")) == [0x61])
        #expect(ConfusableSkeleton.skeleton("m") == "rn")
        #expect(UnicodeProperties.script("a") == "Latn")
        #expect(UnicodeProperties.scriptExtensions("\u{640}").contains("Syrc"))
        #expect(UnicodeScripts.names.count == UnicodeScriptData.scriptNamesCount)
    }

    @Test func nfdDecomposesFullyAndOrdersMarks() {
        // U+1E69 LATIN SMALL LETTER S WITH DOT BELOW AND DOT ABOVE: 1E61 0323, and 1E61 is 0073 0307.
        #expect(scalars(UnicodeProperties.nfd("\u{1e69}")) == [0x73, 0x323, 0x307])
        // Marks are ordered by combining class (0323 is 220, 0301 is 230), stably within a class.
        #expect(scalars(UnicodeProperties.nfd("a\u{301}\u{323}")) == [0x61, 0x323, 0x301])
        #expect(scalars(UnicodeProperties.nfd("a\u{301}\u{300}")) == [0x61, 0x301, 0x300])
        // A starter stops the reordering.
        #expect(scalars(UnicodeProperties.nfd("a\u{301}b\u{323}")) == [0x61, 0x301, 0x62, 0x323])
        // Hangul syllables by arithmetic: U+AC01 is 1100 1161 11A8, U+AC00 has no trailing jamo.
        #expect(scalars(UnicodeProperties.nfd("\u{ac01}\u{ac00}")) == [0x1100, 0x1161, 0x11a8, 0x1100, 0x1161])
        #expect(scalars(UnicodeProperties.nfd("\u{d7a3}")) == [0x1112, 0x1175, 0x11c2])
        // Compatibility forms stay: NFD is canonical only.
        #expect(scalars(UnicodeProperties.nfd("\u{fb01}\u{ff21}")) == [0xfb01, 0xff21])
    }

    @Test func nfkcCasefoldFoldsCaseWidthAndIgnorables() {
        #expect(scalars(UnicodeProperties.nfkcCasefoldNFD("\u{ff21}l\u{130}")) == [0x61, 0x6c, 0x69, 0x307])
        #expect(scalars(UnicodeProperties.nfkcCasefoldNFD("\u{fb01}\u{df}")) == [0x66, 0x69, 0x73, 0x73])
        // Default-ignorables go: the Hangul filler, a variation selector, a zero-width joiner.
        #expect(scalars(UnicodeProperties.nfkcCasefoldNFD("a\u{3164}b\u{fe0f}c\u{200d}")) == [0x61, 0x62, 0x63])
        #expect(scalars(UnicodeProperties.nfkcCasefoldNFD("\u{c5}")) == [0x61, 0x30a])
    }

    @Test func scriptsAndTheirExtensions() {
        #expect(UnicodeProperties.script("\u{430}") == "Cyrl")
        #expect(UnicodeProperties.script("1") == "Zyyy")
        #expect(UnicodeProperties.script("\u{301}") == "Zinh")
        #expect(UnicodeProperties.script("\u{378}") == "Zzzz")  // unassigned
        #expect(UnicodeProperties.script("\u{e000}") == "Zzzz")  // private use
        // KATAKANA-HIRAGANA PROLONGED SOUND MARK
        #expect(UnicodeProperties.scriptExtensions("\u{30fc}") == ["Hira", "Kana"])
        #expect(UnicodeProperties.scriptExtensions("a") == ["Latn"])
        #expect(
            UnicodeScripts.augmented("\u{4e2d}")
                == ScriptSet([
                    UnicodeScripts.han, UnicodeScripts.hanWithBopomofo, UnicodeScripts.japanese, UnicodeScripts.korean,
                ]))
        #expect(UnicodeScripts.augmented("!") == .all)
        #expect(UnicodeScripts.name(UnicodeScripts.index("Aghb")) == "Caucasian Albanian")
    }

    @Test func skeletonsOfKnownConfusables() {
        #expect(ConfusableSkeleton.skeleton("\u{430}lice") == ConfusableSkeleton.skeleton("alice"))  // Cyrillic a
        #expect(ConfusableSkeleton.skeleton("0") == ConfusableSkeleton.skeleton("O"))
        #expect(ConfusableSkeleton.skeleton("I") == ConfusableSkeleton.skeleton("l"))
        #expect(ConfusableSkeleton.skeleton("mallory") == ConfusableSkeleton.skeleton("rnallory"))
        #expect(ConfusableSkeleton.skeleton("\"") == "''")
        #expect(ConfusableSkeleton.skeleton("Alice") != ConfusableSkeleton.skeleton("alice"))
        #expect(ConfusableSkeleton.caseFoldedSkeleton("Alice") == ConfusableSkeleton.caseFoldedSkeleton("alice"))
        #expect(ConfusableSkeleton.caseFoldedSkeleton("\u{ff21}lice") == ConfusableSkeleton.caseFoldedSkeleton("alice"))
        // An accent is no look-alike of its absence.
        #expect(ConfusableSkeleton.caseFoldedSkeleton("Alic\u{e9}") != ConfusableSkeleton.caseFoldedSkeleton("Alice"))
    }

    @Test func restrictionLevels() {
        #expect(RestrictionLevel(of: "Alice 2") == .ascii)
        #expect(RestrictionLevel(of: "Zo\u{eb}") == .singleScript)
        #expect(RestrictionLevel(of: "\u{416}\u{435}\u{43d}\u{44f} 1") == .singleScript)  // Cyrillic with a digit
        // Han, Hiragana, Katakana: Japanese
        #expect(RestrictionLevel(of: "\u{65e5}\u{672c}\u{3072}\u{30ab}") == .singleScript)
        // Latin with Japanese
        #expect(RestrictionLevel(of: "Bob \u{7530}\u{4e2d}\u{3055}\u{3093}") == .highlyRestrictive)
        #expect(RestrictionLevel(of: "Kim \u{ae40}") == .highlyRestrictive)  // Latin with Hangul
        #expect(RestrictionLevel(of: "Ali \u{627}") == .moderatelyRestrictive)  // Latin with Arabic
        #expect(RestrictionLevel(of: "\u{430}lice") == .minimallyRestrictive)  // Latin with Cyrillic
        #expect(RestrictionLevel(of: "A\u{3b2}c") == .minimallyRestrictive)  // Latin with Greek
    }
}
