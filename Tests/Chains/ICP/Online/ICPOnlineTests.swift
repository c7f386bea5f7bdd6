import AirsignEncoding
@testable import AirsignICP
@testable import AirsignICPOnline
import AirsignMessages
import AirsignOnline
import AirsignTestSupport
import AirsignWatch
import Testing

/// A boundary node played by closures: what the client posts, what it answers.
struct ScriptedTransport: HTTPTransport {
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    func send(_ request: HTTPRequest) throws(OnlineError) -> HTTPResponse { answer(request) }
}

@Suite struct ICPOnlineTests {
    static let rid = [UInt8](repeating: 0xab, count: 32)

    static func certificate(_ tree: CBORValue) throws -> [UInt8] {
        let certificate = try CBOREncoder().encode(.tag(55799, .map([(.text("tree"), tree), (.text("signature"), .bytes([UInt8](repeating: 0, count: 48)))])))
        return try CBOREncoder().encode(.map([(.text("certificate"), .bytes(certificate))]))
    }

    static func labeled(_ label: String, _ tree: CBORValue) -> CBORValue { .array([.unsigned(2), .bytes(Array(label.utf8)), tree]) }
    static func leaf(_ bytes: [UInt8]) -> CBORValue { .array([.unsigned(3), .bytes(bytes)]) }
    static func fork(_ l: CBORValue, _ r: CBORValue) -> CBORValue { .array([.unsigned(1), l, r]) }

    static func statusTree(_ leaves: [(String, [UInt8])]) -> CBORValue {
        let nodes = leaves.map { labeled($0.0, leaf($0.1)) }
        let inner = nodes.dropFirst().reduce(nodes[0]) { fork($0, $1) }
        return labeled("request_status", .array([.unsigned(2), .bytes(rid), inner]))
    }

    func status(_ tree: CBORValue) throws -> ICPRequestStatus {
        let body = try Self.certificate(tree)
        let client = try ICPClient(baseURL: "http://node", transport: ScriptedTransport { _ in HTTPResponse(status: 200, body: body) })
        return try client.requestStatus(canister: .managementCanister, envelope: [], requestID: Self.rid)
    }

    @Test func readsEveryStatusFromTheHashTree() throws {
        #expect(try status(Self.statusTree([("status", Array("processing".utf8))])) == .processing)
        #expect(try status(Self.statusTree([("reply", [1, 2]), ("status", Array("replied".utf8))])) == .replied(reply: [1, 2]))
        #expect(try status(Self.statusTree([("error_code", Array("IC0503".utf8)), ("reject_code", [4]),
                                            ("reject_message", Array("no".utf8)), ("status", Array("rejected".utf8))]))
            == .rejected(code: 4, message: "no", errorCode: "IC0503"))
        #expect(try status(.array([.unsigned(0)])) == .unknown)
        #expect(try status(.array([.unsigned(4), .bytes([UInt8](repeating: 0, count: 32))])) == .unknown)
        #expect(throws: OnlineError.self) { try status(.array([.unsigned(9)])) }
        #expect(throws: OnlineError.self) { try status(Self.statusTree([("status", Array("sleeping".utf8))])) }
    }

    @Test func callPostsToTheCanisterAndReadsRejects() throws {
        let reject = try CBOREncoder().encode(.map([(.text("reject_code"), .unsigned(3)), (.text("reject_message"), .text("gone"))]))
        let client = try ICPClient(baseURL: "https://icp-api.io/", transport: ScriptedTransport { request in
            request.url == "https://icp-api.io/api/v2/canister/ryjl3-tyaaa-aaaaa-aaaba-cai/call" && request.body == [1]
                ? HTTPResponse(status: 200, body: reject) : HTTPResponse(status: 404, body: [])
        })
        #expect(try client.call(canister: ICPLedger.icp.canister, envelope: [1]) == .rejected(code: 3, message: "gone", errorCode: nil))
        #expect(throws: OnlineError.self) { try client.call(canister: ICPLedger.icp.canister, envelope: [2]) }
        #expect(throws: OnlineError.badURL("ftp://x")) { try ICPClient(baseURL: "ftp://x") }
    }

    @Test func sendPicksTheWindowCoveringNow() throws {
        let calls = (1 ... 12).map { ICPFixtures.call(expiry: ICPFixtures.expiry + UInt64($0 - 1) * 300 * ICPTime.nanosPerSecond) }
        let chain = ICPChain()
        let review = try chain.review(try ICPFixtures.request(calls), context: ReviewContext(now: ICPFixtures.now))
        let messages = try QuillMessage.parseArray(try #require(try chain.sign(review, with: .secp256k1(ICPFixtures.key)).result))
        let start = Int64(ICPFixtures.expiry / ICPTime.nanosPerSecond)
        #expect(try ICPSend.pick(messages, now: start - 300) == 0)
        #expect(try ICPSend.pick(messages, now: start - 10) == 1)  // window 1 closes in 10 s: too close
        #expect(try ICPSend.pick(messages, now: start + 2400) == 9)  // expires start + 2700
        #expect(throws: ICPError.self) { try ICPSend.pick(messages, now: start + 3300) }  // all expired
        #expect(throws: ICPError.self) { try ICPSend.pick(messages, now: start - 3600) }  // not yet sendable
    }

    @Test func aRejectedCallIsANetworkFailure() throws {
        let chain = ICPChain()
        let review = try chain.review(try ICPFixtures.request([ICPFixtures.call()]), context: ReviewContext(now: ICPFixtures.now))
        let result = try #require(try chain.sign(review, with: .secp256k1(ICPFixtures.key)).result)
        let file = Array(JSONSerializer().serialize(result).utf8)
        let reject = try CBOREncoder().encode(.map([(.text("reject_code"), .unsigned(5)), (.text("reject_message"), .text("trapped"))]))
        let transport = ScriptedTransport { _ in HTTPResponse(status: 200, body: reject) }
        // OnlineError other than badURL exits 9 (network), as docs/exit-codes.md's table says.
        #expect(throws: OnlineError.unexpected(url: "http://node", reason: "the IC rejected the call (reject code 5)")) {
            try ICPSend.run(file, url: "http://node", now: ICPFixtures.now, transport: transport)
        }
    }

    @Test func aCallStillProcessingAfterTheLastPollIsATimeout() throws {
        let chain = ICPChain()
        let review = try chain.review(try ICPFixtures.request([ICPFixtures.call()]), context: ReviewContext(now: ICPFixtures.now))
        let signed = try chain.sign(review, with: .secp256k1(ICPFixtures.key))
        let file = Array(JSONSerializer().serialize(try #require(signed.result)).utf8)
        let id = try QuillMessage.parseArray(try #require(signed.result))[0].requestID
        let tree = Self.labeled("request_status", .array([.unsigned(2), .bytes(id), Self.labeled("status", Self.leaf(Array("processing".utf8)))]))
        let certificate = try Self.certificate(tree)
        let transport = ScriptedTransport { request in
            request.url.hasSuffix("/call") ? HTTPResponse(status: 202, body: []) : HTTPResponse(status: 200, body: certificate)
        }
        #expect(throws: OnlineError.timedOut(what: "the call to finish (status processing)", seconds: 60)) {
            try ICPSend.run(file, url: "http://node", now: ICPFixtures.now, transport: transport, pause: { _ in })
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
