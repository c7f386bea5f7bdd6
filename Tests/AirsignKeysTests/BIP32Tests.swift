import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignTestSupport
import Testing

private struct BIP32Vectors: Decodable {
    struct Chain: Decodable { let path, xpub, xprv: String }
    struct TestVector: Decodable { let name, seed, source: String; let chains: [Chain] }
    struct AbandonAbout: Decodable {
        let mnemonic, passphrase, seed, master_fingerprint, account_path, account_xpub, account_parent_fingerprint,
            source: String
    }
    let source: String
    let test_vectors: [TestVector]
    let abandon_about: AbandonAbout
}

private struct BIP39Trezor: Decodable {
    struct Case: Decodable { let mnemonic, passphrase, bip32_root_xprv, source: String }
    let trezor: [Case]
}

@Suite struct BIP32Tests {
    @Test func bip32TestVectors() throws {
        let file = try Vectors.load("bip32", as: BIP32Vectors.self)
        #expect(file.test_vectors.count == 2)
        for tv in file.test_vectors {
            let master = try ExtendedPrivateKey(seed: secretHex(tv.seed))
            #expect(tv.chains.count == 6)
            for chain in tv.chains {
                let key = try master.derived(DerivationPath(chain.path))
                #expect(contents(key.serialized) == Array(chain.xprv.utf8), "\(tv.name) \(chain.path)")
                #expect(key.extendedPublicKey.serialized == chain.xpub, "\(tv.name) \(chain.path)")
                // Both parse back to the same key.
                let parsed = try ExtendedPrivateKey(serialized: secret(chain.xprv))
                #expect(parsed.privateKey.secret == key.privateKey.secret && parsed.chainCode == key.chainCode)
                #expect(try ExtendedPublicKey(serialized: chain.xpub) == key.extendedPublicKey)
            }
            // Public derivation agrees with private derivation on every non-hardened step.
            for (parent, child) in zip(tv.chains, tv.chains.dropFirst()) {
                let last = try DerivationPath(child.path).components.last ?? 0
                guard last < DerivationPath.hardenedOffset else { continue }
                let fromPublic = try ExtendedPublicKey(serialized: parent.xpub).child(last)
                #expect(fromPublic.serialized == child.xpub, "\(tv.name) public step to \(child.path)")
                // From the key and chain code alone (crypto-hdkey's form), the same child key.
                let bare = try ExtendedPublicKey(serialized: parent.xpub)
                let fromBare = try ExtendedPublicKey(
                    compressedKey: bare.publicKey.compressed, chainCode: bare.chainCode
                ).child(last)
                #expect(
                    fromBare.publicKey == fromPublic.publicKey && fromBare.chainCode == fromPublic.chainCode,
                    "\(tv.name) \(child.path)")
            }
        }
    }

    @Test func trezorRootKeys() throws {
        let file = try Vectors.load("bip39", as: BIP39Trezor.self)
        for c in file.trezor {
            let seed = try Mnemonic(phrase: secret(c.mnemonic)).seed(passphrase: secret(c.passphrase))
            #expect(
                contents(try ExtendedPrivateKey(seed: seed).serialized) == Array(c.bip32_root_xprv.utf8), "\(c.source)")
        }
    }

    @Test func abandonAboutAccountXpub() throws {
        let c = try Vectors.load("bip32", as: BIP32Vectors.self).abandon_about
        let master = try ExtendedPrivateKey(seed: Mnemonic(phrase: secret(c.mnemonic)).seed())
        #expect(testHex(master.fingerprint) == c.master_fingerprint)
        let account = try master.derived(DerivationPath(c.account_path))
        #expect(account.extendedPublicKey.serialized == c.account_xpub, "\(c.source)")
        #expect(testHex(account.parentFingerprint) == c.account_parent_fingerprint)
    }

    @Test func publicDerivationRefusesHardenedSteps() throws {
        let master = try ExtendedPrivateKey(seed: secretHex("000102030405060708090a0b0c0d0e0f"))
        #expect(throws: KeysError.hardenedStepFromPublicKey(index: 0x8000_0000)) {
            try master.extendedPublicKey.child(0x8000_0000)
        }
    }

    @Test func extendedKeyParsingIsStrict() throws {
        let xpub =
            "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8"
        let xprv =
            "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi"
        // Each kind refuses the other's text.
        #expect(throws: KeysError.self) { try ExtendedPublicKey(serialized: xprv) }
        let key = try ExtendedPublicKey(serialized: xpub)
        #expect(throws: KeysError.self) {
            try ExtendedPublicKey(compressedKey: key.publicKey.uncompressed, chainCode: key.chainCode)
        }
        #expect(throws: KeysError.self) {
            try ExtendedPublicKey(compressedKey: key.publicKey.compressed, chainCode: Array(key.chainCode.dropLast()))
        }
        #expect(throws: KeysError.self) { try ExtendedPrivateKey(serialized: secret(xpub)) }
        // A master with a parent fingerprint, built with a valid checksum.
        var payload = try Base58Check.decode(xpub)
        payload[5] = 1
        #expect(throws: KeysError.invalidExtendedKey("a master key has a parent fingerprint")) {
            try ExtendedPublicKey(serialized: Base58Check.encode(payload))
        }
        payload = try Base58Check.decode(xpub)
        payload[45] = 0x04  // not a compressed point prefix
        #expect(throws: KeysError.self) { try ExtendedPublicKey(serialized: Base58Check.encode(payload)) }
        var privatePayload = try Base58Check.decode(xprv)
        privatePayload.replaceSubrange(46..<78, with: [UInt8](repeating: 0xff, count: 32))  // ≥ n
        #expect(throws: KeysError.invalidExtendedKey("the private key is out of range")) {
            try ExtendedPrivateKey(serialized: secret(Base58Check.encode(privatePayload)))
        }
        #expect(throws: KeysError.self) { try ExtendedPublicKey(serialized: String(xpub.dropLast())) }
        #expect(throws: KeysError.seedLength(15)) { try ExtendedPrivateKey(seed: SecureBytes(count: 15)) }
        #expect(throws: KeysError.seedLength(65)) { try ExtendedPrivateKey(seed: SecureBytes(count: 65)) }
    }

    @Test func corruptedExtendedKeysNeverTrap() throws {
        var rng = SeededRandom.forTest("BIP32Tests.corruptedExtendedKeysNeverTrap")
        let master = try ExtendedPrivateKey(seed: SecureBytes(copying: rng.bytes(32)))
        let xpub = Array(master.extendedPublicKey.serialized.utf8)
        let xprv = contents(master.serialized)
        for bad in rng.corruptions(of: xpub, count: 500) {
            _ = try? ExtendedPublicKey(serialized: String(decoding: bad, as: UTF8.self))
        }
        for bad in rng.corruptions(of: xprv, count: 500) {
            _ = try? ExtendedPrivateKey(serialized: SecureBytes(copying: bad))
        }
    }

    @Test func descriptionsRedactSecrets() throws {
        let master = try ExtendedPrivateKey(seed: secretHex("000102030405060708090a0b0c0d0e0f"))
        #expect(String(describing: master) == "ExtendedPrivateKey(depth 0, redacted)")
        var dumped = ""
        dump(master, to: &dumped)
        #expect(!dumped.contains("e8f32e72"))
    }
}

