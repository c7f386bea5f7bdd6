import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignTestSupport
import Testing

/// EIP-712 encoding rules beyond the Mail vector, and refusals of malformed typed data.
@Suite struct TypedDataTests {
    private func typed(_ text: String) throws -> TypedData { try TypedData(jsonText: Array(text.utf8)) }

    private func document(types: String, primary: String, message: String) -> String {
        """
        {"types":{"EIP712Domain":[{"name":"name","type":"string"}],\(types)},
         "primaryType":"\(primary)","domain":{"name":"t"},"message":\(message)}
        """
    }

    @Test func encodeTypeOrdersDependencies() throws {
        let t = try typed(
            document(
                types: """
                    "Z":[{"name":"b","type":"B[]"},{"name":"a","type":"A[2][]"}],"B":[{"name":"x","type":"uint8"}],"A":[{"name":"c","type":"C"}],"C":[{"name":"s","type":"string"}]
                    """, primary: "Z", message: #"{"b":[],"a":[]}"#))
        #expect(try t.encodeType("Z") == "Z(B[] b,A[2][] a)A(C c)B(uint8 x)C(string s)")
        #expect(try t.digest().count == 32)
    }

    @Test func integersAndRanges() throws {
        let types = #""T":[{"name":"u","type":"uint8"},{"name":"i","type":"int8"}]"#
        _ = try typed(document(types: types, primary: "T", message: #"{"u":255,"i":-128}"#)).digest()
        _ = try typed(document(types: types, primary: "T", message: #"{"u":"0xff","i":"127"}"#)).digest()
        for bad in [
            #"{"u":256,"i":0}"#, #"{"u":0,"i":128}"#, #"{"u":0,"i":-129}"#, #"{"u":-1,"i":0}"#, #"{"u":1.5,"i":0}"#,
            #"{"u":"1e2","i":0}"#, #"{"u":true,"i":0}"#,
        ] {
            #expect(throws: EthereumError.self, "\(bad)") {
                try typed(document(types: types, primary: "T", message: bad)).digest()
            }
        }
        // −1 as int8 is 32 bytes of 0xff in the encoding.
        let minus = try typed(
            document(types: #""T":[{"name":"i","type":"int8"}]"#, primary: "T", message: #"{"i":-1}"#))
        #expect(try minus.encodeData("T", minus.message).suffix(32) == [UInt8](repeating: 0xff, count: 32))
    }

    @Test func malformedValues() throws {
        let types = #""T":[{"name":"a","type":"address"},{"name":"b","type":"bytes4"},{"name":"f","type":"bool"}]"#
        let good = #"{"a":"0x52908400098527886E0F7030069857D2E4169EE7","b":"0x01020304","f":true}"#
        _ = try typed(document(types: types, primary: "T", message: good)).digest()
        for bad in [
            #"{"a":"0x5290","b":"0x01020304","f":true}"#,  // short address
            #"{"a":"0x52908400098527886E0F7030069857D2E4169EE","b":"0x01020304","f":true}"#,  // 39 digits
            #"{"a":"0x52908400098527886E0F7030069857D2E4169EEg","b":"0x01020304","f":true}"#,  // not hex
            #"{"a":"0x52908400098527886E0F7030069857D2E4169EE7","b":"0x010203","f":true}"#,  // bytes4 of 3
            #"{"a":"0x52908400098527886E0F7030069857D2E4169EE7","b":"0x01020304","f":1}"#,  // bool as number
            #"{"a":"0x52908400098527886E0F7030069857D2E4169EE7","b":"0x01020304"}"#,  // missing member
            #"{"a":"0x52908400098527886E0F7030069857D2E4169EE7","b":"0x01020304","f":true,"x":1}"#,  // extra member
        ] {
            #expect(throws: EthereumError.self, "\(bad)") {
                try typed(document(types: types, primary: "T", message: bad)).digest()
            }
        }
    }

    /// EIP-712 hashes an address as its 20 bytes (eth-account reads any case): a mixed case that
    /// is not the EIP-55 checksum signs the same digest as the checksummed form, and the review
    /// names the address in a warning instead of refusing it.
    @Test func mixedCaseThatIsNotTheChecksumHashesAsItsBytesAndIsNamed() throws {
        let types = #""T":[{"name":"a","type":"address"}]"#
        let checksummed = try typed(
            document(types: types, primary: "T", message: #"{"a":"0x52908400098527886E0F7030069857D2E4169EE7"}"#))
        let lower = try typed(
            document(types: types, primary: "T", message: #"{"a":"0x52908400098527886e0f7030069857d2e4169ee7"}"#))
        let wrongCase = try typed(
            document(types: types, primary: "T", message: #"{"a":"0x52908400098527886E0F7030069857D2E4169Ee7"}"#))
        #expect(try wrongCase.digest() == checksummed.digest())
        #expect(try lower.digest() == checksummed.digest())
        #expect(try TypedDataReview(checksummed).badChecksums.isEmpty)
        #expect(try TypedDataReview(lower).badChecksums.isEmpty)
        let review = try TypedDataReview(wrongCase)
        #expect(review.badChecksums == ["message a: 0x52908400098527886E0F7030069857D2E4169Ee7"])
        #expect(review.message.first?.value == "0x52908400098527886E0F7030069857D2E4169EE7")
    }

    @Test func unknownAndCyclicTypes() {
        #expect(throws: EthereumError.invalidTypedData("unknown type \"Nope\"")) {
            try typed(document(types: #""T":[{"name":"n","type":"Nope"}]"#, primary: "T", message: "{}"))
        }
        #expect(throws: EthereumError.invalidTypedData("unknown type \"uint7\"")) {
            try typed(document(types: #""T":[{"name":"n","type":"uint7"}]"#, primary: "T", message: "{}"))
        }
        do {
            _ = try typed(
                document(
                    types: #""A":[{"name":"b","type":"B"}],"B":[{"name":"a","type":"A[]"}]"#, primary: "A",
                    message: "{}"))
            Issue.record("cyclic types accepted")
        } catch {
            #expect(String(describing: error).contains("cyclic type"))
        }
        #expect(throws: EthereumError.self) {
            try typed(document(types: #""A":[{"name":"a","type":"A"}]"#, primary: "A", message: "{}"))
        }
        #expect(throws: EthereumError.self) {
            try typed(#"{"types":{"T":[]},"primaryType":"T","domain":{},"message":{}}"#)
        }
        #expect(throws: EthereumError.self) {
            try typed(document(types: #""T":[]"#, primary: "Missing", message: "{}"))
        }
        #expect(throws: EthereumError.self) {
            try typed(document(types: #""uint256":[]"#, primary: "uint256", message: "{}"))
        }
        // eth-account takes `uint` and `int` for atomic types and leaves a struct of that name
        // out of encodeType: the same document would hash to another digest there.
        for alias in ["uint", "int"] {
            #expect(throws: EthereumError.invalidTypedData("type \"\(alias)\" redefines an atomic type")) {
                try typed(
                    document(
                        types:
                            "\"M\":[{\"name\":\"a\",\"type\":\"\(alias)\"}],\"\(alias)\":[{\"name\":\"x\",\"type\":\"uint8\"}]",
                        primary: "M", message: #"{"a":{"x":1}}"#))
            }
        }
    }

    /// Nesting a document asks for is bounded before anything recurses on it: thousands of
    /// array dimensions or a chain of thousands of types once overflowed the stack.
    @Test func deepTypesAreRefusedNotOverflowed() throws {
        let deepArray = "uint8" + String(repeating: "[]", count: 5000)
        do {
            _ = try typed(
                document(
                    types: "\"T\":[{\"name\":\"v\",\"type\":\"\(deepArray)\"}]", primary: "T", message: #"{"v":[]}"#))
            Issue.record("5000 array dimensions accepted")
        } catch {
            #expect(String(describing: error).contains("more than 64 array dimensions"))
        }
        // Seaport's bulk-order tree (24 dimensions) still reads and hashes.
        let tree = "uint8" + String(repeating: "[2]", count: 24)
        _ = try typed(
            document(types: "\"T\":[{\"name\":\"v\",\"type\":\"\(tree)[]\"}]", primary: "T", message: #"{"v":[]}"#)
        ).digest()

        // T0 → T1[] → … → Tn: every link an empty array, so the message is tiny.
        func chain(_ count: Int) -> String {
            (0..<count).map { i in
                "\"T\(i)\":[{\"name\":\"x\",\"type\":\"" + (i + 1 < count ? "T\(i + 1)[]" : "uint8") + "\"}]"
            }.joined(separator: ",")
        }
        do {
            _ = try typed(document(types: chain(20000), primary: "T0", message: #"{"x":[]}"#))
            Issue.record("20000 types accepted")
        } catch {
            #expect(String(describing: error).contains("more than the 256 allowed"))
        }
        _ = try typed(document(types: chain(TypedData.maxTypes - 1), primary: "T0", message: #"{"x":[]}"#)).digest()
    }

    /// Type hashes are computed once per document: 2,000 values of a type with 254 dependencies
    /// took a minute when each value re-derived its type string. (No clock here: unit tests do
    /// not time; a return of the quadratic path shows as this test taking minutes.)
    @Test func manyValuesOfADeepTypeHashQuickly() throws {
        let count = TypedData.maxTypes - 1
        let types = (0..<count).map { i in
            "\"T\(i)\":[{\"name\":\"x\",\"type\":\"" + (i + 1 < count ? "T\(i + 1)[]" : "uint8") + "\"}]"
        }.joined(separator: ",")
        let message = "{\"x\":[" + Array(repeating: #"{"x":[]}"#, count: 2000).joined(separator: ",") + "]}"
        let t = try typed(document(types: types, primary: "T0", message: message))
        _ = try t.digest()
        #expect(try t.typeHash("T1") == Keccak256.hash(Array(try t.encodeType("T1").utf8)))
    }

    /// Members are checked and looked up by hash: a struct of 60,000 members kept the signer
    /// busy for more than ten minutes when each lookup scanned the list. (Untimed, as above.)
    @Test func aStructOfManyMembersHashesQuickly() throws {
        let names = (0..<20_000).map { "m\($0)" }
        let types = "\"T\":[" + names.map { "{\"name\":\"\($0)\",\"type\":\"bool\"}" }.joined(separator: ",") + "]"
        let message = "{" + names.map { "\"\($0)\":true" }.joined(separator: ",") + "}"
        let t = try typed(document(types: types, primary: "T", message: message))
        let review = try TypedDataReview(t)
        #expect(review.message.count == 20_000)
    }

    /// A key is a member only when its bytes are the member's name: "\u{212A}ey" (Kelvin sign)
    /// is canonically equivalent to "Key" as a Swift string, yet another key, and refused.
    @Test func memberNamesCompareByBytes() throws {
        let types = #""T":[{"name":"Key","type":"uint8"}]"#
        _ = try typed(document(types: types, primary: "T", message: #"{"Key":1}"#)).digest()
        #expect(throws: EthereumError.invalidTypedData("T has no member \"\u{212A}ey\"")) {
            try typed(document(types: types, primary: "T", message: #"{"Key":1,"\u212Aey":2}"#)).digest()
        }
    }

    @Test func arraysCheckLength() throws {
        let types = #""T":[{"name":"v","type":"uint256[2][]"}]"#
        _ = try typed(document(types: types, primary: "T", message: #"{"v":[[1,2],[3,4]]}"#)).digest()
        #expect(throws: EthereumError.self) {
            try typed(document(types: types, primary: "T", message: #"{"v":[[1,2,3]]}"#)).digest()
        }
        #expect(throws: EthereumError.self) {
            try typed(document(types: types, primary: "T", message: #"{"v":[1]}"#)).digest()
        }
    }
}

@Suite struct TypedDataReviewTests {
    @Test func mailAsATree() throws {
        let text = """
            {"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],
              "Person":[{"name":"name","type":"string"},{"name":"wallet","type":"address"}],
              "Mail":[{"name":"from","type":"Person"},{"name":"to","type":"Person[]"},{"name":"n","type":"uint8[2]"}]},
             "primaryType":"Mail","domain":{"name":"Ether Mail","chainId":1},
             "message":{"from":{"name":"Cow","wallet":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826"},
                        "to":[{"name":"Bob","wallet":"0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"}],"n":["0x10",2]}}
            """
        let review = try TypedDataReview(try TypedData(jsonText: Array(text.utf8)))
        #expect(review.networkName == "Ethereum Mainnet")
        #expect(review.domain.map(\.value) == ["\"Ether Mail\"", "1"])
        #expect(
            review.message.map { "\($0.depth) \($0.name) \($0.type) \($0.value)" } == [
                "0 from Person ", "1 name string \"Cow\"",
                "1 wallet address 0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826",
                "0 to Person[] 1 item", "1 [0] Person ", "2 name string \"Bob\"",
                "2 wallet address 0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB",
                "0 n uint8[2] 2 items", "1 [0] uint8 16", "1 [1] uint8 2",
            ])
        #expect(review.digest.count == 66)
    }
}
