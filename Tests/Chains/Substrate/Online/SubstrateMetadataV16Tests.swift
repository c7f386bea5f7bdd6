import AirsignEncoding
import AirsignOnline
import AirsignSubstrate
import AirsignSubstrateOnline
import Foundation
import Testing

/// Metadata hashes and proofs come from V15 metadata only (RFC-0078 is defined over V15; a proof
/// built from V16 gives signatures the chain rejects): a node that offers only V16, and V16
/// metadata given as a file, get one clear error each.
@Suite struct SubstrateMetadataV16Tests {
    static let v16Reason =
        "the node offers metadata V16 only (Metadata_metadata_at_version(15) gives none): the RFC-0078 metadata hash and "
        + "proofs are defined over V15, and a proof built from V16 gives signatures the chain rejects; use a node that serves V15, or "
        + "--metadata FILE with V15 metadata"

    @Test func aNodeOfferingOnlyV16IsAClearError() {
        // Metadata_metadata_at_version(15) answers None; state_getMetadata gives V16.
        let node = SubstrateRPCTests.Node(results: [
            "state_call": .string("0x00"), "state_getMetadata": .string("0x6d6574611000"),
            "system_properties": .object([]),
        ])
        do {
            _ = try MetadataHashing.runtime(file: nil, rpc: "http://node", transport: node)
            Issue.record("V16-only metadata was accepted")
        } catch let error as OnlineError {
            guard case let .badReply(url, reason) = error else { Issue.record("\(error)"); return }
            #expect(url == "http://node" && reason == Self.v16Reason)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func v16MetadataFilesAreRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "airsign-v16-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("v16.hex")
        try Data("0x6d6574611000".utf8).write(to: file)
        #expect(
            throws: SubstrateError.unreadable(
                field: "--metadata \(file.path)", reason: SubstrateError.metadataVersion(16, forHash: false).description
            ),
            "a V16 metadata file was accepted"
        ) {
            _ = try MetadataHashing.read(file.path)
        }
        #expect(
            SubstrateError.metadataVersion(16, forHash: false).description
                == "metadata version 16 is not read here: the RFC-0078 metadata hash and proofs are defined over V15 (a proof built from V16 "
                + "gives signatures the chain rejects); use V15 (Metadata_metadata_at_version(15))")
        // The real V16 snapshot, when ../shared/data has it.
        guard let blob = SubstrateMetadataTests.blob("asset-hub-polkadot-metadata-v16.hex") else { return }
        #expect(throws: SubstrateError.self) { _ = try RuntimeMetadata(decoding: blob) }
    }
}
