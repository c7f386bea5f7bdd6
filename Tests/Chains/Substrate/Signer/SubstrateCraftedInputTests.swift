import AirsignEncoding
import AirsignMessages
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignSubstrate

/// The three requests an attacker built against the decoders (issue "Decoders that agree with
/// the chain"), each as the online machine could send it:
/// 1. a Polkadot batch whose `MultiAddress::Index` the built-in table once read as a
///    `Compact<u32>`, hiding the `Proxy.add_proxy` the chain runs after it;
/// 2. an RFC-0078 proof whose call type is not an enum of pallets' call enums, which sent the
///    review into endless recursion;
/// 3. a proof of nested `[(); 4096]` arrays, 4096^k values from no input.
/// Each is refused (or, for 1, shown as the call the chain runs) by its reason, through the
/// module and through the built `airsign-signer`, which exits 3 before the PIN.
@Suite struct SubstrateCraftedInputTests {
    typealias F = SubstrateFixtures
    typealias P = SubstrateProvenReviewTests

    // MARK: 1. MultiAddress::Index on Polkadot, no proof

    static func compact(_ value: UInt128) -> [UInt8] {
        var writer = SCALEWriter()
        writer.writeCompact(value)
        return writer.bytes
    }

    /// `Balances.transfer_keep_alive(Index(()), value)` on Polkadot (Balances 5, call 3): the
    /// index variant holds no bytes.
    static func transferToIndex(_ value: UInt128) -> [UInt8] { [5, 3, 1] + compact(value) }

    /// `Proxy.add_proxy(Id(delegate), Any, 0)` on Polkadot (Proxy 29, call 1).
    static func addProxy(_ delegate: [UInt8]) -> [UInt8] { [29, 1, 0] + delegate + [0] + [0, 0, 0, 0] }

    static func batch(_ calls: [[UInt8]]) -> String {
        "0x" + testHex([26, 0] + compact(UInt128(calls.count)) + calls.flatMap { $0 })
    }

    @Test func aHiddenAddProxyAfterAnIndexDestinationIsNotShownAsTransfers() throws {
        // What the chain runs: a dust transfer that fails (no such index), then add_proxy.
        let context = try F.context()
        let review = try F.module.review(try Self.hiddenAddProxy(), context: context)
        #expect(review.confirmation == .explicit(reason: "a call this signer cannot decode, shown as raw bytes"))
        let text = ReviewText.render(review, position: 1, of: 1, module: F.module, context: context)
        #expect(!text.contains("Balances.transfer_keep_alive"), "\(text)")
    }

