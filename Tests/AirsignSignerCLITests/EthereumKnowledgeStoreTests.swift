import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignKeystore
import AirsignMessages
import AirsignSignerCLI
import AirsignTestChain
import Foundation
import Testing

@testable import AirsignEthereumSignerCommands

/// Descriptors and tokens installed on the signer: sealed with the PIN, so a file changed on
/// disk is refused before any signature leaves, and every change needs the PIN.
@Suite struct EthereumKnowledgeStoreTests {
    static let contract = "0x4242424242424242424242424242424242424242"
    /// A minimal descriptor for `transfer(address,uint256)` on chain 1.
    static let descriptor: JSONValue = {
        let text = """
            {"context":{"contract":{"deployments":[{"chainId":1,"address":"\(contract)"}],
             "abi":[{"type":"function","name":"transfer","inputs":[{"name":"to","type":"address"},{"name":"amount","type":"uint256"}]}]}},
             "metadata":{"owner":"Test owner"},
             "display":{"formats":{"transfer(address to,uint256 amount)":{"intent":"Send","fields":[
               {"path":"to","label":"To","format":"addressName"},{"path":"amount","label":"Amount","format":"raw"}],"required":["to","amount"]}}}}
            """
        return (try? JSONParser().parse(Array(text.utf8))) ?? .null
    }()

    /// What Ethereum's reviews read of the store's file, as `sign` reads it.
    static func knowledge(_ store: SignerKnowledgeStore) throws -> EthereumKnowledge {
        try EthereumInstalled(store.loadContent().installed).knowledge()
    }

    func store() throws -> (SignerKnowledgeStore, ScratchDirectory) {
        let dir = ScratchDirectory()
        let keystore = Keystore(directory: dir.path + "/home")
        try keystore.initialize(pin: testPIN, limits: cheapKDF)
        return (SignerKnowledgeStore(keystore: keystore), dir)
    }

