import AirsignCLI
import AirsignWatch
import ArgumentParser

struct StellarMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: "Merge the signatures of one transaction from several signers' responses.",
        discussion: """
            Each FILE holds full Stellar responses (as airsign-signer sign or finalize writes \
            them). Every response's signature must verify for its account; responses for another \
            transaction or network are refused; identical signatures are kept once. Writes the \
            signed envelope (base64, one line), ready for `stellar submit`.
            """)

    @Argument(help: ArgumentHelp("Response files (two or more signers).", valueName: "FILE"))
    var files: [String]

    @Option(
        help: ArgumentHelp("Where to write the merged envelope: a file (written atomically) or -.", valueName: "FILE|-")
    )
    var out = "-"

    func run() throws {
        let merged = try StellarActions.merge(try files.map { try QRMessageIO.read($0) })
        Console.info(
            "Merged \(merged.envelope.signatures.count) signatures (\(merged.signers.joined(separator: ", "))) on \(merged.network)."
        )
        try MessageOutput.write(Array((try merged.envelope.base64() + "\n").utf8), to: out)
        if out != "-" { Console.info("Signed envelope written to \(out).") }
    }
}
