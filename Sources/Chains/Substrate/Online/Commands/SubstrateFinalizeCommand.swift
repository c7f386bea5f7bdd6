import AirsignCLI
import AirsignEncoding
import AirsignMessages
import AirsignSubstrate
import AirsignWatch
import ArgumentParser
import Foundation

struct SubstrateFinalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finalize",
        abstract: "Verify a UOS answer (a Polkadot Vault-style signer's hex signature) and assemble the extrinsic.",
        discussion: """
            The answer to substrate uos ID, as polkadot-js reads it: ASCII hex (0x optional) of \
            the SCALE MultiSignature for a transaction, of the bare signature for a message; a \
            file of its text or --scan of its QR. It names no request, so ID says which: the \
            signature must verify for that request's account over what it asked to sign \
            before the extrinsic is assembled, recorded and written, as finalize does.
            """)

    @Argument(help: "The id of the request the answer is for.")
    var id: String

    @OptionGroup var input: MessageInputOptions

    @Option(
        help: ArgumentHelp(
            "Where to write the full response: a file (written atomically) or - for standard output.",
            valueName: "FILE|-"))
    var out = "-"

    func validate() throws {
        do { _ = try RequestID(id) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        let request = try RequestActions.store().record(try RequestID(id)).request
        guard request.chain.rawValue == "substrate" else {
            throw SubstrateError.otherChainRequest(id: id, chain: "\(request.chain)")
        }
        let signature = try Self.signature(try input.read(framings: []).bytes)
        let response = try SignResponse(id: request.id, signatures: [Hex.encode(signature, prefix: true)])
        try RequestActions.finalize(
            MessageFile.serialize([response]), out: out, finalizers: FinalizerRegistry([SubstrateFinalizer()]))
    }

    /// The answer's bytes: one line of hex (surrounding white space and a `0x` allowed), as
    /// polkadot-js reads it; anything else is refused by name.
    static func signature(_ answer: [UInt8]) throws(SubstrateError) -> [UInt8] {
        guard let text = String(validating: answer, as: UTF8.self) else {
            throw SubstrateError.notOfKind(field: "the UOS answer", expected: "text (ASCII hex)")
        }
        var hex = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if hex.hasPrefix("0x") { hex.removeFirst(2) }
        guard !hex.isEmpty, hex.count <= 200, let bytes = try? Hex.decode(hex) else {
            throw SubstrateError.notOfKind(
                field: "the UOS answer", expected: "one line of hex (a MultiSignature or a signature)")
        }
        return bytes
    }
}