    @Test func installedKnowledgeIsLoadedAndVerified() throws {
        let (store, dir) = try store()
        _ = dir
        #expect(try Self.knowledge(store).descriptors.isEmpty)
        try store.verify(pin: testPIN)  // nothing installed passes
        try store.update(pin: testPIN) { content in
            try content.change(EthereumInstalled.self) {
                try $0.add(EthereumInstalled.Descriptor(name: "test", document: Self.descriptor))
            }
            let token = KnownToken(
                chainId: 1, contract: try EthereumAddress(Self.contract), symbol: "TST", decimals: 6, name: "Test")
            try content.change(EthereumInstalled.self) { try $0.add(token) }
        }
        let knowledge = try Self.knowledge(store)
        #expect(knowledge.descriptors.map(\.name) == ["test"])
        #expect(knowledge.token(chainId: 1, contract: try EthereumAddress(Self.contract))?.installed == true)
        try store.verify(pin: testPIN)
        // A second descriptor of the same name is refused; removing an unknown one too.
        #expect(throws: KnowledgeStoreError.self) {
            try store.update(pin: testPIN) {
                try $0.change(EthereumInstalled.self) {
                    try $0.add(EthereumInstalled.Descriptor(name: "test", document: Self.descriptor))
                }
            }
        }
        #expect(throws: KnowledgeStoreError.self) {
            try store.update(pin: testPIN) {
                try $0.change(EthereumInstalled.self) { try $0.removeDescriptor(named: "other") }
            }
        }
        try store.update(pin: testPIN) {
            try $0.change(EthereumInstalled.self) { try $0.removeDescriptor(named: "test") }
        }
        #expect(try Self.knowledge(store).descriptors.isEmpty)
    }

    @Test func aChangedFileFailsItsSealAndAWrongPINChangesNothing() throws {
        let (store, dir) = try store()
        _ = dir
        try store.update(pin: testPIN) {
            try $0.change(EthereumInstalled.self) {
                try $0.add(EthereumInstalled.Descriptor(name: "test", document: Self.descriptor))
            }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        #expect(throws: KeystoreError.self) {
            try store.update(pin: SecureBytes(copying: Array("wrong pin".utf8))) {
                try $0.change(EthereumInstalled.self) { try $0.removeDescriptor(named: "test") }
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
        // Another owner's name written into the file, in the canonical form: it still parses,
        // but the seal no longer matches, so signing is refused.
        let text = String(decoding: before, as: UTF8.self).replacingOccurrences(of: "Test owner", with: "Evil owner")
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(try Self.knowledge(store).descriptors.first?.descriptor.owner == "Evil owner")
        let error = #expect(throws: KnowledgeStoreError.self) { try store.verify(pin: testPIN) }
        #expect(error?.description.contains("does not match its PIN seal") == true)
        // A hand edit that does not change the meaning is refused when read.
        try Data((text + " ").utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(throws: KnowledgeStoreError.self) { _ = try Self.knowledge(store) }
    }

    @Test func signingChecksTheSealOfWhatTheReviewsUsedWithThePIN() throws {
        let fixture = try SignerFixture()
        let store = SignerKnowledgeStore(keystore: fixture.keystore)
        try store.update(pin: testPIN) {
            try $0.change(EthereumInstalled.self) {
                try $0.add(EthereumInstalled.Descriptor(name: "test", document: Self.descriptor))
            }
        }
        let request = MessageFile.serialize([try TestChainFixtures.transfer()])
        // What the job reviewed with is what it checks: a swap after loading is caught.
        var job = fixture.job()
        let loaded = try store.loadSealed()
        job.verifyInstalled = loaded.verify
        let text = try String(contentsOfFile: store.path, encoding: .utf8).replacingOccurrences(
            of: "Test owner", with: "Evil owner")
        try text.write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(
            try job.sign(
                request, blind: .none, compact: false, confirmed: true, confirm: { _ in true }, pin: { testPIN }
            ).count == 1)
        job.verifyInstalled = try store.loadSealed().verify
        let error = #expect(throws: KnowledgeStoreError.self) {
            _ = try job.sign(
                request, blind: .none, compact: false, confirmed: true, confirm: { _ in true }, pin: { testPIN })
        }
        #expect(error?.description.contains("nothing was signed") == true)
    }

    /// `inspect` checks the seal of what is installed as `sign` does when it has the PIN: a
    /// swapped file stops it before any review; without the PIN it says it did not check.
    @Test func inspectChecksTheSealWithThePINAndSaysWhenItCannot() throws {
        let fixture = try SignerFixture()
        let store = SignerKnowledgeStore(keystore: fixture.keystore)
        try store.update(pin: testPIN) {
            try $0.change(EthereumInstalled.self) {
                try $0.add(EthereumInstalled.Descriptor(name: "test", document: Self.descriptor))
            }
        }
        let request = MessageFile.serialize([try TestChainFixtures.transfer()])
        var logged = LogLines()
        var job = fixture.job()
        job.log = { [logged] in logged.append($0) }
        job.hasInstalled = true
        job.verifyInstalled = try store.loadSealed().verify
        try job.inspect(request, blind: .none, pin: { testPIN })
        #expect(logged.text.hasPrefix("The descriptors and tokens installed on this signer match their PIN seal.\n"))
        // A wrong PIN is a wrong PIN, not a damaged file.
        #expect(throws: KeystoreError.self) {
            try job.inspect(request, blind: .none, pin: { SecureBytes(copying: Array("wrong pin".utf8)) })
        }
        // The file swapped on disk: refused before any review is shown.
        let text = try String(contentsOfFile: store.path, encoding: .utf8).replacingOccurrences(
            of: "Test owner", with: "Evil owner")
        try text.write(toFile: store.path, atomically: true, encoding: .utf8)
        job.verifyInstalled = try store.loadSealed().verify
        logged = LogLines()
        job.log = { [logged] in logged.append($0) }
        let error = #expect(throws: KnowledgeStoreError.self) {
            try job.inspect(request, blind: .none, pin: { testPIN })
        }
        #expect(error?.description.contains("does not match its PIN seal") == true)
        #expect(logged.text.isEmpty)
        // No PIN to ask for: the reviews are shown, headed by a note that nothing was checked.
        try job.inspect(request, blind: .none)
        #expect(logged.text.hasPrefix("note: the descriptors and tokens installed on this signer are used unchecked"))
    }
}
