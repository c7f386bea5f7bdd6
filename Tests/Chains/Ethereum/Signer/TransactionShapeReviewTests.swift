import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

/// Issue 18 items 7, 8 and 14: access lists are shown, a creation with no code that sends ether
/// is warned about, and unknown calldata is shown in full, in words, when `--blind` lets it be
/// signed.
@Suite struct TransactionShapeReviewTests {
    typealias C = Crafted

    @Test func accessListsShowEachAddressAndItsKeys() throws {
        let alice = try EthereumChainTests.account(2).address
        let entries = [
            try AccessListEntry(
                address: EthereumAddress(C.usdc),
                storageKeys: [[UInt8](repeating: 1, count: 32), [UInt8](repeating: 2, count: 32)]),
            try AccessListEntry(address: EthereumAddress(alice), storageKeys: []),
        ]
        let text = try C.render(try C.transaction(C.call(to: C.stranger, data: [], value: 5, accessList: entries)))
        #expect(
            text.contains(
                """
                  max total cost 0.001800000000000005 ETH
                  access list 2 addresses, 2 storage keys
                    address   0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 (not in your contacts):
                              | 2 storage keys
                    address   0x5050A4F4b3f9338C3472dcC01A87C76A144b3c9c (contact "Alice"): 0
                              | storage keys
                  data      none
                """), "\(text)")
        // EIP-2930 (type 1) too; one entry, one key.
        let type1 = try EthereumTransaction(
            type: .accessList, chainId: 1, nonce: 0, fees: .gasPrice(1), gasLimit: 30000,
            to: EthereumAddress(C.stranger),
            value: 0, data: [],
            accessList: [
                try AccessListEntry(
                    address: EthereumAddress(C.stranger), storageKeys: [[UInt8](repeating: 0, count: 32)])
            ])
        let review = try EthereumChainTests.module.review(
            try C.transaction(type1), context: EthereumChainTests.context())
        #expect(review.lines.contains(ReviewLine("access list", "1 address, 1 storage key")))
        #expect(
            review.lines.contains(
                ReviewLine("address", "\(C.stranger) (not in your contacts): 1 storage key", level: 1)))
    }

    @Test func aCreationWithNoCodeThatSendsEtherIsWarnedAbout() throws {
        let lost = try EthereumChainTests.module.review(
            try C.transaction(C.call(to: nil, data: [], value: BigUInt(15) * BigUInt(10).power(17))),
            context: EthereumChainTests.context())
        #expect(
            lost.warnings == [
                "a contract creation with no init code: no contract is created, and the 1.5 ETH sent goes to an address no key and no code controls; it is lost"
            ])
        #expect(lost.lines.contains(ReviewLine("init code", "none")))
        #expect(lost.lines.contains(ReviewLine("to", "contract creation")))
        // Without value nothing is lost but the fee.
        let empty = try EthereumChainTests.module.review(
            try C.transaction(C.call(to: nil, data: [])), context: EthereumChainTests.context())
        #expect(empty.warnings.isEmpty)
    }

    @Test func blindCalldataIsShownInFullInWords() throws {
        let data: [UInt8] =
            [0xde, 0xad, 0xbe, 0xef] + (try C.word(C.stranger)) + C.word(5) + C.word((BigUInt(1) << 256) - 1) + [
                1, 2, 3,
            ]
        let request = try C.transaction(C.call(to: C.stranger, data: data))
        let registry = ChainRegistry([EthereumChainTests.module])
        // Without --blind it is refused before anything else …
        let refused = BatchReview(
            [request], registry: registry, context: try EthereumChainTests.context(), blind: .none)
        #expect(
            refused.refusals.map(\.description) == [
                "request 1 (11111111-1111-4111-8111-111111111111) has effects the signer does not understand (contract call data that no descriptor the signer has describes); sign it only if you trust its source, naming it: --blind-request 1 (or --blind when it is the only request); nothing was signed"
            ])
        // … with it, every byte is on the screen.
        let text = try C.render(request)
        #expect(
            text.contains(
                """
                  access list none
                  call      selector 0xdeadbeef, not a known call, then 99 bytes: 3 words and 3
                            | bytes
                    word 0    0x0000000000000000000000004242424242424242424242424242424242424242
                    word 1    0x0000000000000000000000000000000000000000000000000000000000000005
                    word 2    0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
                    rest      0x010203 (3 bytes)
                  total     0.0018 ETH
                  signs     1 message, 147 bytes: transaction
                  unknown   effects the signer does not understand: contract call data that no
                            | descriptor the signer has describes; read every line; signed only
                            | when --blind names this request
                """), "\(text)")
        // Long data is not cut: 300 words, the last one shown.
        let long = try EthereumChainTests.module.review(
            try C.transaction(C.call(to: C.stranger, data: [1, 2, 3, 4] + [UInt8](repeating: 7, count: 9600))),
            context: EthereumChainTests.context())
        #expect(long.lines.filter { $0.level == 1 }.count == 300)
        #expect(long.lines.last == ReviewLine("word 299", "0x" + String(repeating: "07", count: 32), level: 1))
        // Shorter than a selector.
        let short = try EthereumChainTests.module.review(
            try C.transaction(C.call(to: C.stranger, data: [1, 2])), context: EthereumChainTests.context())
        #expect(short.lines.contains(ReviewLine("call", "0x0102: 2 bytes, shorter than a selector")))
    }

    @Test func aTokenSelectorWithMalformedArgumentsIsWarnedAbout() throws {
        // transfer's selector with an address word whose high bytes are set: not decoded.
        let data: [UInt8] = [0xa9, 0x05, 0x9c, 0xbb] + [UInt8](repeating: 0x11, count: 32) + C.word(5)
        let review = try EthereumChainTests.module.review(
            try C.transaction(C.call(to: C.usdc, data: data)), context: EthereumChainTests.context())
        #expect(
            review.warnings == [
                "the data starts with a token call's selector but its arguments are malformed; not decoded"
            ])
        #expect(
            review.confirmation == .explicit(reason: "contract call data that no descriptor the signer has describes"))
    }
}
