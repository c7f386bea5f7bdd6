import AirsignChains
import AirsignKeys
import AirsignMessages
import AirsignTestChain
import Foundation
import Testing

@testable import AirsignWatch

/// The watch's account store: one checked descriptor per file, written atomically; a damaged
/// file is named and left alone.
@Suite struct WatchStoreTests {
    typealias Scratch = WatchFixtures.Scratch
    static func descriptor(_ request: AccountRequest, network: String, name: String? = nil) throws -> AccountDescriptor
    {
        try WatchFixtures.descriptor(request, network: network, name: name)
    }

    @Test func watchStoreAddsListsAndRefusesConflicts() throws {
        let scratch = Scratch()
        let store = WatchStore(directory: scratch.home)
        #expect(try store.accounts().isEmpty)
        let eth = try Self.descriptor(.ethereum(index: 0), network: "eip155:1", name: "main")
        let sepolia = try Self.descriptor(.ethereum(index: 0), network: "eip155:11155111")
        let stellar = try Self.descriptor(.stellar(index: 0), network: "stellar:pubnet")
        #expect(try store.add(eth) == .added)
        #expect(try store.add(eth) == .unchanged)
        #expect(try store.add(sepolia) == .added)
        #expect(try store.add(stellar) == .added)
        #expect(try store.accounts().count == 3)
        // Same address, two networks: both found, in any letter case for Ethereum.
        #expect(try store.accounts(withAddress: eth.account.address.lowercased()).count == 2)
        #expect(throws: WatchError.accountNotFound("GXYZ")) { try store.accounts(withAddress: "GXYZ") }

        let renamed = try AccountDescriptor(account: eth.account, name: "other", rules: .standard)
        #expect(throws: WatchError.accountConflict(address: eth.account.address, network: "eip155:1")) {
            try store.add(renamed)
        }
        #expect(try store.add(renamed, replace: true) == .replaced)
        #expect(try store.accounts(withAddress: eth.account.address).contains { $0.name == "other" })

        let file = scratch.home + "/accounts/" + WatchStore.fileName(for: eth)
        #expect(file.hasSuffix("/eip155-1_0x9858EfFD232B4033E47d90003D41EC34EcaEda94.json"))
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(renamed.bytes))
    }

    @Test func watchStoreNamesDamagedFilesAndNeverReplacesThem() throws {
        let scratch = Scratch()
        let store = WatchStore(directory: scratch.home)
        let eth = try Self.descriptor(.ethereum(index: 0), network: "eip155:1")
        let other = try Self.descriptor(.ethereum(index: 1), network: "eip155:1")
        try store.add(eth)
        let path = scratch.home + "/accounts/" + WatchStore.fileName(for: eth)
        // A leftover temporary file of a cut-off write is not an account.
        _ = FileManager.default.createFile(
            atPath: scratch.home + "/accounts/.x.json.tmp-1", contents: Data("junk".utf8))
        #expect(try store.accounts() == [eth])

        // Tampered: the address of another key.
        let tampered = String(decoding: eth.bytes, as: UTF8.self).replacingOccurrences(
            of: eth.account.address, with: other.account.address)
        try Data(tampered.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try store.accounts()
            Issue.record("a tampered file was accepted")
        } catch {
            guard case let .storeFileDamaged(named, _) = error else { throw error }
            #expect(named == path)
        }
        // Importing the same account again does not paper over the damage.
        #expect(throws: WatchError.self) { try store.add(eth, replace: true) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(tampered.utf8))

        // A valid descriptor under another account's file name is refused too.
        try Data(other.bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: WatchError.self) { try store.accounts() }
        try Data([0x7b]).write(to: URL(fileURLWithPath: path))
        #expect(throws: WatchError.self) { try store.accounts() }
    }

    @Test func watchHomeFollowsTheEnvironment() throws {
        #expect(try WatchStore.defaultDirectory(environment: ["AIRSIGN_WATCH_HOME": "/w", "HOME": "/h"]) == "/w")
        #expect(
            try WatchStore.defaultDirectory(environment: ["AIRSIGN_WATCH_HOME": "", "HOME": "/h"])
                == "/h/.airsign-watch")
    }
}
