import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignFiles
import AirsignKeystore
import AirsignMessages
import Glibc

/// What the person installed on the signer for clear signing, each chain's members
/// (`ChainModule.installedKnowledge`: Ethereum's ERC-7730 descriptors and ERC-20 tokens,
/// Stellar's SEP-41 tokens), in `ethereum-knowledge.json` in the signer home, beside the
/// keystore. The file keeps the name (and `"airsign"` marker) it had when it held Ethereum's
/// only, so installs made before Stellar tokens stay where they are; see `KnowledgeContent`
/// for its versions. Public data, so not encrypted, but sealed under the
/// keystore PIN (`PublicDataSeal`, as a key file authenticates its metadata): every change
/// needs the PIN, and `sign` checks the seal with the PIN before it releases any signature, so
/// a file swapped on disk is refused.
///
///     {"airsign":"ethereum-knowledge","version":2,
///      "descriptors":[{"name":…,"document":{…merged ERC-7730 descriptor…}}],
///      "tokens":[{"chainId":1,"address":"0x…","symbol":…,"decimals":…,"name":…}],
///      "stellarTokens":[{"network":"stellar:pubnet","address":"C…","symbol":…,"decimals":…,"name":…}],
///      "seal":{…}}
public struct SignerKnowledgeStore: Sendable {
    static let maximumFileSize = 16 << 20
    static let fileName = "ethereum-knowledge.json"

    public let keystore: Keystore
    let faults: FaultHook

    public init(keystore: Keystore, faults: FaultHook = .none) {
        self.keystore = keystore
        self.faults = faults
    }

    public var path: String { keystore.directory + "/" + Self.fileName }

    /// The file's entries as written, unchecked (no PIN); nothing installed when there is no file.
    public func loadContent() throws -> KnowledgeContent {
        try read()?.content ?? KnowledgeContent()
    }

    /// Checks the seal of the file as it is now with `pin` (already proven right). Throws when
    /// the file was changed since it was last written with the PIN; nothing installed passes.
    public func verify(pin: SecureBytes) throws {
        try loadSealed().verify(pin)
    }

    /// The chain table reviewing with what is installed as read now, and a check of exactly what
    /// was read: `sign` reviews with the first and runs the second with the PIN before any
    /// signature leaves, so the file cannot be swapped between the review and the signature
    /// unnoticed; `present` says whether there was a file at all.
    public func loadSealed() throws -> (
        registry: ChainRegistry, verify: @Sendable (SecureBytes) throws -> Void, present: Bool
    ) {
        guard let stored = try read() else { return (.standard, { _ in }, false) }
        let (keystore, path) = (self.keystore, self.path)
        let (data, seal) = (stored.content.authenticatedBytes, stored.seal)
        return (
            try Self.registry(stored.content),
            { pin in
                guard try keystore.verify(publicData: data, seal: seal, pin: pin) else {
                    // A wrong PIN (possible in `inspect`, which opens no key) is told apart first.
                    try keystore.verifyPIN(pin)
                    throw KnowledgeStoreError(
                        "\(path) does not match its PIN seal: the installed descriptors or tokens were changed outside airsign-signer; nothing was signed (remove the file and install them again)",
                        status: .keystoreDamaged)
                }
            }, true
        )
    }

    /// The standard chains reviewing with `content`: what every chain reads of its members.
    public static func registry(_ content: KnowledgeContent) throws -> ChainRegistry {
        do throws(InstalledKnowledgeError) {
            return try .standard(installed: content.installed)
        } catch {
            throw KnowledgeStoreError(error.description, status: .keystoreDamaged)
        }
    }

    /// Loads (checking the seal with `pin`), changes and re-seals the file. The PIN work takes
    /// the keystore's own lock, so the write takes the signer home's lock after it and first
    /// checks that no other command changed the file meanwhile. Nothing is written when
    /// `change` throws or the PIN is wrong.
    @discardableResult
    public func update(pin: SecureBytes, _ change: (inout KnowledgeContent) throws -> Void) throws -> KnowledgeContent {
        guard try keystore.isInitialized else { throw KeystoreError.keystoreNotInitialized(path: keystore.directory) }
        let before = try readBytes()
        var content = KnowledgeContent()
        if let before {
            let stored = try KnowledgeContent.parse(before, path: path)
            _ = try Self.registry(stored.content)
            guard try keystore.verify(publicData: stored.content.authenticatedBytes, seal: stored.seal, pin: pin) else {
                // A wrong PIN is told apart (with the back-off) before the file is blamed.
                try keystore.verifyPIN(pin)
                throw KnowledgeStoreError(
                    "\(path) does not match its PIN seal: it was changed outside airsign-signer; remove the file and install again",
                    status: .keystoreDamaged)
            }
            content = stored.content
        }
        try change(&content)
        content.upgrade()
        _ = try Self.registry(content)
        let seal = try keystore.seal(publicData: content.authenticatedBytes, pin: pin)
        try HomeLock.withLock(keystore.directory + "/.lock") {
            guard try readBytes() == before else {
                throw KnowledgeStoreError(
                    "\(path) was changed by another command meanwhile; nothing was written, try again")
            }
            try AtomicFile.write(KnowledgeContent.fileBytes(content, seal: seal), to: path, mode: 0o600, faults: faults)
        }
        return content
    }

    /// The file as read, its entries checked and what they say read by every chain.
    private func read() throws -> (content: KnowledgeContent, seal: PublicDataSeal)? {
        guard let bytes = try readBytes() else { return nil }
        let stored = try KnowledgeContent.parse(bytes, path: path)
        _ = try Self.registry(stored.content)
        return stored
    }

    private func readBytes() throws -> [UInt8]? {
        guard try SystemCalls.linkInfo(path) != nil else { return nil }
        let fd = try SystemCalls.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, operation: "opening")
        defer { close(fd) }
        return try SystemCalls.readAll(fd, limit: Self.maximumFileSize, path: path)
    }
}
