import AirsignEncoding
import AirsignMessages
import AirsignOnline
import AirsignStellar
import AirsignStellarOnline
import AirsignTestChain
import AirsignTestSupport
import AirsignWatch
import Foundation
import Testing

/// A Stellar RPC server that answers each JSON-RPC method from a queue of `result` objects (the
/// last one repeats), and records the calls. Unit tests of the client and builder; the interop
/// suite (Tests/interop/stellar/test_rpc_e2e.py) runs a real HTTP fixture with stellar-sdk.
private final class ScriptedRPC: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [String: [String]]
    private(set) var calls: [(method: String, params: JSONValue)] = []

    init(_ replies: [String: [String]]) { self.replies = replies }

    func send(_ request: HTTPRequest) throws(OnlineError) -> HTTPResponse {
        lock.lock()
        defer { lock.unlock() }
        guard let body = try? JSONParser().parse(request.body), case let .string(method)? = body["method"],
            let queue = replies[method],
            let first = queue.first
        else {
            return HTTPResponse(
                status: 200,
                body: Array(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"method not found"}}"#.utf8))
        }
        calls.append((method, body["params"] ?? .null))
        if queue.count > 1 { replies[method] = Array(queue.dropFirst()) }
        return HTTPResponse(status: 200, body: Array((#"{"jsonrpc":"2.0","id":1,"result":"# + first + "}").utf8))
    }
}

/// `airsign-watch stellar` for Soroban and pools: contract-call arguments, the builder with a
/// simulating RPC server, pool operations, and `submit --rpc` polling to a final status.
@Suite struct StellarSorobanWatchTests {
    static let account0 = StellarWatchTests.account0
    static let account1 = StellarWatchTests.account1

    // MARK: arguments

    @Test func scalarArgumentsOfEveryType() throws {
        let cases: [(String, SCVal)] = [
            ("bool:true", .bool(true)), ("void:", .void), ("u32:4294967295", .u32(.max)), ("i32:-5", .i32(-5)),
            ("u64:18446744073709551615", .u64(.max)), ("i64:-9223372036854775808", .i64(.min)),
            ("timepoint:1700000000", .timepoint(1_700_000_000)),
            ("duration:60", .duration(60)), ("u128:18446744073709551616", .u128(UInt128Parts(hi: 1, lo: 0))),
            ("i128:-1", .i128(Int128Parts(hi: -1, lo: .max))),
            ("i128:170141183460469231731687303715884105727", .i128(Int128Parts(hi: .max, lo: .max))),
            ("u256:1", .u256(UInt256Parts(hiHi: 0, hiLo: 0, loHi: 0, loLo: 1))),
            ("i256:-2", .i256(Int256Parts(hiHi: -1, hiLo: .max, loHi: .max, loLo: .max - 1))),
            ("bytes:00ff", .bytes([0, 255])), ("string:héllo", .string(Array("héllo".utf8))),
            ("symbol:transfer", try SCVal.symbol("transfer")),
            ("address:\(Self.account0)", .address(try SCAddress(Self.account0))),
        ]
        for (text, expected) in cases { #expect(try SorobanArgument.parse(text) == expected, "\(text)") }
        for bad in [
            "i128:170141183460469231731687303715884105728", "u128:-1", "u32:4294967296", "bool:yes", "symbol:has space",
            "bytes:0g",
            "address:GABC", "float:1.5", "i128",
        ] {
            #expect(throws: StellarError.self, "\(bad)") { try SorobanArgument.parse(bad) }
        }
    }

    @Test func jsonArgumentsInStellarXDRShapes() throws {
        let json =
            #"[{"address":"\#(Self.account0)"},{"i128":"-100"},"void",{"vec":[{"u32":1},{"symbol":"a"}]},"#
            + #"{"map":[{"key":{"symbol":"b"},"val":{"bool":false}},{"key":{"symbol":"a"},"val":{"u64":7}}]}]"#
        let values = try SorobanArgument.list(json: Array(json.utf8))
        #expect(values.count == 5)
        #expect(values[1] == .i128(Int128Parts(hi: -1, lo: UInt64.max - 99)))
        // The map is put in the network's key order, so it encodes (and the signer accepts it).
        guard case let .map(entries) = values[4] else { Issue.record("not a map"); return }
        #expect(entries.map(\.key) == [try SCVal.symbol("a"), try SCVal.symbol("b")])
        #expect(try SCVal(xdr: try values[4].xdr()) == values[4])
        // A repeated key, a value nested past the limit, an unknown shape: each refused by place.
        let duplicate = #"[{"map":[{"key":{"u32":1},"val":"void"},{"key":{"u32":1},"val":"void"}]}]"#
        #expect(throws: StellarError.self) { try SorobanArgument.list(json: Array(duplicate.utf8)) }
        // Nesting is bounded (the JSON reader's own limit comes first for --args); 30 levels read.
        func nested(_ levels: Int) -> [UInt8] {
            Array(
                ("[" + String(repeating: #"{"vec":["#, count: levels) + String(repeating: "]}", count: levels) + "]")
                    .utf8)
        }
        #expect(throws: StellarError.self) { try SorobanArgument.list(json: nested(40)) }
        #expect(try SorobanArgument.list(json: nested(30)).count == 1)
        #expect(throws: StellarError.self) { try SorobanArgument.list(json: Array(#"[{"float":"1"}]"#.utf8)) }
        #expect(throws: StellarError.self) { try SorobanArgument.list(json: Array(#"{"i128":"1"}"#.utf8)) }
    }

    // MARK: the builder with a simulating RPC server

    /// What the simulation returns: the data, a source-account authorization of the call, the
    /// return value void. Shapes from the Stellar RPC documentation's simulateTransaction and
    /// getLedgerEntries examples (developers.stellar.org/docs/data/apis/rpc/api-reference/methods).
    fileprivate static func simulatingServer(call: InvokeContractArgs, resourceFee: Int64, sequence: Int64) throws -> (
        ScriptedRPC, SorobanTransactionData
    ) {
        let footprint = LedgerFootprint(
            readOnly: [
                .contractData(contract: call.contract, key: .ledgerKeyContractInstance, durability: .persistent)
            ],
            readWrite: [.account(try AccountID(account0))])
        let data = SorobanTransactionData(
            resources: SorobanResources(
                footprint: footprint, instructions: 1_000_000, diskReadBytes: 0, writeBytes: 300),
            resourceFee: resourceFee)
        let entry = SorobanAuthorizationEntry(
            credentials: .sourceAccount, rootInvocation: SorobanAuthorizedInvocation(function: .contract(call)))
        var account = XDRWriter()
        account.writeInt32(0)  // LedgerEntryType ACCOUNT
        account.writeInt32(0)  // PublicKeyType ED25519
        try account.writeFixedOpaque(try AccountID(account0).publicKey, length: 32)
        account.writeInt64(100_000_000)
        account.writeInt64(sequence)
        let key = StellarBase64.encode(try LedgerKey.account(try AccountID(account0)).xdr())
        let server = ScriptedRPC([
            "getLedgerEntries": [
                #"{"entries":[{"key":"\#(key)","xdr":"\#(StellarBase64.encode(account.bytes))","lastModifiedLedgerSeq":2552504}],"latestLedger":2552990}"#
            ],
            "simulateTransaction": [
                #"{"transactionData":"\#(StellarBase64.encode(try data.xdr()))","minResourceFee":"\#(resourceFee)","#
                    + #""events":[],"results":[{"auth":["\#(try entry.base64())"],"xdr":"AAAAAQ=="}],"cost":{"cpuInsns":"1000000","memBytes":"100"},"latestLedger":2552990}"#
            ],
        ])
        return (server, data)
    }

    @Test func tokenTransferSimulatedThroughRPC() throws {
        let (dir, store) = try StellarWatchTests.store()
        _ = dir
        let xlm = try HashIDPreimage.assetContractID(.native, network: .testnet)
        let call = InvokeContractArgs(
            contract: .contract(xlm), function: Array("transfer".utf8),
            args: [
                .address(try SCAddress(Self.account0)), .address(try SCAddress(Self.account1)),
                .i128(Int128Parts(hi: 0, lo: 25_000_000)),
            ])
        let (server, data) = try Self.simulatingServer(call: call, resourceFee: 61_000, sequence: 4_294_967_296)
        var builder = StellarTransactionBuilder(
            from: try AccountID(Self.account0), network: .testnet,
            operations: [Operation(body: .invokeHostFunction(.invokeContract(call), auth: []))])
        builder.rpc = try StellarRPC(url: "http://rpc.test", transport: server)
        builder.assets = [.native]
        let (requests, envelope, simulation) = try builder.build(accounts: store)
        #expect(server.calls.map(\.method) == ["getLedgerEntries", "simulateTransaction"])
        // The simulation saw the unsigned transaction (named parameter `transaction`), before its data.
        guard case let .string(simulated)? = server.calls[1].params["transaction"] else {
            Issue.record("no transaction param"); return
        }
        #expect(try TransactionEnvelope(base64: simulated).transaction.sorobanData == nil)
        let tx = envelope.transaction
        #expect(tx.sequence == 4_294_967_297)
        #expect(tx.fee == 100 + 61_000)
        #expect(tx.sorobanData == data)
        #expect(simulation?.returnValue == .void)
        guard case let .invokeHostFunction(_, auth) = tx.operations[0].body else { Issue.record("not a call"); return }
        #expect(auth.count == 1 && auth[0].credentials == .sourceAccount)
        // The request names the asset so the signer can name the contract; the review does.
        guard let request = requests.first, case let .array(payloadAssets)? = request.payload["assets"] else {
            Issue.record("no asset hint"); return
        }
        #expect(payloadAssets == [.string("native")])
        let review = try StellarChain().review(request, context: ReviewContext(now: 0))
        #expect(
            review.lines.contains {
                $0.value.contains("Stellar Asset Contract of XLM")
                    || $0.value.contains("Stellar Asset Contract of native")
            })
    }

    @Test func sorobanTransactionsNeedDataAndStandAlone() throws {
        let (dir, store) = try StellarWatchTests.store()
        _ = dir
        let call = Operation(
            body: .invokeHostFunction(
                .invokeContract(
                    InvokeContractArgs(
                        contract: .contract([UInt8](repeating: 7, count: 32)), function: Array("f".utf8), args: [])),
                auth: []))
        var builder = StellarTransactionBuilder(
            from: try AccountID(Self.account0), network: .testnet, sequence: 5, operations: [call])
        #expect(throws: StellarError.build(.sorobanNeedsData)) {
            try builder.build(accounts: store)
        }
        builder.sorobanData = SorobanTransactionData(
            resources: SorobanResources(footprint: LedgerFootprint(), instructions: 1, diskReadBytes: 0, writeBytes: 0),
            resourceFee: 900)
        #expect(try builder.build(accounts: store).envelope.transaction.fee == 1000)
        builder.operations.append(try StellarOperationSpec(text: "bump-sequence to=1").operation())
        #expect(throws: StellarError.self) { try builder.build(accounts: store) }
    }

    // MARK: pools

    @Test func poolOperationsNameTheirPoolForTheSigner() throws {
        let (dir, store) = try StellarWatchTests.store()
        _ = dir
        let usd = "USD:\(Self.account1)"
        let deposit = try StellarOperationSpec(
            text: "liquidity-pool-deposit asset-a=native asset-b=\(usd) max-a=10 max-b=20 min-price=1/3 max-price=0.5")
        let params = LiquidityPoolParameters(assetA: .native, assetB: try Asset(usd), fee: 30)
        #expect(
            try deposit.operation().body
                == .liquidityPoolDeposit(
                    LiquidityPoolDeposit(
                        poolID: try params.poolID, maxAmountA: 100_000_000, maxAmountB: 200_000_000,
                        minPrice: Price(n: 1, d: 3), maxPrice: Price(n: 1, d: 2))))
        let trust = try StellarOperationSpec(text: "change-trust asset-a=native asset-b=\(usd)")
        #expect(try trust.operation().body == .changeTrust(line: .poolShare(params), limit: .max))
        let withdraw = try StellarOperationSpec(
            text: "liquidity-pool-withdraw asset-a=native asset-b=\(usd) amount=1 min-a=0 min-b=0.5")
        var builder = StellarTransactionBuilder(from: try AccountID(Self.account0), network: .testnet, sequence: 9)
        for spec in [trust, deposit, withdraw] { builder.append(try spec.operation(), naming: try spec.pool) }
        let request = try #require(try builder.build(accounts: store).requests.first)
        guard case let .array(pools)? = request.payload["liquidityPools"] else { Issue.record("no pool hint"); return }
        #expect(pools == [.string(StellarBase64.encode(try params.xdr()))])
        let review = try StellarChain().review(request, context: ReviewContext(now: 0))
        #expect(review.lines.contains { $0.value.contains("USD") && $0.value.contains("XLM") })
        // The assets out of the network's order, another fee, a negative minimum: refused.
        for bad in [
            "liquidity-pool-deposit asset-a=\(usd) asset-b=native max-a=1 max-b=1 min-price=1 max-price=1",
            "liquidity-pool-withdraw asset-a=native asset-b=\(usd) amount=1 min-a=0 min-b=0 fee=31",
            "liquidity-pool-withdraw asset-a=native asset-b=\(usd) amount=1 min-a=-1 min-b=0",
            "change-trust asset=\(usd) asset-a=native asset-b=\(usd)",
        ] {
            #expect(throws: StellarError.self, "\(bad)") { try StellarOperationSpec(text: bad).operation() }
        }
    }

    // MARK: submit through RPC

    static func result(code: Int32) -> String {
        var w = XDRWriter()
        w.writeInt64(100)  // fee charged
        w.writeInt32(code)
        if code == 0 || code == -1 {
            w.writeUInt32(1)  // one operation result
            w.writeInt32(0)  // opINNER
            w.writeInt32(24)  // INVOKE_HOST_FUNCTION
            w.writeInt32(code == 0 ? 0 : -1)  // SUCCESS (with the result hash) or MALFORMED
            if code == 0 { try? w.writeFixedOpaque([UInt8](repeating: 9, count: 32), length: 32) }
        }
        w.writeInt32(0)  // ext
        return StellarBase64.encode(w.bytes)
    }

    @Test func submitPollsToAFinalStatus() throws {
        let envelope = TransactionEnvelope.v1(
            Transaction(
                source: try MuxedAccount(Self.account0), fee: 100, sequence: 1,
                operations: [Operation(body: .bumpSequence(bumpTo: 2))]), signatures: [])
        let hash = "c4a1e5a4d6e2"
        let server = ScriptedRPC([
            "sendTransaction": [
                #"{"status":"PENDING","hash":"\#(hash)","latestLedger":2553978,"latestLedgerCloseTime":"1700159337"}"#
            ],
            "getTransaction": [
                #"{"status":"NOT_FOUND","latestLedger":2553978}"#,
                #"{"status":"SUCCESS","latestLedger":2553980,"ledger":2553979,"resultXdr":"\#(Self.result(code: 0))"}"#,
            ],
        ])
        var submission = StellarRPCSubmission(rpc: try StellarRPC(url: "http://rpc.test", transport: server))
        submission.interval = 0
        let outcome = try submission.submit(envelope)
        #expect(outcome.ledger == 2_553_979 && outcome.resultText == "tx_success")
        #expect(server.calls.map(\.method) == ["sendTransaction", "getTransaction", "getTransaction"])
        #expect(server.calls[1].params["hash"] == .string(hash))

        let failed = ScriptedRPC([
            "sendTransaction": [#"{"status":"PENDING","hash":"\#(hash)","latestLedger":1}"#],
            "getTransaction": [
                #"{"status":"FAILED","latestLedger":2,"ledger":2,"resultXdr":"\#(Self.result(code: -1))"}"#
            ],
        ])
        submission = StellarRPCSubmission(rpc: try StellarRPC(url: "http://rpc.test", transport: failed))
        do {
            _ = try submission.submit(envelope)
            Issue.record("a failed transaction was reported as done")
        } catch let error as OnlineError {
            #expect(
                "\(error)".contains("the transaction failed: tx_failed (") && "\(error)".contains("(hash \(hash))"),
                "\(error)")
        }
        let rejected = ScriptedRPC([
            "sendTransaction": [
                #"{"status":"ERROR","hash":"\#(hash)","latestLedger":1,"errorResultXdr":"\#(Self.result(code: -5))"}"#
            ]
        ])
        submission = StellarRPCSubmission(rpc: try StellarRPC(url: "http://rpc.test", transport: rejected))
        #expect(
            throws: OnlineError.unexpected(
                url: "http://rpc.test", reason: "the transaction was rejected: tx_bad_seq (hash \(hash))")
        ) {
            try submission.submit(envelope)
        }
        let never = ScriptedRPC([
            "sendTransaction": [#"{"status":"PENDING","hash":"\#(hash)","latestLedger":1}"#],
            "getTransaction": [#"{"status":"NOT_FOUND","latestLedger":2}"#],
        ])
        submission = StellarRPCSubmission(rpc: try StellarRPC(url: "http://rpc.test", transport: never))
        (submission.polls, submission.interval) = (3, 0)
        #expect(throws: OnlineError.self) { try submission.submit(envelope) }
        #expect(never.calls.count == 4)
    }

    /// The call's outcome from getTransaction: the meta's return value (written as the review
    /// writes values) and resource fee split, the result's fee charged; a meta that does not
    /// decode is a bad reply naming the field, like any other garbled reply.
    @Test func submitReadsTheCallsResult() throws {
        struct Metas: Decodable { struct Meta: Decodable { let name: String; let meta: String }; let metas: [Meta] }
        let metas = try Vectors.load("stellar_meta", as: Metas.self).metas
        let envelope = TransactionEnvelope.v1(
            Transaction(
                source: try MuxedAccount(Self.account0), fee: 100, sequence: 1,
                operations: [Operation(body: .bumpSequence(bumpTo: 2))]), signatures: [])
        func submit(_ meta: String, status: String = "SUCCESS") throws -> StellarRPCSubmission.Outcome {
            let server = ScriptedRPC([
                "sendTransaction": [#"{"status":"PENDING","hash":"ab","latestLedger":1}"#],
                "getTransaction": [
                    #"{"status":"\#(status)","latestLedger":3,"ledger":2,"resultXdr":"\#(Self.result(code: status == "SUCCESS" ? 0 : -1))","resultMetaXdr":"\#(meta)"}"#
                ],
            ])
            var submission = StellarRPCSubmission(rpc: try StellarRPC(url: "http://rpc.test", transport: server))
            submission.interval = 0
            return try submission.submit(envelope)
        }
        let i128 = try submit(metas[0].meta)
        #expect(i128.status == "SUCCESS" && i128.meta?.version == 3)
        #expect(i128.returnValueText == "i128 -170141183460469231731687303715884105728")
        #expect(i128.feeText == "fee charged 0.00001 XLM (resource fee 0.0066234 XLM, rent 0.00012 XLM)")
        let map = try submit(metas[1].meta)
        #expect(map.returnValueText == #"map {symbol "amount": i128 25000000, symbol "to": address \#(Self.account0)}"#)
        #expect(try submit(metas[2].meta).returnValueText == nil)
        #expect(try submit(metas[3].meta).returnValueText == "void")
        #expect(try submit(metas[4].meta).meta?.returnValue == nil)

        let truncated = StellarBase64.encode(Array(try StellarBase64.decode(metas[1].meta).dropLast(4)))
        do {
            _ = try submit(truncated)
            Issue.record("a truncated meta was accepted")
        } catch let error as OnlineError {
            guard case .badReply(_, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.hasPrefix("getTransaction resultMetaXdr: "), "\(reason)")
        }
        // A failed call: the failure names the result and the fee it still cost.
        do {
            _ = try submit(metas[2].meta, status: "FAILED")
            Issue.record("a failed transaction was reported as done")
        } catch {
            #expect("\(error)".contains("tx_failed (op_malformed), fee charged 0.00001 XLM"), "\(error)")
        }
    }

    @Test func garbledRepliesAreNamed() throws {
        let envelope = TransactionEnvelope.v1(
            Transaction(
                source: try MuxedAccount(Self.account0), fee: 100, sequence: 1,
                operations: [Operation(body: .bumpSequence(bumpTo: 2))]), signatures: [])
        let cases: [(String, String)] = [
            (
                #"{"error":"HostError: Error(Contract, #10)","latestLedger":5}"#,
                "simulateTransaction failed: HostError: Error(Contract, #10)"
            ),
            (
                #"{"transactionData":"AAAA","minResourceFee":"1","latestLedger":5}"#,
                "simulateTransaction transactionData"
            ),
            (#"{"transactionData":"!!","minResourceFee":"1","latestLedger":5}"#, "simulateTransaction transactionData"),
        ]
        for (reply, expected) in cases {
            let rpc = try StellarRPC(url: "http://rpc.test", transport: ScriptedRPC(["simulateTransaction": [reply]]))
            do {
                _ = try rpc.simulate(envelope)
                Issue.record("accepted \(reply)")
            } catch {
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
        let missing = try StellarRPC(
            url: "http://rpc.test", transport: ScriptedRPC(["getLedgerEntries": [#"{"entries":[],"latestLedger":5}"#]]))
        #expect(throws: OnlineError.self) { try missing.sequence(of: try AccountID(Self.account0)) }
    }
}
