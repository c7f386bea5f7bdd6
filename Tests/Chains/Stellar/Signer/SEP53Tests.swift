import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignStellar
import AirsignStellarOnline
import AirsignTestSupport
import Foundation
import Testing

private struct SEP53Vectors: Decodable {
    struct Case: Decodable {
        let name: String
        let message_utf8: String?
        let message_base64: String?
        let seed: String
        let address: String
        let signature_base64: String
        let signature_hex: String
        let source: String
    }
    let source: String
    let prefix: String
    let cases: [Case]
}

/// SEP-53 signed messages: the SEP's three vectors through the whole signer path, the review
/// (text escaped, anything else as hex; golden text with the clock pinned), the payload's
/// refusals, and the watch's check of an answer.
@Suite struct SEP53Tests {
    typealias C = StellarChainTests

    static func request(_ message: [UInt8], account: MessageAccount? = nil, network: String = "stellar:testnet") throws
        -> SignRequest
    {
        try SignRequest(
            id: RequestID(C.id), chain: C.module.chain, network: network, account: account ?? C.account(1),
            payload: try StellarPayload.json(message: message))
    }

    static func request(payload: JSONValue) throws -> SignRequest {
        try SignRequest(
            id: RequestID(C.id), chain: C.module.chain, network: "stellar:testnet", account: try C.account(1),
            payload: payload)
    }

    func render(_ request: SignRequest) throws -> String {
        let context = try C.context()
        return ReviewText.render(
            try C.module.review(request, context: context), position: 1, of: 1, module: C.module, context: context)
            + "\n"
    }

    // MARK: the SEP's vectors

