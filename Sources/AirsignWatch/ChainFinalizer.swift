import AirsignMessages

/// What a chain brings to the watch to check what comes back from the signer: it lives on the
/// chain's online side (`Sources/Chains/<Chain>/Online/Finalize`), so the signer links none of
/// it, and `ResponseFinalizer` dispatches to it by the request's chain.
public protocol ChainFinalizer: Sendable {
    /// The `chain` value of the requests it checks.
    var chain: ChainID { get }

    /// The chain's name for people ("Ethereum").
    var displayName: String { get }

    /// `response` is already completed from `request` (same id, chain, network and account).
    /// Verifies every signature against the request's account and payload, checks a full
    /// response's `result` against what it assembles itself, and returns the full response
    /// with the artifact.
    func finalize(_ response: SignResponse, for request: SignRequest) throws -> Finalized
}

/// What `finalize` returns: the verified full response, and what to tell the person.
public struct Finalized: Sendable {
    public let response: SignResponse
    public let lines: [ReviewLine]

    public init(response: SignResponse, lines: [ReviewLine]) {
        self.response = response
        self.lines = lines
    }
}

/// The finalizers a watch command knows, by chain: all of them for `finalize`, one chain's
/// for that chain's own commands (`ethereum finalize`, `stellar submit`).
public struct FinalizerRegistry: Sendable {
    public let finalizers: [any ChainFinalizer]

    public init(_ finalizers: [any ChainFinalizer]) {
        self.finalizers = finalizers
    }

    /// The finalizer of `chain`; a response for a chain without one is refused as the signer
    /// refuses a request for a chain without a module.
    public func finalizer(for chain: ChainID) throws(MessagesError) -> any ChainFinalizer {
        guard let finalizer = finalizers.first(where: { $0.chain == chain }) else {
            throw .noChainModule(chain: chain.rawValue)
        }
        return finalizer
    }
}
