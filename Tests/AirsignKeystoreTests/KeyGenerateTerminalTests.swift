import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignKeystore

/// `key generate` on a real (pseudo-)terminal: the phrase is shown once, the screen is cleared,
/// and the phrase must be typed back (hidden) before anything is stored.
@Suite struct KeyGenerateTerminalTests {
    typealias Keys = PseudoTerminal.Exchange

    /// The numbered words the terminal showed (" 1 word   2 word …"), in order.
    static func shownPhrase(_ screen: String) -> [String] {
        guard let start = screen.range(of: "Your new recovery phrase"), let end = screen.range(of: "Press Enter") else {
            return []
        }
        let tokens = screen[start.upperBound..<end.lowerBound].split(whereSeparator: \.isWhitespace)
        var words: [String] = []
        for (number, word) in zip(tokens, tokens.dropFirst())
        where Int(number) == words.count + 1 && word.allSatisfy(\.isLowercase) {
            words.append(String(word))
        }
        return words
    }

    @Test func generateShowsThePhraseOnceAndAsksForItBack() throws {
        let dir = TemporaryDirectory()
        let pin = pinFile(dir, "pin", oldPIN)
        _ = try Signer.run(["init", "--kdf", "interactive", "--pin-file", pin], home: dir.home)

        var shown: [String] = []
        let result = try PseudoTerminal.run(
            ["key", "generate", "fresh", "--words", "12", "--pin-file", pin], home: dir.home,
            [
                Keys(waitFor: "Press Enter", type: "x\r"),
                Keys(
                    waitFor: "Type the recovery phrase back",
                    respond: { screen in
                        shown = Self.shownPhrase(screen)
                        // Typed in capitals with extra spaces: the phrase is compared, not the text.
                        return "  " + shown.joined(separator: "   ").uppercased() + "\r"
                    }),
            ])
        #expect(result.status == 0, "\(result.screen)")
        #expect(shown.count == 12)
        #expect(result.screen.contains("The phrase matches."))
        #expect(result.screen.contains("Stored the key \"fresh\" (bip39) with 4 accounts"))
        // Shown once, then the screen and scrollback are cleared; what was typed back never echoes.
        let afterEnter = try #require(result.screen.range(of: "Press Enter"))
        #expect(result.screen[afterEnter.upperBound...].contains("\u{1B}[2J\u{1B}[3J"))
        #expect(!result.screen[afterEnter.upperBound...].contains(shown[0] + " ") || shown.isEmpty)
        #expect(!result.screen.uppercased().contains(shown.prefix(2).joined(separator: "   ").uppercased()))
        #expect(try Keystore(directory: dir.home).metadata(of: try KeyName("fresh")).accounts.count == 4)
    }

    @Test func generateStoresNothingWhenThePhraseIsNotTypedBack() throws {
        let dir = TemporaryDirectory()
        let pin = pinFile(dir, "pin", oldPIN)
        _ = try Signer.run(["init", "--kdf", "interactive", "--pin-file", pin], home: dir.home)
        let wrong = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\r"
        var result = try PseudoTerminal.run(
            ["key", "generate", "fresh", "--words", "12", "--pin-file", pin], home: dir.home,
            [
                Keys(waitFor: "Press Enter", type: "\r"),
                Keys(waitFor: "Type the recovery phrase back", type: wrong),
                Keys(waitFor: "Try again", type: "not a phrase\r"),
                Keys(waitFor: "Try again", type: "\u{15}abandon\r"),
            ])
        #expect(result.status == 3, "\(result.screen)")
        #expect(result.screen.contains("That does not match: word ") && result.screen.contains(" differs. Try again."))
        #expect(result.screen.contains("word 1 of the recovery phrase is not in the BIP39 English word list"))
        #expect(result.screen.contains("did not match three times; nothing was stored"))
        #expect(try Keystore(directory: dir.home).list().isEmpty)

        // Ctrl-C while the phrase is on screen cancels; nothing is stored either.
        result = try PseudoTerminal.run(
            ["key", "generate", "fresh", "--pin-file", pin], home: dir.home,
            [
                Keys(waitFor: "Press Enter", type: "\u{3}")
            ])
        #expect(result.status == 8)
        #expect(try Keystore(directory: dir.home).list().isEmpty)

        // --skip-verify shows the phrase and stores it without asking it back.
        result = try PseudoTerminal.run(
            ["key", "generate", "fresh", "--skip-verify", "--pin-file", pin], home: dir.home,
            [
                Keys(waitFor: "Press Enter", type: "\r")
            ])
        #expect(result.status == 0, "\(result.screen)")
        #expect(Self.shownPhrase(result.screen).count == 24)
        #expect(!result.screen.contains("Type the recovery phrase back"))
    }
}
