import AirsignCrypto
import AirsignEncoding
import AirsignMessages
import BigInt
import Testing

@testable import AirsignEthereum

/// ERC-4337 user operations reviewed as the calls the smart account makes: the account
/// interfaces read (BaseAccount `execute`/`executeBatch`, SimpleAccount v0.7's arrays, ERC-7579
/// single and batch), their token and ether effects counted as the sender's, the fees as the
/// sender's prefund, and a factory, a paymaster and unread call data as unknown; v0.8's EIP-712
/// form recognised as the same operation. The hashes are viem's (UserOperationVectorTests);
/// the signatures eth-account's (Tests/interop/ethereum/test_user_operations.py).
@Suite struct UserOperationReviewTests {
    typealias Fixture = EthereumChainTests
    static let usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"

    static func word(_ value: BigUInt) -> [UInt8] { value.bigEndian(width: 32) }
    static func address(_ text: String) throws -> EthereumAddress { try EthereumAddress(text) }

    static func transfer(to: String, amount: BigUInt) throws -> [UInt8] {
        [0xa9, 0x05, 0x9c, 0xbb]
            + (try ABIEncoder.encode([.address(try address(to)), .uint(amount)], as: [.address, .uint(256)]))
    }

    static func execute(_ to: String, value: BigUInt, data: [UInt8]) throws -> [UInt8] {
        AccountCalls.execute
            + (try ABIEncoder.encode(
                [.address(try address(to)), .uint(value), .bytes(data)], as: [.address, .uint(256), .bytes]))
    }

    static func operation(
        sender: String? = nil, callData: [UInt8], initCode: [UInt8] = [], paymasterAndData: [UInt8] = []
    ) throws -> PackedUserOperation {
        try PackedUserOperation(
            sender: try address(try sender ?? Fixture.account(0x46).address), nonce: 5, initCode: initCode,
            callData: callData,
            accountGasLimits: BigUInt(100_000).bigEndian(width: 16) + BigUInt(200_000).bigEndian(width: 16),
            preVerificationGas: 50_000,
            gasFees: BigUInt(1_000_000_000).bigEndian(width: 16) + BigUInt(30_000_000_000).bigEndian(width: 16),
            paymasterAndData: paymasterAndData)
    }

    static func request(_ op: PackedUserOperation, version: EntryPointVersion = .v08) throws -> SignRequest {
        try Fixture.request(
            .object([
                (key: "type", value: .string("user_operation")),
                (key: "entryPoint", value: .string(version.address.checksummed)),
                (key: "userOperation", value: op.json),
            ]))
    }

    static func review(_ op: PackedUserOperation, version: EntryPointVersion = .v08) throws -> Review {
        try Fixture.module.review(try request(op, version: version), context: try Fixture.context())
    }

    @Test func selectorsAreTheirSignatures() {
        for (selector, signature) in AccountCalls.signatures {
            #expect(Array(Keccak256.hash(Array(signature.utf8)).prefix(4)) == selector, "\(signature)")
        }
    }

    @Test func executeOfATokenTransferIsCountedAsTheSendersOutflow() throws {
        let bob = try Fixture.account(2).address
        let op = try Self.operation(
            callData: try Self.execute(Self.usdc, value: 0, data: try Self.transfer(to: bob, amount: 12_500_000)))
        for version in EntryPointVersion.allCases {
            let review = try Self.review(op, version: version)
            #expect(review.confirmation == .standard)
            let symbols = Set(review.totals.map(\.asset.symbol))
            #expect(symbols == ["USDC", "ETH"])
            #expect(review.totals.first { $0.asset.symbol == "USDC" }?.amount == 12_500_000)
            // The prefund: (100k + 200k + 50k) gas × 30 gwei.
            #expect(review.totals.first { $0.asset.symbol == "ETH" }?.amount == BigUInt(350_000) * 30_000_000_000)
            #expect(review.effects.deferredSignatures.count == 1)
            #expect(review.lines.contains { $0.label == "userOpHash" })
        }
    }

    @Test func batchFormsAreRead() throws {
        let bob = try Self.address(try Fixture.account(2).address)
        let token = try Self.transfer(to: bob.checksummed, amount: 7)
        let usdc = try Self.address(Self.usdc)
        let tuple = ABIType.tuple([
            ABIParameter(type: .address), ABIParameter(type: .uint(256)), ABIParameter(type: .bytes),
        ])
        let calls: [ABIValue] = [
            .tuple([.address(usdc), .uint(0), .bytes(token)]), .tuple([.address(bob), .uint(9), .bytes([])]),
        ]
        let batch = AccountCalls.executeBatch + (try ABIEncoder.encode([.array(calls)], as: [.array(tuple)]))
        let arrays =
            AccountCalls.executeBatchArrays
            + (try ABIEncoder.encode(
                [.array([.address(usdc), .address(bob)]), .array([]), .array([.bytes(token), .bytes([])])],
                as: [.array(.address), .array(.uint(256)), .array(.bytes)]))
        let single7579 =
            AccountCalls.execute7579
            + (try ABIEncoder.encode(
                [.fixedBytes([UInt8](repeating: 0, count: 32)), .bytes(usdc.bytes + Self.word(0) + token)],
                as: [.fixedBytes(32), .bytes]))
        var batchMode = [UInt8](repeating: 0, count: 32)
        batchMode[0] = 1
        let batch7579 =
            AccountCalls.execute7579
            + (try ABIEncoder.encode(
                [.fixedBytes(batchMode), .bytes(try ABIEncoder.encode([.array(calls)], as: [.array(tuple)]))],
                as: [.fixedBytes(32), .bytes]))
        for (data, count, ether) in [(batch, 2, BigUInt(9)), (arrays, 2, 0), (single7579, 1, 0), (batch7579, 2, 9)] {
            let read = try #require(AccountCalls(data))
            #expect(read.calls.count == count)
            let review = try Self.review(try Self.operation(callData: data))
            #expect(review.unknowns.isEmpty, "\(read.form)")
            #expect(review.totals.first { $0.asset.symbol == "USDC" }?.amount == 7)
            let fee = BigUInt(350_000) * 30_000_000_000
            #expect(review.totals.first { $0.asset.symbol == "ETH" }?.amount == fee + ether, "\(read.form)")
        }
        // A mode with a selector set, and an unknown call type, are not read.
        var custom = [UInt8](repeating: 0, count: 32)
        custom[6] = 1
        for mode in [custom, [0xff] + [UInt8](repeating: 0, count: 31)] {
            let data =
                AccountCalls.execute7579
                + (try ABIEncoder.encode(
                    [.fixedBytes(mode), .bytes(usdc.bytes + Self.word(0))], as: [.fixedBytes(32), .bytes]))
            #expect(AccountCalls(data) == nil)
            #expect(try Self.review(try Self.operation(callData: data)).unknowns.count == 1)
        }
    }

