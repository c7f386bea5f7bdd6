import AirsignChains
import AirsignCrypto
import AirsignEthereum
import AirsignEthereumOnline
import AirsignKeys
import AirsignMessages
import Testing

/// The watch names the signer's wallet in its `eth-sign-request`s with the source fingerprint
/// of the signer's pairing, only when that pairing derives the request's account; the signer
/// reads the request back with that fingerprint.
@Suite struct ERC4527PairingTests {
    static let abandon = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    static func pairing(_ phrase: String = abandon, passphrase: String = "") throws -> ERC4527Pairing {
        let seed = try Mnemonic(phrase: phrase).seed(passphrase: SecureBytes(copying: Array(passphrase.utf8)))
        return ERC4527Pairing(key: try PairingExport.hdkey(seed: seed, name: "main"))
    }

    static func account(_ index: UInt32) throws -> Account {
        try AccountRules.standard.derive(.ethereum(index: index), from: .mnemonic(try Mnemonic(phrase: abandon)))
            .account
    }

    @Test func thePairingOfTheAccountsPhraseNamesItsMasterFingerprint() throws {
        let pairing = try Self.pairing()
        for index: UInt32 in [0, 1, 7] {
            let account = try Self.account(index)
            #expect(
                try pairing.sourceFingerprint(account: account.publicKey, path: DerivationPath(account.path))
                    == 0x73c5_da0a)
        }
        #expect(KeySecret.fingerprintText(0x73c5_da0a) == "73c5da0a" && KeySecret.fingerprintText(0xf01) == "00000f01")
    }

    @Test func aPairingThatDoesNotDeriveTheAccountIsRefused() throws {
        let account = try Self.account(0)
        let path = try DerivationPath(account.path)
        let other = "legal winner thank year wave sausage worth useful legal winner thank yellow"
        let cases: [(String, ERC4527Pairing, DerivationPath, String)] = [
            ("another phrase", try Self.pairing(other), path, "another wallet's pairing"),
            ("a passphrase", try Self.pairing(passphrase: "TREZOR"), path, "another wallet's pairing"),
            ("not below the key", try Self.pairing(), try DerivationPath("m/44'/61'/0'/0/0"), "not above"),
            ("hardened below", try Self.pairing(), try DerivationPath("m/44'/60'/0'/0'/0"), "hardened below"),
        ]
        for (name, pairing, path, phrase) in cases {
            let error = #expect(throws: ERC4527Error.self, "\(name)") {
                try pairing.sourceFingerprint(account: account.publicKey, path: path)
            }
            #expect(error?.description.contains(phrase) == true, "\(name): \(error?.description ?? "")")
        }
        let key = try Self.pairing().key
        let bare = CryptoHDKey(
            keyData: key.keyData, chainCode: key.chainCode, coinType: 60,
            origin: CryptoKeypath(try DerivationPath("m/44'/60'/0'")), children: nil, parentFingerprint: nil, name: nil,
            note: nil)
        let error = #expect(throws: ERC4527Error.self) {
            try ERC4527Pairing(key: bare).sourceFingerprint(account: account.publicKey, path: path)
        }
        #expect(error?.description.contains("has no source fingerprint") == true, "\(error?.description ?? "")")
    }

    /// The watch's request with the fingerprint, read by the signer's side: the same path and
    /// fingerprint, handed on for the signer to compare.
    @Test func theWatchsRequestCarriesItToTheSigner() throws {
        let account = try Self.account(0)
        let own = OwnAccount(
            chain: ChainID(Chain.ethereum), address: account.address, publicKey: account.publicKey, keyName: "main",
            path: account.path, network: "eip155:1")
        let request = try SignRequest.make(
            chain: ChainID(Chain.ethereum), network: "eip155:1",
            account: try MessageAccount(address: account.address, publicKey: account.publicKey),
            payload: .object([
                (key: "type", value: .string("personal_message")), (key: "message", value: .string("0x6869")),
            ]))
        let fingerprint = try Self.pairing().sourceFingerprint(
            account: account.publicKey, path: DerivationPath(account.path))
        for named: UInt32? in [fingerprint, nil] {
            let cbor = try EthSignRequest(request: request, path: account.path, sourceFingerprint: named).cbor()
            let read = try ERC4527Format().requests(
                SignerInput(bytes: cbor, urType: EthSignRequest.urType), accounts: [own])
            #expect(read.map(\.masterFingerprint) == [named])
            #expect(try EthSignRequest(cbor: cbor).derivationPath.text == "m/44'/60'/0'/0/0")
        }
    }
}
