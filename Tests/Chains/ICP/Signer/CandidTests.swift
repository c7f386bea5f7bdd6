import AirsignCandid
import AirsignEncoding
import AirsignTestSupport
import BigInt
import Testing

@testable import AirsignICP

@Suite struct CandidTests {
    @Test func fieldIdHashes() {
        guard let table = ICPVectorFile.section("candid")["field_id_hashes"] as? [String: Any] else {
            Issue.record("no field_id_hashes")
            return
        }
        var checked = 0
        for (name, value) in table where !name.hasPrefix("_") {
            guard let entry = value as? [String: Any], let id = entry["id"] as? Int else { continue }
            #expect(CandidLabel.hash(name) == UInt32(id), "\(name)")
            #expect(testHex(LEB128.encode(CandidLabel.hash(name))) == ICPVectorFile.string(entry, "leb128_hex"))
            checked += 1
        }
        #expect(checked == 13)
    }

    @Test func ledgerArgumentsMatchTheCandidCrateLayout() throws {
        guard let cases = ICPVectorFile.section("candid")["derived_ledger_args"] as? [[String: Any]], cases.count == 2
        else {
            Issue.record("no derived_ledger_args")
            return
        }
        let transfer = ICPLedgerTransfer(
            to: try ICPAccountIdentifier(hex: "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752"),
            amount: 12300, fee: 10000, memo: 0, fromSubaccount: nil, createdAtTime: 1_669_073_904_187_044_208)
        #expect(try testHex(transfer.argumentBytes()) == ICPVectorFile.string(cases[0], "arg_hex"))
        #expect(try ICPLedgerTransfer(candid: CandidDecoder().decode(transfer.argumentBytes())) == transfer)

        let owner = try Principal(bytes: testBytes("96a8fb8a064c17fad7866fc473c09c649ae706457293e26d1bf5665902"))
        let icrc1 = ICRC1Transfer(
            to: try ICRC1Account(owner: owner, subaccount: [UInt8](repeating: 0, count: 31) + [1]),
            amount: 1_200_000_000,
            fee: 10000, memo: [UInt8](repeating: 0, count: 8), fromSubaccount: nil,
            createdAtTime: 1_669_073_904_187_044_208)
        #expect(try testHex(icrc1.argumentBytes()) == ICPVectorFile.string(cases[1], "arg_hex"))
        #expect(try ICRC1Transfer(candid: CandidDecoder().decode(icrc1.argumentBytes())) == icrc1)
    }

    @Test func refusesMalformedMessages() {
        let bad: [(String, String)] = [
            ("", "empty"), ("4449444d0000", "wrong magic"), ("4449444c00017d", "truncated nat"),
            ("4449444c0001710361", "text longer than the message"), ("4449444c000171026162ff", "trailing byte"),
            ("4449444c00016f", "a value of type empty"), ("4449444c0001680000", "opaque principal"),
            ("4449444c016e7c010002", "opt tag 2"), ("4449444c016c02020003017e0100", "field ids out of order"),
            ("4449444c0001717f", "huge text length"), ("4449444c0001050000", "type index outside the table"),
            ("4449444c017d0000", "primitive in the type table"), ("4449444c00017102c328", "invalid UTF-8"),
            ("4449444c00017e02", "bool 2"), ("4449444c016b01007f010001", "variant index out of range"),
        ]
        for (hex, why) in bad {
            #expect(throws: CandidError.self, "\(why)") { try CandidDecoder().decode(testBytes(hex)) }
        }
    }