    @Test func indexDestinationsTakeNoBytesAndAreFlagged() throws {
        let bob = try F.accountID(try F.key("//Bob", .sr25519))
        let second: [UInt8] = [5, 0, 0] + bob + Self.compact(7)
        let call = try testBytes(Self.batch([Self.transferToIndex(5), second]))
        let decoded = try #require(
            try BuiltInCallDecoder().decode(
                call, network: SubstrateNetwork.byKey("polkadot"), specVersion: 1_002_005,
                transactionVersion: 26))
        #expect(decoded.name == "Utility.batch")
        #expect(decoded.amounts == [5, 7])
        #expect(decoded.arguments.map(\.label) == ["call 1", "to", "amount", "call 2", "to", "amount"])
        #expect(
            decoded.arguments[1].value == .text("an account index with no value (this runtime's index type is empty)"))
        #expect(decoded.arguments[4].value == .account(bob))
        #expect(decoded.warnings == [BuiltInCallDecoder.unresolvableDestination])
        // The old reading took a Compact<u32> index after the variant: index 5, value 9. The
        // chain reads value 5 and one byte too many.
        #expect(throws: SubstrateError.self) {
            try BuiltInCallDecoder().decode(
                [5, 3, 1] + Self.compact(5) + Self.compact(9), network: SubstrateNetwork.byKey("polkadot"),
                specVersion: 1_002_005, transactionVersion: 26)
        }
    }

    /// With Polkadot's real metadata present, the built-in table's boundaries and values are the
    /// metadata-driven decoder's for every address variant.
    @Test func everyAddressVariantReadsAsTheRuntimeReadsIt() throws {
        guard let blob = SubstrateMetadataTests.blob("polkadot-metadata-v14.hex") else { return }
        let lean = try LeanMetadata(try RuntimeMetadata(decoding: blob))
        let types = try lean.typeSet()
        let bob = try F.accountID(try F.key("//Bob", .sr25519))
        let destinations: [[UInt8]] = [[0] + bob, [1], [2, 8] + [1, 2], [3] + bob, [4] + Array(bob.prefix(20))]
        for (position, destination) in destinations.enumerated() {
            let calls = [
                [5, 3] + destination + Self.compact(UInt128(position + 1)), [5, 0, 0] + bob + Self.compact(99),
            ]
            let bytes = try testBytes(Self.batch(calls))
            let value = try TypeDecoder.decodeAll(bytes, as: lean.extrinsic.call, types: types)
            let json = JSONSerializer().serialize(value.json(callType: lean.extrinsic.call))
            #expect(json.contains("\"value\":\(position + 1)") && json.contains("\"value\":99"), "\(json)")
            let decoded = try #require(
                try BuiltInCallDecoder().decode(
                    bytes, network: SubstrateNetwork.byKey("polkadot"), specVersion: 1_002_005,
                    transactionVersion: 26))
            #expect(decoded.amounts == [UInt128(position + 1), 99], "variant \(destination[0])")
        }
    }

    // MARK: 2 and 3. Crafted metadata proofs

    /// The Kusama "transfer" request with its call replaced: `method`, decoded by `callLeaves`
    /// from `callType`. The proof keeps the real leaves the extensions use and adds the
    /// attacker's; with every leaf present it needs no nodes, and the request signs its digest,
    /// so it passes every check a proof must pass before the call is read.
    static func craftedRequest(callLeaves: [LeanType], callType: TypeRef, method: [UInt8]) throws -> SignRequest {
        let original = try P.proof("transfer")
        let metadata = try original.verify()
        let (review, _) = try SubstrateProvenReviewTests().review(try P.request(try P.payload("transfer")))
        let payload = review.signing[0].bytes
        guard case let .string(methodHex)? = try P.payload("transfer")["signerPayload"]?["method"] else {
            throw SubstrateError.notOfKind(field: "the vector's signerPayload.method", expected: "a string")
        }
        var decoder = TypeDecoder(Array(payload.dropFirst(try testBytes(methodHex).count)), types: metadata.types)
        for ext in original.extrinsic.extensions { _ = try decoder.decode(ext.extra) }
        for ext in original.extrinsic.extensions { _ = try decoder.decode(ext.additional) }
        let kept = original.leaves.filter { decoder.touched.contains($0.leafKey) }
        let extrinsic = LeanExtrinsicMetadata(
            version: 4, address: original.extrinsic.address, call: callType, signature: original.extrinsic.signature,
            extensions: original.extrinsic.extensions)
        let (proof, digest) = MetadataProof.holdingEvery(
            kept + callLeaves, extrinsic: extrinsic, extraInfo: original.extraInfo)
        return try P.request(try P.payload("transfer"), proof: proof.encoded) { fields in
            fields.removeAll { $0.key == "method" || $0.key == "metadataHash" }
            fields.append((key: "method", value: .string("0x" + testHex(method))))
            fields.append((key: "metadataHash", value: .string("0x" + testHex(digest))))
        }
    }

    /// Ids far above the real proof's, so the attacker's types never collide with its leaves.
    static let base: UInt32 = 900_000

    /// A call type whose one variant holds a `u8`, not a pallet's call enum.
    static func notEnumOfEnums() throws -> SignRequest {
        let leaf = LeanType(
            path: ["RuntimeCall"],
            definition: .enumeration(
                LeanVariant(name: "Evil", fields: [LeanField(name: nil, type: .scalar(.u8), typeName: nil)], index: 0)),
            typeID: base)
        return try craftedRequest(callLeaves: [leaf], callType: .byID(base), method: [0, 7])
    }

    /// A proper call enum whose call holds `depth` nested `[_; 4096]` arrays around `()`.
    static func nestedEmptyArrays(depth: Int) throws -> SignRequest {
        var leaves = [
            LeanType(
                path: ["RuntimeCall"],
                definition: .enumeration(
                    LeanVariant(
                        name: "Evil", fields: [LeanField(name: nil, type: .byID(base + 1), typeName: nil)], index: 0)),
                typeID: base),
            LeanType(
                path: ["Call"],
                definition: .enumeration(
                    LeanVariant(
                        name: "boom", fields: [LeanField(name: "x", type: .byID(base + 2), typeName: nil)], index: 0)),
                typeID: base + 1),
        ]
        for level in 0..<depth {
            let element: TypeRef = level == depth - 1 ? .void : .byID(base + 3 + UInt32(level))
            leaves.append(
                LeanType(path: [], definition: .array(length: 4096, element: element), typeID: base + 2 + UInt32(level))
            )
        }
        return try craftedRequest(callLeaves: leaves, callType: .byID(base), method: [0, 0])
    }

    /// A struct that holds itself: no value of it ends.
    static func selfContaining() throws -> SignRequest {
        let leaves = [
            LeanType(
                path: ["RuntimeCall"],
                definition: .enumeration(
                    LeanVariant(
                        name: "Evil", fields: [LeanField(name: nil, type: .byID(base + 1), typeName: nil)], index: 0)),
                typeID: base),
            LeanType(
                path: ["Call"],
                definition: .enumeration(
                    LeanVariant(
                        name: "loop", fields: [LeanField(name: "x", type: .byID(base + 2), typeName: nil)], index: 0)),
                typeID: base + 1),
            LeanType(path: ["Loop"], definition: .tuple([.scalar(.u8), .byID(base + 2)]), typeID: base + 2),
        ]
        return try craftedRequest(callLeaves: leaves, callType: .byID(base), method: [0, 0, 1])
    }

    /// Each crafted request, the reason the signer's one line gives, and its refusal.
    static var crafted:
        [(name: String, make: () throws -> SignRequest, reason: String, refused: (SubstrateError) -> Bool)]
    {
        [
            (
                "call type not an enum of enums", notEnumOfEnums, "has a value that is not a pallet's call",
                {
                    if case .proof(.callTypeNotCalls) = $0 { return true } else { return false }
                }
            ),
            (
                "[[(); 4096]; 4096]", { try nestedEmptyArrays(depth: 2) }, "more values than 16 a byte of input",
                Self.tooManyValues
            ),
            (
                "[[[(); 4096]; 4096]; 4096]", { try nestedEmptyArrays(depth: 3) },
                "more values than 16 a byte of input", Self.tooManyValues
            ),
            (
                "a struct holding itself", selfContaining, "contains itself with no enum or sequence between",
                {
                    if case .types(_, _, .endless) = $0 { return true } else { return false }
                }
            ),
        ]
    }

    /// The method's refusal by the proof's types for yielding more values than its bytes allow.
    static func tooManyValues(_ refusal: SubstrateError) -> Bool {
        guard case let .proof(.undecodable(field: "method", reason)) = refusal else { return false }
        return reason.contains("the types yield more values than \(TypeDecoder.valuesPerByte) a byte of input")
    }

    @Test func craftedProofsAreRefusedByTheirReason() throws {
        for (name, make, _, refused) in Self.crafted {
            let error = #expect(throws: SubstrateError.self, "\(name): accepted") {
                _ = try SubstrateProvenReviewTests().review(try make())
            }
            #expect(error.map(refused) == true, "\(name): \(error.map(\.description) ?? "none")")
        }
    }

    /// The hidden add_proxy batch as a Polkadot request of //Alice.
    static func hiddenAddProxy() throws -> SignRequest {
        let alice = try F.account(try F.key("//Alice", .sr25519))
        return try F.request(
            alice,
            payload: F.payloadJSON(
                alice, method: batch([transferToIndex(1), addProxy([UInt8](repeating: 0xAB, count: 32))])))
    }

    /// The requests as files, in `Tests/crafted-requests/`, for `scripts/resource-check`, which
    /// has the built signer refuse each under a time and a memory cap. They must be what the
    /// builders above make (`AIRSIGN_WRITE_CRAFTED=1 swift test --filter SubstrateCraftedInputTests`
    /// writes them anew).
    @Test func committedRequestFilesAreTheseRequests() throws {
        let directory = Vectors.directory.deletingLastPathComponent().appendingPathComponent("Tests/crafted-requests")
        let files: [(String, () throws -> SignRequest)] = [
            ("substrate-hidden-add-proxy.json", Self.hiddenAddProxy),
            ("substrate-call-not-enum-of-enums.json", Self.notEnumOfEnums),
            ("substrate-nested-empty-arrays-2.json", { try Self.nestedEmptyArrays(depth: 2) }),
            ("substrate-nested-empty-arrays-3.json", { try Self.nestedEmptyArrays(depth: 3) }),
            ("substrate-self-containing-type.json", Self.selfContaining),
        ]
        for (name, make) in files {
            let text = JSONSerializer().serialize(try make().json) + "\n"
            let url = directory.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["AIRSIGN_WRITE_CRAFTED"] != nil {
                try Data(text.utf8).write(to: url)
            }
            #expect(
                (try? String(contentsOf: url, encoding: .utf8)) == text,
                "\(url.path) is not the request its builder makes")
        }
    }

    /// The same requests through the built `airsign-signer`: one line, exit 3, nothing written.
    @Test func craftedRequestsStopTheSignerWithExitThree() throws {
        let home = SubstrateSignerCLITests.Home()
        try home.withAlice()
        let out = home.dir.path + "/response.json"
        let cases =
            Self.crafted.map { ($0.name, $0.make, $0.reason) } + [("hidden add_proxy", Self.hiddenAddProxy, "blind")]
        for (name, make, reason) in cases {
            let input = home.file("request.json", JSONSerializer().serialize(try make().json))
            let result = try home.signer(["sign", input, "--yes", "--pin-file", home.pinFile, "--out", out])
            #expect(result.status == 3, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(name)")
        }
    }
}
