import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignKeystore

/// PINs typed at a real (pseudo-)terminal: never echoed, line editing works, Ctrl-C cancels.
@Suite struct PINTerminalTests {
    typealias Keys = PseudoTerminal.Exchange

    @Test func pinTerminalEntryIsHiddenAndEditable() throws {
        let dir = TemporaryDirectory()
        // "Typo" is typed, then erased with Backspace; Ctrl-U clears a whole false start.
        var result = try PseudoTerminal.run(
            ["init", "--kdf", "interactive"], home: dir.home,
            [
                Keys(waitFor: "New PIN", type: "scrambled\u{15}tulip-Typo\u{7f}\u{7f}\u{7f}\u{7f}4821\r"),
                Keys(waitFor: "Repeat the new PIN", type: "tulip-4821\n"),
            ])
        #expect(result.status == 0, "\(result.screen)")
        #expect(result.screen.contains("Created the keystore"))
        for typed in ["tulip", "4821", "scrambled", "Typo"] {
            #expect(!result.screen.contains(typed), "echoed: \(result.screen)")
        }

        result = try PseudoTerminal.run(
            ["pin", "check"], home: dir.home, [Keys(waitFor: "Keystore PIN", type: "tulip-4821\r")])
        #expect(result.status == 0, "\(result.screen)")
        #expect(!result.screen.contains("tulip"))

        result = try PseudoTerminal.run(
            ["pin", "check"], home: dir.home, [Keys(waitFor: "Keystore PIN", type: "tulip\u{3}")])
        #expect(result.status == 8)
        #expect(result.screen.contains("cancelled"))

        // Enter alone is not a try.
        result = try PseudoTerminal.run(["pin", "check"], home: dir.home, [Keys(waitFor: "Keystore PIN", type: "\r")])
        #expect(result.status == 3)
        #expect(result.screen.contains("the terminal input is empty"))

        result = try PseudoTerminal.run(
            ["pin", "change"], home: dir.home,
            [
                Keys(waitFor: "Current PIN", type: "tulip-4821\r"),
                Keys(waitFor: "New PIN", type: "orchid-7000\r"),
                Keys(waitFor: "Repeat the new PIN", type: "orchid-7001\r"),
            ])
        #expect(result.status == 3)
        #expect(result.screen.contains("the two PINs differ"))
        #expect(!result.screen.contains("orchid"))
        #expect(try Keystore(directory: dir.home).pinStatus().failures == 0)
    }

    @Test func pinTerminalConfirmsDeletion() throws {
        let dir = TemporaryDirectory()
        _ = try makeKeystore(in: dir)
        var result = try PseudoTerminal.run(
            ["key", "delete", "alpha"], home: dir.home, [Keys(waitFor: "[y/N]", type: "n\n")])
        #expect(result.status == 8)
        #expect(try Keystore(directory: dir.home).list().count == 2)
        result = try PseudoTerminal.run(
            ["key", "delete", "alpha"], home: dir.home, [Keys(waitFor: "[y/N]", type: "yes\n")])
        #expect(result.status == 0, "\(result.screen)")
        #expect(try Keystore(directory: dir.home).list().map(\.name.value) == ["beta"])
    }
}
