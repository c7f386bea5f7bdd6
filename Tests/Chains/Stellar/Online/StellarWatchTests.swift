import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignOnline
import AirsignStellar
import AirsignStellarOnline
import AirsignTestChain
import AirsignWatch
import Foundation
import Testing

/// A Horizon that answers from a table (tests of request building and reply reading; the
/// interop suite runs a real HTTP fixture).
private struct TableHorizon: HTTPTransport {
    let replies: [String: (Int, String)]
    func send(_ request: HTTPRequest) throws(OnlineError) -> HTTPResponse {
        guard let (status, body) = replies[request.method.rawValue + " " + request.url] else {
            return HTTPResponse(status: 404, body: Array("{}".utf8))
        }
        return HTTPResponse(status: status, body: Array(body.utf8))
    }
}

/// `airsign-watch stellar`: operation specs, the transaction builder (with a table Horizon),
/// merging signers' responses, reading TransactionResult XDR, and the built binary refusing bad
/// input without writing anything.
@Suite struct StellarWatchTests {
    /// SEP-5 test 1, account 0 (stellar-protocol ecosystem/sep-0005.md), as a watch-only account.
    static let account0 = "GDRXE2BQUC3AZNPVFSCEZ76NJ3WWL25FYFK6RGZGIEKWE4SOOHSUJUJ6"
    static let account1 = "GBAW5XGWORWVFE2XTJYDTLDHXTY2Q2MO73HYCGB3XMFMQ562Q2W2GJQX"
    static let descriptor = """
        {"airsign":"account","version":1,"chain":"stellar","network":"stellar:testnet","address":"\(account0)",\
        "publicKey":"0xe3726830a0b60cb5f52c844cffcd4eed65eba5c155e89b26411562724e71e544","scheme":"ed25519","path":"m/44'/148'/0'"}
        """

    static func store() throws -> (ScratchDirectory, WatchStore) {
        let dir = ScratchDirectory()
        let store = WatchStore(directory: dir.path)
        _ = try store.add(try AccountDescriptor(parsing: Array(descriptor.utf8), rules: .standard))
        return (dir, store)
    }

