import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignOnline
import AirsignStellar
import AirsignStellarOnline
import AirsignSubstrate
import AirsignSubstrateOnline
import AirsignTestChain
import AirsignWatch
import Foundation
import Synchronization
import Testing

/// A node or Horizon that records every request and accepts it: a refused submit leaves it empty.
private final class RecordingServer: HTTPTransport {
    private let reply: @Sendable (HTTPRequest) -> String
    private let seen = Mutex<[HTTPRequest]>([])

    init(reply: @escaping @Sendable (HTTPRequest) -> String) { self.reply = reply }

    var requests: [HTTPRequest] { seen.withLock { $0 } }

    func send(_ request: HTTPRequest) throws(OnlineError) -> HTTPResponse {
        seen.withLock { $0.append(request) }
        return HTTPResponse(status: 200, body: Array(reply(request).utf8))
    }

    /// Horizon accepting every transaction.
    static func horizon() -> RecordingServer {
        RecordingServer { _ in "{\"hash\":\"ab\",\"ledger\":42,\"successful\":true}" }
    }

    /// A node answering author_submitExtrinsic with a hash.
    static func node() -> RecordingServer {
        RecordingServer { _ in "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x\(String(repeating: "cd", count: 32))\"}" }
    }
}

/// Issue 18 item 4: `stellar submit` and `substrate submit` send only what answers a request
/// this watch stored, for its account, with a signature (and artifact) the chain module
/// verifies; every crafted response is refused with `WatchError.notSent` (exit 3) and the fake
/// Horizon or node receives nothing.
@Suite struct SubmitVerificationTests {
    static let now: Int64 = 1_767_225_600

    // MARK: Stellar

