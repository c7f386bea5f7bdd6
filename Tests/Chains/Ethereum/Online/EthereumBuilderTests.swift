import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignMessages
import AirsignOnline
import AirsignTestChain
import BigInt
import Foundation
import Testing

@testable import AirsignEthereumOnline
@testable import AirsignWatch

/// The watch's Ethereum transaction builder: the fee options choose the type, explicit options
/// win over the node, the node's chain id must agree, what cannot be filled is refused. The
/// node here is a stand-in transport answering JSON-RPC by method, to pin each rule down; the
/// real EVM runs in Tests/interop/ethereum/test_evm.py.
@Suite struct EthereumBuilderTests {
    static let from = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    static let to = try! EthereumAddress("0x4242424242424242424242424242424242424242")
    static let gwei = BigUInt(1_000_000_000)

    /// A JSON-RPC node answering `answer(method, params)`; a nil answer is "method not found".
    final class Node: HTTPTransport, @unchecked Sendable {
        let answer: @Sendable (String, [JSONValue]) -> JSONValue?
        private let lock = NSLock()
        private var _methods: [String] = []
        var methods: [String] { lock.withLock { _methods } }

        init(_ answer: @escaping @Sendable (String, [JSONValue]) -> JSONValue?) { self.answer = answer }

        func send(_ request: HTTPRequest) throws(OnlineError) -> HTTPResponse {
            guard let body = try? JSONParser().parse(request.body), case let .string(method)? = body["method"],
                case let .array(params)? = body["params"]
            else { return HTTPResponse(status: 400, body: []) }
            lock.withLock { _methods.append(method) }
            let reply: JSONValue
            if let result = answer(method, params) {
                reply = .object([
                    (key: "jsonrpc", value: .string("2.0")), (key: "id", value: .number("1")),
                    (key: "result", value: result),
                ])
            } else {
                reply = .object([
                    (key: "jsonrpc", value: .string("2.0")), (key: "id", value: .number("1")),
                    (
                        key: "error",
                        value: .object([
                            (key: "code", value: .number("-32601")),
                            (key: "message", value: .string("method not found")),
                        ])
                    ),
                ])
            }
            return HTTPResponse(status: 200, body: Array(JSONSerializer().serialize(reply).utf8))
        }
    }

    static func hex(_ value: BigUInt) -> JSONValue { .string("0x" + String(value, radix: 16)) }

    /// A mainnet-like node: chain 1, nonce 7, base fee 1 gwei, tip 2 gwei, 21000 gas.
    static func standardAnswers(_ method: String, _ params: [JSONValue]) -> JSONValue? {
        switch method {
        case "eth_chainId": return hex(1)
        case "eth_getTransactionCount": return params.last == .string("pending") ? hex(7) : hex(0)
        case "eth_getBlockByNumber":
            return .object([(key: "number", value: hex(100)), (key: "baseFeePerGas", value: hex(gwei))])
        case "eth_maxPriorityFeePerGas": return hex(2 * gwei)
        case "eth_gasPrice": return hex(3 * gwei)
        case "eth_estimateGas": return hex(21_000)
        default: return nil
        }
    }

    struct Fixture {
        let scratch = WatchFixtures.Scratch()
        let store: WatchStore

        init(networks: [String] = ["eip155:1"]) throws {
            store = WatchStore(directory: scratch.home)
            for network in networks {
                _ = try store.add(try WatchFixtures.descriptor(.ethereum(index: 0), network: network))
            }
        }

        func build(_ spec: EthereumTransactionSpec, node: Node? = nil) throws -> EthereumTransactionBuilder.Built {
            try EthereumTransactionBuilder(
                store: store, rpc: node.map { EthereumRPC(url: "http://node.test/", transport: $0) }
            ).build(spec)
        }
    }

    func spec(_ action: EthereumTransactionSpec.Action = .transfer(to: to, value: 15 * BigUInt(10).power(17)))
        -> EthereumTransactionSpec
    {
        EthereumTransactionSpec(action: action, from: Self.from)
    }