    @Test func factoryPaymasterAndUnreadCallsAreUnknown() throws {
        let factory = try Self.address("0x4242424242424242424242424242424242424242").bytes + [1, 2, 3]
        #expect(try Self.review(try Self.operation(callData: [], initCode: factory)).unknowns.count == 1)
        let paymaster =
            try Self.address("0x4242424242424242424242424242424242424242").bytes + [UInt8](repeating: 0, count: 32)
        let sponsored = try Self.review(try Self.operation(callData: [], paymasterAndData: paymaster))
        #expect(sponsored.unknowns.first?.contains("paymaster") == true)
        // The paymaster pays: no ether fee leaves the sender.
        #expect(sponsored.totals.isEmpty)
        #expect(try Self.review(try Self.operation(callData: [1, 2, 3, 4, 5])).unknowns.count == 1)
        // Short initCode or paymasterAndData are refused as the EntryPoint refuses them.
        #expect(throws: EthereumError.self) { try Self.operation(callData: [], initCode: [1, 2]) }
        #expect(throws: EthereumError.self) {
            try Self.operation(callData: [], paymasterAndData: paymaster.dropLast(1).map { $0 })
        }
    }

    @Test func anotherSendersOutflowsAreItsOwn() throws {
        let smart = "0x5555555555555555555555555555555555555555"
        let op = try Self.operation(
            sender: smart, callData: try Self.execute(smart, value: 0, data: []))
        let review = try Self.review(op)
        #expect(review.warnings.contains { $0.contains("not one of your accounts") })
        #expect(!review.totals.isEmpty && review.totals.allSatisfy { $0.account?.contains(smart) == true })
    }

    @Test func entryPointAndMarkerRefusals() throws {
        let op = try Self.operation(callData: [])
        let other = try Fixture.request(
            .object([
                (key: "type", value: .string("user_operation")),
                (key: "entryPoint", value: .string("0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789")),
                (key: "userOperation", value: op.json),
            ]))
        #expect(throws: EthereumChainError.unknownEntryPoint("0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789")) {
            try Fixture.module.review(other, context: try Fixture.context())
        }
        let marked = try Self.operation(callData: [], initCode: [0x77, 0x02] + [UInt8](repeating: 0, count: 18))
        #expect(throws: EthereumChainError.self) { try Self.review(marked, version: .v08) }
    }

    @Test func v08TypedDataIsReviewedAsTheOperation() throws {
        let bob = try Fixture.account(2).address
        let op = try Self.operation(
            callData: try Self.execute(Self.usdc, value: 0, data: try Self.transfer(to: bob, amount: 12_500_000)))
        let domain =
            #"{"name":"ERC4337","version":"1","chainId":1,"verifyingContract":"0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108"}"#
        let types =
            #"{"EIP712Domain":[{"name":"name","type":"string"},{"name":"version","type":"string"},{"name":"chainId","type":"uint256"},{"name":"verifyingContract","type":"address"}],"PackedUserOperation":[{"name":"sender","type":"address"},{"name":"nonce","type":"uint256"},{"name":"initCode","type":"bytes"},{"name":"callData","type":"bytes"},{"name":"accountGasLimits","type":"bytes32"},{"name":"preVerificationGas","type":"uint256"},{"name":"gasFees","type":"bytes32"},{"name":"paymasterAndData","type":"bytes"}]}"#
        let message = JSONSerializer().serialize(op.json)
        let text = #"{"types":\#(types),"primaryType":"PackedUserOperation","domain":\#(domain),"message":\#(message)}"#
        let json = try JSONParser().parse(Array(text.utf8))
        #expect(try TypedData(json: json).digest() == (try op.hash(version: .v08, chainId: 1)))
        let review = try Fixture.module.review(
            try Fixture.request(
                .object([(key: "type", value: .string("typed_data")), (key: "typedData", value: json)])),
            context: try Fixture.context())
        #expect(review.confirmation == .standard)
        #expect(review.totals.first { $0.asset.symbol == "USDC" }?.amount == 12_500_000)
        #expect(review.lines.contains { $0.label == "user operation" })
    }
}
