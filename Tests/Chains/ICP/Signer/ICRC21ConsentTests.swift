import AirsignEncoding
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignICP

/// The ICRC-21 exchange from the IC mainnet that the Ledger ICP app tests with
/// (vectors/icrc21.json, its source there): the consent request, the call it is about and the
/// certificate of the reply, through a subnet delegation, checked with the mainnet root key and
/// the real BLS12-381 verification. Each tampering is refused with its own reason.
@Suite struct ICRC21ConsentTests {
    struct Vector {
        var consent: ICPCallContent
        var call: ICPCallContent
        var certificate: [UInt8]
    }

    static func content(_ hex: String) throws -> ICPCallContent {
        let envelope = try CBORDecoder().decode(testBytes(hex))
        let map = (try? envelope.untagged(55799)) ?? envelope
        let content = try #require(map["content"])
        guard case let .call(call) = try ICPRequestContent.decode(content, field: "content") else {
            throw ICPError.malformed(field: "content", reason: "not a call")
        }
        return call
    }

    static func vector() throws -> Vector {
        let data = try Data(contentsOf: Vectors.directory.appendingPathComponent("icrc21.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return Vector(
            consent: try content(try #require(object["consentRequest"] as? String)),
            call: try content(try #require(object["canisterCall"] as? String)),
            certificate: testBytes(try #require(object["certificate"] as? String)))
    }

    static let verifier = ICPCertificateVerifier(rootKey: .mainnet)

    static func check(_ v: Vector) throws(ICPError) -> VerifiedConsent {
        try ICRC21Attachment(request: v.consent, certificate: v.certificate).verify(for: v.call, verifier: verifier)
    }

    static func refusal(_ v: Vector) -> String {
        do {
            _ = try check(v)
            return "accepted"
        } catch { return error.description }
    }

    @Test func theMainnetConsentMessageVerifiesAndReads() throws {
        let verified = try Self.check(try Self.vector())
        #expect(verified.askedAnonymously)
        #expect(verified.mainnetRoot)
        #expect(verified.subnet != nil)
        #expect(verified.info.language == "en")
        guard case let .fields(intent, fields) = verified.info.message else {
            Issue.record("expected the fields display, got \(verified.info.message)")
            return
        }
        #expect(intent == "greet the user")
        #expect(fields.first == .init(label: "User", value: .text("Hello, world!")))
        #expect(fields.contains { $0.value == .tokenAmount(amount: 200_000_000, decimals: 8, symbol: "ICP") })
        let shown = ConsentReview(verified).lines.map { "\($0.label): \($0.value)" }.joined(separator: "\n")
        #expect(shown.contains("greet the user"))
        #expect(shown.contains("2 ICP"))
    }

    @Test func aFlippedCertificateByteIsRefused() throws {
        var v = try Self.vector()
        // The last byte is the end of the certificate's own BLS signature.
        v.certificate[v.certificate.count - 1] ^= 0x01
        #expect(Self.refusal(v).contains("signature"))
        var tree = try Self.vector()
        // A byte of the reply inside the tree: the root hash changes, the signature no longer covers it.
        let reply = Array("Hello, world!".utf8)
        let at = try #require(tree.certificate.firstRange(of: reply)).lowerBound
        tree.certificate[at] ^= 0x20
        #expect(Self.refusal(tree).contains("does not verify"))
    }

    @Test func anotherMethodArgumentCanisterOrSenderIsRefused() throws {
        var method = try Self.vector()
        method.call.methodName = "transfer"
        #expect(Self.refusal(method).contains("describes method greet, but the call is transfer"))

        var argument = try Self.vector()
        argument.call.arg = Array("DIDL\u{0}\u{1}q\u{5}Hello".utf8)
        #expect(Self.refusal(argument).contains("other arguments"))

        var canister = try Self.vector()
        canister.call.canisterID = try Principal(text: "ryjl3-tyaaa-aaaaa-aaaba-cai")
        #expect(Self.refusal(canister).contains("was asked of canister"))

        var sender = try Self.vector()
        sender.consent.sender = try Principal(text: "rrkah-fqaaa-aaaaa-aaaaq-cai")
        #expect(Self.refusal(sender).contains("neither the call's sender"))

        var consentMethod = try Self.vector()
        consentMethod.consent.methodName = "greet"
        #expect(Self.refusal(consentMethod).contains("not icrc21_canister_call_consent_message"))
    }

    @Test func aStaleOrMismatchedExpiryIsRefused() throws {
        var expiry = try Self.vector()
        expiry.call.ingressExpiry += 60 * ICPTime.nanosPerSecond
        #expect(Self.refusal(expiry).contains("the same ingress expiry"))

        // Both ten minutes later: the certificate, made about 3½ minutes before the original
        // expiry, is then more than 6 minutes before it.
        var stale = try Self.vector()
        stale.call.ingressExpiry += 600 * ICPTime.nanosPerSecond
        stale.consent.ingressExpiry = stale.call.ingressExpiry
        #expect(Self.refusal(stale).contains("it is stale"))

        // Both expiring before the certificate was made: certified after the call's expiry.
        var late = try Self.vector()
        late.call.ingressExpiry -= 300 * ICPTime.nanosPerSecond
        late.consent.ingressExpiry = late.call.ingressExpiry
        #expect(Self.refusal(late).contains("after the call's ingress expiry"))
    }

    @Test func theInterfaceParses() throws {
        _ = try ICRC21Interface.parsed.get()
    }

    @Test func theConsentRequestRoundTrips() throws {
        for display: ICRC21ConsentRequest.Display? in [
            nil, .generic, .fields, .lines(charactersPerLine: 20, linesPerPage: 4),
        ] {
            let request = ICRC21ConsentRequest(
                method: "icrc1_transfer", arg: [1, 2, 3], language: "de", utcOffsetMinutes: -90, display: display)
            #expect(try ICRC21ConsentRequest(candid: try request.argumentBytes()) == request)
        }
        // The Ledger app's request reads as ICRC-21 states it.
        let asked = try ICRC21ConsentRequest(candid: try Self.vector().consent.arg)
        #expect(asked.method == "greet")
        #expect(asked.language == "en")
    }
}
