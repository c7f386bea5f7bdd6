import AirsignCrypto
import AirsignEncoding
import AirsignFiles
import AirsignKeys
import AirsignMessages
import AirsignTestChain
import AirsignWatch
import Foundation
import Testing

/// The watch's request store and `finalize`, with the test chain.
@Suite struct WatchRequestStoreTests {
    let now: Int64 = 1_767_225_600
    let registry = ChainRegistry([TestChain()])
    let finalizers = FinalizerRegistry([TestChainFinalizer()])

    func signed(_ request: SignRequest, by n: UInt8 = 1) throws -> SignResponse {
        let review = try TestChain().review(request, context: ReviewContext(now: now))
        let output = try TestChain().sign(review, with: .ed25519(TestChainFixtures.key(n)))
        return try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: output.result)
    }

    func files(_ store: WatchRequestStore) -> [String: Data] {
        var out: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: store.directory)) ?? [] {
            out[name] = FileManager.default.contents(atPath: store.directory + "/" + name)
        }
        return out
    }

    @Test func issuedRequestsAreStoredByIdWithTimeAndStatus() throws {
        let dir = ScratchDirectory()
        let store = WatchRequestStore(home: dir.path + "/watch")
        let requests = try (0..<3).map { _ in try TestChainFixtures.transfer() }
        let bytes = try RequestIssuer(store: store, registry: registry).issue(requests, now: now)
        #expect(try MessageFile.requests(bytes) == requests)
        let all = try store.all()
        #expect(Set(all.map(\.request.id)) == Set(requests.map(\.id)))
        #expect(all.allSatisfy { $0.status == .issued && $0.created == "2026-01-01T00:00:00Z" && $0.responses.isEmpty })
        #expect(throws: WatchError.requestExists(id: requests[0].id.text)) { try store.add([requests[0]], now: now) }
        // The issuer refuses what the signer would refuse, and stores nothing.
        let bad = try TestChainFixtures.transfer(network: "other:net")
        #expect(throws: WatchError.self) { try RequestIssuer(store: store, registry: registry).issue([bad], now: now) }
        #expect(throws: MessagesError.noChainModule(chain: "test-only-chain")) {
            try RequestIssuer(store: store, registry: ChainRegistry([])).issue([bad], now: now)
        }
        #expect(try store.all().count == 3)
    }

    @Test func compactAndFullResponsesFinalize() throws {
        let dir = ScratchDirectory()
        let store = WatchRequestStore(home: dir.path + "/watch")
        let requests = try (0..<2).map { _ in try TestChainFixtures.transfer() }
        try store.add(requests, now: now)
        let responses = [try signed(requests[0]).compact, try signed(requests[1])]
        let outcomes = try ResponseFinalizer(store: store, finalizers: finalizers).finalize(responses, now: now + 60)
        #expect(outcomes.map(\.finalized.response) == [try signed(requests[0]), try signed(requests[1])])
        let record = try store.record(requests[0].id)
        #expect(record.status == .signed)
        #expect(record.responses.map(\.received) == ["2026-01-01T00:01:00Z"])
        #expect(record.responses.first?.response.result != nil)
    }

    @Test func badResponsesWriteNothing() throws {
        let dir = ScratchDirectory()
        let store = WatchRequestStore(home: dir.path + "/watch")
        let request = try TestChainFixtures.transfer()
        try store.add([request], now: now)
        let finalizer = ResponseFinalizer(store: store, finalizers: finalizers)
        let before = files(store)

        // An id no stored request has.
        let stranger = try TestChainFixtures.transfer()
        #expect(throws: WatchError.unknownRequest(id: stranger.id.text)) {
            try finalizer.finalize([try signed(stranger)], now: now)
        }
        // A response for another account than requested (signed by that account).
        let otherAccount = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: TestChainFixtures.account(5),
            signatures: try signed(request).signatures, result: nil)
        #expect { try finalizer.finalize([otherAccount], now: now) } throws: {
            guard case let .responseMismatch(id, reason)? = $0 as? WatchError else { return false }
            return id == request.id.text && reason.contains(TestChainFixtures.account(5).address)
        }
        // A signature by another key.
        let forged = try SignResponse(id: request.id, signatures: try signed(request, by: 5).signatures)
        #expect { try finalizer.finalize([forged], now: now) } throws: {
            if case .responseRejected? = $0 as? WatchError { return true }
            return false
        }
        // One good and one bad response in a file: neither is recorded.
        let good = try signed(request)
        #expect(throws: WatchError.self) { try finalizer.finalize([good, try signed(stranger)], now: now) }
        // No chain module (the production registry today).
        #expect(throws: MessagesError.noChainModule(chain: "test-only-chain")) {
            try ResponseFinalizer(store: store, finalizers: FinalizerRegistry([])).finalize([good], now: now)
        }
        #expect(files(store) == before)
        #expect(try store.record(request.id).status == .issued)
    }

    @Test func aDamagedStoreFileIsReportedByNameAndLeftAlone() throws {
        let dir = ScratchDirectory()
        let store = WatchRequestStore(home: dir.path + "/watch")
        let request = try TestChainFixtures.transfer()
        try store.add([request], now: now)
        let path = store.directory + "/\(request.id).json"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let damaged = [
            "garbage",
            original.replacingOccurrences(of: "\"issued\"", with: "\"signed\""),
            original.replacingOccurrences(of: "\"version\":1", with: "\"version\":1,\"extra\":1"),
            " " + original,
        ]
        for text in damaged {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect { try store.all() } throws: {
                guard case let .storeFileDamaged(file, _)? = $0 as? WatchError else { return false }
                return file == path
            }
            #expect(throws: WatchError.self) {
                try ResponseFinalizer(store: store, finalizers: finalizers).finalize([try signed(request)], now: now)
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        }
    }

    @Test func anInterruptedStoreWriteLeavesTheOldRecord() throws {
        let dir = ScratchDirectory()
        let request = try TestChainFixtures.transfer()
        try WatchRequestStore(home: dir.path + "/watch").add([request], now: now)
        let crashing = WatchRequestStore(
            home: dir.path + "/watch", faults: FaultHook { step, _ in step == "atomic.tempPartlyWritten" })
        #expect(throws: FileError.self) {
            try ResponseFinalizer(store: crashing, finalizers: finalizers).finalize([try signed(request)], now: now)
        }
        let store = WatchRequestStore(home: dir.path + "/watch")
        #expect(try store.record(request.id).status == .issued)
        #expect(try store.all().count == 1)  // the crash's temporary file is not a record
    }
}
