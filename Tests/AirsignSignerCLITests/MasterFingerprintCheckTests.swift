import AirsignKeys
import AirsignKeystore
import AirsignMessages
import AirsignSignerCLI
import AirsignTestChain
import Testing

/// A foreign request that names a master fingerprint (ERC-4527's source fingerprint) is signed
/// only by a key whose own master fingerprint is that one: checked once the keys are open,
/// before anything is signed. Requests that name none are signed as before.
@Suite struct MasterFingerprintCheckTests {
    /// The test chain's keys, every one with the master fingerprint `fingerprint`.
    struct FingerprintedKeys: SigningKeySource {
        let fingerprint: UInt32?
        func signingKey(for account: OwnAccount, secret: SecretPayload) throws -> SigningKey {
            try TestKeySource().signingKey(for: account, secret: secret)
        }
        func masterFingerprint(keyName: String, secret: SecretPayload) throws -> UInt32? { fingerprint }
    }

    func sign(_ fixture: SignerFixture, keys: UInt32?, named: [UInt32?], requests count: Int? = nil) throws
        -> [SignResponse]
    {
        let requests = try (0..<(count ?? named.count)).map { _ in try TestChainFixtures.transfer() }
        let signer = BatchSigner(
            registry: ChainRegistry([TestChain()]), keystore: fixture.keystore,
            keys: FingerprintedKeys(fingerprint: keys))
        let plan = try signer.prepare(
            requests, accounts: fixture.testAccounts, context: ReviewContext(ownAccounts: fixture.testAccounts, now: 0),
            blind: .none)
        return try signer.sign(plan, pin: testPIN, compact: false, masterFingerprints: named)
    }

    @Test func theNamedWalletMustBeTheKeys() throws {
        let fixture = try SignerFixture()
        #expect(try sign(fixture, keys: 0x73c5_da0a, named: [0x73c5_da0a]).count == 1)
        #expect(try sign(fixture, keys: 0x73c5_da0a, named: [nil, nil]).count == 2)
        // A batch with one request for another wallet: refused whole, naming both fingerprints.
        let error = #expect(throws: SignerError.self) {
            try sign(fixture, keys: 0x73c5_da0a, named: [nil, 0x0000_0f01])
        }
        #expect(error == .otherWallet(requested: 0xf01, own: 0x73c5_da0a, key: "main"))
        #expect(
            error?.description.hasPrefix(
                "this request is for the wallet with fingerprint 00000f01; this signer's is 73c5da0a (key \"main\")")
                == true,
            "\(error?.description ?? "")")
        #expect(error?.exitStatus == .keystoreState)
        // A key without a master key (a single imported key) is no wallet a fingerprint names.
        #expect(throws: SignerError.otherWallet(requested: 1, own: nil, key: "main")) {
            try sign(fixture, keys: nil, named: [1])
        }
        // Fingerprints that do not pair one to one with the reviews: refused, none skipped.
        #expect(
            throws: MessagesError.invalidField(
                message: nil, field: "input", reason: "1 wallet fingerprints for 2 requests; nothing was signed")
        ) {
            try sign(fixture, keys: 0x73c5_da0a, named: [0x0000_0f01], requests: 2)
        }
    }
}
