import AirsignEncoding
import AirsignMessages
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignICP
@testable import AirsignICPOnline

/// The file `icp quill` writes: quill's own `Vec<IngressWithRequestId>` (specs/icp/quill.md),
/// one window of a series at a time, chosen by the watch's clock (pinned here).
@Suite struct ICPQuillExportTests {
    /// A signed one-hour series: 12 windows of the fixture ledger transfer.
    static func series() throws -> [QuillMessage] {
        let calls = (1...12).map {
            ICPFixtures.call(expiry: ICPFixtures.expiry + UInt64($0 - 1) * 300 * ICPTime.nanosPerSecond)
        }
        let chain = ICPChain()
        let review = try chain.review(try ICPFixtures.request(calls), context: ReviewContext(now: ICPFixtures.now))
        return try QuillMessage.parseArray(
            try #require(try chain.sign(review, with: .secp256k1(ICPFixtures.key)).result))
    }

    static let start = Int64(ICPFixtures.expiry / ICPTime.nanosPerSecond)

    @Test func theFileIsQuillsCompactArrayWithItsKeyOrder() throws {
        let message = try Self.series()[3]
        let id = Hex.encode(message.requestID)
        // serde_json::to_string of Vec<IngressWithRequestId>: struct field order, no whitespace.
        let golden =
            "[{\"ingress\":{\"call_type\":\"update\",\"request_id\":\"\(id)\",\"content\":\"\(Hex.encode(message.call.encoded))\","
            + "\"role\":\"nns:ledger\"},\"request_status\":{\"canister_id\":\"ryjl3-tyaaa-aaaaa-aaaba-cai\",\"request_id\":\"\(id)\","
            + "\"content\":\"\(Hex.encode(message.readState.encoded))\"}}]\n"
        #expect(String(decoding: ICPQuillExport.file(message), as: UTF8.self) == golden)
        #expect(id.count == 64 && id == id.lowercased())
        // The CBOR envelope carries the self-describe tag, as ic-agent writes it.
        #expect(message.call.encoded.prefix(3) == [0xd9, 0xd9, 0xf7])
        // Read back by our own strict reader: one message, the same one.
        let parsed = try QuillMessage.parseArray(try JSONParser().parse(ICPQuillExport.file(message)))
        #expect(parsed == [message])
    }

    @Test func writesTheWindowValidNowByDefault() throws {
        let messages = try Self.series()
        #expect(try ICPQuillExport.choose(messages, window: nil, now: Self.start - 300) == 0)
        #expect(try ICPQuillExport.choose(messages, window: nil, now: Self.start + 2400) == 9)
        #expect(throws: ICPError.allExpired(last: ICPTime.utc(nanos: messages[11].call.content.ingressExpiry))) {
            try ICPQuillExport.choose(messages, window: nil, now: Self.start + 3300)
        }
        #expect(throws: ICPError.self) { try ICPQuillExport.choose(messages, window: nil, now: Self.start - 3600) }
    }

    @Test func windowNPicksOneAndOutOfRangeIsAClearError() throws {
        let messages = try Self.series()
        #expect(try ICPQuillExport.choose(messages, window: 1, now: 0) == 0)
        #expect(try ICPQuillExport.choose(messages, window: 12, now: 0) == 11)
        for n in [0, 13, -1] {
            #expect(throws: ICPError.malformed(field: "--window", reason: "\(n) is not a window of this series (1…12)"))
            {
                try ICPQuillExport.choose(messages, window: n, now: 0)
            }
        }
    }

    @Test func runWritesOneWindowFromAFinalizedSeries() throws {
        let messages = try Self.series()
        let input = Array(JSONSerializer().serialize(QuillMessage.result(messages)).utf8)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("quill.json").path
        try ICPQuillExport.run(input, window: nil, out: out, now: Self.start + 2400)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: out))) == ICPQuillExport.file(messages[9]))
        // A tampered signature is refused before anything is written.
        var bad = messages
        bad[2] = QuillMessage(
            call: ICPEnvelope(
                content: bad[2].call.content, senderPubkey: bad[2].call.senderPubkey,
                senderSig: [UInt8](repeating: 1, count: 64)),
            readState: bad[2].readState, canisterID: bad[2].canisterID, role: bad[2].role)
        let other = dir.appendingPathComponent("bad.json").path
        #expect(throws: ICPError.self) {
            try ICPQuillExport.run(
                Array(JSONSerializer().serialize(QuillMessage.result(bad)).utf8), window: 1, out: other, now: Self.start
            )
        }
        #expect(!FileManager.default.fileExists(atPath: other))
    }
}
