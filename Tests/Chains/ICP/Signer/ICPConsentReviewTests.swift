import AirsignCandid
import AirsignEncoding
import AirsignMessages
import Testing

@testable import AirsignICP

/// A request that carries an ICRC-21 consent message, reviewed by the chain module: the
/// message is verified and shown as the canister's certified words, a call no built-in
/// interface explains becomes a described effect (not blind, not counted), and where a
/// built-in interface applies too a consent message stating another amount is warned of.
/// Certificates are the fixtures' (CertificateFixtures: a test signature check; the real
/// BLS12-381 path is ICRC21ConsentTests, on the mainnet vector).
@Suite struct ICPConsentReviewTests {
    typealias F = CertificateFixtures
    static let other = F.principal([0, 0, 0, 0, 0, 0x0A, 0, 0x10, 1, 1])
    static let chain = ICPChain(consentVerifier: F.verifier)

    static func reply(_ message: CandidValue) throws -> [UInt8] {
        let (interface, method) = try ICRC21Interface.method(ICRC21ConsentRequest.consentMethod)
        let info = CandidValue.record(
            sortedFields([
                CandidFieldValue("consent_message", message),
                CandidFieldValue(
                    "metadata",
                    .record(
                        sortedFields([
                            CandidFieldValue("language", .text("en")),
                            CandidFieldValue("utc_offset_minutes", .opt(nil)),
                        ]))),
            ]))
        return try CandidEncoder.encode(
            [(type: method.results[0], value: .variant(CandidFieldValue("Ok", info)))],
            environment: interface.environment)
    }

    static func fields(_ intent: String, _ items: [(String, CandidValue)]) -> CandidValue {
        .variant(
            CandidFieldValue(
                "FieldsDisplayMessage",
                .record(
                    sortedFields([
                        CandidFieldValue("intent", .text(intent)),
                        CandidFieldValue(
                            "fields",
                            .vec(
                                items.map {
                                    .record([
                                        CandidFieldValue(id: 0, value: .text($0.0)),
                                        CandidFieldValue(id: 1, value: $0.1),
                                    ])
                                })),
                    ]))))
    }

    static let recipient = "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752"

    static func text(_ content: String) -> CandidValue {
        .variant(CandidFieldValue("Text", .record([CandidFieldValue("content", .text(content))])))
    }

    static func amount(_ e8s: UInt64) -> CandidValue {
        .variant(
            CandidFieldValue(
                "TokenAmount",
                .record(
                    sortedFields([
                        CandidFieldValue("decimals", .nat8(8)), CandidFieldValue("amount", .nat64(e8s)),
                        CandidFieldValue("symbol", .text("ICP")),
                    ]))))
    }

    /// The request for `call` with a consent message `message`, certified `age` seconds before
    /// the call's expiry.
    static func request(_ call: ICPCallContent, message: CandidValue, age: Int64 = 200) throws -> SignRequest {
        let asked = ICRC21ConsentRequest(method: call.methodName, arg: call.arg, language: "en", display: .fields)
        let consent = ICPCallContent(
            sender: .anonymous, canisterID: call.canisterID, methodName: ICRC21ConsentRequest.consentMethod,
            arg: try asked.argumentBytes(), ingressExpiry: call.ingressExpiry, nonce: [1, 2, 3])
        let tree = F.statusTree(consent.requestID, [("reply", try reply(message)), ("status", Array("replied".utf8))])
        let certificate = try F.delegated(tree, at: Int64(call.ingressExpiry / ICPTime.nanosPerSecond) - age)
        let base = try ICPFixtures.request([call])
        guard case let .object(members) = base.payload else { throw ICPError.missing("payload") }
        let payload = JSONValue.object(
            members + [
                (
                    "consent",
                    .object([
                        ("request", .string(Hex.encode(ICPRequestContent.call(consent).encoded))),
                        ("certificate", .string(Hex.encode(certificate))),
                    ])
                )
            ])
        return try SignRequest(
            id: base.id, chain: base.chain, network: base.network, account: base.account, payload: payload)
    }

    static func text(_ review: Review) -> String {
        ReviewText.render(review, position: 1, of: 1, module: chain, context: ReviewContext(now: ICPFixtures.now))
    }

    @Test func aCallToAnUnknownCanisterIsShownByItsCertifiedConsentMessage() throws {
        let call = ICPFixtures.call(method: "greet", canister: Self.other, arg: Array("DIDL\u{0}\u{1}q\u{2}hi".utf8))
        let request = try Self.request(
            call,
            message: Self.fields(
                "Greet a friend",
                [("Friend", .variant(CandidFieldValue("Text", .record([CandidFieldValue("content", .text("Alice"))]))))]
            ))
        let review = try Self.chain.review(request, context: ReviewContext(now: ICPFixtures.now))
        #expect(review.unknowns.isEmpty)
        #expect(review.confirmation == .standard)
        #expect(review.effects.described.count == 1)
        #expect(review.lines.contains(ReviewLine("intent", "Greet a friend", level: 1, source: .certified)))
        #expect(review.lines.contains(ReviewLine("Friend", "Alice", level: 1, source: .certified)))
        let shown = Self.text(review)
        #expect(shown.contains("consent   the canister's consent message, certified by the IC (subnet"))
        #expect(shown.contains("| Greet a friend"))
        #expect(shown.contains("not counted in the totals"))

        // The same call without the consent message stays blind.
        let blind = try Self.chain.review(try ICPFixtures.request([call]), context: ReviewContext(now: ICPFixtures.now))
        #expect(!blind.unknowns.isEmpty)
    }

    @Test func aLedgerTransferIsShownBothWaysAndADisagreementIsWarned() throws {
        let call = ICPFixtures.call()
        let agrees = try Self.chain.review(
            try Self.request(
                call,
                message: Self.fields(
                    "Send ICP",
                    [("Amount", Self.amount(12300)), ("Fee", Self.amount(10000)), ("To", Self.text(Self.recipient))])),
            context: ReviewContext(now: ICPFixtures.now))
        #expect(!agrees.warnings.contains { $0.contains("disagree") }, "\(agrees.warnings)")
        #expect(!agrees.totals.isEmpty)
        #expect(agrees.lines.contains { $0.source == .certified && $0.value == "0.000123 ICP" })

        let lies = try Self.chain.review(
            try Self.request(call, message: Self.fields("Send ICP", [("Amount", Self.amount(1))])),
            context: ReviewContext(now: ICPFixtures.now))
        #expect(lies.warnings.contains { $0.contains("disagree") && $0.contains("0.000223 ICP") })
        #expect(lies.warnings.contains { $0.contains("disagree") && $0.contains("recipient \(Self.recipient)") })
    }

    @Test func aStaleOrForeignConsentRefusesTheRequest() throws {
        let call = ICPFixtures.call(method: "greet", canister: Self.other, arg: Array("DIDL\u{0}\u{0}".utf8))
        let message = Self.fields("Greet", [])
        #expect(throws: ICPError.self) {
            try Self.chain.review(
                try Self.request(call, message: message, age: 400), context: ReviewContext(now: ICPFixtures.now))
        }
        // Checked against the mainnet key, the fixture's certificate does not verify.
        #expect(throws: ICPError.self) {
            try ICPChain(consentVerifier: ICPCertificateVerifier(rootKey: .mainnet)).review(
                try Self.request(call, message: message), context: ReviewContext(now: ICPFixtures.now))
        }
    }
}
