import AirsignEncoding
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignTransport

/// The published BC-UR vectors (vectors/ur.json, from bc-ur's test.cpp and the BCR papers):
/// bytewords, Xoshiro256**, the sampler, degrees, shuffles, fragments and every fountain part.
@Suite struct URVectorTests {
    nonisolated(unsafe) static let file: [String: Any] = {
        let url = Vectors.directory.appendingPathComponent("ur.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }()

    static func section(_ key: String) throws -> [String: Any] {
        try #require(file[key] as? [String: Any], "vectors/ur.json lacks \(key)")
    }

    static func ints(_ value: Any?) throws -> [Int] {
        try #require(value as? [Int])
    }

    static func makeMessage(_ count: Int) -> [UInt8] {
        var rng = Xoshiro256(string: "Wolf")
        return rng.nextData(count: count)
    }

    @Test func crc32() throws {
        let crc = try Self.section("crc32")
        #expect(hex32(CRC32.checksum(Array("Hello, world!".utf8))) == crc["Hello, world!"] as? String)
        #expect(hex32(CRC32.checksum(Array("Wolf".utf8))) == crc["Wolf"] as? String)
    }

    @Test func bytewordsShortVector() throws {
        let v = try #require(try Self.section("bytewords")["test1"] as? [String: Any])
        let input = try Self.ints(v["input"]).map { UInt8($0) }
        #expect(Bytewords.encode(input, style: .standard) == v["standard"] as? String)
        #expect(Bytewords.encode(input, style: .uri) == v["uri"] as? String)
        #expect(Bytewords.encode(input, style: .minimal) == v["minimal"] as? String)
        #expect(try Bytewords.decode(try #require(v["standard"] as? String), style: .standard) == input)
        #expect(try Bytewords.decode(try #require(v["uri"] as? String), style: .uri) == input)
        #expect(try Bytewords.decode(try #require(v["minimal"] as? String), style: .minimal) == input)
        #expect(try Bytewords.decode(try #require(v["minimal"] as? String).uppercased(), style: .minimal) == input)
    }

    @Test func bytewordsHundredBytes() throws {
        let v = try #require(try Self.section("bytewords")["test2_100_bytes"] as? [String: Any])
        let input = try Self.ints(v["input"]).map { UInt8($0) }
        #expect(Bytewords.encode(input, style: .standard) == v["standard"] as? String)
        #expect(Bytewords.encode(input, style: .minimal) == v["minimal"] as? String)
        #expect(try Bytewords.decode(try #require(v["standard"] as? String), style: .standard) == input)
        #expect(try Bytewords.decode(try #require(v["minimal"] as? String), style: .minimal) == input)
    }

    @Test func bytewordsSeedExample() throws {
        let v = try #require(try Self.section("bytewords")["seed_example"] as? [String: Any])
        let body = testBytes(try #require(v["body_cbor"] as? String))
        #expect(Bytewords.encode(body, style: .minimal) == v["minimal"] as? String)
        let ur = try #require(try Self.section("bytewords")["ur_seed_example"] as? [String: Any])
        let seed = try UR(type: "seed", cbor: testBytes(try #require(ur["cbor"] as? String)))
        #expect(seed.string == ur["ur"] as? String)
    }

    @Test func bytewordsRejectsBadInput() throws {
        let v = try #require(try Self.section("bytewords")["invalid"] as? [String: Any])
        for text in try #require(v["minimal"] as? [String]) {
            #expect(throws: TransportError.self) { try Bytewords.decode(text, style: .minimal) }
        }
        for text in try #require(v["standard"] as? [String]) {
            #expect(throws: TransportError.self) { try Bytewords.decode(text, style: .standard) }
        }
        for text in try #require(v["uri"] as? [String]) {
            #expect(throws: TransportError.self) { try Bytewords.decode(text, style: .uri) }
        }
    }

    @Test func xoshiroSequences() throws {
        var wolf = Xoshiro256(string: "Wolf")
        #expect(
            (0..<100).map { _ in Int(wolf.next() % 100) }
                == (try Self.ints(Self.file["xoshiro_Wolf_next_mod_100_first_100"])))
        var fromCRC = Xoshiro256(checksum: CRC32.checksum(Array("Wolf".utf8)))
        #expect(
            (0..<100).map { _ in Int(fromCRC.next() % 100) }
                == (try Self.ints(Self.file["xoshiro_crc32(Wolf)_BE_next_mod_100_first_100"])))
        var ints = Xoshiro256(string: "Wolf")
        #expect(
            (0..<100).map { _ in ints.nextInt(in: 1...10) }
                == (try Self.ints(Self.file["xoshiro_Wolf_nextInt_1_10_first_100"])))
    }

    @Test func makeMessageAndXor() throws {
        #expect(testHex(Self.makeMessage(256)) == Self.file["makeMessage_256_hex"] as? String)
        var rng = Xoshiro256(string: "Wolf")
        var a = rng.nextData(count: 10)
        let b = rng.nextData(count: 10)
        #expect(testHex(a) == "916ec65cf77cadf55cd7" && testHex(b) == "f9cda1a1030026ddd42e")
        xorInto(&a, b)
        #expect(testHex(a) == "68a367fdf47c8b2888f9")
    }

    @Test func randomSampler() throws {
        let v = try Self.section("randomSampler_weights_1_2_4_8_Wolf_500")
        let sampler = RandomSampler(weights: [1, 2, 4, 8])
        var rng = Xoshiro256(string: "Wolf")
        #expect((0..<500).map { _ in sampler.next(&rng) } == (try Self.ints(v["samples"])))
    }

    @Test func degrees() throws {
        let v = try Self.section("chooseDegree_seqLen_11_Wolf-nonce_1_to_200")
        let chooser = FragmentChooser(seqLen: 11, checksum: 0)
        let degrees = (1...200).map { nonce in
            var rng = Xoshiro256(string: "Wolf-\(nonce)")
            return chooser.chooseDegree(&rng)
        }
        #expect(degrees == (try Self.ints(v["degrees"])))
    }

    @Test func shuffles() throws {
        let prefixes = try #require(Self.file["shuffle_1_to_10_seed_Wolf"] as? [[Int]])
        for (i, expected) in prefixes.enumerated() {
            var rng = Xoshiro256(string: "Wolf")
            #expect(FragmentChooser.shuffled(Array(1...10), count: i + 1, rng: &rng) == expected)
        }
        let full = try #require(try Self.section("shuffle_full_1_to_10_one_rng_Wolf")["shuffles"] as? [[Int]])
        var rng = Xoshiro256(string: "Wolf")
        for expected in full {
            #expect(FragmentChooser.shuffled(Array(1...10), count: 10, rng: &rng) == expected)
        }
    }

    @Test func nominalFragmentLengthAndPartition() throws {
        for case let v as [String: Int] in try #require(Self.file["findNominalFragmentLength"] as? [Any]) {
            let got = FountainEncoder.nominalFragmentLength(
                messageLen: v["messageLen"] ?? 0, minFragmentLen: v["min"] ?? 0,
                maxFragmentLen: v["max"] ?? 0)
            #expect(got == v["result"])
        }
        let p = try Self.section("partition_makeMessage_1024_min10_max100")
        let message = Self.makeMessage(1024)
        let length = FountainEncoder.nominalFragmentLength(messageLen: 1024, minFragmentLen: 10, maxFragmentLen: 100)
        #expect(length == p["fragmentLen"] as? Int)
        #expect(FountainEncoder.partition(message, fragmentLen: length).map(testHex) == p["fragments"] as? [String])
    }

    @Test func fragmentChooser() throws {
        let v = try Self.section("fragmentChooser_makeMessage_1024_seqNum_1_to_50")
        let checksum = CRC32.checksum(Self.makeMessage(1024))
        #expect(hex32(checksum) == v["checksum"] as? String)
        let chooser = FragmentChooser(seqLen: try #require(v["seqLen"] as? Int), checksum: checksum)
        let expected = try #require(v["indexes"] as? [[Int]])
        #expect((1...50).map { chooser.fragments(seqNum: UInt32($0)) } == expected)
    }

    @Test func fountainEncoderParts() throws {
        let v = try Self.section("fountainEncoder_makeMessage_256_maxFragmentLen_30")
        var encoder = try FountainEncoder(message: Self.makeMessage(256), maxFragmentLen: 30)
        #expect(hex32(encoder.checksum) == v["checksum"] as? String)
        let parts = try #require(v["parts"] as? [[String: Any]])
        #expect(parts.count == 20)
        for expected in parts {
            let part = encoder.nextPart()
            #expect(Int(part.seqNum) == expected["seqNum"] as? Int)
            #expect(testHex(part.data) == expected["data"] as? String)
            #expect(testHex(part.cbor) == expected["cbor"] as? String)
            #expect(try FountainPart(cbor: part.cbor) == part)
        }
    }

    @Test func urEncoderPartsAndSinglePart() throws {
        let v = try Self.section("urEncoder_bytes_makeMessage_256_maxFragmentLen_30")
        let ur = UR.bytes(Self.makeMessage(256))
        #expect(testHex(ur.cbor) == v["message_cbor_hex"] as? String)
        var encoder = try UREncoder(ur: ur, maxFragmentLen: 30)
        let parts = try #require(v["parts"] as? [String])
        #expect((0..<parts.count).map { _ in encoder.nextPart() } == parts)
        // The published parts decode back, in any order and in upper case.
        var assembler = MessageAssembler()
        for part in parts.reversed() where !assembler.isComplete {
            try assembler.receive(Array(part.uppercased().utf8))
        }
        #expect(assembler.message == Self.makeMessage(256))

        let single = try Self.section("singlePart_bytes_makeMessage_50")
        #expect(UR.bytes(Self.makeMessage(50)).string == single["ur"] as? String)
        var one = MessageAssembler()
        try one.receive(Array(try #require(single["ur"] as? String).utf8))
        #expect(one.message == Self.makeMessage(50))
    }

    @Test func partCBOR() throws {
        let v = try Self.section("fountain_part_cbor_test")
        let part = FountainPart(seqNum: 12, seqLen: 8, messageLen: 100, checksum: 0x1234_5678, data: [1, 5, 3, 3, 5])
        #expect(testHex(part.cbor) == v["cbor"] as? String)
    }

    /// bc-ur test_fountain_decoder / test_multipart_ur: 32 767 bytes in 1 000-byte fragments,
    /// starting at sequence number 100, i.e. in the mixed region.
    @Test func decoderStartingInTheMixedRegion() throws {
        let message = Self.makeMessage(32767)
        var encoder = try FountainEncoder(message: message, maxFragmentLen: 1000, firstSeqNum: 100)
        var decoder = FountainDecoder()
        var count = 0
        while !decoder.isComplete, count < 1000 {
            try decoder.receive(encoder.nextPart())
            count += 1
        }
        #expect(decoder.message == message)
    }
}
