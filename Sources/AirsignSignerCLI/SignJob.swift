import AirsignCLI
import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignFiles
import AirsignKeystore
import AirsignMessages
import AirsignTransport
import Glibc

/// The work behind `inspect` and `sign`, with every outside dependency (chain registry, key
/// derivation, clock, PIN, confirmation, output faults) passed in, so tests run the whole flow
/// with a chain of their own. The commands build it with `SignJob.standard`.
public struct SignJob: Sendable {
    public var registry: ChainRegistry
    public var keys: any SigningKeySource
    public var keystore: Keystore
    /// The keystore's accounts from its keys' public metadata (`KeystoreAccounts.own`).
    public var accounts: @Sendable ([KeyMetadata]) -> [OwnAccount]
    public var contacts: ContactStore
    /// Seconds since 1970, for the reviews.
    public var now: Int64
    /// Faults injected into the response file's write (tests only).
    public var outputFaults: FaultHook
    /// Where the reviews and progress go (stderr in the programs).
    public var log: @Sendable (String) -> Void
    /// The network the person named with `--network`, for native input that does not carry
    /// one (a bare Stellar envelope); passed to the chain modules as it was typed.
    public var nativeNetwork: String?
    /// Checks, with the PIN, that what the person installed on the signer and the reviews used
    /// (`SignerKnowledgeStore`: Ethereum's descriptors and tokens, Stellar's tokens) is unchanged;
    /// run before any signature is released.
    public var verifyInstalled: @Sendable (SecureBytes) throws -> Void = { _ in }
    /// Whether the signer home holds installed descriptors or tokens: `inspect` then checks
    /// their seal as `sign` does when it is given the PIN, and says so when it is not.
    public var hasInstalled = false
    /// `--details`: reviews list what they otherwise count (`ReviewContext.details`).
    public var details = false

    public init(
        registry: ChainRegistry, keys: any SigningKeySource, keystore: Keystore,
        accounts: @escaping @Sendable ([KeyMetadata]) -> [OwnAccount] = KeystoreAccounts.own, contacts: ContactStore,
        now: Int64, outputFaults: FaultHook = .none, log: @escaping @Sendable (String) -> Void
    ) {
        self.registry = registry
        self.keys = keys
        self.keystore = keystore
        self.accounts = accounts
        self.contacts = contacts
        self.now = now
        self.outputFaults = outputFaults
        self.log = log
    }

    /// The programs' job: the real chains, the signer home of this environment, the real clock.
    public static func standard() throws -> SignJob {
        let keystore = try SignerContext.keystore()
        let store = SignerKnowledgeStore(keystore: keystore)
        let initialized = try keystore.isInitialized
        let installed = initialized ? try store.loadSealed() : (.standard, { _ in }, false)
        var job = SignJob(
            registry: installed.registry,
            keys: StandardSigningKeys(keystore: keystore), keystore: keystore,
            contacts: ContactStore(home: keystore.directory),
            now: Int64(time(nil)), log: { Console.info($0) })
        job.verifyInstalled = installed.verify
        // Whether the file was there when it was read, not a second look at the path.
        job.hasInstalled = installed.present
        return job
    }

    /// `inspect`: shows the review of every request and the batch total. Throws the first
    /// refusal (after showing them all) when any request would be refused.
    public func inspect(
        _ input: [UInt8], blind: BlindConsent, pin: (() throws -> SecureBytes)? = nil,
        json: (@Sendable (String) -> Void)? = nil
    ) throws {
        try inspect(SignerInput(bytes: input), blind: blind, pin: pin, json: json)
    }