@Suite struct DerivationPathTests {
    @Test func parsesTheUsualNotations() throws {
        let expected: [UInt32] = [0x8000_002C, 0x8000_003C, 0x8000_0000, 0, 0]
        #expect(try DerivationPath("m/44'/60'/0'/0/0").components == expected)
        #expect(try DerivationPath("m/44h/60h/0h/0/0").components == expected)
        #expect(try DerivationPath("m/44H/60H/0H/0/0").components == expected)
        #expect(try DerivationPath("m").components.isEmpty)
        #expect(try DerivationPath("m/2147483647'").components == [0xFFFF_FFFF])
        #expect(try DerivationPath("m/44h/60'/0H/0/0").description == "m/44'/60'/0'/0/0")
    }

    @Test func refusesMalformedPaths() {
        for bad in [
            "", "M/0", "m/", "m//0", "/0", "0/1", "m/0/", "m/-1", "m/+1", "m/01", "m/1''", "m/1'h", "m/a",
            "m/2147483648", "m/2147483648'", "m/4294967296", "m/ 1", "m/1 ", "m/１", "m/0x10", "m/1e3",
        ] {
            #expect(throws: KeysError.self, "\(bad)") { try DerivationPath(bad) }
        }
        #expect(throws: KeysError.self) { try DerivationPath("m" + String(repeating: "/0", count: 256)) }
        #expect(throws: KeysError.self) { try DerivationPath.hardened(0x8000_0000) }
    }

    @Test func randomTextNeverTraps() throws {
        var rng = SeededRandom.forTest("DerivationPathTests.randomTextNeverTraps")
        let alphabet = Array("m/0123456789'hH x-+".utf8)
        for _ in 0..<5000 {
            let text = String(
                decoding: (0..<Int.random(in: 0...30, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? 0
                }, as: UTF8.self)
            if let path = try? DerivationPath(text) {
                #expect(try DerivationPath(path.description) == path)
            }
        }
        for _ in 0..<500 {
            let path = try DerivationPath(
                components: (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                    UInt32.random(in: 0 ... .max, using: &rng)
                })
            #expect(try DerivationPath(path.description) == path)
            for bad in rng.corruptions(of: Array(path.description.utf8), count: 5) {
                _ = try? DerivationPath(String(decoding: bad, as: UTF8.self))
            }
        }
    }
}

private struct SLIP10Vectors: Decodable {
    struct Chain: Decodable { let path, fingerprint, chain_code, `private`, `public`: String }
    struct TestVector: Decodable { let name, seed, source: String; let chains: [Chain] }
    let source: String
    let test_vectors: [TestVector]
}

@Suite struct SLIP10Tests {
    @Test func ed25519TestVectors() throws {
        let file = try Vectors.load("slip10_ed25519", as: SLIP10Vectors.self)
        for tv in file.test_vectors {
            let master = try SLIP10Ed25519Key(seed: secretHex(tv.seed))
            for chain in tv.chains {
                let key = try master.derived(DerivationPath(chain.path))
                #expect(testHex(contents(key.secret)) == chain.private, "\(tv.name) \(chain.path)")
                #expect(testHex(contents(key.chainCode)) == chain.chain_code)
                #expect("00" + testHex(try key.keyPair().publicKey) == chain.public)
                #expect(testHex(key.parentFingerprint) == chain.fingerprint)
            }
        }
    }

    @Test func normalStepIsAnError() throws {
        let master = try SLIP10Ed25519Key(seed: secretHex("000102030405060708090a0b0c0d0e0f"))
        #expect(throws: KeysError.ed25519NormalStep(index: 1)) { try master.derived(DerivationPath("m/0'/1")) }
    }
}
