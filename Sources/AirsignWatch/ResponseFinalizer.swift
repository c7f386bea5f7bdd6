import AirsignKeys
import AirsignMessages

/// `finalize`: matches each response to the request this watch stored under its id, completes
/// a compact one from it, has the chain's finalizer verify it and assemble the artifact, and only
/// when every response of the file passed stores them and returns the full responses. The
/// submit commands run the same checks before they send anything (`verifiedForSending`).
public struct ResponseFinalizer: Sendable {
    public let store: WatchRequestStore
    public let finalizers: FinalizerRegistry

    public init(store: WatchRequestStore, finalizers: FinalizerRegistry) {
        self.store = store
        self.finalizers = finalizers
    }

    /// One verified response and what the chain module says about it.
    public struct Outcome: Sendable {
        public let request: SignRequest
        public let finalized: Finalized
    }

    /// Verifies all of `responses` (nothing is written unless all pass), then records them.
    public func finalize(_ responses: [SignResponse], now: Int64) throws -> [Outcome] {
        var checked: [(Outcome, StoredRequest)] = []
        for response in responses { checked.append(try verify(response, try store.record(response.id))) }
        for (outcome, record) in checked {
            try store.save(record.receiving(outcome.finalized.response, at: WatchTime.text(now)))
        }
        return checked.map(\.0)
    }

    /// The checks of `finalize` for responses about to be sent to `chain`'s network, recording
    /// nothing: each must answer a stored request of that chain, for the request's account,
    /// and its chain's finalizer must verify its signature and assemble the artifact (a full
    /// response's own artifact must be exactly that one). The artifact to send is the
    /// outcome's `finalized.response.result`. Any failure is `WatchError.notSent`.
    public func verifiedForSending(_ responses: [SignResponse], chain: Chain) throws -> [Outcome] {
        try responses.map { response in
            do {
                let record = try store.record(response.id)
                guard record.request.chain == ChainID(chain) else {
                    throw WatchError.notSent(
                        reason:
                            "the response for \(response.id) answers a \(record.request.chain) request, not a \(ChainID(chain)) one"
                    )
                }
                return try verify(response, record).0
            } catch let error as WatchError {
                guard let problem = error.responseProblem else { throw error }
                throw WatchError.notSent(reason: problem)
            }
        }
    }

    /// One response checked against its stored record (and that record, to update).
    private func verify(_ response: SignResponse, _ record: StoredRequest) throws -> (Outcome, StoredRequest) {
        let request = record.request
        let full: SignResponse
        do throws(MessagesError) {
            full = try response.completed(from: request)
        } catch {
            throw WatchError.responseMismatch(id: response.id.text, reason: Self.reason(error))
        }
        let finalizer = try finalizers.finalizer(for: request.chain)
        let finalized: Finalized
        do {
            finalized = try finalizer.finalize(full, for: request)
        } catch {
            throw WatchError.responseRejected(id: response.id.text, reason: String(describing: error))
        }
        guard finalized.response.id == request.id, finalized.response.account == request.account,
            !finalized.response.isCompact
        else {
            throw WatchError.responseRejected(
                id: response.id.text,
                reason: "the \(finalizer.displayName) finalizer returned a response for another request")
        }
        return (Outcome(request: request, finalized: finalized), record)
    }

    private static func reason(_ error: MessagesError) -> String {
        if case let .invalidField(_, _, reason) = error { return reason }
        return error.description
    }
}
