import AirsignCLI
import AirsignChains
import AirsignMessages

/// The hook every chain's watch-side builder calls with the requests it built: each is
/// reviewed by its chain module first (so the watch never hands the signer something the
/// signer would refuse), then stored as issued, and its canonical bytes returned for the file
/// or QR codes to carry across.
public struct RequestIssuer: Sendable {
    public let store: WatchRequestStore
    public let registry: ChainRegistry

    public init(store: WatchRequestStore, registry: ChainRegistry = .standard) {
        self.store = store
        self.registry = registry
    }

    /// Reviews, stores and serializes `requests` (one message, or JSON lines for several).
    public func issue(_ requests: [SignRequest], now: Int64) throws -> [UInt8] {
        try issueReviewed(requests, now: now).bytes
    }

    /// `issue`, also returning the reviews it made (in request order), for a caller that shows them.
    public func issueReviewed(_ requests: [SignRequest], now: Int64) throws -> (bytes: [UInt8], reviews: [Review]) {
        let reviews = try requests.map { try review($0, now: now) }
        try store.add(requests, now: now)
        return (MessageFile.serialize(requests), reviews)
    }

    /// The one way a built or imported request leaves the watch: each is reviewed by its chain
    /// module and stored as issued, its review shown when `showReview`, its `summary` line
    /// printed, and then it is written: the QR outputs first (if the images cannot be written,
    /// no request file is left either), then the file. Returns the bytes written.
    @discardableResult
    public func issue(
        _ requests: [SignRequest], to output: RequestOutput, now: Int64, showReview: Bool = false,
        summary: (SignRequest) -> String
    ) throws -> [UInt8] {
        let (bytes, reviews) = try issueReviewed(requests, now: now)
        for (index, (request, review)) in zip(requests, reviews).enumerated() {
            if showReview {
                let module = try registry.module(for: request.chain)
                Console.info(
                    ReviewText.render(
                        review, position: index + 1, of: requests.count, module: module,
                        context: ReviewContext(now: now)))
            }
            Console.info(summary(request))
        }
        if let qr = output.qr, qr.isRequested { try qr.write(bytes, largeSingleCode: true) }
        if let file = output.file {
            try MessageOutput.write(bytes, to: file)
            if file != "-" { Console.info("Request\(requests.count == 1 ? "" : "s") written to \(file).") }
        }
        return bytes
    }

    private func review(_ request: SignRequest, now: Int64) throws -> Review {
        let module = try registry.module(for: request.chain)
        do {
            return try module.review(request, context: ReviewContext(now: now))
        } catch {
            throw WatchError.requestRefused(id: request.id.text, reason: String(describing: error))
        }
    }
}
