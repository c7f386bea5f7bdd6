import AirsignEncoding
import AirsignEthereum
import AirsignEthereumOnline
import AirsignTestSupport
import BigInt
import Testing

/// The strict ABI codec (issue 21 Build 1): the Solidity documentation's examples, the strict
/// decoder's refusals, signatures and JSON ABIs, and random nested values round-tripped.
@Suite struct ABICodecTests {
    struct Vectors: Decodable {
        struct Call: Decodable {
            let signature: String
            let arguments: [String]
            let calldata: String
        }
        let calls: [Call]
    }

    @Test func theSolidityDocumentationsExamples() throws {
        let vectors = try AirsignTestSupport.Vectors.load("ethereum-abi", as: Vectors.self)
        #expect(vectors.calls.count == 5)
        for call in vectors.calls {
            let function = try ABIFunction(signature: call.signature)
            let values = try ABIArguments.parse(call.arguments, for: function.inputs)
            let encoded = try ABIEncoder.call(function, values)
            #expect(testHex(encoded) == call.calldata.dropFirst(2).lowercased(), "\(call.signature)")
            #expect(try function.decode(calldata: encoded) == values, "\(call.signature)")
        }
    }

    static func decodeError(_ type: String, _ hex: String) -> String {
        do {
            _ = try ABIDecoder.decode([try ABISignature.parameter(type).type], from: testBytes(hex))
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func theDecoderIsStrict() {
        let zero = String(repeating: "00", count: 31)
        #expect(Self.decodeError("uint8", zero + "ff") == "accepted")
        #expect(
            Self.decodeError("uint8", String(repeating: "00", count: 30) + "01ff").contains(
                "argument 1 (uint8): dirty high bits"))
        #expect(
            Self.decodeError("int16", String(repeating: "00", count: 30) + "8000").contains(
                "not an int16 sign-extended"))
        #expect(Self.decodeError("int16", String(repeating: "ff", count: 30) + "8000") == "accepted")
        #expect(
            Self.decodeError("address", "01" + String(repeating: "00", count: 11) + String(repeating: "22", count: 20))
                .contains("12 zero bytes"))
        #expect(Self.decodeError("bool", zero + "02").contains("a bool is 0 or 1"))
        #expect(
            Self.decodeError("bytes2", "abcd" + String(repeating: "00", count: 29) + "01").contains("dirty low bytes"))
        // bytes: offset 0x20, length 1, one byte, padding.
        let good = zero + "20" + zero + "01" + "aa" + zero
        #expect(Self.decodeError("bytes", good) == "accepted")
        #expect(Self.decodeError("bytes", good + zero + "00").contains("trailing data"))
        #expect(
            Self.decodeError("bytes", zero + "40" + zero + "01" + "aa" + zero + zero + "00").contains(
                "offset 64 is not the strict encoding's 32"))
        #expect(
            Self.decodeError("bytes", zero + "20" + zero + "01" + "aa" + String(repeating: "00", count: 30) + "01")
                .contains("nonzero padding"))
        #expect(
            Self.decodeError("bytes", zero + "20" + zero + "41" + String(repeating: "aa", count: 32)).contains(
                "runs past the end"))
        #expect(Self.decodeError("bytes", zero + "20").contains("the data ends before its length"))
        #expect(
            Self.decodeError("uint256[]", zero + "20" + String(repeating: "ff", count: 32)).contains(
                "larger than the data"))
        #expect(Self.decodeError("uint256[]", zero + "20" + zero + "05" + zero + "01").contains("does not fit"))
        #expect(Self.decodeError("string", zero + "20" + zero + "01" + "ff" + zero).contains("not valid UTF-8"))
        #expect(Self.decodeError("(uint8,uint8)", zero + "01").contains("before the 64 bytes of heads"))
        #expect(Self.decodeError("(uint8,bytes)", zero + "01").contains("offset 1 is not the strict encoding's 32"))
        // A huge static array is refused by its size, before anything is allocated.
        #expect(
            Self.decodeError("uint256[1048576][1048576]", zero + "01").contains(
                "before the 35184372088832 bytes of heads"))
    }

    @Test func signaturesAsPeopleWriteThem() throws {
        let function = try ABIFunction(
            signature:
                "function deposit(address asset, uint256 amount, address onBehalfOf, uint16 referralCode) returns (bool)"
        )
        #expect(function.canonicalSignature == "deposit(address,uint256,address,uint16)")
        #expect(testHex(function.selector) == "e8eda9df")
        #expect(function.described == "deposit(address asset,uint256 amount,address onBehalfOf,uint16 referralCode)")
        let swap = try ABIFunction(
            signature: "exactInput((bytes path, address recipient, uint256 amountIn, uint256 amountOutMinimum) params)")
        #expect(swap.canonicalSignature == "exactInput((bytes,address,uint256,uint256))")
        #expect(testHex(swap.selector) == "b858183f")
        #expect(
            try ABIFunction(signature: "f(tuple(uint a, bytes memory b)[2] calldata xs, uint)").canonicalSignature
                == "f((uint256,bytes)[2],uint256)")
        #expect(try ABIFunction(signature: "balanceOf(address)(uint256)").canonicalSignature == "balanceOf(address)")
        for (bad, why) in [
            ("f(uint7)", "unknown type \"uint7\""), ("f(uint256", "\")\" is expected"), ("f(())", "an empty tuple"),
            ("f(uint256[0])", "array length \"0\""), ("f(fixed128x18)", "not supported"),
            ("f(bytes33)", "unknown type"),
            ("f(uint256) x", "unexpected text"), ("(uint256)", "a function name is expected"),
            (
                "f(" + String(repeating: "(", count: 40) + "uint8" + String(repeating: ")", count: 40) + ")",
                "deeper than 32"
            ),
        ] {
            #expect(throws: EthereumError.self, "\(bad)") { try ABIFunction(signature: bad) }
            do { _ = try ABIFunction(signature: bad) } catch { #expect("\(error)".contains(why), "\(bad): \(error)") }
        }
    }

    @Test func jsonABIs() throws {
        let json = try JSONParser().parse(
            Array(
                """
                [{"type":"constructor","inputs":[{"name":"supply","type":"uint256"}]},
                 {"type":"event","name":"Transfer","inputs":[]},
                 {"type":"function","name":"swap","inputs":[{"name":"orders","type":"tuple[]","components":[
                   {"name":"token","type":"address"},{"name":"amounts","type":"uint256[2]"}]},{"name":"","type":"bytes"}]}]
                """.utf8))
        let functions = try ABIFunction.functions(inJSONABI: json)
        #expect(functions.map(\.name) == ["", "swap"])
        #expect(functions[1].canonicalSignature == "swap((address,uint256[2])[],bytes)")
        #expect(functions[1].described == "swap((address token,uint256[2] amounts)[] orders,bytes)")
        // A Foundry or Hardhat artifact: the ABI under "abi".
        #expect(try ABIFunction.functions(inJSONABI: .object([(key: "abi", value: json)])).count == 2)
        for bad in [
            #"[{"type":"function","name":"f","inputs":[{"type":"tuple"}]}]"#, #"[{"type":"function","inputs":[]}]"#,
            #"[{"type":"function","name":"f","inputs":[{"type":"uint256","components":[]}]}]"#, #"{"functions":[]}"#,
        ] {
            #expect(throws: EthereumError.self, "\(bad)") {
                try ABIFunction.functions(inJSONABI: try JSONParser().parse(Array(bad.utf8)))
            }
        }
    }

    @Test func argumentsInCastsSyntax() throws {
        let function = try ABIFunction(
            signature: "f(uint8 a,int16 b,address c,bool d,bytes2 e,bytes f,string g,(uint256,string)[] h)")
        let values = try ABIArguments.parse(
            [
                "0xff", "-5", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "true", "0xabcd", "0x", "hello, [world]",
                #"[(1.5ether,"a,b"),(2,c)]"#,
            ],
            for: function.inputs)
        #expect(
            values[0] == .uint(255) && values[1] == .int(-5) && values[3] == .bool(true)
                && values[6] == .string("hello, [world]"))
        #expect(
            values[7]
                == .array([
                    .tuple([.uint(BigUInt(15) * BigUInt(10).power(17)), .string("a,b")]),
                    .tuple([.uint(2), .string("c")]),
                ]))
        func refusal(_ arguments: [String]) -> String {
            do { _ = try ABIArguments.parse(arguments, for: function.inputs); return "accepted" } catch {
                return "\(error)"
            }
        }
        let good = ["1", "1", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "false", "0xabcd", "0x", "x", "[]"]
        #expect(refusal(good) == "accepted")
        var args = good
        args[0] = "256"
        #expect(refusal(args) == "ABI: argument 1 (uint8 a): 256 does not fit uint8")
        args = good
        args[1] = "-32769"
        #expect(refusal(args) == "ABI: argument 2 (int16 b): -32769 does not fit int16")
        args = good
        args[2] = "0x9858efFD232B4033E47d90003D41EC34EcaEda94"
        #expect(refusal(args).hasPrefix("ABI: argument 3 (address c): "))
        args = good
        args[3] = "yes"
        #expect(refusal(args) == "ABI: argument 4 (bool d): \"yes\" is not true or false")
        args = good
        args[4] = "0xab"
        #expect(refusal(args) == "ABI: argument 5 (bytes2 e): bytes2 takes exactly 2 bytes (4 hex digits), not 1")
        args = good
        args[7] = "[(1,a),(x,b)]"
        #expect(
            refusal(args).hasPrefix(
                "ABI: argument 8 ((uint256,string)[] h) element 2 component 1: \"x\" is not an integer"))
        args = good
        args[7] = "[(1,a)"
        #expect(refusal(args).hasPrefix("ABI: argument 8 ((uint256,string)[] h): \"[(1,a)\" is not a list"))
        #expect(refusal(Array(good.dropLast())).hasPrefix("ABI: 8 arguments expected"))
    }

    /// Random nested types and values: encode → strict decode gives the values back, and
    /// random corruptions are refused or decode to values that re-encode to those bytes.
    @Test func randomValuesRoundTripAndCorruptionsNeverTrap() throws {
        var rng = SeededRandom.forTest("ABICodecTests.random")
        for _ in 0..<400 {
            let types = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Self.randomType(&rng, depth: 0) }
            let values = types.map { Self.randomValue($0, &rng) }
            let encoded = try ABIEncoder.encode(values, as: types)
            #expect(try ABIDecoder.decode(types, from: encoded) == values)
            for corrupted in rng.corruptions(of: encoded, count: 8) {
                if let decoded = try? ABIDecoder.decode(types, from: corrupted) {
                    #expect(try ABIEncoder.encode(decoded, as: types) == corrupted)
                }
            }
        }
    }

    static func randomType(_ rng: inout SeededRandom, depth: Int) -> ABIType {
        let roll = Int.random(in: 0..<100, using: &rng)
        if depth >= 3 || roll < 55 {
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: return .uint(8 * Int.random(in: 1...32, using: &rng))
            case 1: return .int(8 * Int.random(in: 1...32, using: &rng))
            case 2: return .address
            case 3: return .bool
            case 4: return .fixedBytes(Int.random(in: 1...32, using: &rng))
            case 5: return .bytes
            default: return .string
            }
        }
        if roll < 75 { return .array(randomType(&rng, depth: depth + 1)) }
        if roll < 87 { return .fixedArray(randomType(&rng, depth: depth + 1), Int.random(in: 1...3, using: &rng)) }
        return .tuple(
            (0..<Int.random(in: 1...3, using: &rng)).map { _ in ABIParameter(type: randomType(&rng, depth: depth + 1)) }
        )
    }

    static func randomValue(_ type: ABIType, _ rng: inout SeededRandom) -> ABIValue {
        switch type {
        case .uint(let bits): return .uint(BigUInt(bigEndian: rng.bytes(bits / 8)))
        case .int(let bits):
            let magnitude = BigInt(BigUInt(bigEndian: rng.bytes(bits / 8)) >> 1)
            return .int(Bool.random(using: &rng) ? magnitude : -magnitude - 1)
        case .address: return .address(try! EthereumAddress(bytes: rng.bytes(20)))
        case .bool: return .bool(Bool.random(using: &rng))
        case .fixedBytes(let n): return .fixedBytes(rng.bytes(n))
        case .bytes: return .bytes(rng.bytes(Int.random(in: 0...70, using: &rng)))
        case .string:
            return .string(
                String((0..<Int.random(in: 0...12, using: &rng)).map { _ in "aé€😀,[\"".randomElement(using: &rng)! }))
        case .array(let element):
            return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in randomValue(element, &rng) })
        case let .fixedArray(element, length): return .array((0..<length).map { _ in randomValue(element, &rng) })
        case .tuple(let components): return .tuple(components.map { randomValue($0.type, &rng) })
        }
    }
}
