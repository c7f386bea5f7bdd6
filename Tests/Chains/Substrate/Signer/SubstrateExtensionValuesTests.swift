import AirsignEncoding
import AirsignSubstrate
import AirsignTestSupport
import Testing

/// The strict decoder that reads the signed extensions' values back from a signing payload:
/// it agrees with the encoder on every list, and refuses bytes the runtime would not read.
@Suite struct SubstrateExtensionValuesTests {
    typealias F = SubstrateFixtures

    static let names = [
        "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality", "CheckNonce",
        "CheckWeight", "ChargeTransactionPayment", "ChargeAssetTxPayment", "PrevalidateAttests", "CheckMetadataHash",
    ]

    /// The refusal `body` throws, or nil after recording that it threw none.
    static func refusal(_ body: () throws(SubstrateError) -> Void) -> SubstrateError? {
        do {
            try body()
        } catch {
            return error
        }
        Issue.record("not refused")
        return nil
    }

    /// Whether a refusal is of `name`'s extra or additional data at byte `at`, for `reason` when given.
    static func extensionData(_ name: String, additional: Bool, at: Int, _ reason: SubstrateError? = nil) -> (
        SubstrateError?
    ) -> Bool {
        { refusal in
            guard case let .extensionData(refused, isAdditional, byte, why)? = refusal else { return false }
            return refused == name && isAdditional == additional && byte == at
                && reason.map { why == $0.description } ?? true
        }
    }

    func list(_ names: [String], assetIDLength: Int? = nil) throws -> ExtensionList {
        try ExtensionList(names: names, origin: .request, assetIDLength: assetIDLength)
    }

