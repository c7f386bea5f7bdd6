import AirsignChains
import AirsignCrypto
import AirsignFiles
import AirsignKeys
import AirsignKeystore
import AirsignMessages
import AirsignSignerCLI
import AirsignTestChain
import AirsignTestSupport
import Testing

/// The production key source derives, from each stored secret kind, the signing key whose public
/// key is the stored account's — for every chain and Substrate scheme the key commands create.
@Suite struct StandardSigningKeysTests {
    /// Both secp256k1 forms: Ethereum and ICP store the uncompressed key, Substrate ecdsa the
    /// compressed one (docs/formats.md).
    private func publicKeys(_ key: SigningKey) -> [[UInt8]] {
        switch key {
        case .secp256k1(let k): return [k.publicKey.uncompressed, k.publicKey.compressed]
        case .ed25519(let k): return [k.publicKey]
        case .sr25519(let k): return [k.publicKey.bytes]
        }
    }

    /// Stores `secret` with the accounts `requests` derive, then asks the key source for each.
    private func check(_ secret: KeySecret, passphrase: String = "", _ requests: [AccountRequest]) throws {
        let dir = ScratchDirectory()
        let keystore = Keystore(directory: dir.path + "/home")
        try keystore.initialize(pin: testPIN, limits: cheapKDF)
        let pass = SecureBytes(copying: Array(passphrase.utf8))
        var accounts: [Account] = []
        for request in requests {
            accounts.append(try AccountRules.standard.derive(request, from: secret, passphrase: pass).account)
        }
        let name = try KeyName("k")
        let payload = try SecretPayload(secret: secret, passphrase: pass)
        try keystore.add(
            payload,
            metadata: KeyMetadata(name: name, kind: payload.kind, accounts: accounts, created: "2026-01-01T00:00:00Z"),
            pin: testPIN)
        let source = StandardSigningKeys(keystore: keystore)
        let stored = try keystore.secret(of: name, pin: testPIN)
        for own in KeystoreAccounts.own(try keystore.list()) {
            let key = try source.signingKey(for: own, secret: stored)
            #expect(publicKeys(key).contains(own.publicKey), "\(own.chain) \(own.address)")
        }
        #expect(KeystoreAccounts.own(try keystore.list()).count == requests.count)
    }

    @Test func phraseAccountsOfEveryChainAndScheme() throws {
        let phrase = try Mnemonic(
            phrase: secret("bottom drive obey lake curtain smoke basket hold race lonely fit walk"))
        try check(
            .mnemonic(phrase), passphrase: "pw",
            [
                .ethereum(index: 0), .ethereum(index: 7), .icp(index: 1), .stellar(index: 2),
                .substrate(scheme: .sr25519, path: try SubstrateDerivationPath("//Alice/soft"), ss58Prefix: 0),
                .substrate(scheme: .ed25519, path: try SubstrateDerivationPath("//Bob"), ss58Prefix: 2),
                .substrate(scheme: .ecdsa, path: try SubstrateDerivationPath(""), ss58Prefix: 42),
            ])
    }

    @Test func importedSingleKeys() throws {
        try check(
            .secp256k1(try Secp256k1.PrivateKey(secretHex(String(repeating: "11", count: 32)))),
            [.ethereum(index: 0), .icp(index: 0)])
        try check(.ed25519(secretHex(String(repeating: "22", count: 32))), [.stellar(index: 0)])
        try check(
            .substrateSeed(secretHex(String(repeating: "33", count: 32))),
            [
                .substrate(scheme: .sr25519, path: try SubstrateDerivationPath("//x"), ss58Prefix: 0)
            ])
    }

    /// The master fingerprint of a stored phrase, as ERC-4527 requests name it: the "abandon …
    /// about" phrase's is 73c5da0a (../shared/specs/ethereum/erc4527.md, the decoded Keystone
    /// pairing); a passphrase makes another wallet; a single key has none.
    @Test func masterFingerprintsOfStoredSecrets() throws {
        let dir = ScratchDirectory()
        let keystore = Keystore(directory: dir.path + "/home")
        try keystore.initialize(pin: testPIN, limits: cheapKDF)
        let abandon = try Mnemonic(
            phrase: secret(
                "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"))
        let cases: [(String, KeySecret, String, UInt32?)] = [
            ("phrase", .mnemonic(abandon), "", 0x73c5_da0a),
            ("passphrase", .mnemonic(abandon), "TREZOR", nil),
            ("single", .secp256k1(try Secp256k1.PrivateKey(secretHex(String(repeating: "11", count: 32)))), "", nil),
        ]
        let source = StandardSigningKeys(keystore: keystore)
        var seen: [UInt32?] = []
        for (name, secret, passphrase, expected) in cases {
            let payload = try SecretPayload(secret: secret, passphrase: SecureBytes(copying: Array(passphrase.utf8)))
            try keystore.add(
                payload,
                metadata: KeyMetadata(
                    name: KeyName(name), kind: payload.kind, accounts: [], created: "2026-01-01T00:00:00Z"),
                pin: testPIN)
            let fingerprint = try source.masterFingerprint(
                keyName: name, secret: try keystore.secret(of: KeyName(name), pin: testPIN))
            if let expected { #expect(fingerprint == expected, "\(name)") }
            seen.append(fingerprint)
        }
        // The passphrase makes another wallet; a single key has no master key.
        #expect(seen[1] != nil && seen[1] != seen[0])
        #expect(seen[2] == nil)
    }

    @Test func anAccountTheKeyDoesNotListIsRefused() throws {
        let dir = ScratchDirectory()
        let keystore = Keystore(directory: dir.path + "/home")
        try keystore.initialize(pin: testPIN, limits: cheapKDF)
        let secret = KeySecret.ed25519(secretHex(String(repeating: "22", count: 32)))
        let payload = try SecretPayload(secret: secret)
        try keystore.add(
            payload,
            metadata: KeyMetadata(
                name: KeyName("k"), kind: payload.kind, accounts: [], created: "2026-01-01T00:00:00Z"), pin: testPIN)
        let stranger = OwnAccount(
            chain: try ChainID("stellar"), address: "GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7",
            publicKey: [UInt8](repeating: 0, count: 32), keyName: "k", path: nil)
        #expect(throws: SigningKeyError.self) {
            try StandardSigningKeys(keystore: keystore).signingKey(
                for: stranger, secret: try keystore.secret(of: KeyName("k"), pin: testPIN))
        }
    }
}
