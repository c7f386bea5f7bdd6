import AirsignCrypto
import AirsignEncoding
import AirsignMessages

/// SEP-53 signed messages: the Ed25519 signature of `SHA-256("Stellar Signed Message:\n" ‖ message)`.
///
/// The prefix keeps a message signature from being anything else the network accepts: a
/// transaction's signature base starts with a network id (a SHA-256 of a passphrase) and an
/// authorization's preimage with its 4-byte envelope type, never with these 24 bytes of text, and
/// both are hashed again before they are signed. So a message signature is only ever a message
/// signature, on no network in particular, and it never expires.
public enum SEP53 {
    /// `"Stellar Signed Message:\n"` as UTF-8.
    public static let prefix: [UInt8] = Array("Stellar Signed Message:\n".utf8)

    /// The most bytes a message may have: enough for any sign-in text, and a binary one still
    /// fits a screen as hex.
    public static let maximumBytes = 8192

    /// The 32 bytes Ed25519 signs for `message`.
    public static func hash(_ message: [UInt8]) -> [UInt8] {
        SHA256.hash(prefix + message)
    }

    /// Whether `signature` is `publicKey`'s SEP-53 signature of `message`.
    public static func isValid(_ signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> Bool {
        signature.count == Ed25519.signatureLength && publicKey.count == Ed25519.publicKeyLength
            && Ed25519.isValidSignature(signature, message: hash(message), publicKey: publicKey)
    }

    /// The message as text when it is UTF-8 without control characters (C0, DEL, C1: newlines and
    /// tabs included), else nil: such bytes are shown as hex.
    public static func text(_ message: [UInt8]) -> String? {
        guard let text = String(validating: message, as: UTF8.self) else { return nil }
        return text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) ? nil : text
    }

    /// Why a message is shown as hex, in words, or nil when it is text.
    static func binaryReason(_ message: [UInt8]) -> String? {
        if text(message) != nil { return nil }
        return String(validating: message, as: UTF8.self) == nil ? "not UTF-8 text" : "UTF-8 with control characters"
    }
}

extension StellarChain {
    /// `signing` label of a `message` request: the message bytes, which `sign` prefixes and hashes.
    package static let messageSigningLabel = "message"

    /// The review of a SEP-53 `message` request: the message (text escaped as every value is,
    /// anything else as hex), its length and the digest signed. Its effect is a signature someone
    /// may present as the account's, without end; a message that is not text is also an effect
    /// the signer does not understand, since what its bytes mean is up to whoever checks it.
    func reviewMessage(_ request: SignRequest, message: [UInt8]) throws -> Review {
        // The request's account is already shown, labelled, above the chain's lines.
        var lines = [
            ReviewLine(
                "kind",
                "an off-chain message (SEP-53), not a transaction: nothing is sent to the network and nothing leaves the account"
            )
        ]
        var effects: [Effect] = [
            .deferred(DeferredSignature("a signed message someone may present as yours", until: nil))
        ]
        var warnings: [String] = []
        if let reason = SEP53.binaryReason(message) {
            lines.append(ReviewLine("message (hex)", Hex.encode(message)))
            lines.append(ReviewLine("length", "\(message.count) bytes, \(reason)"))
            effects.append(.unknown(what: "a SEP-53 message of \(message.count) bytes that are not text"))
            warnings.append(
                "the message is not text: whoever checks the signature decides what these bytes mean, which the signer cannot see"
            )
        } else {
            lines.append(ReviewLine("message", SEP53.text(message) ?? ""))
            lines.append(ReviewLine("length", "\(message.count) bytes of UTF-8 text"))
        }
        lines.append(
            ReviewLine("valid on", "every network: a SEP-53 signature names none (the request's network only files it)")
        )
        lines.append(
            ReviewLine(
                "signs", "SHA-256 of \"Stellar Signed Message:\\n\" and the message: \(Hex.encode(SEP53.hash(message)))"
            ))
        return Review(
            request: request, title: "Stellar signed message (SEP-53)", lines: lines, warnings: warnings,
            key: KeyRequirement(request.account, scheme: .ed25519), effects: effects,
            signing: StellarSignable.message(message).items)
    }
}
