import AirsignChains
import AirsignEncoding
import AirsignMessages
import AirsignTestChain
import AirsignTestSupport
import BigInt
import Testing

/// The review text, byte for byte, for fixed requests of the test chain with the clock pinned.
/// The rendering is shared, so each chain adds one golden test like these when it lands.
@Suite struct ReviewGoldenTests {
    static let now: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z
    static let ids = [
        "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-a222-222222222222",
        "33333333-3333-4333-b333-333333333333",
    ]

    func context() throws -> ReviewContext {
        let own = OwnAccount(
            chain: TestChain.id, address: TestChainFixtures.account(1).address,
            publicKey: TestChainFixtures.account(1).publicKey,
            keyName: "main", path: nil)
        let book = try AddressBook([
            Contact(chain: TestChain.id, name: "Alice", address: TestChainFixtures.account(2).address, rules: .standard)
        ])
        return ReviewContext(ownAccounts: [own], contacts: book, now: Self.now)
    }

    func render(_ requests: [SignRequest], blind: BlindConsent = .none) throws -> String {
        let registry = ChainRegistry([TestChain()])
        let context = try context()
        let batch = BatchReview(requests, registry: registry, context: context, blind: blind)
        var out: [String] = []
        for (index, outcome) in batch.outcomes.enumerated() {
            switch outcome {
            case let .success(review):
                out.append(
                    ReviewText.render(
                        review, position: index + 1, of: requests.count, module: TestChain(), context: context))
            case let .failure(error):
                out.append(ReviewText.renderRefusal(requests[index], error, position: index + 1, of: requests.count))
            }
        }
        out.append(ReviewText.renderTotals(batch))
        return out.joined(separator: "\n\n") + "\n"
    }

