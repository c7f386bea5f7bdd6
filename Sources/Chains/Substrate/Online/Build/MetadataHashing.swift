import AirsignCLI
import AirsignEncoding
import AirsignOnline
import AirsignSubstrate
import Foundation

/// RFC-0078 on the watch: the metadata a request is proven against, and when a request gets a
/// metadata hash and proof.
public enum MetadataHashing {
    /// Reads a metadata file: SCALE bytes, raw or as 0x hex text (`state_getMetadata`'s
    /// `RuntimeMetadataPrefixed`, or `Metadata_metadata_at_version`'s `Option<Vec<u8>>`).
    public static func read(_ path: String) throws -> RuntimeMetadata {
        let data: [UInt8]
        do { data = Array(try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            throw SubstrateError.unreadable(
                field: "--metadata \(path)", reason: "cannot be read: \(error.localizedDescription)")
        }
        var bytes = data
        if data.starts(with: Array("0x".utf8)) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            do { bytes = try Hex.decode(text) } catch {
                throw SubstrateError.notHex(field: "--metadata \(path)", reason: "\(error)")
            }
        }
        do { return try RuntimeMetadata(decoding: bytes) } catch {
            throw SubstrateError.unreadable(field: "--metadata \(path)", reason: "\(error)")
        }
    }

    /// A runtime's metadata from a file, or from a node (V15 when it serves it) with the token
    /// decimals and symbol its `system_properties` state.
    public static func runtime(file: String?, rpc url: String?, transport: (any HTTPTransport)? = nil) throws
        -> (RuntimeMetadata, (decimals: Int?, symbol: String?))
    {
        if let file { return (try read(file), (nil, nil)) }
        guard let url else { throw SubstrateError.needs(.metadataSource) }
        let rpc = SubstrateRPC(client: JSONRPCClient(url: url, transport: transport ?? URLSessionTransport()))
        return (try rpc.runtimeMetadata(), try rpc.tokenProperties())
    }

    /// The merkleized metadata a request is built with, or nil (mode 0) when the runtime has no
    /// CheckMetadataHash, its V15 metadata is not at hand, states no version or SS58 prefix, or
    /// the token's symbol is unknown (each said on standard error). Refuses metadata of another spec version than the transaction's
    /// and an extension list other than the metadata's: the proof would not match.
    static func merkleized(_ state: SubstrateChainState) throws -> MerkleizedMetadata? {
        guard state.extensions.contains("CheckMetadataHash") else { return nil }
        guard let metadata = state.metadata, metadata.version == 15 else {
            Console.info(
                "No V15 metadata (--rpc serving Metadata_metadata_at_version, or --metadata FILE): CheckMetadataHash mode 0, "
                    + "so the signer cannot guarantee its decoding.")
            return nil
        }
        guard metadata.runtimeVersion != nil, metadata.ss58Prefix != nil else {
            Console.info(
                "The metadata states no System.Version or SS58Prefix, which the metadata hash binds: CheckMetadataHash mode 0, "
                    + "so the signer cannot guarantee its decoding.")
            return nil
        }
        guard let symbol = state.tokenSymbol else {
            Console.info(
                "The token symbol is unknown (give --token-symbol): CheckMetadataHash mode 0, so the signer cannot guarantee its decoding."
            )
            return nil
        }
        guard metadata.signedExtensions == state.extensions else {
            throw SubstrateError.extensions(
                .other(given: state.extensions, source: .metadata, expected: metadata.signedExtensions))
        }
        guard let decimals = UInt8(exactly: state.decimals) else {
            throw SubstrateError.tooLarge(field: "decimals \(state.decimals)", limit: "the metadata hash's u8")
        }
        let extraInfo = try MerkleizedMetadata.extraInfo(of: metadata, decimals: decimals, tokenSymbol: symbol)
        guard extraInfo.specVersion == state.specVersion else {
            throw SubstrateError.specVersion(payload: state.specVersion, metadata: extraInfo.specVersion, proof: false)
        }
        return try MerkleizedMetadata(metadata, extraInfo: extraInfo)
    }
}

extension SubstrateRPC {
    /// The runtime's metadata: V15 when the node serves it (the RFC-0078 digest is defined on
    /// it), else `state_getMetadata`'s. Metadata that does not decode is a bad reply (exit 9).
    func runtimeMetadata() throws -> RuntimeMetadata {
        let v15 = try metadataV15()
        let blob = try v15 ?? metadata()
        // A node that offers no V15 and serves V16 from state_getMetadata: nothing here can
        // build a metadata hash or proof the chain accepts from it.
        if v15 == nil, blob.count > 4, blob.starts(with: Array("meta".utf8)), blob[4] >= 16 {
            throw OnlineError.badReply(
                url: client.url,
                reason: "the node offers metadata V\(blob[4]) only (Metadata_metadata_at_version(15) gives none): "
                    + "the RFC-0078 metadata hash and proofs are defined over V15, and a proof built from V\(blob[4]) gives signatures the chain "
                    + "rejects; use a node that serves V15, or --metadata FILE with V15 metadata")
        }
        do { return try RuntimeMetadata(decoding: blob) } catch {
            throw OnlineError.badReply(
                url: client.url,
                reason: (v15 == nil ? "state_getMetadata" : "Metadata_metadata_at_version") + ": \(error)")
        }
    }
}
