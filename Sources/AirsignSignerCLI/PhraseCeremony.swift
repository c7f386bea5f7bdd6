import AirsignCLI
import AirsignCrypto
import AirsignKeys

/// `key generate`'s ceremony: the new phrase is shown once, on the terminal only, then typed
/// back (hidden) to prove it was written down correctly. Nothing is stored until it matches.
enum PhraseCeremony {
    static let attempts = 3
    static let noTerminalHint =
        "key generate shows the new phrase on a terminal only; without one use --skip-verify --phrase-out FILE"

    /// Shows `mnemonic` and, when `verify`, asks for it back up to three times.
    static func run(_ mnemonic: Mnemonic, verify: Bool) throws {
        try TerminalSecretDisplay.show(
            heading: """
                Your new recovery phrase (\(mnemonic.wordCount) words). Write the words down in order and keep them
                offline. It is shown this once; whoever reads it can take everything it holds.
                """,
            secret: PhraseLayout.numbered(mnemonic),
            footer: "Press Enter when you have written it down; the screen is then cleared.",
            hint: noTerminalHint)
        guard verify else { return }
        for attempt in 1...attempts {
            let typed = try TerminalInput.readHidden(
                prompt: "Type the recovery phrase back to confirm (input hidden): ", maximumBytes: 1024)
            switch Self.compare(typed, with: mnemonic) {
            case nil:
                Console.info("The phrase matches.")
                return
            case let problem?:
                Console.info("That does not match: \(problem)." + (attempt < attempts ? " Try again." : ""))
            }
        }
        throw SignerError.phraseNotConfirmed
    }

    /// Nil when `typed` is the phrase (any case and spacing), else what is wrong, naming a
    /// word's position but never a word.
    static func compare(_ typed: SecureBytes, with mnemonic: Mnemonic) -> String? {
        do {
            let entered = try Mnemonic(phrase: typed)
            if entered == mnemonic { return nil }
            guard entered.wordCount == mnemonic.wordCount else {
                return "\(entered.wordCount) words instead of \(mnemonic.wordCount)"
            }
            return firstDifference(entered.phrase, mnemonic.phrase).map { "word \($0) differs" } ?? "it differs"
        } catch {
            return error.description
        }
    }

    /// The 1-based position of the first word in which two canonical phrases differ.
    private static func firstDifference(_ a: SecureBytes, _ b: SecureBytes) -> Int? {
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                var word = 1
                for index in 0..<min(x.count, y.count) {
                    if x[index] != y[index] { return word }
                    if x[index] == UInt8(ascii: " ") { word += 1 }
                }
                return x.count == y.count ? nil : word
            }
        }
    }
}