    /// `inspect` of a file or scanned message in any format the signer detects; the format
    /// found is said first. With `pin` (given when the person can be asked, or named a PIN
    /// file) the seal of what is installed on the signer is checked first, as `sign` checks
    /// it, and a swapped file stops it before any review; without, the reviews are headed by
    /// a note that it was not checked. With `json`, the reviews go to it as one JSON document
    /// (`ReviewJSON`) instead of to the log as text; the notes and the exit status are the same.
    public func inspect(
        _ input: SignerInput, blind: BlindConsent, pin: (() throws -> SecureBytes)? = nil,
        json: (@Sendable (String) -> Void)? = nil
    ) throws {
        if hasInstalled {
            if let pin {
                try verifyInstalled(try pin())
                log("The descriptors and tokens installed on this signer match their PIN seal.")
            } else {
                log(
                    "note: the descriptors and tokens installed on this signer are used unchecked: their PIN seal is checked with the PIN (inspect --pin-file FILE, or on a terminal); sign always checks it before it signs."
                )
            }
        }
        let initialized = try keystore.isInitialized
        let own = initialized ? accounts(try keystore.list()) : []
        let detected = try detect(input, accounts: own)
        let requests = detected.requests
        var context = BatchSigner.context(accounts: own, contacts: initialized ? try contacts.load() : .empty, now: now)
        context.details = details
        let batch = BatchReview(requests, registry: registry, context: context, blind: blind)
        let accountIndex = AccountIndex(own, registry: registry)
        var refusals: [any Error] = []
        // Why a reviewed request would still not be signed, by position.
        var unsignable: [Int: String] = [:]
        let text = json == nil ? log : { _ in }
        for (index, outcome) in batch.outcomes.enumerated() {
            let position = index + 1
            switch outcome {
            case let .success(review):
                text(render(review, position: position, of: requests.count, context: context))
                if !initialized {
                    let error = KeystoreError.keystoreNotInitialized(path: keystore.directory)
                    text("  REFUSED: " + error.description)
                    refusals.append(error)
                    unsignable[position] = error.description
                } else {
                    do {
                        _ = try accountIndex.signer(for: review, position: position)
                    } catch {
                        text("  REFUSED: " + String(describing: error))
                        refusals.append(error)
                        unsignable[position] = String(describing: error)
                    }
                }
            case let .failure(error):
                text(ReviewText.renderRefusal(requests[index], error, position: position, of: requests.count))
                refusals.append(error)
            }
            text("")
        }
        if let json {
            let document = ReviewJSON.document(
                batch, requests: requests, registry: registry, context: context, refusals: unsignable)
            json(JSONSerializer(sortKeys: false, pretty: true).serialize(document))
        } else {
            log(ReviewText.renderTotals(batch))
        }
        if let first = refusals.first {
            log("\(refusals.count) of \(requests.count) request\(requests.count == 1 ? "" : "s") would be refused.")
            throw first
        }
        log("Every request can be signed.")
    }

    /// `sign`: reviews the whole batch and refuses it before any PIN prompt if any request is
    /// refused or needs an account the keystore lacks; shows every review and the batch total;
    /// asks once (`confirm`, skipped when `confirmed`); reads the PIN once; unlocks each key
    /// once; signs everything; and only then returns the responses' canonical bytes, for the
    /// caller to write in one atomic step.
    public func sign(
        _ input: [UInt8], blind: BlindConsent, compact: Bool, confirmed: Bool,
        confirm: (String) throws -> Bool, pin: () throws -> SecureBytes
    ) throws -> [SignResponse] {
        try sign(
            SignerInput(bytes: input), blind: blind, compact: compact, confirmed: confirmed, confirm: confirm, pin: pin
        ).responses
    }

    /// `sign` of a file or scanned message in any format the signer detects (the format found
    /// is said before the reviews); a foreign format's answer encoders come back with the
    /// responses, for `write`.
    public func sign(
        _ input: SignerInput, blind: BlindConsent, compact: Bool, confirmed: Bool,
        confirm: (String) throws -> Bool, pin: () throws -> SecureBytes
    ) throws -> SignedBatch {
        guard try keystore.isInitialized else {
            // Say first what is wrong with the requests themselves, then that there is no keystore.
            let requests = try detect(input, accounts: []).requests
            _ = try BatchReview(requests, registry: registry, context: ReviewContext(now: now), blind: blind)
                .requireAll()
            throw KeystoreError.keystoreNotInitialized(path: keystore.directory)
        }
        let own = accounts(try keystore.list())
        let detected = try detect(input, accounts: own)
        let requests = detected.requests
        // A wallet's answer carries one signature: say so before the PIN, not after signing.
        if let answers = detected.answers, answers.count != 1 { throw SignerError.foreignAnswers(count: answers.count) }
        var context = BatchSigner.context(accounts: own, contacts: try contacts.load(), now: now)
        context.details = details
        let signer = BatchSigner(registry: registry, keystore: keystore, keys: keys)
        let plan = try signer.prepare(requests, accounts: own, context: context, blind: blind)
        logReviews(plan.reviews, context: context)
        log(ReviewText.renderTotals(plan.batch))
        if !confirmed {
            let count = plan.reviews.count
            var question = count == 1 ? "Sign this request" : "Sign all \(count) requests"
            let unknown = plan.batch.unknownPlaces
            if !unknown.isEmpty {
                // The person confirms exactly what the signer could not count.
                question +=
                    count == 1
                    ? ", whose effects the signer does not understand"
                    : ", \(unknown.count) with effects the signer does not understand (\(unknown.map(String.init).joined(separator: ", ")))"
            }
            question += "?"
            guard try confirm(question) else { throw CLIError.cancelled }
        }
        let secret = try pin()
        let responses = try signer.sign(
            plan, pin: secret, compact: compact, masterFingerprints: detected.masterFingerprints)
        // After the keys opened (so the PIN is proven right) and before any response leaves.
        try verifyInstalled(secret)
        log(
            "Signed \(responses.count) request\(responses.count == 1 ? "" : "s") with \(plan.keyNames.count) key\(plan.keyNames.count == 1 ? "" : "s")."
        )
        return SignedBatch(responses: responses, answers: detected.answers)
    }

