import AirsignChains
import AirsignKeystore
import AirsignMessages
import AirsignSignerCLI
import AirsignTestChain
import Foundation
import Testing

/// The address book file: atomic, strict, reported by name when damaged.
@Suite struct ContactStoreTests {
    let alice = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"

    @Test func addListRemove() throws {
        let dir = ScratchDirectory()
        let store = ContactStore(home: dir.path)
        #expect(try store.load().contacts.isEmpty)
        try store.update {
            try $0.add(
                Contact(chain: ChainID("ethereum"), name: "Alice", address: alice.lowercased(), rules: .standard))
        }
        let book = try store.load()
        #expect(book.contacts.map(\.address) == [alice])  // stored in its checksummed form
        #expect(throws: MessagesError.contactExists(chain: "ethereum", name: "Alice 2")) {
            try store.update {
                try $0.add(Contact(chain: ChainID("ethereum"), name: "Alice 2", address: alice, rules: .standard))
            }
        }
        #expect(throws: MessagesError.contactNotFound(chain: "ethereum", name: "Bob")) {
            try store.update { try $0.remove(name: "Bob", chain: ChainID("ethereum")) }
        }
        try store.update { try $0.remove(name: "Alice", chain: ChainID("ethereum")) }
        #expect(try store.load().contacts.isEmpty)
    }

    @Test func aDamagedFileIsReportedByNameAndNeverReplaced() throws {
        let dir = ScratchDirectory()
        let store = ContactStore(home: dir.path)
        let damaged =
            "{\"airsign\":\"contacts\",\"version\":1,\"contacts\":[{\"chain\":\"ethereum\",\"name\":\"A\",\"address\":\"0x12\"}]}"
        for text in ["{", damaged, "{\"airsign\":\"contacts\",\"version\":1,\"contacts\":[],\"x\":1}"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
            #expect { try store.load() } throws: { ($0 as? MessagesError)?.description.contains(store.path) == true }
            #expect(throws: MessagesError.self) { try store.update { _ in } }
            #expect(try String(contentsOfFile: store.path, encoding: .utf8) == text)
        }
    }

    @Test func aBookWithALookAlikeIsRepairedOnlyByRemoval() throws {
        let dir = ScratchDirectory()
        let store = ContactStore(home: dir.path)
        let text =
            "{\"airsign\":\"contacts\",\"version\":1,\"contacts\":[{\"chain\":\"ethereum\",\"name\":\"Alice\",\"address\":\"\(alice)\"},"
            + "{\"chain\":\"ethereum\",\"name\":\"alice\",\"address\":\"0x3535353535353535353535353535353535353535\"}]}"
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(throws: MessagesError.self) { try store.load() }
        // An update (as `contact add` makes) changes nothing; only a removal goes through.
        #expect(throws: MessagesError.self) { try store.update { _ in } }
        #expect(try String(contentsOfFile: store.path, encoding: .utf8) == text)
        #expect(try store.loadForRepair().problems.map(\.contact.name) == ["alice"])
        try store.remove(name: "alice", chain: ChainID("ethereum"))
        #expect(try store.load().contacts.map(\.name) == ["Alice"])
    }

    @Test func contactsNeedValidAddressesAndVisibleNames() throws {
        #expect(throws: MessagesError.self) {
            try Contact(
                chain: ChainID("ethereum"), name: "A", address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda95",
                rules: .standard)
        }
        #expect(throws: MessagesError.self) {
            try Contact(chain: ChainID("stellar"), name: "A", address: "GABC", rules: .standard)
        }
        #expect(throws: MessagesError.self) {
            try Contact(chain: ChainID("ethereum"), name: "A\u{202e}B", address: alice, rules: .standard)
        }
        #expect(throws: MessagesError.self) {
            try Contact(chain: ChainID("ethereum"), name: " A", address: alice, rules: .standard)
        }
        #expect(throws: KeystoreError.self) { try ContactStore(home: "/nonexistent/airsign").load() }
    }
}