    @Test func functionTypesHaveAtMostOneAnnotationAsTheCandidCrateReads() throws {
        // func () -> () query: one annotation decodes.
        #expect(try CandidDecoder().decode(testBytes("4449444c016a0000010100")).values.isEmpty)
        // Two annotations (query, oneway), and a count written as an overlong LEB128 zero: the
        // crate reads the count as one byte of at most 1, so neither reading takes them.
        for hex in ["4449444c016a000002010200", "4449444c016a0000800000"] {
            #expect(throws: CandidError.self, "\(hex)") { try CandidDecoder().decode(testBytes(hex)) }
            #expect(throws: CandidError.self, "\(hex)") { try CandidDecoder(limits: .spec).decode(testBytes(hex)) }
        }
        // Nor does the text: the crate's type checker says "cannot have more than one mode".
        #expect(throws: CandidError.self) {
            try CandidInterface(parsing: "type f = func () -> () query oneway;", origin: "test")
        }
        _ = try CandidInterface(parsing: "type f = func () -> () composite_query;", origin: "test")
    }

    @Test func recursiveAndHugeInputsStopAtTheLimits() {
        // type 0 = record { 0 : 0 }: a value never ends; the depth limit stops it.
        #expect(throws: CandidError.self) { try CandidDecoder().decode(testBytes("4449444c016c0100000100")) }
        // vec null with 2^32 elements: zero bytes each, the value budget stops it.
        #expect(throws: CandidError.self) { try CandidDecoder().decode(testBytes("4449444c016d7f01008080808010")) }
    }

    @Test func sharedTypeEntriesDoNotExpandExponentially() throws {
        // 15 entries: each a 64-case variant whose cases all point at the next entry, the last
        // one's at null. The value is 15 bytes; the expanded type would be 64^15 nodes.
        var bytes = Array("DIDL".utf8) + [15]
        for entry in 0..<15 {
            bytes += [0x6b, 64]
            for id in 0..<64 { bytes += [UInt8(id), entry == 14 ? 0x7f : UInt8(entry + 1)] }
        }
        bytes += [1, 0] + [UInt8](repeating: 0, count: 15)
        let message = try CandidDecoder().decode(bytes)
        #expect(throws: ICPError.self) { try ICPLedgerTransfer(candid: message) }
        #expect(throws: ICPError.self) { try ICRC1Transfer(candid: message) }
    }

    @Test func randomCorruptionsNeverTrap() throws {
        var random = SeededRandom.forTest("CandidTests.randomCorruptionsNeverTrap")
        let seeds = [
            try ICPLedgerTransfer(
                to: try ICPAccountIdentifier(hex: "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752"),
                amount: 1, fee: 10000, memo: 7, fromSubaccount: [UInt8](repeating: 3, count: 32), createdAtTime: 5
            ).argumentBytes(),
            try ICRC1Transfer(
                to: try ICRC1Account(owner: .anonymous), amount: BigUInt(1) << 100, fee: nil, memo: [1, 2],
                fromSubaccount: nil, createdAtTime: nil
            ).argumentBytes(),
        ]
        var decoded = 0
        for seed in seeds {
            for input in random.corruptions(of: seed, count: 3000) {
                if let message = try? CandidDecoder().decode(input) {
                    #expect(CandidText.arguments(message.values).utf8.count <= CandidText.maxLength + 80)
                    decoded += 1
                }
            }
        }
        // Corruptions inside a blob or a number still decode; the rest are refused, none traps.
        #expect(decoded > 0 && decoded < 6000)
    }

    /// Text numbers are bounded by what the decoder reads (64 LEB128 bytes): what type-checks
    /// encodes to bytes the signer decodes (found by the candid-text fuzz target).
    @Test func textNumbersStayWithinWhatTheDecoderReads() throws {
        let typing = CandidTextTyping(environment: .empty, origin: "--args")
        let widest = (BigUInt(1) << 448) - 1
        let values = try typing.arguments("(\(widest))", types: [.nat])
        #expect(try CandidDecoder().decode(try CandidEncoder.encode([(.nat, values[0])])).values == [.nat(widest)])
        do {
            _ = try typing.arguments("(\(widest + 1))", types: [.nat])
            Issue.record("accepted a nat wider than 448 bits")
        } catch {
            #expect("\(error)" == "--args argument 1: \(widest + 1) is out of the range of nat")
        }
        let lowest = -(BigInt(1) << 447) + 1
        #expect(
            try CandidDecoder().decode(try CandidEncoder.encode(try typing.inferredArguments("(\(lowest) : int)")))
                .values == [.int(lowest)])
        #expect(throws: CandidError.self) { _ = try typing.inferredArguments("(\(lowest - 1) : int)") }
    }
}