    /// Writes a signed batch: the foreign format's answer when the input was in one (the answer
    /// file's bytes to `out`, its QR to the QR outputs), else the sign responses.
    public func write(_ batch: SignedBatch, out: String?, qr: QROutputOptions?) throws {
        guard let answers = batch.answers else { return try write(batch.responses, out: out, qr: qr) }
        guard answers.count == 1, batch.responses.count == 1, let answer = answers.first,
            let response = batch.responses.first
        else {
            throw SignerError.foreignAnswers(count: answers.count)
        }
        let bytes = try answer.encode(response)
        log("Answer: \(answer.name).")
        // A UR answer's file holds the single-part UR text (`ur:eth-signature/…`), which a
        // person can paste or turn into a QR code; its QR outputs get the UR's frames.
        var ur: UR?
        if case let .ur(type) = answer.qr { ur = try UR(type: type, cbor: bytes) }
        if let out {
            try MessageOutput.write(ur.map { Array(($0.string + "\n").utf8) } ?? bytes, to: out, faults: outputFaults)
            if out != "-" { log("Answer written to \(out).") }
        }
        guard let qr, qr.isRequested else { return }
        if let ur { try qr.write(ur: ur) } else { try qr.write(bytes, largeSingleCode: true) }
    }

    /// Writes responses to `out` (atomically: all or none; `-` for standard output) and to the
    /// QR outputs asked for.
    public func write(_ responses: [SignResponse], out: String?, qr: QROutputOptions?) throws {
        let bytes = MessageFile.serialize(responses)
        if let out {
            try MessageOutput.write(bytes, to: out, faults: outputFaults)
            if out != "-" { log("Responses written to \(out).") }
        }
        if let qr, qr.isRequested { try qr.write(bytes, largeSingleCode: true) }
    }

    /// The requests in `input`, whatever its format (`DetectedInput.detect`); the format found
    /// goes to the log first, so the person sees what the signer took the input for.
    func detect(_ input: SignerInput, accounts own: [OwnAccount]) throws -> DetectedInput {
        let detected = try DetectedInput.detect(input, registry: registry, accounts: own, nativeNetwork: nativeNetwork)
        if detected.answers != nil || input.frames > 0 { log("Format: \(detected.format)") }
        return detected
    }

    /// Each review followed by a blank line, as `inspect` shows them, but handed to `log` in
    /// chunks of about 64 KiB: two writes per review were 20,000 system calls for a batch of
    /// 10,000. The text is the same byte for byte.
    private func logReviews(_ reviews: [Review], context: ReviewContext) {
        var chunk: [String] = []
        var size = 0
        for index in reviews.indices {
            let text = render(reviews[index], position: index + 1, of: reviews.count, context: context)
            chunk.append(text)
            size += text.utf8.count
            if size >= 1 << 16 || index == reviews.count - 1 {
                // `log` ends its text with a line break: this one closes the last blank line.
                log(chunk.joined(separator: "\n\n") + "\n")
                chunk = []
                size = 0
            }
        }
    }

    private func render(_ review: Review, position: Int, of count: Int, context: ReviewContext) -> String {
        guard let module = try? registry.module(for: review.request.chain) else { return "" }
        return ReviewText.render(review, position: position, of: count, module: module, context: context)
    }
}

/// What `sign` produced: the responses, and a foreign format's answer encoders (one a response)
/// when the input came in one.
public struct SignedBatch: Sendable {
    public let responses: [SignResponse]
    public let answers: [any ForeignAnswer]?
}
