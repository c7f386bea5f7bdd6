import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignTestSupport
import Testing

private struct SubstrateVectors: Decodable {
    struct Dev: Decodable { let uri, scheme, seed, `public`, ss58_42, ss58_0, source, status: String }
    struct Junction: Decodable { let junction, chain_code, source: String }
    struct Hard: Decodable { let scheme, seed, `public`, chain_code, derived_seed, source: String }
    let source: String
    let dev_phrase: String
    let dev_accounts: [Dev]
    let junction_chain_codes: [Junction]
    let hard_derivation: [Hard]
    struct SrDev: Decodable { let uri, `public`, ss58_42, source: String }
    struct Suri: Decodable { let suri, `public`, ss58_42: String }
    struct Suris: Decodable { let vectors: [Suri]; let source: String }
    let dev_accounts_sr25519: [SrDev]
    let suri_sr25519: Suris
}

@Suite struct SubstrateTests {
    private func uri(_ text: String, dev: Bool = false) throws -> SecretURI {
        try SecretURI(parsing: secret(text), allowDevelopmentPhrase: dev)
    }

    @Test func junctionChainCodes() throws {
        let file = try Vectors.load("substrate_keys", as: SubstrateVectors.self)
        #expect(file.junction_chain_codes.count == 4)
        for c in file.junction_chain_codes {
            #expect(
                testHex(try SubstrateJunction(name: c.junction, isHard: true).chainCode) == c.chain_code, "\(c.source)")
        }
    }

    @Test func spCoreHardDerivation() throws {
        let file = try Vectors.load("substrate_keys", as: SubstrateVectors.self)
        let zeroJunction = SubstrateDerivationPath(junctions: [try SubstrateJunction(name: "0", isHard: true)])
        // The junction "0" is the number 0: eight zero bytes, padded to the all-zero chain code.
        #expect(zeroJunction.junctions[0].chainCode == [UInt8](repeating: 0, count: 32))
        for c in file.hard_derivation {
            let root = secretHex(c.seed)
            switch c.scheme {
            case "ed25519":
                #expect(
                    testHex(try SubstrateDerivation.ed25519(seed: root, path: SubstrateDerivationPath("")).publicKey)
                        == c.public)
                let derived = try SubstrateDerivation.ed25519(seed: root, path: zeroJunction)
                #expect(
                    derived.publicKey == (try Ed25519.PrivateKey(seed: secretHex(c.derived_seed))).publicKey,
                    "\(c.source)")
            default:
                #expect(
                    testHex(
                        try SubstrateDerivation.ecdsa(seed: root, path: SubstrateDerivationPath("")).publicKey
                            .compressed) == c.public)
                let derived = try SubstrateDerivation.ecdsa(seed: root, path: zeroJunction)
                #expect(testHex(contents(derived.secret)) == c.derived_seed, "\(c.source)")
            }
        }
    }

    @Test func devAccounts() throws {
        let file = try Vectors.load("substrate_keys", as: SubstrateVectors.self)
        #expect(file.dev_accounts.count == 5)
        for c in file.dev_accounts {
            let scheme = try #require(SubstrateScheme(rawValue: c.scheme))
            for (prefix, address) in [(UInt16(42), c.ss58_42), (0, c.ss58_0)] {
                // Both spellings: the bare junctions with the development phrase allowed, and
                // the phrase written out.
                for text in [c.uri, file.dev_phrase + c.uri] {
                    let derived = try AccountRules.standard.derive(
                        uri: uri(text, dev: true), scheme: scheme, ss58Prefix: prefix)
                    #expect(testHex(derived.account.publicKey) == c.public, "\(c.uri) \(c.scheme): \(c.source)")
                    #expect(derived.account.address == address, "\(c.uri) \(c.scheme) prefix \(prefix)")
                    #expect(derived.account.path == c.uri)
                }
            }
            // The seed the vectors list is the derived secret.
            let seedURI = try uri("0x" + c.seed)
            let fromSeed = try AccountRules.standard.derive(uri: seedURI, scheme: scheme, ss58Prefix: 42)
            #expect(fromSeed.account.address == c.ss58_42)
        }
    }

    @Test func uriStructure() throws {
        let phrase = "bottom drive obey lake curtain smoke basket hold race lonely fit walk"
        let parsed = try uri(phrase + "/xx//a/b//c///pass")
        #expect(parsed.path.description == "/xx//a/b//c")
        #expect(parsed.path.junctions.map(\.isHard) == [false, true, false, true])
        #expect(contents(parsed.password) == Array("pass".utf8))
        // Everything after the first /// is the password, slashes included.
        #expect(contents(try uri(phrase + "//a////b/c").password) == Array("/b/c".utf8))
        #expect(try uri(phrase + "///").password.isEmpty)
        for bad in [phrase + "//", phrase + "/", phrase + "//a//", phrase + "//a/", phrase + "//a///x\n"] {
            #expect(throws: KeysError.self, "\(bad.suffix(8))") { try uri(bad) }
        }
        #expect(throws: KeysError.secretURIWithoutSecret) { try uri("//Alice") }
        #expect(throws: KeysError.secretURIWithoutSecret) { try uri("") }
        #expect(throws: KeysError.passphraseWithRawKey) {
            try uri("0x" + String(repeating: "11", count: 32) + "//a///pw")
        }
        #expect(throws: KeysError.self) { try uri("0x" + String(repeating: "11", count: 31)) }
        #expect(throws: KeysError.self) { try uri("0x" + String(repeating: "zz", count: 32)) }
        #expect(throws: KeysError.phraseChecksum) {
            try uri("bottom drive obey lake curtain smoke basket hold race lonely fit fit//a")
        }
    }

    @Test func sr25519SecretURIs() throws {
        let file = try Vectors.load("substrate_keys", as: SubstrateVectors.self)
        #expect(file.dev_accounts_sr25519.count >= 2)
        for c in file.dev_accounts_sr25519 {
            let derived = try AccountRules.standard.derive(uri: uri(c.uri, dev: true), scheme: .sr25519, ss58Prefix: 42)
            #expect(testHex(derived.account.publicKey) == c.public, "\(c.uri)")
            #expect(derived.account.address == c.ss58_42, "\(c.uri)")
        }
        // Hard, soft and mixed junctions and ///password, from the polkadot-js and sp-core suites.
        #expect(file.suri_sr25519.vectors.count >= 10)
        for c in file.suri_sr25519.vectors {
            let derived = try AccountRules.standard.derive(uri: uri(c.suri), scheme: .sr25519, ss58Prefix: 42)
            #expect(testHex(derived.account.publicKey) == c.public, "\(c.suri)")
            #expect(derived.account.address == c.ss58_42, "\(c.suri)")
            guard case .sr25519(let key) = derived.signingKey else {
                Issue.record("\(c.suri): not an sr25519 signing key")
                continue
            }
            let message = Array("airsign".utf8)
            #expect(key.publicKey.isValidSignature(try key.sign(message), message: message))
        }
    }

    @Test func softJunctionsAreRefusedForEd25519AndEcdsa() throws {
        let soft = try uri("//Alice/soft", dev: true)
        #expect(throws: KeysError.softJunctionUnsupported(scheme: "ed25519")) {
            try AccountRules.standard.derive(uri: soft, scheme: .ed25519, ss58Prefix: 42)
        }
        #expect(throws: KeysError.softJunctionUnsupported(scheme: "ecdsa")) {
            try AccountRules.standard.derive(uri: soft, scheme: .ecdsa, ss58Prefix: 42)
        }
    }

    @Test func ambiguousJunctionsAreRefused() throws {
        for name in ["+5", "18446744073709551616", "0x", "0x00", "0xABcd"] {
            #expect(throws: KeysError.self, "\(name)") { try SubstrateJunction(name: name, isHard: true) }
        }
        // Not ambiguous: odd-length hex, a lone +, leading zeros, the largest u64.
        for name in ["0xabc", "+", "007", "18446744073709551615", "-5", "0xzz"] {
            _ = try SubstrateJunction(name: name, isHard: true)
        }
        #expect(
            try SubstrateJunction(name: "007", isHard: true).chainCode
                == (try SubstrateJunction(name: "7", isHard: true).chainCode))
    }

    @Test func derivationPathText() throws {
        let path = try SubstrateDerivationPath("//polkadot//0/soft")
        #expect(path.description == "//polkadot//0/soft")
        #expect(try SubstrateDerivationPath("").junctions.isEmpty)
        for bad in ["polkadot", "///x", "//", "//a//"] {
            #expect(throws: KeysError.self) { try SubstrateDerivationPath(bad) }
        }
    }

    @Test func randomURIsNeverTrap() throws {
        var rng = SeededRandom.forTest("SubstrateTests.randomURIsNeverTrap")
        let base = Array("bottom drive obey lake curtain smoke basket hold race lonely fit walk//a/1//bb///pw".utf8)
        for bad in rng.corruptions(of: base, count: 300) {
            if let parsed = try? SecretURI(
                parsing: SecureBytes(copying: bad), allowDevelopmentPhrase: Bool.random(using: &rng))
            {
                _ = try? AccountRules.standard.derive(uri: parsed, scheme: .ed25519, ss58Prefix: 42)
            }
        }
        let alphabet = Array("/ab1+0x \n".utf8)
        for _ in 0..<2000 {
            let text = String(
                decoding: (0..<Int.random(in: 0...20, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? 0
                }, as: UTF8.self)
            if let path = try? SubstrateDerivationPath(text) {
                #expect(try SubstrateDerivationPath(path.description) == path)
            }
        }
    }
}