    static func key(_ n: UInt8) throws -> Ed25519.PrivateKey {
        try Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: n, count: 32)))
    }

    static func stellarAccount(_ n: UInt8) throws -> MessageAccount {
        let key = try key(n)
        return try MessageAccount(address: AccountID(publicKey: key.publicKey).description, publicKey: key.publicKey)
    }

    /// Account 1 pays 1 XLM to account 9; `amount` changes the transaction.
    static func transaction(amount: Int64 = 10_000_000) throws -> TransactionEnvelope {
        .v1(
            Transaction(
                source: try MuxedAccount(publicKey: try key(1).publicKey), fee: 200, sequence: 10,
                operations: [
                    Operation(
                        body: .payment(
                            destination: try MuxedAccount(publicKey: try key(9).publicKey), asset: .native,
                            amount: amount))
                ]),
            signatures: [])
    }

    static func stellarRequest(_ envelope: TransactionEnvelope, signer n: UInt8 = 1) throws -> SignRequest {
        try SignRequest.make(
            chain: ChainID(.stellar), network: "stellar:testnet", account: stellarAccount(n),
            payload: StellarChain.payload(envelope, network: .testnet))
    }

    /// What the signer answers for `request` with key `n`.
    static func signed(_ request: SignRequest, by n: UInt8) throws -> SignResponse {
        let module = StellarChain()
        let output = try module.sign(
            try module.review(request, context: ReviewContext(now: now)), with: .ed25519(key(n)))
        return try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: output.result)
    }

    static func bytes(_ response: SignResponse) -> [UInt8] { MessageFile.serialize([response]) }

    /// A watch store holding `requests`, and the checks `stellar submit` runs against it.
    static func stellarWatch(_ requests: [SignRequest]) throws -> (ScratchDirectory, StellarSubmission) {
        let dir = ScratchDirectory()
        let store = WatchRequestStore(home: dir.path + "/watch")
        try store.add(requests, now: now)
        return (
            dir,
            StellarSubmission(
                finalizer: ResponseFinalizer(store: store, finalizers: FinalizerRegistry([StellarFinalizer()])))
        )
    }

    /// Refused with exactly `reason`, and nothing reached Horizon.
    static func expectNotSent(
        _ input: [UInt8], _ checks: StellarSubmission, _ reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let horizon = RecordingServer.horizon()
        #expect(throws: WatchError.notSent(reason: reason), sourceLocation: sourceLocation) {
            try checks.send(input, horizon: StellarHorizon(url: "http://horizon.test", transport: horizon))
        }
        #expect(horizon.requests.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func stellarResponsesAreSentOnlyWhenTheyVerifyAgainstTheirStoredRequest() throws {
        let request = try Self.stellarRequest(Self.transaction())
        let (dir, checks) = try Self.stellarWatch([request])
        _ = dir
        let good = try Self.signed(request, by: 1)
        let address = try Self.stellarAccount(1).address

        // A response for a request this watch never issued.
        let stranger = try Self.signed(try Self.stellarRequest(Self.transaction()), by: 1)
        try Self.expectNotSent(
            Self.bytes(stranger), checks,
            "no stored request has the id \(stranger.id): this response is not for a request this watch issued")
        // The envelope edited to pay 1000 XLM, signed by the same key: not the stored transaction.
        let edited = try Self.signed(try Self.stellarRequest(Self.transaction(amount: 10_000_000_000)), by: 1)
        let swapped = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: good.signatures, result: edited.result)
        try Self.expectNotSent(
            Self.bytes(swapped), checks,
            "the response for \(request.id) is rejected: "
                + "result.envelope is not that of the requested transaction signed with signatures[0]")
        // Both the signature and the envelope of the edited transaction.
        let resigned = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: edited.signatures, result: edited.result)
        try Self.expectNotSent(
            Self.bytes(resigned), checks,
            "the response for \(request.id) is rejected: signatures[0] is not \(address)'s "
                + "signature of this transaction on testnet: \(StellarError.invalidSignature(hint: Hex.encode(signatureHint(publicKey: try Self.key(1).publicKey))))"
        )
        // Another key's signature of the right transaction, compact (completed from the store).
        let foreign = try SignResponse(
            id: request.id,
            signatures: try Self.signed(try Self.stellarRequest(Self.transaction(), signer: 2), by: 2).signatures)
        try Self.expectNotSent(
            Self.bytes(foreign), checks,
            "the response for \(request.id) is rejected: signatures[0] is not \(address)'s "
                + "signature of this transaction on testnet: \(StellarError.invalidSignature(hint: Hex.encode(signatureHint(publicKey: try Self.key(1).publicKey))))"
        )
        // Presented as another account's.
        let otherAccount = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: Self.stellarAccount(2),
            signatures: good.signatures, result: good.result)
        let refusal = try #require(throws: WatchError.self) { try checks.envelope(Self.bytes(otherAccount)) }
        guard case let .notSent(reason) = refusal else { Issue.record("\(refusal)"); return }
        #expect(reason.hasPrefix("the response for \(request.id) does not fit the stored request: "), "\(reason)")

        // The good response, full or compact, sends the envelope the module assembled.
        let horizon = RecordingServer.horizon()
        for response in [good, good.compact] {
            let report = try checks.send(
                Self.bytes(response), horizon: StellarHorizon(url: "http://horizon.test", transport: horizon))
            #expect(report.submission.ledger == 42)
        }
        guard case let .string(envelope)? = good.result?["envelope"] else { Issue.record("no envelope"); return }
        let posted = horizon.requests.map {
            String(decoding: $0.body, as: UTF8.self).dropFirst(3).removingPercentEncoding
        }
        #expect(posted == [envelope, envelope])
    }

    @Test func stellarSubmitRefusesAResponseForAnotherChain() throws {
        let test = try TestChainFixtures.transfer()
        let dir = ScratchDirectory()
        let store = WatchRequestStore(home: dir.path + "/watch")
        try store.add([test], now: Self.now)
        let review = try TestChain().review(test, context: ReviewContext(now: Self.now))
        let output = try TestChain().sign(review, with: .ed25519(TestChainFixtures.key(1)))
        let response = try SignResponse(
            id: test.id, chain: test.chain, network: test.network, account: test.account,
            signatures: output.signatures, result: output.result)
        try Self.expectNotSent(
            Self.bytes(response),
            StellarSubmission(
                finalizer: ResponseFinalizer(store: store, finalizers: FinalizerRegistry([StellarFinalizer()]))),
            "the response for \(test.id) answers a \(test.chain) request, not a stellar one")
    }

    @Test func aMergedEnvelopeIsSentOnlyWithTheStoredTransactionAndVerifiedSignatures() throws {
        // A multisig payment: one request per signer (accounts 1 and 2), as `--signer` issues them.
        let tx = try Self.transaction()
        let first = try Self.stellarRequest(tx, signer: 1), second = try Self.stellarRequest(tx, signer: 2)
        let (dir, checks) = try Self.stellarWatch([first, second])
        _ = dir
        let one = try Self.signed(first, by: 1), two = try Self.signed(second, by: 2)
        let merged = try StellarActions.merge([Self.bytes(one), Self.bytes(two)]).envelope
        let text = { (envelope: TransactionEnvelope) in Array((try envelope.base64() + "\n").utf8) }
        #expect(try checks.envelope(text(merged)) == merged)

        // Another transaction (the amount edited), even if validly signed by both keys.
        let (other, _) = try Self.transaction(amount: 5).signed(with: Self.key(1), network: .testnet)
        try Self.expectNotSent(
            text(other), checks, "the envelope's transaction is not one this watch issued a request for")
        // A signature by a key no stored request names.
        let (extra, _) = try merged.signed(with: Self.key(3), network: .testnet)
        let hint3 = Hex.encode(signatureHint(publicKey: try Self.key(3).publicKey))
        try Self.expectNotSent(
            text(extra), checks,
            "signature 3 of the envelope (hint \(hint3)) is by no account this watch asked to sign this transaction")
        // Account 2's hint on bytes that are not its signature.
        var signatures = merged.signatures
        let forged = try DecoratedSignature(hint: signatures[1].hint, signature: [UInt8](repeating: 7, count: 64))
        signatures[1] = forged
        let hint2 = Hex.encode(forged.hint)
        try Self.expectNotSent(
            text(merged.with(signatures: signatures)), checks,
            "signature 2 of the envelope (hint \(hint2)): the response for "
                + "\(second.id) is rejected: signatures[0] is not \(try Self.stellarAccount(2).address)'s signature of this "
                + "transaction on testnet: \(StellarError.invalidSignature(hint: hint2))")
        // No signature at all.
        try Self.expectNotSent(
            text(merged.with(signatures: [])), checks,
            "the envelope carries no signature for a request this watch issued")
    }

    // MARK: Substrate

    static let genesis = [UInt8](repeating: 0x11, count: 32)

    static func substrateAccount(_ n: UInt8) throws -> MessageAccount {
        let key = try key(n)
        return try MessageAccount(address: try SS58.encode(key.publicKey, prefix: 42), publicKey: key.publicKey)
    }

    /// A Balances transfer by account `n` (ed25519) on a network the signer does not know.
    static func substrateRequest(_ n: UInt8 = 1, amount: UInt8 = 4) throws -> SignRequest {
        let account = try substrateAccount(n)
        let builder = PayloadBuilder(
            address: account.address, method: [5, 3, 0] + (try key(9).publicKey) + [amount], genesisHash: genesis,
            specVersion: 1, transactionVersion: 1, nonce: 0, tip: 0, era: .immortal, blockHash: genesis,
            blockNumber: 0, signedExtensions: PayloadBuilder.relayExtensions)
        return try SignRequest.make(
            chain: ChainID(.substrate), network: SubstrateNetwork.caip2(genesisHash: genesis), account: account,
            payload: .object([
                (key: "type", value: .string("extrinsic")), (key: "signerPayload", value: try builder.json()),
            ]))
    }

    static func substrateSigned(_ request: SignRequest, by n: UInt8) throws -> SignResponse {
        let module = SubstrateChain()
        let output = try module.sign(
            try module.review(request, context: ReviewContext(now: now)), with: .ed25519(key(n)))
        return try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: output.result)
    }

    @Test func substrateResponsesAreSentOnlyWhenTheyVerifyAgainstTheirStoredRequest() throws {
        let request = try Self.substrateRequest()
        let dir = ScratchDirectory()
        let store = WatchRequestStore(home: dir.path + "/watch")
        try store.add([request], now: Self.now)
        let finalizer = ResponseFinalizer(store: store, finalizers: FinalizerRegistry([SubstrateFinalizer()]))
        let good = try Self.substrateSigned(request, by: 1)

        func expectNotSent(
            _ response: SignResponse, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let node = RecordingServer.node()
            #expect(throws: WatchError.notSent(reason: reason), sourceLocation: sourceLocation) {
                try SubstrateWatch.submit(
                    Self.bytes(response), rpc: "http://node.test", finalizer: finalizer, transport: node)
            }
            #expect(node.requests.isEmpty, sourceLocation: sourceLocation)
        }
        // Unknown id.
        let stranger = try Self.substrateSigned(try Self.substrateRequest(), by: 1)
        expectNotSent(
            stranger,
            "no stored request has the id \(stranger.id): this response is not for a request this watch issued")
        // The extrinsic of another transfer (a larger amount), signed by the same key.
        let edited = try Self.substrateSigned(try Self.substrateRequest(amount: 200), by: 1)
        let swapped = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: good.signatures, result: edited.result)
        expectNotSent(
            swapped,
            "the response for \(request.id) is rejected: result is not the extrinsic assembled from the request and signatures[0]"
        )
        // A signature by another key, compact.
        let foreign = try SignResponse(
            id: request.id, signatures: try Self.substrateSigned(try Self.substrateRequest(2), by: 2).signatures)
        expectNotSent(
            foreign,
            "the response for \(request.id) is rejected: the ed25519 signature does not verify for "
                + "\(request.account.address) over the requested payload")

        // The good response goes out as the extrinsic the module assembled.
        let node = RecordingServer.node()
        let hash = try SubstrateWatch.submit(
            Self.bytes(good.compact), rpc: "http://node.test", finalizer: finalizer, transport: node)
        #expect(hash == [UInt8](repeating: 0xcd, count: 32))
        guard case let .string(extrinsic)? = good.result?["extrinsic"] else { Issue.record("no extrinsic"); return }
        let sent = try node.requests.map { try JSONParser().parse($0.body)["params"] }
        #expect(sent == [.array([.string(extrinsic)])])
    }

    // MARK: the binary

    @Test func cliRefusesAnEditedResponseWithExitThreeAndSendsNothing() throws {
        // Horizon at a port nothing listens on: had anything been sent, the exit would be 9.
        let request = try Self.stellarRequest(Self.transaction())
        let (dir, _) = try Self.stellarWatch([request])
        let good = try Self.signed(request, by: 1)
        let edited = try Self.signed(try Self.stellarRequest(Self.transaction(amount: 10_000_000_000)), by: 1)
        let file = dir.path + "/edited.json"
        try Data(
            Self.bytes(
                SignResponse(
                    id: request.id, chain: request.chain, network: request.network, account: request.account,
                    signatures: edited.signatures, result: edited.result))
        ).write(to: URL(fileURLWithPath: file))
        let environment = ["AIRSIGN_WATCH_HOME": dir.path + "/watch"]
        let refused = try ProgramHome.run(
            "airsign-watch", ["stellar", "submit", file, "--horizon", "http://127.0.0.1:9"], environment: environment)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(
            refused.stderr.hasSuffix("; nothing was sent\n") && refused.stderr.split(separator: "\n").count == 1,
            "\(refused.stderr)")
        // The good one passes the checks and fails only at the (absent) Horizon.
        try Data(Self.bytes(good)).write(to: URL(fileURLWithPath: file))
        let sent = try ProgramHome.run(
            "airsign-watch", ["stellar", "submit", file, "--horizon", "http://127.0.0.1:9"], environment: environment)
        #expect(sent.status == 9, "\(sent.stderr)")
    }
}
