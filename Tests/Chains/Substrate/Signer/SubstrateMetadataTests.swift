import AirsignEncoding
import AirsignSubstrate
import AirsignTestSupport
import Foundation
import Testing

/// The metadata reader, and the signer's runtime tables, against real runtime metadata: the
/// Polkadot relay chain's (V14 at spec 1002005, V15 at spec 2000000) and Kusama's runtime
/// 1002006 (V15, `rfc78/ksm.bin`). Those files are public data kept beside the repository in
/// `../shared/data` (not the project's to commit); when they are absent this suite says it is
/// skipped. The reader is also checked against scalecodec-built V14/V15 blobs by the interop
/// fixture node (Tests/interop/substrate/test_substrate_node.py).
@Suite struct SubstrateMetadataTests {
    static let dataDirectory = Vectors.directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data")

    static func blob(_ name: String) -> [UInt8]? {
        let url = dataDirectory.appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            print("SubstrateMetadataTests: \(url.path) is absent; the real-metadata check is SKIPPED")
            return nil
        }
        return try? Hex.decode(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A raw (binary) metadata file.
    static func rawBlob(_ name: String) -> [UInt8]? {
        let url = dataDirectory.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else {
            print("SubstrateMetadataTests: \(url.path) is absent; the real-metadata check is SKIPPED")
            return nil
        }
        return Array(data)
    }

    /// A network's runtime table must be what the runtime's metadata says: the versions it is
    /// keyed by (System's `Version` constant), Balances' and Utility's indices and calls, and the
    /// signed extensions in the runtime's order.
    static func checkTable(_ metadata: RuntimeMetadata, network key: String, specName: String) throws {
        let version = try #require(metadata.runtimeVersion)
        #expect(version.specName == specName)
        let network = try #require(SubstrateNetwork.byKey(key))
        let table = try #require(
            network.runtime(specVersion: version.specVersion, transactionVersion: version.transactionVersion),
            "no \(key) table for spec \(version.specVersion), tx \(version.transactionVersion)")
        #expect(table.signedExtensions == metadata.signedExtensions)
        let balances = try #require(metadata.pallet("Balances"))
        #expect(table.balances == balances.index)
        #expect(balances.callIndex("transfer_allow_death") == 0)
        #expect(balances.callIndex("transfer_keep_alive") == 3)
        #expect(balances.callIndex("transfer_all") == 4)
        let utility = try #require(metadata.pallet("Utility"))
        #expect(table.utility == utility.index)
        #expect(utility.callIndex("batch") == 0)
        #expect(utility.callIndex("batch_all") == 2)
        // Every table signs the genesis hash and both versions, which pick the table itself.
        for name in ["CheckGenesis", "CheckSpecVersion", "CheckTxVersion"] {
            #expect(table.signedExtensions.contains(name))
        }
        try checkLayout(metadata, table: table)
    }

    /// Every call of `BuiltInLayout` is, in this runtime's types, the call the built-in table
    /// reads: at its pallet and call index, with its argument names, and each argument of the
    /// type the table reads it as (a `MultiAddress` with exactly the layout's variants and
    /// their fields, `Compact<u128>`, `bool`, `Vec<RuntimeCall>`).
    static func checkLayout(_ metadata: RuntimeMetadata, table: RuntimeTable) throws {
        let lean = try LeanMetadata(metadata)
        let types = try lean.typeSet()
        let callType = lean.extrinsic.call
        func variants(_ type: TypeRef) throws -> [UInt32: LeanVariant] {
            guard case let .byID(id) = type, case let .enumeration(_, variants) = try types.entry(id) else {
                throw SubstrateError.notOfKind(field: "\(type)", expected: "an enum")
            }
            return variants
        }
        func single(_ type: TypeRef) throws -> LeanDefinition {
            guard case let .byID(id) = type, case let .single(leaf) = try types.entry(id) else {
                throw SubstrateError.notOfKind(field: "\(type)", expected: "a plain type")
            }
            return leaf.definition
        }
        /// n bytes: `[u8; n]`, or a struct of one field that is.
        func isFixedBytes(_ type: TypeRef, _ count: Int) throws -> Bool {
            switch try single(type) {
            case let .array(length, element): return length == count && element == .scalar(.u8)
            case let .composite(fields): return fields.count == 1 ? try isFixedBytes(fields[0].type, count) : false
            default: return false
            }
        }
        func matches(_ type: TypeRef, _ argument: BuiltInLayout.Argument) throws -> Bool {
            switch argument {
            case .amount: return type == .compact(.u128)
            case .keepAlive: return type == .scalar(.bool)
            case .calls: return try single(type) == .sequence(callType)
            case .destination:
                let found = try variants(type)
                guard found.count == BuiltInLayout.multiAddress.count else { return false }
                for expected in BuiltInLayout.multiAddress {
                    guard let variant = found[expected.index], variant.name == expected.name, variant.fields.count == 1
                    else { return false }
                    let field = variant.fields[0].type
                    switch expected.field {
                    case let .fixedBytes(count): guard try isFixedBytes(field, count) else { return false }
                    case .byteVector:
                        guard case .byID = field, try single(field) == .sequence(.scalar(.u8)) else { return false }
                    case .nothing: guard field == .void else { return false }
                    }
                }
                return true
            }
        }
        let pallets = try variants(callType)
        for call in BuiltInLayout.calls {
            let palletIndex = call.pallet == .balances ? table.balances : table.utility
            let pallet = try #require(pallets[UInt32(palletIndex)], "no pallet \(palletIndex)")
            #expect(pallet.name == (call.pallet == .balances ? "Balances" : "Utility"))
            let calls = try variants(try #require(pallet.fields.first).type)
            let variant = try #require(calls[UInt32(call.index)], "\(call.qualifiedName): no call \(call.index)")
            #expect(variant.name == call.name)
            #expect(variant.fields.map(\.name) == call.arguments.map(\.name), "\(call.qualifiedName)")
            for (field, expected) in zip(variant.fields, call.arguments) {
                #expect(
                    try matches(field.type, expected.argument),
                    "\(call.qualifiedName).\(expected.name) is \(field.type), not \(expected.argument)")
            }
        }
    }

