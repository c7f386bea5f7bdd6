import AirsignEncoding
import AirsignMessages
import AirsignOnline
import AirsignTestSupport
import AirsignWatch
import Testing

@testable import AirsignICP
@testable import AirsignICPOnline

/// A boundary node played by closures: what the client posts, what it answers.
struct ScriptedTransport: HTTPTransport {
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    func send(_ request: HTTPRequest) throws(OnlineError) -> HTTPResponse { answer(request) }
}

@Suite struct ICPOnlineTests {
    static let rid = [UInt8](repeating: 0xab, count: 32)
    static let node = "http://node"

    /// A read_state answer: `{certificate}` with a delegated certificate holding `tree`.
    static func answer(_ tree: CBORValue, at seconds: Int64 = CertificateFixtures.now) throws -> [UInt8] {
        try CBOREncoder().encode(
            .map([(.text("certificate"), .bytes(try CertificateFixtures.delegated(tree, at: seconds)))]))
    }

    static func client(_ transport: ScriptedTransport) throws -> ICPClient {
        try ICPClient(baseURL: node, verifier: CertificateFixtures.verifier, transport: transport)
    }

    func status(_ tree: CBORValue, at seconds: Int64 = CertificateFixtures.now) throws -> ICPRequestStatus {
        let body = try Self.answer(tree, at: seconds)
        let client = try Self.client(ScriptedTransport { _ in HTTPResponse(status: 200, body: body) })
        return try client.requestStatus(
            canister: CertificateFixtures.canister, envelope: [], requestID: Self.rid, now: CertificateFixtures.now)
    }

    @Test func readsTheStatusOnlyFromAVerifiedCertificate() throws {
        let replied = CertificateFixtures.statusTree(Self.rid, [("reply", [1, 2]), ("status", Array("replied".utf8))])
        #expect(try status(replied) == .replied(reply: [1, 2]))
        // The same status in a certificate ten minutes old, or with a forged signature: refused.
        #expect(throws: ICPCertificateError.self) { try status(replied, at: CertificateFixtures.now - 600) }
        let forged = try CBOREncoder().encode(
            .map([
                (
                    .text("certificate"),
                    .bytes(
                        try CertificateFixtures.certificate(
                            CertificateFixtures.withTime(replied), signature: [UInt8](repeating: 0, count: 48)))
                )
            ]))
        let client = try Self.client(ScriptedTransport { _ in HTTPResponse(status: 200, body: forged) })
        #expect(throws: ICPCertificateError.badSignature("the signature does not verify under the root key")) {
            try client.requestStatus(
                canister: CertificateFixtures.canister, envelope: [], requestID: Self.rid, now: CertificateFixtures.now)
        }
        #expect(throws: ICPCertificateError.self) { try status(.array([.unsigned(9)])) }
    }

    @Test func callPostsToTheCanisterAndReadsRejects() throws {
        let reject = try CBOREncoder().encode(
            .map([(.text("reject_code"), .unsigned(3)), (.text("reject_message"), .text("gone"))]))
        let client = try ICPClient(
            baseURL: "https://icp-api.io/", verifier: CertificateFixtures.verifier,
            transport: ScriptedTransport { request in
                request.url == "https://icp-api.io/api/v2/canister/ryjl3-tyaaa-aaaaa-aaaba-cai/call"
                    && request.body == [1]
                    ? HTTPResponse(status: 200, body: reject) : HTTPResponse(status: 404, body: [])
            })
        #expect(
            try client.call(canister: ICPLedger.icp.canister, envelope: [1])
                == .rejected(code: 3, message: "gone", errorCode: nil))
        #expect(throws: OnlineError.self) { try client.call(canister: ICPLedger.icp.canister, envelope: [2]) }
        #expect(throws: OnlineError.badURL("ftp://x")) {
            try ICPClient(baseURL: "ftp://x", verifier: CertificateFixtures.verifier)
        }
    }

    @Test func sendPicksTheWindowCoveringNow() throws {
        let calls = (1...12).map {
            ICPFixtures.call(expiry: ICPFixtures.expiry + UInt64($0 - 1) * 300 * ICPTime.nanosPerSecond)
        }
        let chain = ICPChain()
        let review = try chain.review(try ICPFixtures.request(calls), context: ReviewContext(now: ICPFixtures.now))
        let messages = try QuillMessage.parseArray(
            try #require(try chain.sign(review, with: .secp256k1(ICPFixtures.key)).result))
        let start = Int64(ICPFixtures.expiry / ICPTime.nanosPerSecond)
        #expect(try ICPSend.pick(messages, now: start - 300) == 0)
        #expect(try ICPSend.pick(messages, now: start - 10) == 1)  // window 1 closes in 10 s: too close
        #expect(try ICPSend.pick(messages, now: start + 2400) == 9)  // expires start + 2700
        #expect(throws: ICPError.self) { try ICPSend.pick(messages, now: start + 3300) }  // all expired
        #expect(throws: ICPError.self) { try ICPSend.pick(messages, now: start - 3600) }  // not yet sendable
    }

    @Test func aRejectedCallIsANetworkFailure() throws {
        let chain = ICPChain()
        let review = try chain.review(
            try ICPFixtures.request([ICPFixtures.call()]), context: ReviewContext(now: ICPFixtures.now))
        let result = try #require(try chain.sign(review, with: .secp256k1(ICPFixtures.key)).result)
        let file = Array(JSONSerializer().serialize(result).utf8)
        let reject = try CBOREncoder().encode(
            .map([(.text("reject_code"), .unsigned(5)), (.text("reject_message"), .text("trapped"))]))
        let transport = ScriptedTransport { _ in HTTPResponse(status: 200, body: reject) }
        // OnlineError other than badURL exits 9 (network), as docs/exit-codes.md's table says.
        #expect(throws: OnlineError.unexpected(url: "http://node", reason: "the IC rejected the call (reject code 5)"))
        {
            try ICPSend.run(
                file, url: "http://node", verifier: CertificateFixtures.verifier, now: ICPFixtures.now,
                transport: transport)
        }
    }

    @Test func aCallStillProcessingAfterTheLastPollIsATimeout() throws {
        let chain = ICPChain()
        let review = try chain.review(
            try ICPFixtures.request([ICPFixtures.call()]), context: ReviewContext(now: ICPFixtures.now))
        let signed = try chain.sign(review, with: .secp256k1(ICPFixtures.key))
        let file = Array(JSONSerializer().serialize(try #require(signed.result)).utf8)
        let id = try QuillMessage.parseArray(try #require(signed.result))[0].requestID
        let certificate = try Self.answer(
            CertificateFixtures.statusTree(id, [("status", Array("processing".utf8))]), at: ICPFixtures.now)
        let transport = ScriptedTransport { request in
            request.url.hasSuffix("/call")
                ? HTTPResponse(status: 202, body: []) : HTTPResponse(status: 200, body: certificate)
        }
        #expect(throws: OnlineError.timedOut(what: "the call to finish (status processing)", seconds: 60)) {
            try ICPSend.run(
                file, url: "http://node", verifier: CertificateFixtures.verifier, now: ICPFixtures.now,
                transport: transport, pause: { _ in })
        }
    }

    @Test func principalKinds() throws {
        #expect(Principal.anonymous.kind == .anonymous)
        #expect(Principal.managementCanister.kind == .management)
        #expect(ICPLedger.icp.canister.kind == .opaque)
        #expect(ICPFixtures.sender.kind == .selfAuthenticating)
        #expect(try Principal(bytes: [1, 3]).kind == .derived)
        #expect(try Principal(bytes: [0x7f]).kind == .reserved)
    }
}
