import AirsignCLI
import ArgumentParser

/// Where every builder's request goes, the same options on every chain: a note the signer shows
/// (marked unverified), the request file, and the QR outputs.
public struct RequestOutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A note the signer shows, marked unverified.", valueName: "TEXT"))
    public var note: String?

    @Option(
        help: ArgumentHelp(
            "Where to write the request: a file (written atomically) or - for standard output (the default when no other output is given).",
            valueName: "FILE|-"))
    public var out: String?

    @OptionGroup public var qr: QROutputOptions

    public init() {}

    public func validate() throws {
        if out?.isEmpty == true { throw ValidationError("--out needs a file name or -") }
        try qr.validate()
    }

    /// The outputs; `others` says whether the command writes something else (a SEP-7 URI), which
    /// like a QR output keeps the request off standard output unless `--out -` asks for it.
    public func output(others: Bool = false) -> RequestOutput {
        RequestOutput(out: out, qr: qr, others: others)
    }
}

/// Where an issued request is written: a file or `-`, and the QR outputs.
public struct RequestOutput {
    public var file: String?
    public var qr: QROutputOptions?

    public init(file: String?, qr: QROutputOptions?) {
        self.file = file
        self.qr = qr
    }

    /// `--out` as given, else standard output unless a QR output or another of the command's
    /// outputs (`others`) is asked for.
    public init(out: String?, qr: QROutputOptions, others: Bool = false) {
        self.init(file: out ?? (qr.isRequested || others ? nil : "-"), qr: qr)
    }
}
