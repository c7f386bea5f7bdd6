import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

private struct AccountVectors: Decodable {
    struct EthAccount: Decodable { let index: UInt32; let path, address: String }
    struct Ethereum: Decodable { let mnemonic, passphrase, source: String; let accounts: [EthAccount] }
    struct SEP5Account: Decodable { let index: UInt32; let path, account_id, secret_seed: String }
    struct SEP5: Decodable {
        let name, mnemonic, passphrase, seed, m_44h_148h_key, source: String; let accounts: [SEP5Account]
    }
    struct ICP: Decodable {
        let mnemonic, passphrase, path, private_key, public_key_der, principal, account_id, source: String
    }
    let source: String
    let ethereum: Ethereum
    let stellar_sep5: [SEP5]
    let icp: ICP
}

@Suite struct AccountDerivationTests {
    @Test func ethereumAbandonAbout() throws {
        let c = try Vectors.load("accounts", as: AccountVectors.self).ethereum
        #expect(c.accounts.count == 10)
        let secret = KeySecret.mnemonic(try Mnemonic(phrase: c.mnemonic))
        for a in c.accounts {
            let derived = try AccountRules.standard.derive(.ethereum(index: a.index), from: secret)
            #expect(derived.account.address == a.address, "\(a.path): \(c.source)")
            #expect(derived.account.path == a.path)
            #expect(derived.account.publicKey.count == 65 && derived.account.scheme == .secp256k1)
        }
        #expect(
            try AccountRules.standard.derive(.ethereum(index: 0), from: secret).account.address
                == "0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
    }

    @Test func stellarSEP5() throws {
        let tests = try Vectors.load("accounts", as: AccountVectors.self).stellar_sep5
        #expect(tests.count == 5)
        for t in tests {
            let mnemonic = try Mnemonic(phrase: t.mnemonic)
            #expect(testHex(contents(try mnemonic.seed(passphrase: secret(t.passphrase)))) == t.seed, "\(t.name)")
            let master = try SLIP10Ed25519Key(seed: mnemonic.seed(passphrase: secret(t.passphrase)))
            #expect(testHex(contents(try master.derived(DerivationPath("m/44'/148'")).secret)) == t.m_44h_148h_key)
            #expect(t.accounts.count == 10)
            for a in t.accounts {
                let derived = try AccountRules.standard.derive(
                    .stellar(index: a.index), from: .mnemonic(mnemonic), passphrase: secret(t.passphrase))
                #expect(derived.account.address == a.account_id, "\(t.name) \(a.path): \(t.source)")
                #expect(derived.account.path == a.path)
                guard case .ed25519(let key) = derived.signingKey else { Issue.record("not an ed25519 key"); continue }
                // The S… secret of the same account imports to the same key.
                let imported = try KeyImport.stellarSecret(secret(a.secret_seed))
                let again = try AccountRules.standard.derive(.stellar(index: 0), from: imported)
                #expect(again.account.address == a.account_id && again.account.path == "")
                guard case .ed25519(let importedKey) = again.signingKey else { continue }
                #expect(importedKey.publicKey == key.publicKey)
            }
        }
    }

    @Test func icpQuillMnemonic() throws {
        let c = try Vectors.load("accounts", as: AccountVectors.self).icp
        let derived = try AccountRules.standard.derive(
            .icp(index: 0), from: .mnemonic(try Mnemonic(phrase: c.mnemonic)))
        #expect(derived.account.path == c.path)
        #expect(derived.account.address == c.principal, "\(c.source)")
        #expect(derived.account.icpAccountIdentifier?.hex == c.account_id)
        #expect(
            try SubjectPublicKeyInfo.secp256k1(uncompressedPublicKey: derived.account.publicKey)
                == testBytes(c.public_key_der))
        guard case .secp256k1(let key) = derived.signingKey else { Issue.record("not secp256k1"); return }
        #expect(testHex(contents(key.secret)) == c.private_key)
    }

    @Test func passphraseChangesEverything() throws {
        let m = KeySecret.mnemonic(
            try Mnemonic(
                phrase: "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")
        )
        let plain = try AccountRules.standard.derive(.ethereum(index: 0), from: m)
        let withPassphrase = try AccountRules.standard.derive(
            .ethereum(index: 0), from: m, passphrase: secret("TREZOR"))
        #expect(plain.account.address != withPassphrase.account.address)
    }

    @Test func secretsOnlyGiveTheAccountsTheyFit() throws {
        let ed = KeySecret.ed25519(SecureBytes(count: 32))
        let seed = KeySecret.substrateSeed(SecureBytes(count: 32))
        let k = KeySecret.secp256k1(try Secp256k1.PrivateKey(secretHex(String(repeating: "11", count: 32))))
        #expect(throws: KeysError.self) { try AccountRules.standard.derive(.ethereum(index: 0), from: ed) }
        #expect(throws: KeysError.self) { try AccountRules.standard.derive(.stellar(index: 0), from: k) }
        #expect(throws: KeysError.self) { try AccountRules.standard.derive(.icp(index: 0), from: seed) }
        #expect(throws: KeysError.self) {
            try AccountRules.standard.derive(
                .substrate(scheme: .ed25519, path: .init(junctions: []), ss58Prefix: 0), from: k)
        }
        #expect(throws: KeysError.self) { try AccountRules.standard.derive(.ethereum(index: 1), from: k) }
        #expect(throws: KeysError.passphraseWithRawKey) {
            try AccountRules.standard.derive(.ethereum(index: 0), from: k, passphrase: secret("x"))
        }
        // One key, two chains: the ICP principal of an Ed25519 key, and of a secp256k1 key.
        #expect(try AccountRules.standard.derive(.icp(index: 0), from: ed).account.scheme == .ed25519)
        #expect(try AccountRules.standard.derive(.icp(index: 0), from: k).account.scheme == .secp256k1)
        #expect(throws: KeysError.self) {
            try AccountRules.standard.derive(.stellar(index: 0x8000_0000), from: .mnemonic(Mnemonic.generate()))
        }
    }

    @Test func accountsRoundTripThroughJSON() throws {
        let m = KeySecret.mnemonic(try Mnemonic.generate(wordCount: 12))
        let account = try AccountRules.standard.derive(.icp(index: 3), from: m).account
        let data = try JSONEncoder().encode(account)
        #expect(try JSONDecoder().decode(Account.self, from: data) == account)
    }
}