    @Test func operationSpecsOfEveryBuilderType() throws {
        let usd = "USD:\(Self.account1)"
        let cases: [(String, OperationBody)] = [
            (
                "payment to=\(Self.account1) amount=12.5",
                .payment(destination: try MuxedAccount(Self.account1), asset: .native, amount: 125_000_000)
            ),
            (
                "payment to=\(Self.account1) amount=0.0000001 asset=\(usd)",
                .payment(
                    destination: try MuxedAccount(Self.account1), asset: try Asset.credit("USD", issuer: Self.account1),
                    amount: 1)
            ),
            (
                "create-account to=\(Self.account1) amount=1",
                .createAccount(destination: try AccountID(Self.account1), startingBalance: 10_000_000)
            ),
            (
                "change-trust asset=\(usd)",
                .changeTrust(line: .asset(try Asset.credit("USD", issuer: Self.account1)), limit: Int64.max)
            ),
            (
                "change-trust asset=\(usd) limit=0",
                .changeTrust(line: .asset(try Asset.credit("USD", issuer: Self.account1)), limit: 0)
            ),
            ("manage-data name=k value=v", .manageData(name: Array("k".utf8), value: Array("v".utf8))),
            ("manage-data name=k", .manageData(name: Array("k".utf8), value: nil)),
            ("account-merge to=\(Self.account1)", .accountMerge(destination: try MuxedAccount(Self.account1))),
            ("bump-sequence to=99", .bumpSequence(bumpTo: 99)),
            (
                "set-options master-weight=1 set-flags=auth-required,auth-revocable signer=\(Self.account1):2",
                .setOptions(
                    SetOptions(
                        setFlags: 3, masterWeight: 1,
                        signer: Signer(key: .ed25519(try AccountID(Self.account1).publicKey), weight: 2)))
            ),
            (
                "path-payment-strict-send to=\(Self.account1) send-asset=native send-amount=1 dest-asset=\(usd) dest-min=0.5 path=\(usd)",
                .pathPaymentStrictSend(
                    PathPayment(
                        sendAsset: .native, sendAmount: 10_000_000, destination: try MuxedAccount(Self.account1),
                        destAsset: try Asset.credit("USD", issuer: Self.account1), destAmount: 5_000_000,
                        path: [try Asset.credit("USD", issuer: Self.account1)]))
            ),
        ]
        for (text, body) in cases {
            #expect(try StellarOperationSpec(text: text).operation() == Operation(body: body), "\(text)")
        }
        let json =
            "[{\"type\":\"payment\",\"to\":\"\(Self.account1)\",\"amount\":\"2\",\"source\":\"\(Self.account0)\"}]"
        let listed = try StellarOperationSpec.list(json: Array(json.utf8))
        #expect(
            try listed.first?.operation()
                == Operation(
                    source: try MuxedAccount(Self.account0),
                    body: .payment(destination: try MuxedAccount(Self.account1), asset: .native, amount: 20_000_000)))
    }

    @Test func badOperationsAreRefusedByName() throws {
        let bad = String(Self.account1.dropLast()) + "A"
        let cases: [(String, String)] = [
            ("swap to=\(Self.account1)", "unknown operation \"swap\""),
            ("payment to=\(bad) amount=1", "invalid"),
            ("payment to=\(Self.account1) amount=-1", "negative"),
            ("payment to=\(Self.account1) amount=1.00000001", "more than 7 decimal places"),
            ("payment to=\(Self.account1) amount=0", "must be positive"),
            ("payment to=\(Self.account1)", "field \"amount\" is missing"),
            ("payment to=\(Self.account1) amount=1 colour=red", "unknown field \"colour\""),
            ("change-trust asset=native", "CODE:ISSUER"),
            (
                "manage-sell-offer selling=native buying=USD:\(Self.account1) amount=0 price=1",
                "0 only deletes an existing offer"
            ),
            ("manage-buy-offer selling=native buying=USD:\(Self.account1) amount=1 price=0", "price \"0\""),
            ("manage-buy-offer selling=native buying=USD:\(Self.account1) amount=1 price=1/0", "price \"1/0\""),
            ("create-passive-sell-offer selling=native buying=USD:\(Self.account1) amount=1 price=0.00000001", "price"),
            ("claim-claimable-balance id=00", "72 hex digits"),
        ]
        for (text, message) in cases {
            do {
                _ = try StellarOperationSpec(text: text).operation()
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.description.contains(message), "\(text): \(error)")
            }
        }
        #expect(throws: StellarError.memoTooLong(bytes: 29)) {
            try StellarTransactionBuilder.memo(
                text: String(repeating: "m", count: 29), id: nil, hash: nil, returnHash: nil)
        }
        #expect(throws: StellarError.self) {
            try StellarTransactionBuilder.memo(text: "a", id: "1", hash: nil, returnHash: nil)
        }
        #expect(try StellarTransactionBuilder.validUntil("+2h", now: 1000) == 8200)
        #expect(throws: StellarError.self) { try StellarTransactionBuilder.validUntil("tomorrow", now: 1000) }
    }

    @Test func builderReadsSequenceAndFeeFromHorizon() throws {
        let (dir, store) = try Self.store()
        _ = dir
        let horizon = try StellarHorizon(
            url: "http://horizon.test/",
            transport: TableHorizon(replies: [
                "GET http://horizon.test/accounts/\(Self.account0)": (
                    200, "{\"id\":\"\(Self.account0)\",\"sequence\":\"4294967296\"}"
                ),
                "GET http://horizon.test/fee_stats": (200, "{\"last_ledger_base_fee\":\"150\"}"),
            ]))
        let builder = StellarTransactionBuilder(
            from: try AccountID(Self.account0), network: .testnet, horizon: horizon, memo: .id(7),
            validUntil: 1_800_000_000,
            operations: [
                try StellarOperationSpec(text: "payment to=\(Self.account1) amount=3").operation(),
                try StellarOperationSpec(text: "bump-sequence to=1").operation(),
            ])
        let (requests, envelope, _) = try builder.build(accounts: store)
        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(envelope.transaction.sequence == 4_294_967_297)
        #expect(envelope.transaction.fee == 300)
        #expect(envelope.transaction.preconditions.timeBounds == TimeBounds(minTime: 0, maxTime: 1_800_000_000))
        #expect(request.network == "stellar:testnet")
        #expect(request.account.address == Self.account0)
        // The request passes the signer's own review.
        #expect(try StellarChain().review(request, context: ReviewContext(now: 0)).title == "Stellar transaction")
        // An account the watch does not hold is refused before Horizon is asked.
        var other = builder
        other.from = try AccountID(Self.account1)
        #expect(throws: WatchError.accountNotFound(Self.account1)) { try other.build(accounts: store) }
        // A network other than the account's stored ones still needs a known network id.
        other = builder
        other.network = StellarNetwork(passphrase: "Private Net")
        #expect(throws: StellarError.self) { try other.build(accounts: store) }
    }

    // MARK: merge

    static func key(_ n: UInt8) throws -> Ed25519.PrivateKey {
        try Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: n, count: 32)))
    }

    /// The full response of signer `n` for `envelope` on testnet, through the chain module.
    static func response(_ envelope: TransactionEnvelope, signer n: UInt8) throws -> [UInt8] {
        let key = try key(n)
        let account = try MessageAccount(
            address: AccountID(publicKey: key.publicKey).description, publicKey: key.publicKey)
        let request = try SignRequest.make(
            chain: ChainID(.stellar), network: "stellar:testnet", account: account,
            payload: StellarChain.payload(envelope, network: .testnet))
        let module = StellarChain()
        let output = try module.sign(try module.review(request, context: ReviewContext(now: 0)), with: .ed25519(key))
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: account,
            signatures: output.signatures, result: output.result)
        return MessageFile.serialize([response])
    }

    static func multisigTransaction(sequence: Int64 = 10) throws -> TransactionEnvelope {
        .v1(
            Transaction(
                source: try MuxedAccount(publicKey: try key(1).publicKey), fee: 100, sequence: sequence,
                operations: [Operation(body: .bumpSequence(bumpTo: 20))]), signatures: [])
    }

    @Test func mergeCollectsEverySignersSignatureOnce() throws {
        let tx = try Self.multisigTransaction()
        let a = try Self.response(tx, signer: 1), b = try Self.response(tx, signer: 2)
        let merged = try StellarActions.merge([a, b, a])
        #expect(merged.envelope.signatures.count == 2)
        for n: UInt8 in [1, 2] {
            #expect(
                try merged.envelope.signatures.contains {
                    try merged.envelope.verify($0, publicKey: Self.key(n).publicKey, network: .testnet)
                })
        }
        #expect(merged.network == .testnet)
        // Another transaction is refused.
        let other = try Self.response(Self.multisigTransaction(sequence: 11), signer: 2)
        #expect(throws: StellarError.self) { try StellarActions.merge([a, other]) }
        // One response alone is not a merge.
        #expect(throws: StellarError.self) { try StellarActions.merge([a]) }
    }

    // MARK: results

    @Test func transactionResultsAreNamed() throws {
        var w = XDRWriter()
        w.writeInt64(100); w.writeInt32(-5); w.writeInt32(0)
        let badSeq = try TransactionResultSummary(base64: StellarBase64.encode(w.bytes))
        #expect(badSeq.name == "tx_bad_seq" && !badSeq.succeeded && badSeq.feeCharged == 100)
        // tx_failed: a payment that succeeded, then one underfunded.
        w = XDRWriter()
        w.writeInt64(200); w.writeInt32(-1); w.writeUInt32(2)
        w.writeInt32(0); w.writeInt32(1); w.writeInt32(0)
        w.writeInt32(0); w.writeInt32(1); w.writeInt32(-2)
        w.writeInt32(0)
        let failed = try TransactionResultSummary(base64: StellarBase64.encode(w.bytes))
        #expect(failed.name == "tx_failed")
        #expect(failed.operations == ["op_success", "op_underfunded"])
        #expect(failed.operationsComplete)
        #expect(throws: StellarError.self) {
            try TransactionResultSummary(base64: StellarBase64.encode(Array(w.bytes.prefix(10))))
        }
        // A claimable balance created (its id in the result), then a payment underfunded: both named.
        w = XDRWriter()
        w.writeInt64(200); w.writeInt32(-1); w.writeUInt32(2)
        w.writeInt32(0); w.writeInt32(14); w.writeInt32(0); w.writeInt32(0);
        try w.writeFixedOpaque([UInt8](repeating: 7, count: 32), length: 32)
        w.writeInt32(0); w.writeInt32(1); w.writeInt32(-2)
        w.writeInt32(0)
        let claimable = try TransactionResultSummary(base64: StellarBase64.encode(w.bytes))
        #expect(claimable.operations == ["op_success", "op_underfunded"] && claimable.operationsComplete)
        // An offer's success body is not read: the list says it stops there.
        w = XDRWriter()
        w.writeInt64(200); w.writeInt32(-1); w.writeUInt32(2)
        w.writeInt32(0); w.writeInt32(3); w.writeInt32(0); w.writeUInt32(0); w.writeInt32(2)
        w.writeInt32(0); w.writeInt32(1); w.writeInt32(-2)
        w.writeInt32(0)
        let offer = try TransactionResultSummary(base64: StellarBase64.encode(w.bytes))
        #expect(!offer.operationsComplete)
        let rejected = "{\"extras\":{\"result_xdr\":\"\(StellarBase64.encode(w.bytes))\"}}"
        let horizon = try StellarHorizon(
            url: "http://h.test", transport: TableHorizon(replies: ["POST http://h.test/transactions": (400, rejected)])
        )
        #expect(
            throws: OnlineError.unexpected(
                url: "http://h.test/transactions", reason: "the transaction was rejected: tx_failed (op_success, …)")
        ) {
            try StellarActions.submit(Self.multisigTransaction(), horizon: horizon)
        }
    }

    @Test func submitReportsAcceptanceAndNamesRejections() throws {
        var w = XDRWriter()
        w.writeInt64(100); w.writeInt32(-5); w.writeInt32(0)
        let rejected =
            "{\"title\":\"Transaction Failed\",\"extras\":{\"result_codes\":{\"transaction\":\"tx_bad_seq\"},\"result_xdr\":\"\(StellarBase64.encode(w.bytes))\"}}"
        let tx = try Self.multisigTransaction()
        let horizon = try StellarHorizon(
            url: "http://h.test", transport: TableHorizon(replies: ["POST http://h.test/transactions": (400, rejected)])
        )
        #expect(
            throws: OnlineError.unexpected(
                url: "http://h.test/transactions", reason: "the transaction was rejected: tx_bad_seq")
        ) {
            try StellarActions.submit(tx, horizon: horizon)
        }
        let accepted = try StellarHorizon(
            url: "http://h.test",
            transport: TableHorizon(replies: [
                "POST http://h.test/transactions": (200, "{\"hash\":\"ab\",\"ledger\":42,\"successful\":true}")
            ]))
        let report = try StellarActions.submit(tx, horizon: accepted)
        #expect(report.submission.hash == "ab" && report.submission.ledger == 42 && report.resultText == "accepted")
        // A result_xdr that does not read is a reply that does not read (exit 9), not refused input.
        let garbled = try StellarHorizon(
            url: "http://h.test",
            transport: TableHorizon(replies: [
                "POST http://h.test/transactions": (
                    400, "{\"extras\":{\"result_codes\":{\"transaction\":\"tx_bad_seq\"},\"result_xdr\":\"AAAA\"}}"
                )
            ]))
        #expect(
            throws: OnlineError.badReply(
                url: "http://h.test/transactions",
                reason:
                    "result_xdr does not read (Stellar transaction XDR: \(EncodingError.truncated(codec: "XDR", offset: 3)))"
            )
        ) {
            try StellarActions.submit(tx, horizon: garbled)
        }
    }

    // MARK: the binary

    @Test func cliRefusesBadInputAndWritesNothing() throws {
        let dir = ScratchDirectory()
        let environment = ["AIRSIGN_WATCH_HOME": dir.path + "/watch"]
        let descriptorFile = dir.path + "/account.json"
        try Data(Self.descriptor.utf8).write(to: URL(fileURLWithPath: descriptorFile))
        #expect(
            try ProgramHome.run("airsign-watch", ["account", "import", descriptorFile], environment: environment).status
                == 0)
        let out = dir.path + "/request.json"
        let base = ["stellar", "payment", "--from", Self.account0, "--seq", "5", "--out", out]
        let cases: [([String], Int32, String)] = [
            (["--network", "mainet", "--to", Self.account1, "--amount", "1"], 3, "mainet"),
            (["--network", "testnet", "--to", String(Self.account1.dropLast()) + "A", "--amount", "1"], 3, "invalid"),
            (["--network", "testnet", "--to", Self.account1, "--amount=-1"], 3, "negative"),
            (["--network", "testnet", "--to", Self.account1, "--amount", "0.12345678"], 3, "7 decimal places"),
            // Refused as the command line is read, naming the option; still refused input (3), not usage (2).
            (
                ["--network", "testnet", "--to", Self.account1, "--amount", "1", "--asset", "USD"], 3,
                "'--asset <ASSET>': asset \"USD\" is not native"
            ),
            (["--network", "testnet", "--to", Self.account1, "--amount", "0"], 3, "amount must be positive"),
            (
                [
                    "--network", "testnet", "--to", Self.account1, "--amount", "1", "--memo-text",
                    String(repeating: "x", count: 29),
                ], 3, "memo text is 29 bytes"
            ),
            (
                ["--network", "testnet", "--to", Self.account1, "--amount", "1", "--op", "swap x=1"], 3,
                "unknown operation"
            ),
        ]
        for (arguments, status, message) in cases {
            let result = try ProgramHome.run("airsign-watch", base + arguments, environment: environment)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        #expect(try WatchRequestStore(home: dir.path + "/watch").all().isEmpty)
        let good = try ProgramHome.run(
            "airsign-watch", base + ["--network", "testnet", "--to", Self.account1, "--amount", "1"],
            environment: environment)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
        // The SEP-7 URI as one QR code that a wallet reads as the URI itself.
        let uriFile = dir.path + "/uri.txt", uriPNG = dir.path + "/uri.png"
        let sep7 = try ProgramHome.run(
            "airsign-watch",
            base + [
                "--network", "testnet", "--to", Self.account1, "--amount", "1",
                "--sep7", uriFile, "--sep7-qr", uriPNG,
            ], environment: environment)
        #expect(sep7.status == 0, "\(sep7.stderr)")
        let scanned = try ProgramHome.run(
            "airsign-watch", ["qr", "decode", "--scan", uriPNG], environment: environment)
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let uri = try String(contentsOfFile: uriFile, encoding: .utf8)
        #expect(uri.hasPrefix("web+stellar:tx?xdr="))
        #expect(scanned.stdout + "\n" == uri)
        // A URI too long for one code is refused before the request is stored or anything written.
        let stored = try WatchRequestStore(home: dir.path + "/watch").all().count
        let manyOps = dir.path + "/ops.json"
        let payment = "{\"type\":\"payment\",\"to\":\"\(Self.account1)\",\"amount\":\"1\"}"
        try Data(("[" + Array(repeating: payment, count: 99).joined(separator: ",") + "]").utf8).write(
            to: URL(fileURLWithPath: manyOps))
        let tooLong = try ProgramHome.run(
            "airsign-watch",
            [
                "stellar", "build", "--from", Self.account0, "--seq", "5", "--network", "testnet",
                "--ops", manyOps, "--out", dir.path + "/big.json", "--sep7-qr", dir.path + "/big.png",
            ],
            environment: environment)
        #expect(tooLong.status == 3, "\(tooLong.stderr)")
        #expect(tooLong.stderr.contains("does not fit one QR code"), "\(tooLong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/big.json"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/big.png"))
        #expect(try WatchRequestStore(home: dir.path + "/watch").all().count == stored)
        let truncated = dir.path + "/truncated.b64"
        try Data(StellarBase64.encode(Array(try Self.multisigTransaction().xdr().dropLast(4))).utf8).write(
            to: URL(fileURLWithPath: truncated))
        let submit = try ProgramHome.run(
            "airsign-watch", ["stellar", "submit", truncated, "--horizon", "http://127.0.0.1:9"],
            environment: environment)
        #expect(submit.status == 3, "\(submit.stderr)")
    }
}