    @Test func transferToAContact() throws {
        let text = try render([TestChainFixtures.transfer(id: Self.ids[0], to: 2, note: "rent for March")])
        let a1 = TestChainFixtures.account(1).address, a2 = TestChainFixtures.account(2).address
        #expect(
            text == """
                Request 1 of 1  id 11111111-1111-4111-8111-111111111111
                  Test transfer
                  chain     Test chain (test-only-chain)
                  network   test:net
                  account   \(a1)
                            | (your account (key "main"))
                  to        \(a2)
                            | (contact "Alice")
                  amount    1.5 TST
                  fee       0.001 TST
                  total     1.501 TST
                  note      from the request, not signed, not verified:
                            | rent for March
                  signs     1 message, 85 bytes: transfer

                Batch: 1 request, all reviewed
                  total     1.501 TST on test-only-chain test:net

                """)
    }

    @Test func batchWithAnUnknownDestinationABlindRequestAndATotal() throws {
        let requests = [
            try TestChainFixtures.transfer(id: Self.ids[0], to: 2, amount: 2_000_000, fee: 0),
            try TestChainFixtures.transfer(
                id: Self.ids[1], to: 7, amount: BigUInt("340282366920938463463374607431768211455"),
                fee: 18_446_744_073_709_551_615),
            try TestChainFixtures.raw(id: Self.ids[2]),
        ]
        let a1 = TestChainFixtures.account(1).address, a2 = TestChainFixtures.account(2).address,
            a7 = TestChainFixtures.account(7).address
        let expectedHead = """
            Request 1 of 3  id 11111111-1111-4111-8111-111111111111
              Test transfer
              chain     Test chain (test-only-chain)
              network   test:net
              account   \(a1)
                        | (your account (key "main"))
              to        \(a2)
                        | (contact "Alice")
              amount    2 TST
              fee       0 TST
              total     2 TST
              signs     1 message, 85 bytes: transfer

            Request 2 of 3  id 22222222-2222-4222-a222-222222222222
              Test transfer
              chain     Test chain (test-only-chain)
              network   test:net
              account   \(a1)
                        | (your account (key "main"))
              to        \(a7)
                        | (not in your contacts)
              amount    340282366920938463463374607431768.211455 TST
              fee       18446744073709.551615 TST
              total     340282366920938463481821351505477.76307 TST
              signs     1 message, 85 bytes: transfer


            """
        // Without --blind the raw request is refused, named, and left out of the total.
        #expect(
            try render(requests) == expectedHead + """
                Request 3 of 3  id 33333333-3333-4333-b333-333333333333
                  REFUSED: request 3 (33333333-3333-4333-b333-333333333333) has effects the signer does not understand (raw bytes this chain cannot decode); sign it only if you trust its source, naming it: --blind-request 3 (or --blind when it is the only request); nothing was signed

                Batch: 3 requests, 1 refused
                  refused   nothing in this batch is signed; what follows counts only the 2
                            | accepted requests
                  total     340282366920938463481821351505479.76307 TST on test-only-chain
                            | test:net

                """)
        // Named with --blind-request 3, it is signed, and the summary says which request the
        // signer does not understand and that the total holds only what it does.
        #expect(
            try render(requests, blind: BlindConsent(named: ["3"])) == expectedHead + """
                Request 3 of 3  id 33333333-3333-4333-b333-333333333333
                  Raw bytes
                  chain     Test chain (test-only-chain)
                  network   test:net
                  account   \(a1)
                            | (your account (key "main"))
                  data      3 bytes
                  signs     1 message, 19 bytes: raw
                  unknown   effects the signer does not understand: raw bytes this chain cannot
                            | decode; read every line; signed only when --blind names this
                            | request

                Batch: 3 requests, all reviewed
                  unknown   effects the signer does not understand: 1 request (3), read every
                            | line
                  blind     signed only because --blind names it: request 3
                  total     340282366920938463481821351505479.76307 TST on test-only-chain
                            | test:net
                  total     only what the signer understands: more may leave through the
                            | requests with unknown effects

                """)
    }

    @Test func refusalsNameTheRequestAndTheReason() throws {
        let wrongNetwork = try TestChainFixtures.transfer(id: Self.ids[0]).withPayloadNetwork("other:net")
        let text = try render([wrongNetwork])
        #expect(
            text.contains(
                "REFUSED: request 1 (11111111-1111-4111-8111-111111111111) refused: payload.tx is for network other:net, the request for test:net; nothing was signed"
            ))
        let unknownChain = try SignRequest(
            id: RequestID(Self.ids[1]), chain: ChainID("cardano"), network: "cardano:mainnet",
            account: TestChainFixtures.account(1), payload: .object([(key: "type", value: .string("transaction"))]))
        #expect(try render([unknownChain]).contains("REFUSED: no chain module for cardano yet"))
        #expect(
            ChainRegistry.standard.chains == [
                try ChainID("ethereum"), try ChainID("icp"), try ChainID("stellar"), try ChainID("substrate"),
            ])
    }

    @Test func hiddenCharactersInReviewValuesAreEscaped() {
        #expect(MessageText.escaped("a\u{1b}[2Jb\u{202e}c\nd") == "a\\u{1b}[2Jb\\u{202e}c\\u{a}d")
    }

    @Test func amountsAreExactDecimals() {
        #expect(AmountFormat.decimal(0, decimals: 18) == "0")
        #expect(AmountFormat.decimal(1, decimals: 18) == "0.000000000000000001")
        #expect(AmountFormat.decimal(1_500_000_000_000_000_000, decimals: 18) == "1.5")
        #expect(AmountFormat.decimal(120, decimals: 0) == "120")
        #expect(
            AmountFormat.decimal(BigUInt(2).power(256) - 1, decimals: 18)
                == "115792089237316195423570985008687907853269984665640564039457.584007913129639935")
        #expect(AmountFormat.decimal(BigUInt(UInt64.max), decimals: 20) == "0.18446744073709551615")
        #expect(AmountFormat.decimal(BigUInt(UInt64.max) + 1, decimals: 19) == "1.8446744073709551616")
        #expect(AmountFormat.decimal(10_000, decimals: 4) == "1")
        #expect(AmountFormat.decimal(10_000, decimals: 5) == "0.1")
    }

    /// The byte-level formatting against the rule written with BigUInt division, on random
    /// amounts around 2^64 (where the fast path ends) and far above.
    @Test func amountsMatchDivision() {
        var random = SeededRandom.forTest("AmountFormat.decimal")
        for _ in 0..<2000 {
            let bits = [8, 63, 64, 65, 130, 256][Int.random(in: 0..<6, using: &random)]
            let words = (0..<5).map { _ in UInt.random(in: .min ... .max, using: &random) }
            let amount = BigUInt(words: words) >> (5 * UInt.bitWidth - bits)
            let decimals = Int.random(in: 0...40, using: &random)
            let scale = BigUInt(10).power(decimals)
            let (whole, rest) = amount.quotientAndRemainder(dividingBy: scale)
            // 10^0 leaves no fraction digits at all.
            var fraction = decimals == 0 ? "" : String(rest)
            fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            let expected = fraction.isEmpty ? String(whole) : String(whole) + "." + fraction
            #expect(
                AmountFormat.decimal(amount, decimals: decimals) == expected,
                "seed \(random.seed): \(amount) at \(decimals)")
        }
    }
}

extension SignRequest {
    /// The same request with its transfer encoded for another network (a mismatch the review must refuse).
    func withPayloadNetwork(_ network: String) throws -> SignRequest {
        let tx = TestChain.encodeTransfer(network: network, to: TestChainFixtures.key(2).publicKey, amount: 1, fee: 1)
        let payload: JSONValue = .object([
            (key: "type", value: .string("transfer")), (key: "tx", value: .string(Hex.encode(tx, prefix: true))),
        ])
        return try SignRequest(id: id, chain: chain, network: self.network, account: account, payload: payload)
    }
}
