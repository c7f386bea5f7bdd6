import AirsignEncoding
import AirsignSubstrate
import AirsignTestSupport
import Foundation
import Testing

/// The metadata reader against the Polkadot relay chain's real metadata (V14 at spec 1002005,
/// V15 at spec 2000000). Those files are public data kept beside the repository in
/// `../shared/data` (not the project's to commit); when they are absent this suite says it is
/// skipped. The reader is also checked against scalecodec-built V14/V15 blobs by the interop
/// fixture node (Tests/interop/substrate/test_substrate_node.py).
@Suite struct SubstrateMetadataTests {
    static let dataDirectory = Vectors.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")

    static func blob(_ name: String) -> [UInt8]? {
        let url = dataDirectory.appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            print("SubstrateMetadataTests: \(url.path) is absent; the real-metadata check is SKIPPED")
            return nil
        }
        return try? Hex.decode(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static let relayExtensions = ["CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality",
                                  "CheckNonce", "CheckWeight", "ChargeTransactionPayment", "PrevalidateAttests", "CheckMetadataHash"]

    @Test(arguments: [("polkadot-metadata-v14.hex", UInt8(14)), ("polkadot-metadata-v15.hex", UInt8(15))])
    func realPolkadotMetadata(_ file: String, _ version: UInt8) throws {
        guard let bytes = Self.blob(file) else { return }
        let metadata = try RuntimeMetadata(decoding: bytes)
        #expect(metadata.version == version)
        #expect(metadata.signedExtensions == Self.relayExtensions)
        #expect(metadata.signedExtensions == PayloadBuilder.relayExtensions)
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
        // The built-in call table agrees for this runtime.
        let polkadot = try #require(SubstrateNetwork.byKey("polkadot"))
        let table = try #require(polkadot.callTable(specVersion: version == 14 ? 1_002_005 : 2_000_000, transactionVersion: 26))
        #expect(table.balances == balances.index && table.utility == utility.index)
    }

    @Test func truncatedAndCorruptedMetadataIsRefused() throws {
        guard let bytes = Self.blob("polkadot-metadata-v14.hex") else { return }
        var rng = SeededRandom.forTest("SubstrateMetadataTests.truncated")
        for _ in 0 ..< 30 {
            let cut = Int.random(in: 0 ..< bytes.count, using: &rng)
            #expect(throws: SubstrateError.self) { try RuntimeMetadata(decoding: Array(bytes.prefix(cut))) }
        }
        #expect(throws: SubstrateError.self) { try RuntimeMetadata(decoding: bytes + [0]) }
        for _ in 0 ..< 30 {
            var corrupted = bytes
            let at = Int.random(in: 0 ..< bytes.count, using: &rng)
            corrupted[at] ^= UInt8.random(in: 1 ... 255, using: &rng)
            _ = try? RuntimeMetadata(decoding: corrupted)  // must not trap; may or may not parse
        }
    }
}
