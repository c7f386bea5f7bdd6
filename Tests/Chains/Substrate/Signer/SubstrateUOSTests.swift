import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignTestSupport
import Testing

/// UOS (polkadot-js / Polkadot Vault QR): the published example decodes to its documented
/// fields; legacy frames assemble in any order and refuse mixed sets; every payload code is
/// read or refused by name; a transaction is reviewed exactly as the same payload given as a
/// SignerPayloadJSON and signs the same bytes; a key that is not ours and a scheme other than
/// the request's are refused; the answer is the hex polkadot-js reads.
@Suite struct SubstrateUOSTests {
    typealias F = SubstrateFixtures

    struct Example: Decodable {
        let payload, publicKey, call, extensions, genesisHash: String
        let crypto, code: UInt8
    }

    struct RaptorQFrames: Decodable {
        let source, payload: String
        let frames: [String]
    }

    struct File: Decodable {
        let source: String
        let cases: [Example]
        let raptorq: RaptorQFrames
    }

    static let polkadot = testBytes(String(F.polkadotGenesis.dropFirst(2)))

    @Test func publishedExampleDecodesToItsFields() throws {
        let file = try Vectors.load("substrate-uos", as: File.self)
        #expect(file.source.contains("UOS.md"))
        for example in file.cases {
            let bytes = testBytes(example.payload)
            let uos = try UOSPayload(decoding: bytes)
            #expect(uos.crypto.rawValue == example.crypto && uos.code == example.code)
            #expect(testHex(uos.publicKey) == example.publicKey && testHex(uos.genesisHash) == example.genesisHash)
            #expect(
                uos.content
                    == .transaction(
                        signed: testBytes(example.call + example.extensions), callLength: testBytes(example.call).count)
            )
            #expect(uos.encoded == bytes)
        }
    }

    // MARK: frames

    static func frames(_ payload: [UInt8], size: Int = 1024) -> [[UInt8]] {
        let chunks = stride(from: 0, to: payload.count, by: size).map {
            Array(payload[$0..<min($0 + size, payload.count)])
        }
        return chunks.enumerated().map { index, chunk in
            [0, UInt8(chunks.count >> 8), UInt8(chunks.count & 0xff), UInt8(index >> 8), UInt8(index & 0xff)] + chunk
        }
    }

    @Test func framesAssembleInAnyOrderWithRepeats() throws {
        var rng = SeededRandom.forTest("UOS frames in any order")
        let payload = rng.bytes(3000)
        var shown = Self.frames(payload)
        #expect(shown.count == 3)
        shown += [shown[1], shown[0]]
        shown.shuffle(using: &rng)
        #expect(try UOSFrameCollector.assemble(shown) == payload, "seed \(rng.seed)")
    }

    /// Frames the `raptorq` crate made (through PyPI `raptorq`): any two of the four (two
    /// source symbols, two repair) decode through liblcrq; one alone does not.
    @Test func raptorQFramesFromTheCrateDecode() throws {
        let vector = try Vectors.load("substrate-uos", as: File.self).raptorq
        #expect(vector.source.contains("raptorq 2.0.0"))
        let frames = vector.frames.map(testBytes)
        for (a, b) in [(0, 1), (0, 2), (1, 2), (2, 3), (3, 0), (1, 3)] {
            #expect(
                try UOSFrameCollector.assemble([frames[a], frames[b], frames[a]]) == testBytes(vector.payload),
                "frames \(a), \(b)")
        }
        #expect(
            throws: SubstrateError.frames(.notDecodedYet(received: 1, needed: 2)),
            "one RaptorQ frame of two source symbols decoded"
        ) {
            try UOSFrameCollector.assemble([frames[2]])
        }
        var tampered = frames[1]
        tampered[20] ^= 1
        #expect(throws: SubstrateError.self) { try UOSFrameCollector.assemble([frames[1], tampered]) }
        // Another payload size among the frames: two requests mixed.
        var other = frames[0]
        other[3] ^= 1
        #expect(throws: SubstrateError.self) { try UOSFrameCollector.assemble([frames[0], other]) }
    }

    /// A set of files is all the frames there will be: when its first K frames do not decode
    /// and no later count is one the stream tries, one more try with every frame decodes it
    /// (before, K+1 frames whose first K were singular were "incomplete").
    @Test func aFileSetDecodesWithEveryFrameWhenItsFirstKDoNot() throws {
        var rng = SeededRandom.forTest("UOS RaptorQ final attempt")
        let payload = rng.bytes(256), symbolSize = 64
        let k = try #require(RaptorQ.sourceSymbols(length: payload.count, symbolSize: symbolSize))
        let encoder = try #require(RaptorQ.Encoder(object: payload, symbolSize: symbolSize))
        func frame(_ esi: UInt32) throws -> [UInt8] {
            [
                0x80, 0, UInt8(payload.count >> 8), UInt8(payload.count & 0xff), 0, UInt8(esi >> 16),
                UInt8(esi >> 8 & 0xff), UInt8(esi & 0xff),
            ]
                + (try #require(encoder.symbol(esi: esi)))
        }
        // K random repair symbols that do not determine the payload, then one more that does.
        var found: [UInt32]?
        for _ in 0..<20_000 where found == nil {
            var esis: Set<UInt32> = []
            while esis.count < k {
                esis.insert(UInt32(k) + UInt32(rng.next() % UInt64(RaptorQ.maxESI(for: k) - UInt32(k))))
            }
            let first = esis.sorted()
            guard
                RaptorQ.decode(
                    length: payload.count, symbolSize: symbolSize,
                    symbols: try first.map { (esi: $0, data: try #require(encoder.symbol(esi: $0))) }) == nil
            else { continue }
            for extra in UInt32(k)...RaptorQ.maxESI(for: k) where !esis.contains(extra) {
                let all = first + [extra]
                if RaptorQ.decode(
                    length: payload.count, symbolSize: symbolSize,
                    symbols: try all.map { (esi: $0, data: try #require(encoder.symbol(esi: $0))) }) != nil
                {
                    found = all
                    break
                }
            }
        }
        let esis = try #require(found, "no singular set of \(k) repair symbols in 20,000 draws (seed \(rng.seed))")
        #expect(try UOSFrameCollector.assemble(try esis.map(frame)) == payload, "ESIs \(esis), seed \(rng.seed)")
        // The first K alone: enough in number, so the refusal asks for more rather than for K.
        #expect(throws: SubstrateError.frames(.notDecodedYet(received: k, needed: k))) {
            try UOSFrameCollector.assemble(try esis.prefix(k).map(frame))
        }
        // Frame by frame, as a camera gives them, the stream still waits after K+1.
        var collector = UOSFrameCollector()
        for esi in esis { _ = try collector.receive(try frame(esi)) }
        #expect(collector.message == nil)
        try collector.finish()
        #expect(collector.message == payload)
    }

    @Test func mixedOrIncompleteFrameSetsAreRefused() throws {
        var rng = SeededRandom.forTest("UOS mixed frames")
        let first = Self.frames(rng.bytes(2500)), second = Self.frames(rng.bytes(2400)),
            longer = Self.frames(rng.bytes(4000))
        let cases: [([[UInt8]], SubstrateError.FrameProblem)] = [
            ([first[0], first[2]], .missing([2], count: 3)),
            (first + [second[1]], .mixed("two different frames 2 of 3")),
            (first + [longer[0]], .mixed("frame 1 says the payload has 4 frames, earlier frames said 3")),
            ([[0x80, 0, 0, 10, 1, 2, 3, 4, 5]], .header(raptorQ: true, bytes: 9)),
            ([[0x80, 0, 0, 10, 1, 0, 0, 0, 1, 2, 3, 4]], .sourceBlock(1)),
            ([[0x80, 0x10, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]], .unsupportedSize(size: 0x10_0000, symbolSize: 4)),
            ([[0, 0, 2, 0, 2, 1]], .index(2, count: 2)),
        ]
        for (frames, problem) in cases {
            #expect(throws: SubstrateError.frames(problem), "seed \(rng.seed)") {
                try UOSFrameCollector.assemble(frames)
            }
        }
    }

    @Test func framingClaimsOnlyUOSFrames() {
        let framing = UOSFraming()
        #expect(framing.claims([0, 0, 1, 0, 0, 0x53]))
        #expect(framing.claims([0x80, 0, 0, 10, 0, 0, 0]))
        // A raw XDR envelope (count 0), JSON, a UR, an index past the count: not UOS frames.
        for payload in [
            [0, 0, 0, 2, 0, 0, 0], Array("{\"airsign\"".utf8), Array("ur:bytes/abc".utf8), [0, 0, 1, 0, 1, 7],
        ] as [[UInt8]] {
            #expect(!framing.claims(payload), "\(payload)")
        }
    }

    // MARK: payload codes

    @Test func payloadCodesAreReadOrRefusedByName() throws {
        let key = [UInt8](repeating: 7, count: 32)
        let tail = [UInt8](repeating: 1, count: 40) + Self.polkadot
        let cases: [([UInt8], SubstrateError)] = [
            ([0x53, 1, 4] + key + tail, .uos(.code(4))),
            ([0x53, 1, 5] + key + tail, .uos(.code(5))),
            ([0x53, 1, 8] + key + tail, .uos(.code(8))),
            ([0x53, 1, 0x80] + key + tail, .uos(.code(0x80))),
            ([0x53, 1, 0x09] + key + tail, .uos(.code(9))),
            ([0x53, 3, 2] + key + tail, .uos(.crypto(3))),
            ([0x53, 0xff, 0x80] + key + tail, .uos(.crypto(0xff))),
            ([0x53, 7, 2] + key + tail, .uos(.crypto(7))),
            ([0x54, 1, 2] + key + tail, .uos(.notUOS)),
            ([0x53, 1, 2] + key, .uos(.tooShort(bytes: 35, keyLength: 32))),
            (
                [0x53, 1, 1] + key + [1, 2, 3] + Self.polkadot,
                .length(field: "UOS payload code 01: the hash", actual: 3, expected: 32)
            ),
            ([0x53, 1, 3] + key + Self.polkadot, .empty("UOS payload code 03: the message")),
            (
                [0x53, 1, 2] + key + [0x10, 5] + Self.polkadot,
                .call(field: "UOS transaction", .lengthMismatch(stated: 4, actual: 1))
            ),
            ([0x53, 1, 2] + key + [0x04, 5] + Self.polkadot, .call(field: "UOS transaction", .tooShort(stated: 1))),
            // ecdsa: a 33-byte key shifts the body, whose first bytes 01 01 state 64.
            ([0x53, 2, 2] + key + tail, .call(field: "UOS transaction", .lengthMismatch(stated: 64, actual: 37))),
        ]
        for (bytes, refusal) in cases {
            #expect(throws: refusal) { try UOSPayload(decoding: bytes) }
        }
        let proof = #expect(throws: SubstrateError.self) {
            try UOSPayload(decoding: [0x53, 1, 6] + key + [0xff, 0xff] + Self.polkadot)
        }
        guard case .proof(.unreadable)? = proof else {
            Issue.record("not a metadata proof's refusal: \(proof.map(\.description) ?? "none")")
            return
        }
        let hash = [UInt8](repeating: 9, count: 32)
        #expect(try UOSPayload(decoding: [0x53, 1, 1] + key + hash + Self.polkadot).content == .hash(hash))
        #expect(
            try UOSPayload(decoding: [0x53, 0, 3] + key + Array("hi".utf8) + Self.polkadot).content
                == .message(Array("hi".utf8)))
    }

    // MARK: review and signing

    /// The UOS bytes polkadot-js sends for `payload` (a SignerPayloadJSON): `53 01 02`, the
    /// account id, `compact(len(method)) ‖ method ‖ extensions`, the genesis hash.
    static func uos(for payload: JSONValue, key: [UInt8], crypto: UInt8 = 1, code: UInt8 = 2) throws -> [UInt8] {
        let signer = try SignerPayload(json: payload)
        let built = try SigningPayload(trusting: signer)
        var length = SCALEWriter()
        length.writeCompact(UInt64(signer.method.count))
        return [0x53, crypto, code] + key + length.bytes + built.bytes + signer.genesisHash
    }

    static func own(_ account: MessageAccount, network: String? = nil) -> OwnAccount {
        OwnAccount(
            chain: F.module.chain, address: account.address, publicKey: account.publicKey, keyName: "dev",
            path: "//Alice", network: network)
    }

    @Test(arguments: [KeyScheme.sr25519, .ed25519, .secp256k1])
    func transactionIsReviewedAsItsSignerPayloadAndSignsTheSameBytes(_ scheme: KeyScheme) throws {
        let key = try F.key("//Alice", scheme)
        let account = try F.account(key)
        let json = F.payloadJSON(account, method: try F.transferCall())
        let bytes = try Self.uos(
            for: json, key: scheme == .secp256k1 ? F.publicKey(key) : try F.accountID(key),
            crypto: scheme == .secp256k1 ? 2 : 1)
        let read = try UOSFormat().requests(SignerInput(bytes: bytes), accounts: [Self.own(account)])
        #expect(read.count == 1)
        let request = try #require(read.first).request
        #expect(request.network == F.polkadotNetwork && request.payloadType == "uos")
        let uosReview = try F.module.review(request, context: F.context())
        let jsonReview = try F.module.review(try F.request(account, payload: json), context: F.context())
        #expect(uosReview.signing == jsonReview.signing)
        #expect(
            uosReview.title == jsonReview.title && uosReview.totals == jsonReview.totals
                && uosReview.confirmation == jsonReview.confirmation)
        // The same lines, but for the format the UOS review names and the block number a
        // SignerPayloadJSON claims and UOS does not carry.
        #expect(
            uosReview.lines.first?.value.hasPrefix("UOS (polkadot-js / Polkadot Vault QR), payload code 02") == true)
        #expect(Array(uosReview.lines.dropFirst()) == jsonReview.lines.filter { $0.label != "block number" })
        let output = try F.module.sign(uosReview, with: key)
        let signature = try MultiSignature(
            decoding: testBytes(String(try #require(output.signatures.first).dropFirst(2))))
        #expect(
            try SubstrateSigning.isValid(signature, message: jsonReview.signing[0].bytes, publicKey: account.publicKey))
        // The answer: the MultiSignature as lowercase hex without 0x.
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: output.result)
        #expect(try read[0].answer.encode(response) == Array(testHex(signature.encoded).utf8))
        #expect(read[0].answer.qr == .binary)
    }

    @Test func aNonCanonicalOrUnreadablePayloadIsNotSignedAsDecoded() throws {
        let key = try F.key("//Alice", .sr25519)
        let account = try F.account(key)
        var bytes = try Self.uos(for: F.payloadJSON(account, method: try F.transferCall()), key: try F.accountID(key))
        // One byte more before the genesis: no table reads it; shown raw, blind only.
        bytes.insert(0, at: bytes.count - 32)
        let request = try #require(
            try UOSFormat().requests(SignerInput(bytes: bytes), accounts: [Self.own(account)]).first
        ).request
        let review = try F.module.review(request, context: F.context())
        #expect(review.title == "Substrate transaction (UOS) that cannot be decoded")
        #expect(
            review.confirmation
                == .explicit(reason: "a UOS transaction whose signed extensions this signer cannot read"))
    }

    @Test func messageBecomesABytesWrappedRawRequest() throws {
        let key = try F.key("//Alice", .sr25519)
        let account = try F.account(key)
        let bytes: [UInt8] = [0x53, 1, 3] + (try F.accountID(key)) + Array("hello".utf8) + Self.polkadot
        let read = try #require(
            try UOSFormat().requests(SignerInput(bytes: bytes), accounts: [Self.own(account)]).first)
        #expect(read.request.payloadType == "raw")
        let review = try F.module.review(read.request, context: F.context())
        #expect(review.signing == [SubstrateSignable.message(Array("<Bytes>hello</Bytes>".utf8), wrapped: true).item])
        let output = try F.module.sign(review, with: key)
        let response = try SignResponse(
            id: read.request.id, chain: read.request.chain, network: read.request.network,
            account: read.request.account, signatures: output.signatures, result: output.result)
        let answer = try read.answer.encode(response)
        #expect(answer.count == 128 && answer == Array(String(output.signatures[0].dropFirst(2)).utf8))
    }

    @Test func hashNeedsBlindSigning() throws {
        let key = try F.key("//Alice", .sr25519)
        let account = try F.account(key)
        let hash = [UInt8](repeating: 0x5a, count: 32)
        let bytes: [UInt8] = [0x53, 1, 1] + (try F.accountID(key)) + hash + Self.polkadot
        let request = try #require(
            try UOSFormat().requests(SignerInput(bytes: bytes), accounts: [Self.own(account)]).first
        ).request
        let review = try F.module.review(request, context: F.context())
        #expect(review.confirmation == .explicit(reason: "a transaction given only as its hash, which cannot be shown"))
        #expect(review.signing.map(\.bytes) == [hash])
    }

    @Test func aKeyThatIsNotOursIsRefused() throws {
        let alice = try F.account(try F.key("//Alice", .sr25519))
        let bob = try F.key("//Bob", .sr25519)
        let bytes = try Self.uos(
            for: F.payloadJSON(try F.account(bob), method: try F.transferCall()), key: try F.accountID(bob))
        do {
            _ = try UOSFormat().requests(SignerInput(bytes: bytes), accounts: [Self.own(alice)])
            Issue.record("a request for //Bob was accepted by a keystore holding //Alice")
        } catch {
            #expect("\(error)".contains("is not one of this keystore's Substrate accounts"), "\(error)")
        }
    }

    /// polkadot-js sends crypto 01 for every account, so 01 takes any scheme; 00 (ed25519) and
    /// 02 (ecdsa) must be answered by that scheme.
    @Test func theAnswerKeepsTheRequestsScheme() throws {
        let key = try F.key("//Alice", .sr25519)
        let account = try F.account(key)
        let json = F.payloadJSON(account, method: try F.transferCall())
        let request = try F.request(account, payload: json)
        let output = try F.module.sign(try F.module.review(request, context: F.context()), with: key)
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: output.result)
        #expect(throws: SubstrateError.uos(.answerScheme(crypto: "ed25519", byte: 0))) {
            try UOSAnswer(kind: .transaction, crypto: .ed25519).encode(response)
        }
        // The MultiSignature as hex: the sr25519 type byte 01 and the 64-byte signature.
        let answer = String(
            decoding: try UOSAnswer(kind: .transaction, crypto: .sr25519).encode(response), as: UTF8.self)
        #expect(answer.hasPrefix("01") && answer.count == 2 + 128, "\(answer)")
    }

    @Test func theRecognizedInputIsUOSBytesOnly() {
        let format = UOSFormat()
        #expect(format.recognizes(SignerInput(bytes: [0x53, 1, 2, 0])))
        #expect(format.recognizes(SignerInput(bytes: [0x80, 0, 0, 10, 0])))
        #expect(!format.recognizes(SignerInput(bytes: [0x53, 1, 2, 0], urType: "bytes")))
        #expect(!format.recognizes(SignerInput(bytes: Array("Stellar".utf8))))
        #expect(!format.recognizes(SignerInput(bytes: Array("{\"airsign\":1}".utf8))))
    }

    /// The pairing's genesis hash: the table's for a network it knows, a given one only for its
    /// own network, and a given one of another network named as such when the table cannot help.
    @Test func thePairingsGenesisHash() throws {
        let polkadot = try Hex.decode(F.polkadotGenesis)
        let other = [UInt8](repeating: 0x5A, count: 32)
        let otherNetwork = SubstrateNetwork.caip2(genesisHash: other)
        #expect(try UOSAddress.genesis(network: SubstrateNetwork.caip2(genesisHash: polkadot), given: nil) == polkadot)
        #expect(
            try UOSAddress.genesis(network: SubstrateNetwork.caip2(genesisHash: polkadot), given: other) == polkadot)
        #expect(try UOSAddress.genesis(network: otherNetwork, given: other) == other)
        let unknown = "polkadot:" + String(repeating: "77", count: 16)
        #expect(throws: SubstrateError.otherNetwork(.givenForAccount, genesis: otherNetwork, expected: unknown)) {
            try UOSAddress.genesis(network: unknown, given: other)
        }
        #expect(throws: SubstrateError.unknownNetwork(unknown, known: nil)) {
            try UOSAddress.genesis(network: unknown, given: nil)
        }
    }
}