    @Test func theSEPsThreeVectors() throws {
        let vectors: SEP53Vectors = try Vectors.load("sep53")
        #expect(!vectors.source.isEmpty && vectors.cases.allSatisfy { !$0.source.isEmpty })
        #expect(SEP53.prefix == Array(vectors.prefix.utf8))
        #expect(vectors.cases.count == 3)
        for v in vectors.cases {
            let key = try Ed25519.PrivateKey(
                seed: try StrKey.decodeSecretSeed(SecureBytes(copying: Array(v.seed.utf8))))
            let address = try AccountID(publicKey: key.publicKey).description
            #expect(address == v.address, "\(v.name)")
            let message =
                try v.message_utf8.map { Array($0.utf8) } ?? StellarBase64.decode(try #require(v.message_base64))
            let account = try MessageAccount(address: address, publicKey: key.publicKey)
            for network in ["stellar:pubnet", "stellar:testnet"] {
                let request = try Self.request(message, account: account, network: network)
                let review = try C.module.review(request, context: ReviewContext(now: C.now))
                #expect(review.signing.map(\.label) == ["message"])
                let output = try C.module.sign(review, with: .ed25519(key))
                #expect(output.signatures == [v.signature_hex], "\(v.name) on \(network)")
                #expect(output.result == nil)
            }
            let signature = testBytes(v.signature_hex)
            #expect(StellarBase64.encode(signature) == v.signature_base64)
            #expect(SEP53.isValid(signature, message: message, publicKey: key.publicKey))
            #expect(!SEP53.isValid(signature, message: message + [0], publicKey: key.publicKey))
            #expect(!Ed25519.isValidSignature(signature, message: SHA256.hash(message), publicKey: key.publicKey))
        }
    }

    // MARK: the review

    @Test func goldenReviewOfATextMessage() throws {
        let text = try render(try Self.request(Array("Sign in to example.com as GB3J… at 2026-01-01".utf8)))
        #expect(
            text == """
                Request 1 of 1  id 22222222-2222-4222-8222-222222222222
                  Stellar signed message (SEP-53)
                  chain     Stellar (stellar)
                  network   stellar:testnet
                  account   GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your
                            | account (key "main", m/44'/148'/0'))
                  kind      an off-chain message (SEP-53), not a transaction: nothing is sent to
                            | the network and nothing leaves the account
                  message   Sign in to example.com as GB3J… at 2026-01-01
                  length    47 bytes of UTF-8 text
                  valid on  every network: a SEP-53 signature names none (the request's network
                            | only files it)
                  signs     SHA-256 of "Stellar Signed Message:\\n" and the message:
                            | 57f1bf931a49e9b91a8b96ed2e5e28e2cfc117b7d26ddf04308398c6bce574fa
                  later     a signed message someone may present as yours: whoever holds it can
                            | submit it with no end in the signed bytes
                  signs     1 message, 47 bytes: message

                """)
        let review = try C.module.review(try Self.request(Array("hello".utf8)), context: C.context())
        #expect(
            review.effects == [
                .deferred(DeferredSignature("a signed message someone may present as yours", until: nil))
            ])
        #expect(review.confirmation == .standard)
    }

    @Test func goldenReviewOfABinaryMessage() throws {
        let message = try StellarBase64.decode("2zZDP1sa1BVBfLP7TeeMk3sUbaxAkUhBhDiNdrksaFo=")
        let text = try render(try Self.request(message))
        #expect(
            text == """
                Request 1 of 1  id 22222222-2222-4222-8222-222222222222
                  Stellar signed message (SEP-53)
                  chain     Stellar (stellar)
                  network   stellar:testnet
                  account   GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your
                            | account (key "main", m/44'/148'/0'))
                  kind      an off-chain message (SEP-53), not a transaction: nothing is sent to
                            | the network and nothing leaves the account
                  message (hex) db36433f5b1ad415417cb3fb4de78c937b146dac4091484184388d76b92c685a
                  length    32 bytes, not UTF-8 text
                  valid on  every network: a SEP-53 signature names none (the request's network
                            | only files it)
                  signs     SHA-256 of "Stellar Signed Message:\\n" and the message:
                            | 460008feac2bccee41de48c2717db5d2e81591f71205dd612c4e8ce7125dea2f
                  later     a signed message someone may present as yours: whoever holds it can
                            | submit it with no end in the signed bytes
                  warning   the message is not text: whoever checks the signature decides what
                            | these bytes mean, which the signer cannot see
                  signs     1 message, 32 bytes: message
                  unknown   effects the signer does not understand: a SEP-53 message of 32 bytes
                            | that are not text; read every line; signed only when --blind names
                            | this request

                """)
        let review = try C.module.review(try Self.request(message), context: C.context())
        #expect(review.unknowns == ["a SEP-53 message of 32 bytes that are not text"])
        #expect(review.confirmation == .explicit(reason: "a SEP-53 message of 32 bytes that are not text"))
    }

    /// Newlines, tabs and other control characters make a message binary, shown as hex; format
    /// and blank-rendering characters in text are escaped as in every value.
    @Test func controlCharactersAreHexAndInvisibleOnesEscaped() throws {
        let lines = { (message: String) throws -> [ReviewLine] in
            try C.module.review(try Self.request(Array(message.utf8)), context: C.context()).lines
        }
        let twoLines = try lines("line one\nline two")
        #expect(twoLines.contains(ReviewLine("message (hex)", Hex.encode(Array("line one\nline two".utf8)))))
        #expect(twoLines.contains(ReviewLine("length", "17 bytes, UTF-8 with control characters")))
        #expect(try lines("a\u{7f}b").contains(ReviewLine("length", "3 bytes, UTF-8 with control characters")))
        #expect(try lines("a\u{85}b").contains(ReviewLine("length", "4 bytes, UTF-8 with control characters")))
        #expect(
            try C.module.review(try Self.request([0xff, 0x41]), context: C.context()).lines
                .contains(ReviewLine("length", "2 bytes, not UTF-8 text")))
        let shown = try render(try Self.request(Array("pay \u{202e}ti\u{3164}x".utf8)))
        #expect(
            shown.contains("  message   pay \\u{202e}ti\\u{3164}x\n  length    13 bytes of UTF-8 text\n"), "\(shown)")
    }

    // MARK: refusals

    @Test func payloadsTheSignerRefuses() throws {
        let base64 = StellarBase64.encode(Array("hello".utf8))
        let cases: [(JSONValue, StellarError, String)] = [
            (
                .object([(key: "type", value: .string("message"))]), .payload(.missingBase64(field: "message")),
                "payload.message: the base64 message is missing"
            ),
            (
                .object([(key: "message", value: .string("")), (key: "type", value: .string("message"))]),
                .payload(.emptyMessage), "payload.message is empty: there is nothing to sign"
            ),
            (
                .object([(key: "message", value: .string("aGVsbG9=")), (key: "type", value: .string("message"))]),
                .unreadable(field: "payload.message", reason: "invalid base64: unused trailing bits are not zero"),
                "payload.message: invalid base64: unused trailing bits are not zero"
            ),
            (
                .object([(key: "message", value: .string("aGVsbG8")), (key: "type", value: .string("message"))]),
                .unreadable(field: "payload.message", reason: "invalid base64: length 7 is not a multiple of 4"),
                "payload.message: invalid base64: length 7 is not a multiple of 4"
            ),
            (
                .object([(key: "message", value: .number("1")), (key: "type", value: .string("message"))]),
                .payload(.missingBase64(field: "message")), "payload.message: the base64 message is missing"
            ),
            (
                .object([
                    (key: "message", value: .string(base64)),
                    (key: "networkPassphrase", value: .string(StellarNetwork.testnet.passphrase)),
                    (key: "type", value: .string("message")),
                ]),
                .payload(.unknownMember(key: "networkPassphrase", type: "message")),
                "payload.networkPassphrase is not a member of a Stellar message payload"
            ),
            (
                .object([
                    (key: "message", value: .string(StellarBase64.encode([UInt8](repeating: 0x41, count: 8193)))),
                    (key: "type", value: .string("message")),
                ]),
                .payload(.messageTooLong(limit: 8192)), "payload.message: a message is at most 8192 bytes"
            ),
            (
                .object([(key: "message", value: .string(base64)), (key: "type", value: .string("sep53"))]),
                .payload(.unknownType("sep53")),
                "payload.type \"sep53\" is not \"transaction\", \"authorization\" or \"message\""
            ),
            (
                .object([(key: "envelope", value: .string("AAAA")), (key: "type", value: .string("transaction"))]),
                .payload(.missingPassphrase(type: "transaction")),
                "payload.networkPassphrase: the network passphrase of a Stellar transaction payload is missing"
            ),
        ]
        for (payload, error, message) in cases {
            #expect(error.description == message)
            #expect(throws: error, "\(message)") {
                try C.module.review(try Self.request(payload: payload), context: C.context())
            }
        }
        // The largest message is accepted, and shown.
        let largest = try C.module.review(try Self.request([UInt8](repeating: 0x41, count: 8192)), context: C.context())
        #expect(largest.lines.contains(ReviewLine("length", "8192 bytes of UTF-8 text")))
        #expect(throws: StellarError.messageLength(bytes: 0)) { try StellarPayload.json(message: []) }
        // A message request has no envelope for `submit` or `merge` to take.
        #expect(throws: StellarError.notATransaction(requestID: C.id)) {
            try StellarChain.envelope(of: try Self.request(Array("hello".utf8)))
        }
    }

    /// `sign` signs the reviewed typed value: a message item among a transaction's is refused.
    @Test func signSwitchesOnTheTypedValue() throws {
        let review = try C.module.review(try Self.request(Array("hello".utf8)), context: C.context())
        let mixed = Review(
            request: review.request, title: review.title, lines: review.lines, key: review.key, effects: review.effects,
            signing: review.signing + review.signing)
        #expect(throws: StellarError.signing(.notOneTransaction)) {
            try C.module.sign(mixed, with: .ed25519(C.key(1)))
        }
        #expect(throws: StellarError.signing(.otherKey(address: try C.address(1)))) {
            try C.module.sign(review, with: .ed25519(C.key(2)))
        }
    }

    // MARK: the watch's check

    @Test func finalizeVerifiesTheSignature() throws {
        let request = try Self.request(Array("hello".utf8))
        let review = try C.module.review(request, context: C.context())
        let output = try C.module.sign(review, with: .ed25519(C.key(1)))
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: nil)
        let finalized = try C.finalizer.finalize(response, for: request)
        let signature = try Hex.decode(output.signatures[0])
        #expect(
            finalized.lines == [
                ReviewLine("signer", try C.address(1)),
                ReviewLine(
                    "message",
                    "5 bytes, SHA-256 of the prefixed message \(Hex.encode(SHA256.hash(Array("Stellar Signed Message:\nhello".utf8))))"
                ),
                ReviewLine("signature (base64)", StellarBase64.encode(signature)),
            ])
        #expect(finalized.response.result == nil && finalized.response.signatures == output.signatures)
        // Compact responses carry only the signature.
        #expect(
            try C.finalizer.finalize(try SignResponse(id: request.id, signatures: output.signatures), for: request)
                .response.signatures == output.signatures)

        let other = try Self.request(Array("hellO".utf8))
        #expect(throws: StellarError.response(.notMessageSignature(account: try C.address(1)))) {
            try C.finalizer.finalize(try SignResponse(id: other.id, signatures: output.signatures), for: other)
        }
        // A plain Ed25519 signature of the message, or of its unprefixed hash, is not SEP-53's.
        for bytes in [Array("hello".utf8), SHA256.hash(Array("hello".utf8))] {
            let plain = Hex.encode(try C.key(1).sign(bytes))
            #expect(throws: StellarError.response(.notMessageSignature(account: try C.address(1)))) {
                try C.finalizer.finalize(try SignResponse(id: request.id, signatures: [plain]), for: request)
            }
        }
        #expect(throws: StellarError.response(.signatureCount(expected: 1, found: 2))) {
            try C.finalizer.finalize(
                try SignResponse(id: request.id, signatures: output.signatures + output.signatures), for: request)
        }
        let withResult = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: .object([(key: "envelope", value: .string("AAAA"))]))
        #expect(throws: StellarError.response(.messageWithResult)) {
            try C.finalizer.finalize(withResult, for: request)
        }
    }
}