    static let relayExtensions = [
        "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality",
        "CheckNonce", "CheckWeight", "ChargeTransactionPayment", "PrevalidateAttests", "CheckMetadataHash",
    ]

    @Test(arguments: [("polkadot-metadata-v14.hex", UInt8(14)), ("polkadot-metadata-v15.hex", UInt8(15))])
    func realPolkadotMetadata(_ file: String, _ version: UInt8) throws {
        guard let bytes = Self.blob(file) else { return }
        let metadata = try RuntimeMetadata(decoding: bytes)
        #expect(metadata.version == version)
        #expect(metadata.signedExtensions == Self.relayExtensions)
        #expect(metadata.signedExtensions == RuntimeTable.polkadotExtensions)
        let balances = try #require(metadata.pallet("Balances"))
        #expect(balances.index == 5)
        #expect(balances.callIndex("transfer_keep_alive") == 3)
        #expect(balances.callIndex("transfer_allow_death") == 0)
        #expect(balances.callIndex("transfer_all") == 4)
        let utility = try #require(metadata.pallet("Utility"))
        #expect(utility.index == 26)
        #expect(utility.callIndex("batch") == 0)
        #expect(utility.callIndex("batch_all") == 2)
        #expect(metadata.pallet("System")?.index == 0)
        #expect(metadata.runtimeVersion?.specVersion == (version == 14 ? 1_002_005 : 2_000_000))
        #expect(metadata.runtimeVersion?.transactionVersion == 26)
        try Self.checkTable(metadata, network: "polkadot", specName: "polkadot")
    }

    /// Kusama runtime 1002006: its transaction version (26) is the one its own metadata states.
    @Test func realKusamaMetadata() throws {
        guard let bytes = Self.rawBlob("rfc78/ksm.bin") else { return }
        let metadata = try RuntimeMetadata(decoding: bytes)
        #expect(metadata.version == 15)
        let runtime = try #require(metadata.runtimeVersion)
        #expect(runtime.specName == "kusama" && runtime.specVersion == 1_002_006 && runtime.transactionVersion == 26)
        #expect(metadata.pallet("Balances")?.index == 4 && metadata.pallet("Utility")?.index == 24)
        #expect(metadata.signedExtensions == RuntimeTable.kusamaExtensions)
        try Self.checkTable(metadata, network: "kusama", specName: "kusama")
    }

    @Test func truncatedAndCorruptedMetadataIsRefused() throws {
        guard let bytes = Self.blob("polkadot-metadata-v14.hex") else { return }
        var rng = SeededRandom.forTest("SubstrateMetadataTests.truncated")
        for _ in 0..<30 {
            let cut = Int.random(in: 0..<bytes.count, using: &rng)
            #expect(throws: SubstrateError.self) { try RuntimeMetadata(decoding: Array(bytes.prefix(cut))) }
        }
        #expect(throws: SubstrateError.self) { try RuntimeMetadata(decoding: bytes + [0]) }
        for _ in 0..<30 {
            var corrupted = bytes
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            corrupted[at] ^= UInt8.random(in: 1...255, using: &rng)
            _ = try? RuntimeMetadata(decoding: corrupted)  // must not trap; may or may not parse
        }
    }
}
