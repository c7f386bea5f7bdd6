import AirsignCLI
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import ArgumentParser

struct PINCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the PIN and that every key file decrypts intact.",
        discussion: "Counts as a PIN try: wrong PINs in a row make later tries wait.")

    @OptionGroup var pin: PINFileOption

    func run() throws {
        try PINActions.check(pinFile: pin.path)
    }
}
