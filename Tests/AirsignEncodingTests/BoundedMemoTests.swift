import AirsignCrypto
import AirsignTestSupport
import Testing

@testable import AirsignEncoding

/// `EIP55.encode` and `SS58.decode` answer from a `BoundedMemo` what they computed before;
/// these hold the remembered values to the computed ones, through hits, misses, failures and
/// the memo starting again when full.
@Suite struct BoundedMemoTests {
    @Test func aMemoGivesWhatItsFunctionGives() {
        var random = SeededRandom.forTest("BoundedMemo")
        // More keys than the memo holds, so it fills and starts again; odd keys fail.
        let memo = BoundedMemo<Int, [UInt8]>(capacity: 16)
        let value = { (key: Int) in [UInt8(key & 0xff), UInt8(key >> 8 & 0xff)] }
        var hits = 0
        var computed = 0
        for round in 0..<3000 {
            let key = Int.random(in: 0..<40, using: &random)
            let known = memo.remembers(key)
            if known { hits += 1 }
            let result = Result<[UInt8], EncodingError> { () throws(EncodingError) in
                try memo.value(for: key) { () throws(EncodingError) in
                    computed += 1
                    guard key % 2 == 0 else { throw .truncated(codec: "test", offset: key) }
                    return value(key)
                }
            }
            switch result {
            case let .success(bytes):
                #expect(bytes == value(key) && key % 2 == 0, "seed \(random.seed), round \(round)")
            case .failure: #expect(key % 2 == 1 && !memo.remembers(key), "seed \(random.seed), round \(round)")
            }
        }
        // Both hits and misses occur, so the comparison is not vacuous.
        #expect(hits > 400 && hits < 2900, "seed \(random.seed): \(hits) hits of 3000")
        #expect(hits + computed == 3000)
    }

    @Test func rememberedChecksumsAreComputedOnes() throws {
        var random = SeededRandom.forTest("EIP55.checksums")
        let pool = (0..<64).map { _ in random.bytes(20) }
        var hits = 0
        for round in 0..<2000 {
            let address = pool[Int.random(in: 0..<pool.count, using: &random)]
            if EIP55.checksums.remembers(address) { hits += 1 }
            #expect(
                Array(try EIP55.encode(address).utf8) == Array(EIP55.checksummed(address).utf8),
                "seed \(random.seed), round \(round): \(address)")
            #expect(try EIP55.decode(EIP55.checksummed(address)) == address)
        }
        #expect(hits > 1000, "seed \(random.seed): \(hits) hits of 2000")
    }

    @Test func rememberedSS58DecodingsAreComputedOnes() throws {
        var random = SeededRandom.forTest("SS58.decodings")
        var pool: [String] = []
        for _ in 0..<64 {
            let address = try SS58.encode(random.bytes(32), prefix: UInt16.random(in: 0...45, using: &random))
            pool.append(address)
            // A corrupted copy: decoding fails, or gives what the computation gives.
            var bytes = Array(address.utf8)
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8(ascii: "1")
            pool.append(String(decoding: bytes, as: UTF8.self))
        }
        var hits = 0
        for round in 0..<2000 {
            let text = pool[Int.random(in: 0..<pool.count, using: &random)]
            if SS58.decodings.remembers(Array(text.utf8)) { hits += 1 }
            let remembered = try? SS58.decode(text)
            let computed = try? SS58.decodeText(text)
            #expect(
                remembered?.prefix == computed?.prefix && remembered?.payload == computed?.payload,
                "seed \(random.seed), round \(round): \(text)")
        }
        #expect(hits > 500, "seed \(random.seed): \(hits) hits of 2000")
    }

    @Test func rememberedStrKeysAreComputedOnes() throws {
        var random = SeededRandom.forTest("StrKey.texts")
        let kinds: [StrKey.Kind] = [.accountID, .contract, .muxedAccount]
        let pool = (0..<64).map { _ in random.bytes(32) }
        var hits = 0
        for round in 0..<2000 {
            let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
            let payload =
                kind == .muxedAccount
                ? pool[Int.random(in: 0..<pool.count, using: &random)] + [0, 0, 0, 0, 0, 0, 0, 7]
                : pool[Int.random(in: 0..<pool.count, using: &random)]
            if StrKey.texts.remembers([kind.rawValue] + payload) { hits += 1 }
            let text = try StrKey.encode(kind, payload: payload)
            #expect(
                Array(text.utf8) == Array(StrKey.encoded([kind.rawValue] + payload).utf8),
                "seed \(random.seed), round \(round)")
            #expect(try StrKey.decode(text).payload == payload)
        }
        #expect(hits > 1000, "seed \(random.seed): \(hits) hits of 2000")
    }

    @Test func rememberedStrKeyDecodingsAreComputedOnes() throws {
        var random = SeededRandom.forTest("StrKey.decodings")
        var pool: [String] = []
        for _ in 0..<48 {
            let text = try StrKey.encode(.accountID, payload: random.bytes(32))
            pool.append(text)
            // A corrupted copy: decoding fails, or gives what the computation gives.
            var bytes = Array(text.utf8)
            bytes[Int.random(in: 1..<bytes.count, using: &random)] = UInt8(ascii: "A")
            pool.append(String(decoding: bytes, as: UTF8.self))
        }
        // A secret seed's text is refused and never remembered.
        let seed = try StrKey.encodeSecretSeed(SecureBytes(copying: random.bytes(32)))
        let seedText = seed.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        pool.append(seedText)
        var hits = 0
        for round in 0..<2000 {
            let text = pool[Int.random(in: 0..<pool.count, using: &random)]
            if StrKey.decodings.remembers(Array(text.utf8)) { hits += 1 }
            let remembered = try? StrKey.decode(text)
            let computed = try? StrKey.decodeText(text)
            #expect(
                remembered?.kind == computed?.kind && remembered?.payload == computed?.payload,
                "seed \(random.seed), round \(round): \(text)")
        }
        #expect(!StrKey.decodings.remembers(Array(seedText.utf8)))
        #expect(hits > 500, "seed \(random.seed): \(hits) hits of 2000")
    }
}
