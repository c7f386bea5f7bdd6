import AirsignChains
import AirsignTestChain
import BigInt
import Testing

@testable import AirsignMessages

/// A note that names an amount the signed lines contradict is flagged whatever its wording
/// (issue 31): symbol first ("TST 10", "TST: 10"), a currency sign ("$99"), a lower-case
/// symbol the lines show ("10 tst"), and never ordinary words ("2 months", "ID 42").
@Suite struct NoteCheckWordingTests {
    typealias M = NoteCheck.Mention

    /// The warnings for `note` on the test chain's transfer of 12.5 TST with no fee (the lines
    /// show "12.5 TST" and "0 TST").
    func contradictions(_ note: String) throws -> [String] {
        let request = try TestChainFixtures.transfer(
            id: ReviewGoldenTests.ids[0], to: 2, amount: 12_500_000, fee: 0, note: note)
        return NoteCheck.contradictions(try TestChain().review(request, context: ReviewGoldenTests().context()))
    }

    static let tenTST =
        "the note says 10 TST, but the signed lines show 12.5 TST, 0 TST: the note contradicts what is signed"

    @Test func theWordingsAreRead() {
        #expect(NoteCheck.mentions(in: "TST 12.5") == [M(number: "12.5", symbol: "TST")])
        #expect(NoteCheck.mentions(in: "refund TST: 1,250.50.") == [M(number: "1250.50", symbol: "TST")])
        #expect(NoteCheck.mentions(in: "tst: 12.5") == [M(number: "12.5", symbol: "TST", isTicker: false)])
        #expect(
            NoteCheck.mentions(in: "pay $12.50, € 10 or 7.5 £") == [
                M(number: "12.50", symbol: "$", isTicker: false, isCurrencySign: true),
                M(number: "10", symbol: "€", isTicker: false, isCurrencySign: true),
                M(number: "7.5", symbol: "£", isTicker: false, isCurrencySign: true),
            ])
        // A number followed by a ticker is that ticker's, whatever word comes before it.
        #expect(NoteCheck.mentions(in: "rent: 1.5 TST to Alice") == [M(number: "1.5", symbol: "TST")])
        #expect(NoteCheck.mentions(in: "SEND BOB 5 ETH") == [M(number: "5", symbol: "ETH")])
        // Followed by anything else, the number is the ticker's before it (and read again
        // with the word after it, a word held to the lines only if they show it).
        #expect(
            NoteCheck.mentions(in: "USDC 12.5 for the order") == [
                M(number: "12.5", symbol: "USDC"), M(number: "12.5", symbol: "FOR", isTicker: false),
            ])
        // Words that label a number are read, but not as tickers.
        #expect(
            NoteCheck.mentions(in: "ID 42, INVOICE 7") == [
                M(number: "42", symbol: "ID", isTicker: false), M(number: "7", symbol: "INVOICE", isTicker: false),
            ])
    }

    @Test func whatIsNoAmountIsNotRead() {
        // Lower case with no colon, numbers joined to letters or points, one-letter words,
        // suffixes and numbers in words (out of scope), signs joined to words.
        for text in [
            "order 12 and 3 of them", "ERC-20 EIP-1559 v2 x1DOT 7", "USDC12.5 Q3 2026 D 7", "12.5k USDC 1M DAI",
            "twelve USDC",
            "1.2.3 DOT", "US$12 a$5", "TST 12.5k", "$ twelve", "version 1.2.3",
        ] {
            #expect(
                NoteCheck.mentions(in: text).allSatisfy { !$0.isTicker && !$0.isCurrencySign },
                "\(text): \(NoteCheck.mentions(in: text))")
        }
        #expect(NoteCheck.mentions(in: "12.5k USDC 1M DAI twelve USDC").isEmpty)
        #expect(NoteCheck.mentions(in: "ERC-20 EIP-1559 v2 x1DOT 7 USDC12.5").isEmpty)
    }

    @Test func aSymbolBeforeItsNumberIsHeldToTheLines() throws {
        #expect(try contradictions("TST 12.5").isEmpty)
        #expect(try contradictions("TST: 12.50").isEmpty)
        #expect(try contradictions("TST 10") == [Self.tenTST])
        #expect(try contradictions("you pay TST: 10, no more") == [Self.tenTST])
        #expect(
            try contradictions("Refund: USDC 12.5") == [
                "the note speaks of 12.5 USDC, but no signed line shows any USDC: trust the lines above, not the note"
            ])
        // The same amount named twice is flagged once.
        #expect(try contradictions("TST: 10 TST") == [Self.tenTST])
    }

    @Test func aLowerCaseSymbolIsHeldToTheLinesOnlyWhenTheyShowIt() throws {
        #expect(try contradictions("10 tst") == [Self.tenTST])
        #expect(try contradictions("tst: 10") == [Self.tenTST])
        #expect(try contradictions("12.5 tst").isEmpty)
        // Lower-case symbols the lines do not show are words, not assets.
        #expect(try contradictions("12.5 usdc, usdc: 3").isEmpty)
    }

    @Test func aCurrencySignIsHeldToEveryNumberTheLinesShow() throws {
        #expect(try contradictions("$12.50").isEmpty)
        #expect(try contradictions("worth 12.5 €").isEmpty)
        #expect(
            try contradictions("about $99") == [
                "the note speaks of $99, but no signed line shows the amount 99 in any asset (the signer shows amounts in the assets signed, never in a currency): trust the lines above, not the note"
            ])
        #expect(
            try contradictions("€ 1,000.5") == [
                "the note speaks of €1000.5, but no signed line shows the amount 1000.5 in any asset (the signer shows amounts in the assets signed, never in a currency): trust the lines above, not the note"
            ])
    }

    /// Ordinary notes stay quiet: false positives teach people to skip warnings.
    @Test func ordinaryNotesAreNotFlagged() throws {
        for note in [
            "rent for 2 months", "3 days late", "ID 42", "INVOICE 7 of 2026", "ERC 20 tokens", "EIP-1559 fees",
            "order 12: 12.5 TST",
            "TOP 10 reasons", "Q3 2026 payroll", "Rent: 12.5 TST for 2 months, invoice 42", "REF: 2026-11",
            "see PR 31 and issue 31",
            "pay in JAN 2026", "12.5k TST", "at 10:30 UTC", "v2.1 of the contract", "room 101, floor 3",
        ] {
            let warnings = try contradictions(note)
            #expect(warnings.isEmpty, "\(note): \(warnings)")
        }
    }
}
