import AirsignEncoding
import AirsignEthereum
import AirsignKeystore
import AirsignMessages
import AirsignSignerCLI
import AirsignTestChain
import Foundation
import Testing

@testable import AirsignEthereumSignerCommands

/// The trusted EIP-7702 delegates (`delegate add|remove`): kept in the PIN-sealed knowledge
/// file since version 3, one entry per chain id and address, read back as the reviews read
/// them; a version 2 file (no delegates) is read and upgraded at its next change.
@Suite struct DelegateStoreTests {
    static let delegate = "0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B"

    static func entry(_ chainId: UInt64) throws -> TrustedDelegate {
        try TrustedDelegate(chainId: chainId, address: EthereumAddress(delegate), name: "MetaMask delegator")
    }

    @Test func delegatesRoundTripAndDecideTheReview() throws {
        let (store, dir) = try EthereumKnowledgeStoreTests().store()
        _ = dir
        try store.update(pin: testPIN) { content in
            try content.change(EthereumInstalled.self) { try $0.add(try Self.entry(10)) }
            try content.change(EthereumInstalled.self) { try $0.add(try Self.entry(0)) }
        }
        let knowledge = try EthereumKnowledgeStoreTests.knowledge(store)
        #expect(knowledge.delegates.map(\.chainId) == [0, 10])
        let address = try EthereumAddress(Self.delegate)
        #expect(knowledge.trustedDelegate(address, chainId: 0)?.chainId == 0)
        #expect(knowledge.trustedDelegate(address, chainId: 10) != nil)
        try store.verify(pin: testPIN)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(
            text.contains(#""version":3"#) && text.contains(#""delegates":[{"chainId":0,"address":"\#(Self.delegate)""#)
        )
        // The same entry twice is refused; removing one that is not there too.
        #expect(throws: KnowledgeStoreError.self) {
            try store.update(pin: testPIN) { try $0.change(EthereumInstalled.self) { try $0.add(try Self.entry(0)) } }
        }
        #expect(throws: KnowledgeStoreError.self) {
            try store.update(pin: testPIN) {
                try $0.change(EthereumInstalled.self) { try $0.removeDelegate(chainId: 1, address: address) }
            }
        }
        try store.update(pin: testPIN) {
            try $0.change(EthereumInstalled.self) { try $0.removeDelegate(chainId: 0, address: address) }
        }
        let after = try EthereumKnowledgeStoreTests.knowledge(store)
        #expect(after.trustedDelegate(address, chainId: 0) == nil && after.trustedDelegate(address, chainId: 10) != nil)
        // An entry of chain 10 does not cover chain 1.
        #expect(after.trustedDelegate(address, chainId: 1) == nil)
    }

    @Test func entriesAreCheckedAsTheCommandChecksThem() throws {
        #expect(throws: InstalledKnowledgeError.self) {
            try TrustedDelegate(
                chainId: 1, address: EthereumAddress(bytes: [UInt8](repeating: 0, count: 20)), name: "zero")
        }
        #expect(throws: InstalledKnowledgeError.self) {
            try TrustedDelegate(chainId: 1, address: EthereumAddress(Self.delegate), name: "")
        }
        #expect(throws: InstalledKnowledgeError.self) {
            try TrustedDelegate(
                chainId: 1, address: EthereumAddress(Self.delegate), name: String(repeating: "x", count: 65))
        }
        for bad: JSONValue in [
            .object([("chainId", .integer(1)), ("address", .string(Self.delegate))]),
            .object([("chainId", .integer(1)), ("address", .string("0x12")), ("name", .string("n"))]),
            .object([("address", .string(Self.delegate)), ("chainId", .integer(1)), ("name", .string("n"))]),
        ] {
            #expect(throws: InstalledKnowledgeError.self) {
                try EthereumInstalled(["descriptors": .array([]), "tokens": .array([]), "delegates": .array([bad])])
            }
        }
    }

    @Test func aVersionTwoFileIsReadAndUpgradedOnItsNextChange() throws {
        let (store, dir) = try EthereumKnowledgeStoreTests().store()
        _ = dir
        let body = #"{"airsign":"ethereum-knowledge","version":2,"descriptors":[],"tokens":[],"stellarTokens":[]}"#
        let seal = try store.keystore.seal(publicData: Array(body.utf8), pin: testPIN)
        let file = String(body.dropLast()) + #","seal":"# + JSONSerializer(sortKeys: false).serialize(seal.json) + "}\n"
        try Data(file.utf8).write(to: URL(fileURLWithPath: store.path))
        try store.loadSealed().verify(testPIN)
        #expect(try EthereumKnowledgeStoreTests.knowledge(store).delegates.isEmpty)
        try store.update(pin: testPIN) { try $0.change(EthereumInstalled.self) { try $0.add(try Self.entry(0)) } }
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.contains(#""version":3"#))
        try store.loadSealed().verify(testPIN)
        // A version 2 file with delegates is refused: each version has exactly its members.
        try Data(text.replacingOccurrences(of: #""version":3"#, with: #""version":2"#).utf8).write(
            to: URL(fileURLWithPath: store.path))
        let error = #expect(throws: KnowledgeStoreError.self) { _ = try store.loadContent() }
        #expect(error?.description.contains("a version 2 file has exactly") == true)
    }
}
