import AirsignChains
import AirsignMessages

/// `finalize`: matches each response to the request this watch stored under its id, completes
/// a compact one from it, has the chain module verify it and assemble the artifact, and only
/// when every response of the file passed stores them and returns the full responses.
public struct ResponseFinalizer: Sendable {
    public let store: WatchRequestStore
    public let registry: ChainRegistry

    public init(store: WatchRequestStore, registry: ChainRegistry = .standard) {
        self.store = store
        self.registry = registry
    }

    /// One verified response and what the chain module says about it.
    public struct Outcome: Sendable {
        public let request: SignRequest
        public let finalized: Finalized
    }

    /// Verifies all of `responses` (nothing is written unless all pass), then records them.
    public func finalize(_ responses: [SignResponse], now: Int64) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        var records: [StoredRequest] = []
        for response in responses {
            let record = try store.record(response.id)
            let request = record.request
            let full: SignResponse
            do throws(MessagesError) {
                full = try response.completed(from: request)
            } catch {
                throw WatchError.responseMismatch(id: response.id.text, reason: Self.reason(error))
            }
            let module = try registry.module(for: request.chain)
            let finalized: Finalized
            do {
                finalized = try module.finalize(full, for: request)
            } catch {
                throw WatchError.responseRejected(id: response.id.text, reason: String(describing: error))
            }
            guard finalized.response.id == request.id, finalized.response.account == request.account, !finalized.response.isCompact else {
                throw WatchError.responseRejected(id: response.id.text, reason: "the \(module.displayName) module returned a response for another request")
            }
            outcomes.append(Outcome(request: request, finalized: finalized))
            records.append(record.receiving(finalized.response, at: WatchTime.text(now)))
        }
        for record in records { try store.save(record) }
        return outcomes
    }

    private static func reason(_ error: MessagesError) -> String {
        if case let .invalidField(_, _, reason) = error { return reason }
        return error.description
    }
}
