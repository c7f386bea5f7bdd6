import AirsignCrypto
import AirsignKeys
import AirsignTestSupport
import Testing

private struct BIP39Vectors: Decodable {
    struct Hash: Decodable { let sha256, source: String }
    struct Trezor: Decodable { let entropy, mnemonic, passphrase, seed, bip32_root_xprv, source: String }
    struct Substrate: Decodable { let phrase, passphrase, entropy, seed64, mini_secret, source: String }
    struct Dev: Decodable { let phrase, mini_secret, source: String }
    let source: String
    let wordlist_sha256: Hash
    let trezor: [Trezor]
    let substrate_bip39: [Substrate]
    let dev_phrase: Dev
}

@Suite struct MnemonicTests {
    @Test func wordListIsTheBIPsFile() throws {
        let file = try Vectors.load("bip39", as: BIP39Vectors.self)
        let words = BIP39WordList.english
        #expect(words.count == 2048)
        let text = words.map { $0 + "\n" }.joined()
        #expect(testHex(SHA256.hash(Array(text.utf8))) == file.wordlist_sha256.sha256, "\(file.wordlist_sha256.source)")
        // Binary search needs the order; the BIP promises unique four-letter prefixes.
        #expect(words == words.sorted())
        #expect(Set(words.map { $0.prefix(4) }).count == 2048)
    }

    @Test func trezorVectors() throws {
        let file = try Vectors.load("bip39", as: BIP39Vectors.self)
        #expect(file.trezor.count == 24)
        for c in file.trezor {
            let fromEntropy = try Mnemonic(entropy: secretHex(c.entropy))
            #expect(contents(fromEntropy.phrase) == Array(c.mnemonic.utf8), "\(c.source)")
            let parsed = try Mnemonic(phrase: secret(c.mnemonic))
            #expect(testHex(contents(parsed.entropy)) == c.entropy)
            #expect(parsed == fromEntropy)
            #expect(testHex(contents(try parsed.seed(passphrase: secret(c.passphrase)))) == c.seed)
        }
    }

    @Test func substrateMiniSecrets() throws {
        let file = try Vectors.load("bip39", as: BIP39Vectors.self)
        #expect(file.substrate_bip39.count == 4)
        for c in file.substrate_bip39 {
            let m = try Mnemonic(phrase: secret(c.phrase))
            #expect(testHex(contents(m.entropy)) == c.entropy)
            #expect(
                testHex(contents(try m.substrateMiniSecret(password: secret(c.passphrase)))) == c.mini_secret,
                "\(c.source)")
        }
        let dev = try Mnemonic(phrase: secret(file.dev_phrase.phrase))
        #expect(testHex(contents(try dev.substrateMiniSecret())) == file.dev_phrase.mini_secret)
    }

    @Test func lenientSpacingAndCaseGiveTheCanonicalPhrase() throws {
        let canonical = "legal winner thank year wave sausage worth useful legal winner thank yellow"
        let messy = "  Legal\twinner THANK year\n wave sausage\r\nworth useful legal  winner thank Yellow \n"
        #expect(contents(try Mnemonic(phrase: secret(messy)).phrase) == Array(canonical.utf8))
        // NFKD folds full-width letters and no-break spaces to ASCII, as BIP39 prescribes.
        let fullWidth = "ｌｅｇａｌ\u{00A0}winner\u{3000}thank year wave sausage worth useful legal winner thank yellow"
        #expect(contents(try Mnemonic(phrase: secret(fullWidth)).phrase) == Array(canonical.utf8))
    }

    @Test func errorsNamePositionsNotWords() throws {
        #expect(throws: KeysError.phraseUnknownWord(position: 3)) {
            try Mnemonic(phrase: "legal winner thanks year wave sausage worth useful legal winner thank yellow")
        }
        #expect(throws: KeysError.phraseUnknownWord(position: 13)) {
            try Mnemonic(phrase: "legal winner thank year wave sausage worth useful legal winner thank yellow zzz")
        }
        #expect(throws: KeysError.phraseWordCount(11)) {
            try Mnemonic(phrase: "legal winner thank year wave sausage worth useful legal winner thank")
        }
        #expect(throws: KeysError.phraseWordCount(0)) { try Mnemonic(phrase: " \n") }
        #expect(throws: KeysError.phraseChecksum) {
            try Mnemonic(phrase: "legal winner thank year wave sausage worth useful legal winner thank thank")
        }
        #expect(throws: KeysError.notUTF8(what: "recovery phrase")) {
            try Mnemonic(phrase: SecureBytes(copying: [0x61, 0xff, 0x62]))
        }
        #expect(throws: KeysError.entropyLength(17)) { try Mnemonic(entropy: SecureBytes(count: 17)) }
        #expect(throws: KeysError.phraseWordCount(13)) { try Mnemonic.generate(wordCount: 13) }
        let message = KeysError.phraseUnknownWord(position: 3).description
        #expect(!message.contains("thanks"))
    }

    @Test func generatedPhrasesRoundTrip() throws {
        for words in Mnemonic.wordCounts {
            let m = try Mnemonic.generate(wordCount: words)
            #expect(m.wordCount == words)
            let back = try Mnemonic(phrase: m.phrase)
            #expect(back == m)
            #expect(String(describing: m) == "Mnemonic(\(words) words, redacted)")
        }
    }

    @Test func randomEntropyRoundTripsAndCorruptedPhrasesNeverTrap() throws {
        var rng = SeededRandom.forTest("MnemonicTests.randomEntropyRoundTripsAndCorruptedPhrasesNeverTrap")
        for _ in 0..<200 {
            let length = [16, 20, 24, 28, 32].randomElement(using: &rng) ?? 16
            let m = try Mnemonic(entropy: SecureBytes(copying: rng.bytes(length)))
            #expect(try Mnemonic(phrase: m.phrase) == m)
            for bad in rng.corruptions(of: contents(m.phrase), count: 10) {
                if let parsed = try? Mnemonic(phrase: SecureBytes(copying: bad)) {
                    #expect(parsed.wordCount * 4 / 3 == parsed.entropy.count)
                }
            }
        }
    }
}
