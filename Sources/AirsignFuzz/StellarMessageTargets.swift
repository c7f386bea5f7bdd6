import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignStellar

extension FuzzTarget {
    /// SEP-53 `message` requests. The first byte picks the input's form: even, the rest is a
    /// message's bytes, put in a payload and taken through the review and a signature; odd, the
    /// rest is a payload's JSON text, read as the signer reads a payload.
    static let stellarMessage = FuzzTarget(
        name: "stellar-message",
        summary:
            "Stellar SEP-53 message payloads (JSON, base64 bytes) and messages of any bytes, reviewed (text or hex) and signed"
    ) { input throws(FuzzViolation) in
        guard let form = input.first else { return }
        let rest = Array(input.dropFirst())
        if form % 2 == 0 {
            try stellarMessageRoundTrip(rest)
            return
        }
        guard let json = try? JSONParser().parse(rest), let payload = try? StellarPayload(json, network: .testnet),
            case let .message(message) = payload
        else { return }
        // Base64 has one accepted text for the bytes: the one the watch writes.
        try FuzzViolation.check(
            json["message"] == .string(StellarBase64.encode(message)),
            "an accepted message is not the canonical base64 of its bytes")
        try stellarMessageRoundTrip(message)
    }

    /// `message` through the payload, the review and the signature: shown as text exactly when
    /// it is text, as its hex otherwise, and the signature verifies as SEP-53's.
    private static func stellarMessageRoundTrip(_ message: [UInt8]) throws(FuzzViolation) {
        guard let payload = try? StellarPayload.json(message: message) else {
            try FuzzViolation.check(
                message.isEmpty || message.count > SEP53.maximumBytes, "a message of \(message.count) bytes was refused"
            )
            return
        }
        guard let key = try? Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: 0x53, count: 32))),
            let address = try? AccountID(publicKey: key.publicKey).description,
            let account = try? MessageAccount(address: address, publicKey: key.publicKey),
            let request = try? SignRequest.make(
                chain: ChainID(.stellar), network: "stellar:testnet", account: account, payload: payload)
        else { return }
        let module = StellarChain()
        let review: Review
        do { review = try module.review(request, context: ReviewContext(now: 0)) } catch {
            throw FuzzViolation("a message of \(message.count) bytes was refused by the review: \(error)")
        }
        if let text = SEP53.text(message) {
            try FuzzViolation.check(
                review.lines.contains { $0.label == "message" && $0.value == text },
                "a text message is not shown as its text")
            try FuzzViolation.check(review.unknowns.isEmpty, "a text message has an unknown effect")
        } else {
            try FuzzViolation.check(
                review.lines.contains { $0.label == "message (hex)" && $0.value == Hex.encode(message) },
                "a binary message is not shown as its hex")
            try FuzzViolation.check(
                review.unknowns.count == 1, "a binary message is not an effect the signer does not understand")
        }
        try FuzzViolation.check(
            review.effects.contains { if case .deferred = $0 { return true } else { return false } },
            "a message signature is not counted as one someone may present later")
        let output: SignedOutput
        do { output = try module.sign(review, with: .ed25519(key)) } catch {
            throw FuzzViolation("a reviewed message was not signed: \(error)")
        }
        let signature = (try? Hex.decode(output.signatures.first ?? "")) ?? []
        try FuzzViolation.check(
            output.signatures.count == 1 && output.result == nil
                && SEP53.isValid(signature, message: message, publicKey: key.publicKey),
            "the signature is not the account's SEP-53 signature of the message")
    }
}
