import AirsignEthereum
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

@Suite struct AmountAndReviewTests {
    @Test func parsesExactAmounts() throws {
        #expect(try EtherAmount.parse("1.5ether") == BigUInt(15) * BigUInt(10).power(17))
        #expect(try EtherAmount.parse("2gwei") == 2_000_000_000)
        #expect(try EtherAmount.parse("123wei") == 123)
        #expect(try EtherAmount.parse("0.000000000000000001ether") == 1)
        #expect(try EtherAmount.parse("1.000000001gwei") == 1_000_000_001)
        for bad in [
            "1.5", "0.5wei", "1.0000000001gwei", "0.0000000000000000001ether", "-1ether", "1e3wei", ".5ether",
            "5.ether",
            "1.2.3ether", "ether", " 1ether", "1 ether", "+1wei", "1,5ether",
        ] {
            #expect(throws: EthereumError.self, "\(bad)") { try EtherAmount.parse(bad) }
        }
        #expect(throws: EthereumError.self) { try EtherAmount.parse(String(repeating: "9", count: 79) + "wei") }
    }

    @Test func formatsExactly() {
        #expect(EtherAmount.ether(BigUInt(15) * BigUInt(10).power(17)) == "1.5 ETH")
        #expect(EtherAmount.ether(0) == "0 ETH")
        #expect(EtherAmount.ether(1) == "0.000000000000000001 ETH")
        #expect(EtherAmount.ether(BigUInt(10).power(30)) == "1000000000000 ETH")
        #expect(EtherAmount.gwei(20_000_000_000) == "20 gwei")
    }

    /// The account that signs (any address: these reviews label nothing).
    static func from() throws -> EthereumAddress { try EthereumAddress("0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F") }

    @Test func reviewOfAnERC20Approval() throws {
        let token = try EthereumAddress("0xdAC17F958D2ee523a2206206994597C13D831ec7")
        let spender = [UInt8](repeating: 0, count: 12) + [UInt8](repeating: 0xbb, count: 20)
        let data = testBytes("095ea7b3") + spender + [UInt8](repeating: 0xff, count: 32)
        let tx = try EthereumTransaction(
            type: .feeMarket, chainId: 1, nonce: 3,
            fees: .feeMarket(maxPriorityFeePerGas: 1_000_000_000, maxFeePerGas: 30_000_000_000),
            gasLimit: 60000, to: token, value: 0, data: data)
        let review = try TransactionReview(tx, from: try Self.from())
        #expect(
            review.lines.contains(ReviewLine("network name", "Ethereum Mainnet (chain id 1)", source: .signerTable)))
        #expect(review.lines.contains(ReviewLine("to", "0xdAC17F958D2ee523a2206206994597C13D831ec7")))
        #expect(review.lines.contains(ReviewLine("max total cost", "0.0018 ETH")))
        #expect(
            review.approvals == [
                Approval(
                    asset: "USDT (0xdAC17F958D2ee523a2206206994597C13D831ec7)",
                    spender: "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB", allowance: "Unlimited", isUnlimited: true)
            ])
        #expect(review.warnings.contains { $0.hasPrefix("UNLIMITED approval") })
        #expect(
            review.lines.contains(
                ReviewLine("allowance", "Unlimited USDT (2^256 − 1 base units)", source: .signerTable)))
        #expect(review.blindReason == nil)
    }

    @Test func reviewOfOtherCallsAndCreation() throws {
        let code = [UInt8](repeating: 0xab, count: 100)
        let tx = try EthereumTransaction(
            type: .legacy, chainId: 987_654_321, nonce: 0, fees: .gasPrice(1), gasLimit: 100,
            to: nil, value: 5, data: code)
        let review = try TransactionReview(tx, from: try Self.from())
        #expect(review.lines.contains(ReviewLine("to", "contract creation")))
        #expect(review.lines.contains(ReviewLine("network name", "chain id 987654321 (unknown network)")))
        #expect(review.data == .other(code))
        #expect(review.lines.contains(ReviewLine("max total cost", "0.000000000000000105 ETH")))
        #expect(review.blindReason == "a contract creation whose code cannot be shown")
        // Init code is shown whole, in words: three of 32 bytes and 4 more.
        #expect(review.lines.filter { $0.level == 1 }.map(\.label) == ["word 0", "word 1", "word 2", "rest"])
    }

    @Test func strictERC20Decoding() throws {
        let word = { (b: UInt8) in [UInt8](repeating: b, count: 32) }
        let transfer = testBytes("a9059cbb")
        // High bytes of the address word set: not ERC-20, and the review warns.
        #expect(CallData(transfer + word(0x11) + word(0)) == .other(transfer + word(0x11) + word(0)))
        // Extra byte.
        if case .erc20Transfer = CallData(transfer + [UInt8](repeating: 0, count: 32) + word(1) + [0]) {
            Issue.record("accepted 69 bytes")
        }
        let tx = try EthereumTransaction(
            type: .legacy, chainId: 1, nonce: 0, fees: .gasPrice(1), gasLimit: 1, to: Self.from(), value: 0,
            data: transfer + word(0x11) + word(0))
        #expect(try TransactionReview(tx, from: try Self.from()).warnings.contains { $0.contains("malformed") })
        let from = [UInt8](repeating: 0, count: 12) + [UInt8](repeating: 0x22, count: 20)
        guard case .erc20TransferFrom(_, _, let amount) = CallData(testBytes("23b872dd") + from + from + word(0)) else {
            Issue.record("transferFrom not decoded"); return
        }
        #expect(amount == 0)
        // A bool word other than 0 or 1 is not setApprovalForAll.
        let approveAll = testBytes("a22cb465") + from
        #expect(
            CallData(approveAll + [UInt8](repeating: 0, count: 31) + [1])
                == .setApprovalForAll(operator: try EthereumAddress(bytes: Array(from.suffix(20))), approved: true))
        #expect(
            CallData(approveAll + [UInt8](repeating: 0, count: 31) + [2])
                == .other(approveAll + [UInt8](repeating: 0, count: 31) + [2]))
    }
}
