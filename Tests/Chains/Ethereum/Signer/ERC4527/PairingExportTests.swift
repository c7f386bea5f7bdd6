import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

/// `account export --format crypto-hdkey` for the "abandon … about" phrase is the account-level
/// key the published fixtures carry (vectors/erc4527.json), with the real fingerprints, and the
/// addresses a wallet derives below it are the signer's own accounts.
@Suite struct PairingExportTests {
    static func seed() throws -> SecureBytes {
        try Mnemonic(phrase: ERC4527SigningTests.phrase).seed()
    }

    @Test func theAbandonPhraseExportEqualsTheDecodedExample() throws {
        let key = try PairingExport.hdkey(seed: Self.seed(), name: "main")
        guard let expected = ERC4527Vectors.file["abandon_about_account"] as? [String: Any] else {
            preconditionFailure("no abandon_about_account")
        }
        #expect(key.keyData == testBytes(ERC4527Vectors.text(expected, "key")))
        #expect(key.chainCode == testBytes(ERC4527Vectors.text(expected, "chain_code")))
        #expect(key.parentFingerprint.map(UInt64.init) == ERC4527Vectors.number(expected, "parent_fingerprint"))
        #expect(key.origin?.sourceFingerprint.map(UInt64.init) == ERC4527Vectors.number(expected, "master_fingerprint"))
        // The fingerprint a signer checks a request's against is the one its pairing exports.
        let phrase = KeySecret.mnemonic(try Mnemonic(phrase: ERC4527SigningTests.phrase))
        #expect(try key.origin?.sourceFingerprint == phrase.masterFingerprint(passphrase: SecureBytes(count: 0)))
        #expect(key.origin?.text == ERC4527Vectors.text(expected, "path"))
        #expect(key.origin?.depth == 3)
        #expect(key.children?.text == "m/0/*")
        #expect(key.coinType == 60 && key.note == "account.standard" && key.name == "main")
        // The same key and chain code as Keystone's and MetaMask's fixtures for this phrase.
        for fixture in ERC4527Vectors.cases("hdkeys").dropFirst() {
            #expect(key.keyData == testBytes(ERC4527Vectors.text(fixture, "key")))
            #expect(key.chainCode == testBytes(ERC4527Vectors.text(fixture, "chain_code")))
        }
        // And the documented xpub of m/44'/60'/0'.
        let xpub = try ExtendedPublicKey(serialized: ERC4527Vectors.text(expected, "xpub"))
        #expect(xpub.publicKey.compressed == key.keyData && xpub.chainCode == key.chainCode)
        #expect(xpub.parentFingerprint == withUnsafeBytes(of: (key.parentFingerprint ?? 0).bigEndian, Array.init))
        // Its CBOR reads back as written.
        #expect(try CryptoHDKey(cbor: key.cbor()) == key)
    }

    /// What MetaMask does with the pairing: it rebuilds the xpub from the key, chain code and
    /// parent fingerprint, and the addresses at `0/i` below it are the signer's accounts.
    @Test func theWalletsDerivedAddressesAreTheSignersAccounts() throws {
        let key = try PairingExport.hdkey(seed: Self.seed(), name: "main")
        let parent = try #require(key.parentFingerprint)
        let payload: [UInt8] =
            [0x04, 0x88, 0xb2, 0x1e, 3] + withUnsafeBytes(of: parent.bigEndian, Array.init) + [0x80, 0, 0, 0]
            + key.chainCode + key.keyData
        let text = Base58Check.encode(payload)
        #expect(
            text
                == ERC4527Vectors.text(
                    try #require(ERC4527Vectors.file["abandon_about_account"] as? [String: Any]), "xpub"))
        let xpub = try ExtendedPublicKey(serialized: text)
        let mnemonic = try Mnemonic(phrase: ERC4527SigningTests.phrase)
        for index: UInt32 in [0, 1, 7] {
            let derived = try xpub.derived(try DerivationPath("m/0/\(index)"))
            let own = try AccountRules.standard.derive(.ethereum(index: index), from: .mnemonic(mnemonic)).account
            #expect(EthereumAddress(publicKey: derived.publicKey).checksummed == own.address)
        }
    }

    @Test func cryptoAccountHoldsTheKeyUnderTheMasterFingerprint() throws {
        let cbor = try PairingExport.account(seed: Self.seed(), name: "main")
        let value = try CBORDecoder().decode(cbor)
        let entries = try value.asMap()
        #expect(entries.count == 2)
        #expect(try entries[0].value.asUInt64() == 0x73c5_da0a)
        let keys = try entries[1].value.asArray()
        #expect(keys.count == 1)
        let inner = try CBOREncoder().encode(try keys[0].untagged(CryptoHDKey.tag))
        #expect(try CryptoHDKey(cbor: inner) == PairingExport.hdkey(seed: Self.seed(), name: "main"))
    }
}
