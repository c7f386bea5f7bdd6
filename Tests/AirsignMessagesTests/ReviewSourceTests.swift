import AirsignChains
import AirsignEncoding
import AirsignTestChain
import AirsignTestSupport
import BigInt
import Testing

@testable import AirsignMessages

/// Where each review line comes from, and the layout rules that keep text from drawing lines of
/// its own (issue 18): the signer's tables marked, the requester's words quoted and collapsed,
/// approvals counted, a note that contradicts the signed amounts flagged, and no value wider
/// than the screen.
@Suite struct ReviewSourceTests {
    static let ids = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-a222-222222222222"]

    /// The golden tests' rendering: the test chain, key "main" as account 1, contact Alice as 2.
    func render(_ requests: [SignRequest]) throws -> String { try ReviewGoldenTests().render(requests) }

    @Test func approvalsAreCountedAndTheTableIsNamed() throws {
        let requests = [
            try TestChainFixtures.approval(id: Self.ids[0], spender: 7, allowance: BigUInt(UInt128.max)),
            try TestChainFixtures.approval(id: Self.ids[1], spender: 2, allowance: 2_500_000),
        ]
        let a1 = TestChainFixtures.account(1).address, a2 = TestChainFixtures.account(2).address,
            a7 = TestChainFixtures.account(7).address
        #expect(
            try render(requests) == """
                Request 1 of 2  id 11111111-1111-4111-8111-111111111111
                  Test approval
                  chain     Test chain (test-only-chain)
                  network   test:net
                  account   \(a1)
                            | (your account (key "main"))
                  token     TST, 6 decimals [signer's table]
                  spender   \(a7)
                            | (not in your contacts)
                  allowance Unlimited
                  approval  Unlimited TST to spender
                            | \(a7.prefix(66))
                            |\(a7.dropFirst(66)) (not in your contacts)
                  warning   Unlimited approval: the spender may take all of this token, now and
                            | later
                  signs     1 message, 77 bytes: approval

                Request 2 of 2  id 22222222-2222-4222-a222-222222222222
                  Test approval
                  chain     Test chain (test-only-chain)
                  network   test:net
                  account   \(a1)
                            | (your account (key "main"))
                  token     TST, 6 decimals [signer's table]
                  spender   \(a2)
                            | (contact "Alice")
                  allowance 2.5 TST
                  approval  2.5 TST to spender
                            | \(a2.prefix(66))
                            |\(a2.dropFirst(66)) (contact "Alice")
                  signs     1 message, 77 bytes: approval

                Batch: 2 requests, all reviewed, 2 approvals (1 unlimited)
                  total     nothing leaves the accounts when signed; the approvals, control
                            | changes or signatures below let others act later
                  approval  Unlimited TST to spender
                            | \(a7.prefix(66))
                            |\(a7.dropFirst(66)) (not in your contacts)
                  approval  2.5 TST to spender
                            | \(a2.prefix(66))
                            |\(a2.dropFirst(66)) (contact "Alice")

                """)
    }

    @Test func theRequestersWordsAreQuotedCollapsedAndEscaped() throws {
        // A note crafted to draw a fake review line: runs of spaces to reach the label column,
        // a Hangul filler and a braille blank posing as spaces, and a label-like tail.
        let note = "ok" + String(repeating: " ", count: 70) + "to\u{3164}\u{3164}0xATTACKER (contact \"Alice\")\u{2800}"
        let text = try render([TestChainFixtures.transfer(id: Self.ids[0], to: 2, note: note)])
        #expect(
            text.contains(
                """
                  note      from the request, not signed, not verified:
                            | ok to\\u{3164}\\u{3164}0xATTACKER (contact "Alice")\\u{2800}
                """), "\(text)")
        // Every line of the requester's text starts with the mark in the value column.
        let noteLines = text.split(separator: "\n").drop(while: { !$0.hasPrefix("  note") }).dropFirst().prefix(while: {
            $0.hasPrefix("            |")
        })
        #expect(noteLines.count == 1)
    }

    @Test func aLongNoteWrapsWithEveryLineMarked() throws {
        let note = (0..<30).map { "word\($0)" }.joined(separator: " ")
        let text = try render([TestChainFixtures.transfer(id: Self.ids[0], to: 2, note: note)])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  note      from the request") }) else {
            Issue.record("no note line in \(text)")
            return
        }
        let quoted = lines[(start + 1)...].prefix(while: { $0.hasPrefix("            |") })
        #expect(quoted.count > 1, "\(text)")
        #expect(quoted.allSatisfy { $0.count <= ReviewText.screenWidth })
        #expect(quoted.map { $0.dropFirst(13) }.joined() == " " + note)
    }

    @Test func aNoteThatContradictsTheSignedAmountIsFlagged() throws {
        // The watch says 1.5 TST; the signed transfer moves 1,500,000 TST.
        let request = try TestChainFixtures.transfer(
            id: Self.ids[0], to: 2, amount: 1_500_000_000_000, fee: 0, note: "rent: 1.5 TST to Alice")
        let text = unwrappedReview(try render([request]))
        #expect(
            text.contains(
                "warning   the note says 1.5 TST, but the signed lines show 1500000 TST, 0 TST: the note contradicts what is signed"
            ), "\(text)")

        let honest = try TestChainFixtures.transfer(
            id: Self.ids[0], to: 2, amount: 1_500_000, fee: 0, note: "rent: 1.50 TST for 2 months")
        #expect(!(try render([honest])).contains("warning"))

        let otherAsset = try TestChainFixtures.transfer(id: Self.ids[0], to: 2, note: "swap 12.5 USDC")
        #expect(
            unwrappedReview(try render([otherAsset])).contains(
                "warning   the note speaks of 12.5 USDC, but no signed line shows any USDC: trust the lines above, not the note"
            ))
    }

    @Test func mentionsAreFoundAsWrittenAndComparedExactly() {
        #expect(
            NoteCheck.mentions(in: "pay 12,500,000 USDC and 0.5eth, not v2 or 3 months") == [
                .init(number: "12500000", symbol: "USDC"), .init(number: "0.5", symbol: "ETH", isTicker: false),
                .init(number: "3", symbol: "MONTHS", isTicker: false),
            ])
        // A version number, a word with digits and a one-letter unit are no amounts.
        #expect(NoteCheck.mentions(in: "1.2.3 DOT x1DOT 7 D").isEmpty)
        #expect(NoteCheck.equal("012.50", "12.5"))
        #expect(NoteCheck.equal("0.0", "0"))
        #expect(!NoteCheck.equal("12.5", "125"))
    }

    /// Any value, of any characters, renders as lines no wider than the screen (for labels that
    /// fit the label column), every line after the first starting with the mark in the value
    /// column, and joins back to exactly its escaped text.
    @Test func wrappedValuesStayInTheirColumnAndJoinBack() {
        var random = SeededRandom.forTest("ReviewText.line wrapping")
        let pool: [Unicode.Scalar] =
            Array("abc XYZ 0x19 (contact \"A\") |-".unicodeScalars) + [
                "中", "\u{1f600}", "é", "\u{301}", "\u{3164}", "\u{a0}", "\n",
            ]
        for round in 0..<3_000 {
            var value = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...300, using: &random) {
                value.append(pool[Int.random(in: 0..<pool.count, using: &random)])
            }
            let text = String(value)
            let level = Int.random(in: 0...3, using: &random)
            let source: ReviewSource = [.signed, .signerTable, .request, .certified][
                Int.random(in: 0...3, using: &random)]
            let lines = ReviewText.line(ReviewLine("label", text, level: level, source: source))
            let column = 2 * (level + 1) + ReviewText.labelWidth
            for line in lines {
                #expect(
                    MessageText.columns(of: line) <= ReviewText.screenWidth,
                    "seed \(random.seed), round \(round): \(line)")
            }
            for line in lines.dropFirst() {
                #expect(
                    line.hasPrefix(String(repeating: " ", count: column) + "|"),
                    "seed \(random.seed), round \(round): \(line)")
            }
            let joined = lines.dropFirst().map { String($0.dropFirst(column + 1)) }.joined()
            switch source {
            case .request:
                #expect(joined == " " + MessageText.requesterText(text), "seed \(random.seed), round \(round)")
            case .certified:
                // Quoted from the label's line on.
                let first = String(lines[0].dropFirst(column))
                #expect(first.hasPrefix("|"), "seed \(random.seed), round \(round): \(lines[0])")
                // Words that collapse to nothing may leave the mark without its trailing space.
                let trim = { (s: String) in String(s.reversed().drop(while: { $0 == " " }).reversed()) }
                #expect(
                    trim(String(first.dropFirst()) + joined) == trim(" " + MessageText.requesterText(text)),
                    "seed \(random.seed), round \(round)")
            case .signed, .signerTable:
                let first = String(lines[0].dropFirst(column))
                let expected = MessageText.escaped(text) + (source == .signerTable ? ReviewText.tableMark : "")
                // An empty value leaves the label line without trailing spaces.
                #expect(
                    expected.isEmpty ? lines == [String(lines[0])] : first + joined == expected,
                    "seed \(random.seed), round \(round)")
            }
        }
    }
}
