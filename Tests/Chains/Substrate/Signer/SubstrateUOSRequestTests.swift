import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignTestSupport
import Testing

/// The watch's side of UOS (`airsign-watch substrate uos`): a stored request becomes the payload
/// polkadot-js would send (code 02, 06 with a metadata proof, 03 for a message) that the
/// signer's own UOS reading reviews to the very bytes the original request signs; the frames are
/// polkadot-js' legacy multipart and assemble back in any order.
@Suite struct SubstrateUOSRequestTests {
    typealias F = SubstrateFixtures

    /// The stored request and the `uos` request the signer makes of its UOS bytes sign the same.
    func expectSameSigning(_ request: SignRequest, _ uos: UOSPayload) throws {
        let scanned = try SignRequest(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            payload: .object([
                (key: "type", value: .string("uos")), (key: "uos", value: .string("0x" + testHex(uos.encoded))),
            ]))
        let context = try F.context()
        let original = try F.module.review(request, context: context).signing
        let read = try F.module.review(scanned, context: context).signing
        #expect(read.map(\.bytes) == original.map(\.bytes) && read.map(\.label) == original.map(\.label))
    }

    @Test(arguments: [KeyScheme.sr25519, .ed25519, .secp256k1])
    func transactionIsCode02ForTheAccountsKey(_ scheme: KeyScheme) throws {
        let key = try F.key("//Alice", scheme)
        let account = try F.account(key)
        let request = try F.request(account, payload: F.payloadJSON(account, method: try F.transferCall()))
        let uos = try UOSPayload(request: request)
        #expect(uos.code == 2 && uos.crypto == (scheme == .secp256k1 ? .ecdsa : .sr25519))
        #expect(uos.publicKey == (scheme == .secp256k1 ? F.publicKey(key) : try F.accountID(key)))
        #expect(testHex(uos.genesisHash) == String(F.polkadotGenesis.dropFirst(2)))
        try expectSameSigning(request, uos)
    }

    @Test func transactionWithAProofIsCode06() throws {
        let request = try SubstrateProvenReviewTests.request(try SubstrateProvenReviewTests.payload("transfer"))
        let uos = try UOSPayload(request: request)
        guard case let .provenTransaction(proof, _, _) = uos.content else {
            Issue.record("not code 06: \(uos.code)"); return
        }
        #expect(uos.code == 6)
        guard case let .string(text)? = request.payload["metadataProof"] else { Issue.record("no proof"); return }
        #expect(proof == testBytes(text))
        try expectSameSigning(request, uos)
    }

    @Test func messageIsCode03WithTheUnwrappedData() throws {
        let account = try F.account(try F.key("//Alice", .sr25519))
        let uos = try UOSPayload(request: try F.rawRequest(account, data: "0x" + testHex(Array("hello".utf8))))
        #expect(uos.code == 3 && uos.content == .message(Array("hello".utf8)))
        #expect(testHex(uos.genesisHash) == String(F.polkadotGenesis.dropFirst(2)))
    }

    @Test func refusals() throws {
        let account = try F.account(try F.key("//Alice", .sr25519))
        #expect(throws: SubstrateError.uos(.rawPayloadType)) {
            try UOSPayload(request: try F.rawRequest(account, data: "0x0102", type: "payload"))
        }
        // A message on a network known only by its CAIP-2 id needs its full genesis hash.
        let unknown = "polkadot:" + String(repeating: "ab", count: 16)
        #expect(throws: SubstrateError.unknownNetwork(unknown, known: nil)) {
            try UOSPayload(request: try F.rawRequest(account, data: "0x01", network: unknown))
        }
        let genesis = [UInt8](repeating: 0xab, count: 32)
        #expect(
            try UOSPayload(request: try F.rawRequest(account, data: "0x01", network: unknown), genesis: genesis)
                .genesisHash == genesis)
        #expect(throws: SubstrateError.empty("a UOS payload to frame")) { try UOSFraming.frames([]) }
    }

    /// Our frames equal polkadot-js' (`SubstrateUOSTests.frames`, built from the notes) and
    /// assemble back shuffled, for sizes around the 1024-byte frame boundary.
    @Test func framesArePolkadotJSLegacyMultipart() throws {
        var rng = SeededRandom.forTest("UOS watch frames")
        for size in [1, 1023, 1024, 1025, 2048, 5000] {
            let payload = rng.bytes(size)
            var frames = try UOSFraming.frames(payload)
            #expect(frames == SubstrateUOSTests.frames(payload), "size \(size)")
            #expect(frames.count == (size + 1023) / 1024 && frames.allSatisfy { $0.count <= 1029 })
            frames.shuffle(using: &rng)
            #expect(try UOSFrameCollector.assemble(frames) == payload, "size \(size), seed \(rng.seed)")
        }
    }
}