    @Test func explicitOptionsWithoutANode() throws {
        let fixture = try Fixture()
        var s = spec()
        s.nonce = 4
        s.maxFee = 30 * Self.gwei
        s.priorityFee = 2 * Self.gwei
        let built = try fixture.build(s)
        let tx = try EthereumTransaction.decodeUnsigned(
            try Hex.decode(try built.request.payload["transaction"]?.asString() ?? ""))
        #expect(tx == built.transaction)
        #expect(tx.type == .feeMarket && tx.chainId == 1 && tx.nonce == 4 && tx.gasLimit == 21_000 && tx.to == Self.to)
        #expect(tx.value == 15 * BigUInt(10).power(17) && tx.data.isEmpty)
        #expect(tx.fees == .feeMarket(maxPriorityFeePerGas: 2 * Self.gwei, maxFeePerGas: 30 * Self.gwei))
        #expect(
            built.request.network == "eip155:1" && built.request.account.address == Self.from
                && built.request.note == nil)
    }

    @Test func feeOptionsChooseTheType() throws {
        let fixture = try Fixture()
        var legacy = spec()
        legacy.nonce = 0
        legacy.gasPrice = Self.gwei
        legacy.legacy = true
        #expect(try fixture.build(legacy).transaction.type == .legacy)
        var type1 = legacy
        type1.legacy = false
        type1.accessList = [try AccessListEntry(address: Self.to, storageKeys: [[UInt8](repeating: 1, count: 32)])]
        let built = try fixture.build(type1).transaction
        #expect(built.type == .accessList && built.accessList.count == 1 && built.fees == .gasPrice(Self.gwei))
        var bad = legacy
        bad.accessList = []
        #expect(throws: EthereumWatchError.self) { try fixture.build(bad) }
        bad = type1
        bad.maxFee = Self.gwei
        #expect(throws: EthereumWatchError.self) { try fixture.build(bad) }
    }

    @Test func withoutANodeWhatIsMissingIsRefused() throws {
        let fixture = try Fixture()
        #expect(throws: EthereumWatchError.missing("give --nonce, or --rpc URL to ask the node")) {
            try fixture.build(spec())
        }
        var s = spec(.call(to: Self.to, data: [1, 2, 3, 4], value: 0))
        s.nonce = 1
        s.maxFee = 1
        s.priorityFee = 1
        #expect(throws: EthereumWatchError.missing("give --gas, or --rpc URL to estimate it")) { try fixture.build(s) }
        var deploy = spec(.deploy(data: [], value: 0))
        deploy.nonce = 1
        #expect(throws: EthereumWatchError.self) { try fixture.build(deploy) }
    }

    @Test func theNodeFillsTheRestAndExplicitOptionsWin() throws {
        let fixture = try Fixture()
        let node = Node(Self.standardAnswers)
        let tx = try fixture.build(spec(), node: node).transaction
        #expect(tx.nonce == 7 && tx.gasLimit == 21_000 && tx.chainId == 1)
        // 2 × base fee + tip.
        #expect(tx.fees == .feeMarket(maxPriorityFeePerGas: 2 * Self.gwei, maxFeePerGas: 4 * Self.gwei))
        #expect(node.methods.contains("eth_estimateGas") && node.methods.contains("eth_maxPriorityFeePerGas"))

        let quiet = Node(Self.standardAnswers)
        var s = spec()
        s.nonce = 9
        s.gas = 50_000
        s.maxFee = 10 * Self.gwei
        s.priorityFee = 3 * Self.gwei
        let explicit = try fixture.build(s, node: quiet).transaction
        #expect(explicit.nonce == 9 && explicit.gasLimit == 50_000)
        #expect(explicit.fees == .feeMarket(maxPriorityFeePerGas: 3 * Self.gwei, maxFeePerGas: 10 * Self.gwei))
        #expect(quiet.methods == ["eth_chainId"])
        // A cap below the node's tip: the tip is lowered to the cap the person chose.
        var capped = spec()
        capped.maxFee = Self.gwei
        #expect(
            try fixture.build(capped, node: Node(Self.standardAnswers)).transaction.fees
                == .feeMarket(maxPriorityFeePerGas: Self.gwei, maxFeePerGas: Self.gwei))
    }

    @Test func theNodesChainIdMustAgree() throws {
        let fixture = try Fixture(networks: ["eip155:1", "eip155:5"])
        var s = spec()
        s.chainId = 5
        #expect(throws: EthereumWatchError.self) { try fixture.build(s, node: Node(Self.standardAnswers)) }
        // Without --chain-id the node's chain id picks the account's network.
        #expect(try fixture.build(spec(), node: Node(Self.standardAnswers)).request.network == "eip155:1")
        // A node on a chain the account was not imported for.
        let other = Node { method, params in
            method == "eth_chainId" ? Self.hex(10) : Self.standardAnswers(method, params)
        }
        #expect(throws: EthereumWatchError.self) { try fixture.build(spec(), node: other) }
        // Several networks and no node: the person must choose.
        var offline = spec()
        offline.nonce = 0
        offline.gasPrice = 1
        #expect(throws: EthereumWatchError.self) { try fixture.build(offline) }
    }

    @Test func priorityFeeFallsBackToFeeHistory() throws {
        let fixture = try Fixture()
        let node = Node { method, params in
            switch method {
            case "eth_maxPriorityFeePerGas": return nil
            case "eth_feeHistory":
                return .object([
                    (
                        key: "reward",
                        value: .array([.array([Self.hex(5)]), .array([Self.hex(1)]), .array([Self.hex(3)])])
                    )
                ])
            default: return Self.standardAnswers(method, params)
            }
        }
        let tx = try fixture.build(spec(), node: node).transaction
        #expect(tx.fees == .feeMarket(maxPriorityFeePerGas: 3, maxFeePerGas: 2 * Self.gwei + 3))
        #expect(node.methods.contains("eth_feeHistory"))
    }

    static func tokenAnswers(decimals: UInt8) -> @Sendable (String, [JSONValue]) -> JSONValue? {
        { method, params in
            guard method == "eth_call" else { return standardAnswers(method, params) }
            let data = (try? params.first?["data"]?.asString()) ?? ""
            if data == "0x313ce567" {
                return .string("0x" + String(repeating: "0", count: 62) + Hex.encode([decimals]))
            }
            if data == "0x95d89b41" {
                let word = { (n: UInt8) in [UInt8](repeating: 0, count: 31) + [n] }
                return .string(
                    Hex.encode(word(32) + word(4) + Array("USDC".utf8) + [UInt8](repeating: 0, count: 28), prefix: true)
                )
            }
            return nil
        }
    }

    @Test func erc20AmountsAreExactAndTheTokenInfoTravelsAsTheNote() throws {
        let fixture = try Fixture()
        let token = try EthereumAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
        let built = try fixture.build(
            spec(.erc20Transfer(token: token, to: Self.to, amount: "1.5", decimals: nil)),
            node: Node(Self.tokenAnswers(decimals: 6)))
        #expect(built.transaction.to == token && built.transaction.value == 0)
        #expect(CallData(built.transaction.data) == .erc20Transfer(to: Self.to, amount: 1_500_000))
        let note = try #require(built.request.note)
        #expect(
            note.contains("1.5 USDC = 1500000 base units") && note.contains("6 decimals") && note.contains("unverified")
        )
        // --decimals that disagrees with the token is refused; too many places too.
        #expect(throws: EthereumWatchError.self) {
            try fixture.build(
                spec(.erc20Transfer(token: token, to: Self.to, amount: "1.5", decimals: 18)),
                node: Node(Self.tokenAnswers(decimals: 6)))
        }
        #expect(throws: EthereumWatchError.self) {
            try fixture.build(
                spec(.erc20Transfer(token: token, to: Self.to, amount: "1.0000001", decimals: nil)),
                node: Node(Self.tokenAnswers(decimals: 6)))
        }
        // Offline: --decimals is needed, and is the source the note names.
        var offline = spec(.erc20Transfer(token: token, to: Self.to, amount: "2", decimals: 0))
        offline.nonce = 0
        offline.gas = 60_000
        offline.maxFee = 1
        offline.priorityFee = 1
        let plain = try fixture.build(offline)
        #expect(CallData(plain.transaction.data) == .erc20Transfer(to: Self.to, amount: 2))
        #expect(plain.request.note?.contains("per --decimals") == true)
        offline.action = .erc20Transfer(token: token, to: Self.to, amount: "2", decimals: nil)
        #expect(throws: EthereumWatchError.missing("give --decimals, or --rpc URL to ask the token")) {
            try fixture.build(offline)
        }
    }

    @Test func tokenSymbolsAreReadStrictly() {
        let word = { (n: UInt8) in [UInt8](repeating: 0, count: 31) + [n] }
        #expect(
            EthereumTokenInfo.symbol(word(32) + word(3) + Array("TST".utf8) + [UInt8](repeating: 0, count: 29)) == "TST"
        )
        #expect(EthereumTokenInfo.symbol(Array("MKR".utf8) + [UInt8](repeating: 0, count: 29)) == "MKR")
        #expect(EthereumTokenInfo.symbol(word(32) + word(200) + [UInt8](repeating: 0x41, count: 32)) == nil)
        #expect(
            EthereumTokenInfo.symbol(word(32) + word(3) + [0x41, 0x0a, 0x42] + [UInt8](repeating: 0, count: 29)) == nil)
        #expect(EthereumTokenInfo.symbol([]) == nil)
    }

    @Test func accessListFiles() throws {
        let good =
            #"[{"address":"0x4242424242424242424242424242424242424242","storageKeys":["0x\#(String(repeating: "00", count: 31))01"]}]"#
        let list = try EthereumAccessListFile.parse(Array(good.utf8), path: "a.json")
        #expect(list.count == 1 && list.first?.storageKeys == [[UInt8](repeating: 0, count: 31) + [1]])
        for bad in [
            "{}", "[{\"address\":\"0x42\",\"storageKeys\":[]}]",
            #"[{"address":"0x4242424242424242424242424242424242424242","storageKeys":["0x01"]}]"#,
            #"[{"address":"0x4242424242424242424242424242424242424242"}]"#, "not json",
        ] {
            #expect(throws: EthereumWatchError.self, "\(bad)") {
                try EthereumAccessListFile.parse(Array(bad.utf8), path: "a.json")
            }
        }
    }
}
