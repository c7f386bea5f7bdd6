import AirsignCrypto
import AirsignEncoding
import AirsignTestSupport
import Testing

private struct StrKeyVectors: Decodable {
    struct CRC: Decodable { let input_ascii, crc, source: String }
    struct Valid: Decodable {
        let strkey, payload, source: String
        let version_byte: UInt8
        let ed25519: String?
        let id: String?
    }
    struct Invalid: Decodable { let strkey, reason, source: String }
    struct SeedPair: Decodable { let account_id, secret_seed, source: String }
    let source: String
    let crc16_check: CRC
    let valid: [Valid]
    let invalid: [Invalid]
    let seed_pairs: [SeedPair]
}

@Suite struct StrKeyTests {
    @Test func sep23Vectors() throws {
        let file = try Vectors.load("strkey", as: StrKeyVectors.self)
        #expect(CRC16XModem.checksum(Array(file.crc16_check.input_ascii.utf8)) == 0x31c3)
        #expect(file.valid.count == 8 && file.invalid.count == 15)
        for c in file.valid {
            let kind = try #require(StrKey.Kind(rawValue: c.version_byte))
            #expect(try StrKey.encode(kind, payload: testBytes(c.payload)) == c.strkey, "\(c.source)")
            let decoded = try StrKey.decode(c.strkey)
            #expect(decoded.kind == kind && decoded.payload == testBytes(c.payload), "\(c.strkey)")
            if kind == .muxedAccount, let key = c.ed25519, let id = c.id.flatMap(UInt64.init) {
                #expect(try StrKey.encodeMuxedAccount(publicKey: testBytes(key), id: id) == c.strkey)
                let (k, i) = try StrKey.decodeMuxedAccount(c.strkey)
                #expect(k == testBytes(key) && i == id)
            }
        }
        for c in file.invalid {
            #expect(throws: EncodingError.self, "\(c.reason) — \(c.source)") { try StrKey.decode(c.strkey) }
        }
    }

    @Test func sep5SeedPairs() throws {
        let file = try Vectors.load("strkey", as: StrKeyVectors.self)
        #expect(file.seed_pairs.count == 50)
        for c in file.seed_pairs {
            let seed = try StrKey.decodeSecretSeed(SecureBytes(copying: Array(c.secret_seed.utf8)))
            let key = try Ed25519.PrivateKey(seed: seed)
            #expect(try StrKey.encodeAccountID(key.publicKey) == c.account_id, "\(c.source)")
            #expect(try StrKey.decodeAccountID(c.account_id) == key.publicKey)
            let text = try StrKey.encodeSecretSeed(seed)
            #expect(text == SecureBytes(copying: Array(c.secret_seed.utf8)), "\(c.source)")
        }
    }

    @Test func kindsAreKeptApart() throws {
        let account = "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ"
        let seedText = "SBGWSG6BTNCKCOB3DIFBGCVMUPQFYPA2G4O34RMTB343OYPXU5DJDVMN"
        // A seed never comes out of the public decoder, and an account is not a seed.
        #expect(throws: EncodingError.self) { try StrKey.decode(seedText) }
        #expect(throws: EncodingError.self) { try StrKey.decodeSecretSeed(SecureBytes(copying: Array(account.utf8))) }
        #expect(throws: EncodingError.self) {
            try StrKey.encode(.secretSeed, payload: [UInt8](repeating: 0, count: 32))
        }
        #expect(throws: EncodingError.self) {
            try StrKey.decodeAccountID("MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ")
        }
        // Lower case is not StrKey.
        #expect(throws: EncodingError.self) { try StrKey.decode(account.lowercased()) }
        #expect(throws: EncodingError.self) {
            try StrKey.decodeSecretSeed(SecureBytes(copying: Array(seedText.lowercased().utf8)))
        }
    }

    @Test func secretSeedErrorsCarryNoSecretCharacters() throws {
        var text = Array("SBGWSG6BTNCKCOB3DIFBGCVMUPQFYPA2G4O34RMTB343OYPXU5DJDVMN".utf8)
        text[10] = UInt8(ascii: "!")
        do {
            _ = try StrKey.decodeSecretSeed(SecureBytes(copying: text))
            Issue.record("accepted a corrupted seed")
        } catch {
            #expect(!error.description.contains("!"))
            #expect(!error.description.contains("SBGWSG"))
        }
    }

    @Test func roundTripAndCorruptionsNeverTrap() throws {
        var rng = SeededRandom.forTest("StrKeyTests.roundTripAndCorruptionsNeverTrap")
        for _ in 0..<500 {
            let kind = StrKey.Kind.allCases.filter { $0 != .secretSeed }.randomElement(using: &rng) ?? .accountID
            var payload: [UInt8]
            switch kind {
            case .muxedAccount: payload = rng.bytes(40)
            case .claimableBalance: payload = [0] + rng.bytes(32)
            case .signedPayload:
                let n = Int.random(in: 0...64, using: &rng)
                payload =
                    rng.bytes(32) + [0, 0, 0, UInt8(n)] + rng.bytes(n) + [UInt8](repeating: 0, count: (4 - n % 4) % 4)
            default: payload = rng.bytes(32)
            }
            let text = try StrKey.encode(kind, payload: payload)
            let decoded = try StrKey.decode(text)
            #expect(decoded.kind == kind && decoded.payload == payload)
            for bad in rng.corruptions(of: Array(text.utf8), count: 10) {
                let candidate = String(decoding: bad, as: UTF8.self)
                if let (k, p) = try? StrKey.decode(candidate) {
                    #expect(try StrKey.encode(k, payload: p) == candidate)
                }
                _ = try? StrKey.decodeSecretSeed(SecureBytes(copying: bad))
            }
        }
    }
}
