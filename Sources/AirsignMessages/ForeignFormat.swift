/// Wallets' own QR protocols (UOS for polkadot-js and Polkadot Vault-style apps, ERC-4527 for
/// MetaMask and Keystone-style apps), read by the signer beside Airsign's exchange format. A
/// chain module offers its formats (`ChainModule.foreignFormats`); the signer detects which one
/// its input is in, turns it into ordinary `SignRequest`s that are reviewed and signed like any
/// other, and writes each answer with the format's `ForeignAnswer`. docs/architecture.md
/// ("Foreign formats") describes the seam.

/// What the signer read before any format claimed it: a file's bytes, or a scanned message with
/// how it was carried.
public struct SignerInput: Sendable, Equatable {
    /// The file's bytes, a binary QR's payload, the content of a `ur:bytes`, the CBOR of a UR
    /// of another type, or what a `ForeignFraming` assembled.
    public var bytes: [UInt8]
    /// The UR type (lowercase) when the message was a UR (scanned, or UR text in a file); nil
    /// otherwise.
    public var urType: String?
    /// How the QR frames were framed when a `ForeignFraming` assembled them (its `name`).
    public var framing: String?
    /// How many distinct QR frames (or UR parts of a UR text file) the message took; 0 for a
    /// plain file.
    public var frames: Int

    public init(bytes: [UInt8], urType: String? = nil, framing: String? = nil, frames: Int = 0) {
        self.bytes = bytes
        self.urType = urType
        self.framing = framing
        self.frames = frames
    }
}

/// One wallet protocol a chain module reads and answers in kind.
public protocol ForeignFormat: Sendable {
    /// Its name in reviews and errors: "UOS (polkadot-js / Polkadot Vault)".
    var name: String { get }
    /// The framings of binary QR frames it needs for scanning (UOS's legacy multipart); the
    /// scanner assembles frames a framing claims before `recognizes` sees the message.
    var framings: [any ForeignFraming] { get }
    /// Whether `input` is in this format: decided from its first bytes or its UR type alone,
    /// without decoding the rest (that is `requests`' job, which refuses with a reason).
    func recognizes(_ input: SignerInput) -> Bool
    /// The requests `input` holds, for the keystore's `accounts` (a request for a key that is
    /// not one of them is refused here, with one line), each with the encoder of its answer.
    func requests(_ input: SignerInput, accounts: [OwnAccount]) throws -> [ForeignRequest]
}

extension ForeignFormat {
    public var framings: [any ForeignFraming] { [] }
}

/// A request read from a foreign format: Airsign's own request, which the chain module reviews
/// and signs as usual, and how its answer is written.
public struct ForeignRequest: Sendable {
    public let request: SignRequest
    public let answer: any ForeignAnswer
    /// The BIP32 fingerprint of the master key the wallet says the signing key derives from
    /// (ERC-4527's source fingerprint), when it says one. It needs the secret to check, so the
    /// signer compares it with the key's own once the key is open, before it signs anything.
    public let masterFingerprint: UInt32?

    public init(request: SignRequest, answer: any ForeignAnswer, masterFingerprint: UInt32? = nil) {
        self.request = request
        self.answer = answer
        self.masterFingerprint = masterFingerprint
    }
}

/// How a foreign answer travels as QR.
public enum ForeignAnswerQR: Sendable, Equatable {
    /// One byte-mode QR holding the bytes exactly (UOS: ASCII hex the wallet reads as text).
    case binary
    /// UR frames of this type, the bytes being its CBOR (ERC-4527: `eth-signature`).
    case ur(type: String)
}

/// Writes the answer a wallet reads back, from the response Airsign's signing produced.
public protocol ForeignAnswer: Sendable {
    /// What the answer is, for the log: "UOS signature (MultiSignature, hex)".
    var name: String { get }
    /// How the QR carries `encode`'s bytes.
    var qr: ForeignAnswerQR { get }
    /// The answer's bytes: the answer file's content and the QR's payload.
    func encode(_ response: SignResponse) throws -> [UInt8]
}

/// A framing of binary QR frames other than Airsign's (UOS's legacy multipart: a header with
/// the frame count and index), plugged into scanning (`MessageAssembler`) by the program.
public protocol ForeignFraming: Sendable {
    /// "UOS multipart".
    var name: String { get }
    /// Whether `payload` (one QR code's bytes) is a frame of this framing.
    func claims(_ payload: [UInt8]) -> Bool
    /// An empty collector for one message's frames.
    func collector() -> any ForeignFrameCollector
}

/// Collects the frames of one message in a `ForeignFraming`.
public protocol ForeignFrameCollector: Sendable {
    /// Takes one frame; returns false for a duplicate. Throws (one line, naming the frame) for
    /// a frame that cannot belong to the message being read: the scan stops there, since two
    /// messages' frames mixed could assemble into a third.
    mutating func receive(_ payload: [UInt8]) throws -> Bool
    /// The message once every frame is in.
    var message: [UInt8]? { get }
    /// Called when no more frames will come (the end of a scan of files): a last try at the
    /// message with every frame held, for a framing that does not try at every frame.
    mutating func finish() throws
    /// Distinct frames received, and the frames the message has (when known).
    var received: Int { get }
    var expected: Int? { get }
}
