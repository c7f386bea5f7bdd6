import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignTestSupport
import Testing

/// Strictness of the `eth-sign-request` decoder: each malformed request is refused with one
/// line naming the key at fault, and every truncation of a valid one is refused.
@Suite struct ERC4527BadInputTests {
    /// A valid request's map with `change` applied to its entries.
    func encoded(_ change: (inout [(key: CBORValue, value: CBORValue)]) -> Void) throws -> [UInt8] {
        let request = EthSignRequest(
            requestId: Array(repeating: 7, count: 16), signData: [0xc0], dataType: .typedTransaction, chainId: 1,
            derivationPath: CryptoKeypath(try DerivationPath("m/44'/60'/0'/0/0"), sourceFingerprint: 0x73c5_da0a),
            address: Array(repeating: 1, count: 20), origin: "metamask")
        guard case var .map(entries) = try CBORDecoder().decode(try request.cbor()) else {
            preconditionFailure("not a map")
        }
        change(&entries)
        return try CBOREncoder().encode(.map(entries))
    }

    func set(_ key: UInt64, _ value: CBORValue) -> (inout [(key: CBORValue, value: CBORValue)]) -> Void {
        { entries in
            entries.removeAll { $0.key == .unsigned(key) }
            entries.append((.unsigned(key), value))
        }
    }

    func remove(_ key: UInt64) -> (inout [(key: CBORValue, value: CBORValue)]) -> Void {
        { entries in entries.removeAll { $0.key == .unsigned(key) } }
    }

    @Test func malformedRequestsAreRefusedNamingTheField() throws {
        let keypath: (CBORValue) -> CBORValue = { components in .tag(304, .map([(.unsigned(1), components)])) }
        let cases: [(String, (inout [(key: CBORValue, value: CBORValue)]) -> Void, String)] = [
            ("unknown data type", set(3, .unsigned(5)), "data-type (key 3) is 5"),
            ("data type 0", set(3, .unsigned(0)), "data-type (key 3) is 0"),
            ("data type as text", set(3, .text("1")), "data-type"),
            ("no sign-data", remove(2), "lacks sign-data"),
            ("empty sign-data", set(2, .bytes([])), "sign-data (key 2) is empty"),
            ("no path", remove(5), "lacks derivation-path"),
            ("untagged path", set(5, .map([(.unsigned(1), .array([]))])), "not a crypto-keypath"),
            (
                "wildcard in path", set(5, keypath(.array([.unsigned(44), .bool(true), .array([]), .bool(false)]))),
                "wildcard"
            ),
            ("range in path", set(5, keypath(.array([.array([.unsigned(0), .unsigned(3)]), .bool(false)]))), "range"),
            ("odd path", set(5, keypath(.array([.unsigned(44)]))), "pairs"),
            ("index too large", set(5, keypath(.array([.unsigned(1 << 31), .bool(false)]))), "below 2^31"),
            ("hardened not a bool", set(5, keypath(.array([.unsigned(44), .unsigned(1)]))), "is-hardened"),
            (
                "zero fingerprint",
                set(5, .tag(304, .map([(.unsigned(1), .array([])), (.unsigned(2), .unsigned(0))]))),
                "source-fingerprint"
            ),
            ("uuid untagged", set(1, .bytes(Array(repeating: 1, count: 16))), "request-id"),
            ("uuid 15 bytes", set(1, .tag(37, .bytes(Array(repeating: 1, count: 15)))), "16-byte UUID"),
            ("chain id 0", set(4, .unsigned(0)), "chain-id (key 4) is 0"),
            ("chain id negative", set(4, .negative(0)), "chain-id (key 4) is -1"),
            ("address 19 bytes", set(6, .bytes(Array(repeating: 1, count: 19))), "20-byte address"),
            ("origin not text", set(7, .bytes([1])), "origin"),
            ("unknown key", set(8, .unsigned(1)), "unknown key 8"),
            ("text key", { $0.append((.text("x"), .unsigned(1))) }, "key that is a text string"),
        ]
        for (name, change, phrase) in cases {
            let bytes = try encoded(change)
            let error = #expect(throws: ERC4527Error.self, "\(name)") { try EthSignRequest(cbor: bytes) }
            #expect(error?.description.contains(phrase) == true, "\(name): \(error?.description ?? "")")
            #expect(error?.description.contains("\n") == false)
        }
    }

    @Test func everyTruncationAndTrailingByteIsRefused() throws {
        let bytes = try encoded { _ in }
        _ = try EthSignRequest(cbor: bytes)
        for length in 0..<bytes.count {
            #expect(throws: ERC4527Error.self, "\(length) bytes") {
                try EthSignRequest(cbor: Array(bytes.prefix(length)))
            }
        }
        #expect(throws: ERC4527Error.self) { try EthSignRequest(cbor: bytes + [0]) }
    }

    @Test func otherTagsAndShapesAreRefused() throws {
        let bytes = try encoded { _ in }
        var tagged: [UInt8] = []
        CBOREncoder.writeHead(major: 6, argument: 401, into: &tagged)
        _ = try EthSignRequest(cbor: tagged + bytes)
        var wrong: [UInt8] = []
        CBOREncoder.writeHead(major: 6, argument: 402, into: &wrong)
        #expect(throws: ERC4527Error.self) { try EthSignRequest(cbor: wrong + bytes) }
        #expect(throws: ERC4527Error.self) { try EthSignRequest(cbor: try CBOREncoder().encode(.array([]))) }
        // A signature shorter than r ‖ s ‖ v.
        let short = try CBOREncoder().encode(.map([(.unsigned(2), .bytes(Array(repeating: 1, count: 64)))]))
        #expect(throws: ERC4527Error.self) { try EthSignature(cbor: short) }
    }
}
