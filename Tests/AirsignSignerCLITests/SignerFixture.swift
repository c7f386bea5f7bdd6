import AirsignCrypto
import AirsignFiles
import AirsignKeys
import AirsignKeystore
import AirsignMessages
import AirsignSignerCLI
import AirsignTestChain
import Synchronization

/// Argon2id at libsodium's minimum: these tests count key derivations, not their cost.
let cheapKDF = Argon2id.Limits(opsLimit: 1, memLimit: 8192)
let testPIN = SecureBytes(copying: Array("correct horse".utf8))

/// Signing keys for the test chain: the secret is the Ed25519 seed itself.
struct TestKeySource: SigningKeySource {
    func signingKey(for account: OwnAccount, secret: SecretPayload) throws -> SigningKey {
        guard secret.kind == "test-ed25519" else { throw SigningKeyError.unsupportedKind(secret.kind) }
        return .ed25519(try Ed25519.PrivateKey(seed: secret.bytes))
    }

    /// A bare Ed25519 seed has no BIP32 master key.
    func masterFingerprint(keyName: String, secret: SecretPayload) throws -> UInt32? { nil }
}

/// Counts events from several threads.
final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// A signer home with a keystore holding test-chain keys, and a `SignJob` over it.
struct SignerFixture {
    let dir = ScratchDirectory()
    /// Writes of the PIN failure counter: each PIN try writes it twice (raised before the key
    /// derivation, reset after a right PIN), so a count of 2 means exactly one derivation ran.
    let pinStateWrites = Counter()
    let keystore: Keystore

    var home: String { dir.path + "/home" }

    /// The test chain's accounts of the fixture's keys. The keystore's own account records
    /// hold the four real chains only, so the keys are stored without accounts and the job is
    /// told which test-chain account each key holds (what `KeystoreAccounts.own` reads from
    /// the metadata for real chains).
    let testAccounts: [OwnAccount]

    /// Keys named `main` (test account 1) and `spare` (test account 2) unless told otherwise.
    init(keys: [(String, UInt8)] = [("main", 1), ("spare", 2)]) throws {
        let writes = pinStateWrites
        keystore = Keystore(
            directory: dir.path + "/home",
            faults: FaultHook { step, path in
                if step == "atomic.renamed", path.hasSuffix("pin-state.json") { writes.increment() }
                return false
            })
        try keystore.initialize(pin: testPIN, limits: cheapKDF)
        for (name, n) in keys {
            let metadata = try KeyMetadata(
                name: KeyName(name), kind: "test-ed25519", accounts: [], created: "2026-01-01T00:00:00Z")
            try keystore.add(
                SecretPayload(kind: "test-ed25519", bytes: TestChainFixtures.seed(n)), metadata: metadata, pin: testPIN)
        }
        testAccounts = keys.map { name, n in
            let account = TestChainFixtures.account(n)
            return OwnAccount(
                chain: TestChain.id, address: account.address, publicKey: account.publicKey, keyName: name, path: nil)
        }
    }

    func job(outputFaults: FaultHook = .none) -> SignJob {
        let accounts = testAccounts
        return SignJob(
            registry: ChainRegistry([TestChain()]), keys: TestKeySource(), keystore: keystore,
            accounts: { _ in accounts },
            contacts: ContactStore(home: home), now: 1_767_225_600, outputFaults: outputFaults, log: { _ in })
    }

    /// Signs `requests` as `sign --yes` would, counting PIN entries.
    func sign(
        _ requests: [SignRequest], pinEntries: Counter = Counter(), allowBlind: Bool = false, compact: Bool = false,
        pin: SecureBytes = testPIN
    ) throws -> [SignResponse] {
        try job().sign(
            MessageFile.serialize(requests), blind: allowBlind ? BlindConsent(onlyRequest: true) : .none,
            compact: compact, confirmed: true,
            confirm: { _ in true },
            pin: {
                pinEntries.increment(); return pin
            })
    }
}
