import AirsignMessages

/// What the signer found its input to be, before any review: Airsign's exchange format (a file,
/// a binary QR or a `ur:bytes`), a chain's native artifact, or a wallet's own format (UOS, a
/// foreign UR) with the encoders of its answers. No flag chooses: the first bytes, or the UR
/// type of what was scanned, decide.
public struct DetectedInput: Sendable {
    /// For the log, before the reviews: "UOS (polkadot-js / Polkadot Vault), 3 QR frames
    /// (UOS multipart)".
    public let format: String
    public let requests: [SignRequest]
    /// One answer encoder a request when the input was in a foreign format; nil for Airsign's
    /// own format and native artifacts, answered with sign responses.
    public let answers: [any ForeignAnswer]?
    /// One a request: the master-key fingerprint a foreign request names (nil where it names
    /// none); empty for Airsign's own format and native artifacts.
    public var masterFingerprints: [UInt32?] = []

    /// Detects the format of `input` and reads its requests for the keystore's `accounts`.
    /// Foreign formats are asked first (each recognizes its input by its first bytes or UR
    /// type alone); a UR of a type no format reads is refused by name; anything else is
    /// Airsign's exchange format or, failing that, a chain's native artifact.
    static func detect(_ input: SignerInput, registry: ChainRegistry, accounts: [OwnAccount], nativeNetwork: String?)
        throws -> DetectedInput
    {
        for format in registry.foreignFormats where format.recognizes(input) {
            let read: [ForeignRequest]
            do { read = try format.requests(input, accounts: accounts) } catch let error as MessagesError {
                throw error
            } catch {
                // The format's own error type has no exit status; what it refuses is refused input (exit 3).
                throw MessagesError.invalidField(message: nil, field: format.name, reason: String(describing: error))
            }
            return DetectedInput(
                format: format.name + carriage(input), requests: read.map(\.request), answers: read.map(\.answer),
                masterFingerprints: read.map(\.masterFingerprint))
        }
        if let type = input.urType, type != "bytes" {
            throw MessagesError.invalidField(
                message: nil, field: "ur:\(type)", reason: "no chain of this signer reads this UR type")
        }
        do throws(MessagesError) {
            return DetectedInput(
                format: "Airsign request" + carriage(input), requests: try MessageFile.requests(input.bytes),
                answers: nil)
        } catch {
            // A native artifact a module recognised but refuses is refused input, like any request (exit 3).
            if let (module, native) = try registry.nativeRequests(
                input.bytes, accounts: accounts, network: nativeNetwork)
            {
                return DetectedInput(
                    format: "\(module.displayName) native input" + carriage(input), requests: native, answers: nil)
            }
            throw error
        }
    }

    /// How the input came: nothing for a plain file; the UR type and parts, or the QR frames
    /// and their framing.
    private static func carriage(_ input: SignerInput) -> String {
        guard input.frames > 0 else { return "" }
        if let type = input.urType { return ", ur:\(type) in \(input.frames) part\(input.frames == 1 ? "" : "s")" }
        let frames = input.frames == 1 ? "1 QR code" : "\(input.frames) QR frames"
        return ", \(frames) (\(input.framing ?? "binary"))"
    }
}