    /// Random payloads and random lists (any order and subset): what is read back is exactly
    /// what the JSON put in, and a value the list does not carry is nil.
    @Test func readsBackWhatWasBuilt() throws {
        var rng = SeededRandom.forTest("SubstrateExtensionValuesTests.readsBackWhatWasBuilt")
        let account = try F.account(try F.key("//Alice", .sr25519))
        for _ in 0..<300 {
            var names = Self.names.filter { _ in Bool.random(using: &rng) }
            if names.contains("ChargeAssetTxPayment") { names.removeAll { $0 == "ChargeTransactionPayment" } }
            names.shuffle(using: &rng)
            let mortal = Bool.random(using: &rng)
            let genesis = "0x" + testHex(rng.bytes(32))
            let mode = names.contains("CheckMetadataHash") ? Int.random(in: 0...1, using: &rng) : 0
            let asset =
                names.contains("ChargeAssetTxPayment") && Bool.random(using: &rng)
                ? "0x01" + testHex(rng.bytes(lengthIn: 1...9)) : nil
            let json = signerPayloadJSON(
                address: account.address, method: "0x" + testHex(rng.bytes(lengthIn: 2...40)),
                era: mortal
                    ? "0x"
                        + testHex(Era(period: UInt64.random(in: 4...70000, using: &rng), current: rng.next()).encoded)
                    : "0x00",
                nonce: UInt64(UInt32.random(in: .min ... .max, using: &rng)),
                tip: UInt128(rng.next()) << 64 | UInt128(rng.next()),
                specVersion: UInt32.random(in: .min ... .max, using: &rng),
                transactionVersion: UInt32.random(in: 27 ... .max, using: &rng),
                genesis: genesis, blockHash: mortal ? "0x" + testHex(rng.bytes(32)) : genesis, extensions: names,
                assetId: asset,
                metadataHash: mode == 1 ? "0x" + testHex(rng.bytes(32)) : nil, mode: mode)
            let payload = try SignerPayload(json: json)
            let extensions = try list(names, assetIDLength: asset.map { ($0.count - 4) / 2 })
            let built = SigningPayload(payload, extensions: extensions)
            let read = try ExtensionValues(reading: built.bytes, callLength: payload.method.count, by: extensions)
            func has(_ name: String) -> Bool { names.contains(name) }
            #expect(read.era == (has("CheckMortality") ? payload.era : nil), "\(names)")
            #expect(read.checkpoint == (has("CheckMortality") ? payload.blockHash : nil))
            #expect(read.nonce == (has("CheckNonce") ? payload.nonce : nil))
            let tipped = has("ChargeTransactionPayment") || has("ChargeAssetTxPayment")
            #expect(
                read.tip
                    == (tipped
                        ? ExtensionValues.Tip(
                            amount: payload.tip, asset: asset.map { testBytes("0x" + $0.dropFirst(4)) }) : nil))
            #expect(read.specVersion == (has("CheckSpecVersion") ? payload.specVersion : nil))
            #expect(read.transactionVersion == (has("CheckTxVersion") ? payload.transactionVersion : nil))
            #expect(read.genesisHash == (has("CheckGenesis") ? payload.genesisHash : nil))
            let hash: ExtensionValues.MetadataHash = mode == 1 ? .enabled(payload.metadataHash ?? []) : .disabled
            #expect(read.metadataHash == (has("CheckMetadataHash") ? hash : nil))
            // Every shorter or longer byte string is refused, never trapped on.
            for cut in [0, 1, built.bytes.count - payload.method.count].filter({ $0 > 0 }) {
                #expect(throws: SubstrateError.self) {
                    try ExtensionValues(
                        reading: Array(built.bytes.dropLast(cut)), callLength: payload.method.count, by: extensions)
                }
            }
            #expect(throws: SubstrateError.self) {
                try ExtensionValues(reading: built.bytes + [0], callLength: payload.method.count, by: extensions)
            }
        }
    }

    @Test func refusals() throws {
        let relay = try list(RuntimeTable.polkadotExtensions)
        let call: [UInt8] = [0, 0]
        // era a502, nonce 5, tip 0, mode 0 ‖ spec, tx, genesis, checkpoint, None.
        let extra: [UInt8] = [0xa5, 0x02, 0x14, 0x00, 0x00]
        let additional = [UInt8](repeating: 1, count: 8) + [UInt8](repeating: 2, count: 64) + [0]
        let good = try ExtensionValues(reading: call + extra + additional, callLength: 2, by: relay)
        #expect(good.nonce == 5 && good.metadataHash == .disabled && good.era == .mortal(period: 64, phase: 42))
        func equals(_ expected: SubstrateError) -> (SubstrateError?) -> Bool { { $0 == expected } }
        let cases: [([UInt8], Int, (SubstrateError?) -> Bool)] = [
            (
                call + extra + additional + [0], 2,
                equals(.bytesFollow(field: "signing payload", count: 1, after: "the last extension's data"))
            ),
            (
                call + extra + additional.dropLast() + [1] + [UInt8](repeating: 3, count: 32), 2,
                Self.extensionData(
                    "CheckMetadataHash", additional: true, at: 79, .modeAndHash(context: nil, mode: 0, hash: true))
            ),
            (
                call + extra.dropLast() + [1] + additional, 2,
                Self.extensionData(
                    "CheckMetadataHash", additional: true, at: 79, .modeAndHash(context: nil, mode: 1, hash: false))
            ),
            (
                call + extra.dropLast() + [2] + additional, 2,
                Self.extensionData("CheckMetadataHash", additional: false, at: 6, .mode(field: nil, value: 2))
            ),
            (
                call + [0x10, 0x00] + extra.dropFirst(2) + additional, 2,
                Self.extensionData(
                    "CheckMortality", additional: false, at: 2,
                    .era(field: "era", .impossible(bytes: "1000", period: 2, phase: 1)))
            ),
            (
                call + extra.prefix(2) + [0xff] + extra.dropFirst(3) + additional, 2,
                Self.extensionData("CheckNonce", additional: false, at: 4)
            ),
            (
                call + extra + additional, 200,
                equals(.call(field: "signing payload", .payloadShorter(bytes: 80, callLength: 200)))
            ),
            (call + extra + additional.prefix(20), 2, Self.extensionData("CheckGenesis", additional: true, at: 15)),
        ]
        for (bytes, callLength, expected) in cases {
            let refusal = Self.refusal { () throws(SubstrateError) in
                _ = try ExtensionValues(reading: bytes, callLength: callLength, by: relay)
            }
            #expect(expected(refusal), "\(refusal.map(\.description) ?? "none")")
        }
    }

    /// A Some asset id is read only with a known length: a runtime table has none for any asset
    /// type yet, so a Some there is refused rather than guessed.
    @Test func assetIDNeedsAKnownLength() throws {
        let bytes: [UInt8] = [0, 0, 0x08, 0x01, 0xaa, 0xbb]
        let known = try ExtensionValues(
            reading: bytes, callLength: 2, by: try list(["ChargeAssetTxPayment"], assetIDLength: 2))
        #expect(known.tip == ExtensionValues.Tip(amount: 2, asset: [0xaa, 0xbb]))
        #expect(throws: SubstrateError.self) {
            try ExtensionValues(reading: bytes, callLength: 2, by: try list(["ChargeAssetTxPayment"]))
        }
        let none = try ExtensionValues(
            reading: [0, 0, 0x08, 0x00], callLength: 2, by: try list(["ChargeAssetTxPayment"]))
        #expect(none.tip == ExtensionValues.Tip(amount: 2, asset: nil))
    }

    /// Two extensions carrying one value (an old and a new name, two tips) are not a runtime's list.
    @Test(arguments: [
        ["CheckEra", "CheckMortality"], ["ChargeTransactionPayment", "ChargeAssetTxPayment"],
        ["CheckVersion", "CheckSpecVersion"],
    ])
    func twoCarriersOfOneValueAreRefused(_ names: [String]) throws {
        let carried =
            ["CheckEra": "the era", "ChargeTransactionPayment": "the tip", "CheckVersion": "the spec version"][names[0]]
            ?? ""
        let refusal = Self.refusal { () throws(SubstrateError) in _ = try ExtensionList(names: names, origin: .request)
        }
        #expect(refusal == .extensions(.sameValue(first: names[0], second: names[1], value: carried)))
    }
}
