import AirsignCrypto
import AirsignEncoding

/// RFC-0078's `ExtraInfo`: what the metadata digest binds beside the types, the runtime's spec
/// version and name, its SS58 prefix and its token's decimals and symbol (which the runtime's
/// build states; the review formats amounts and addresses by them).
public struct ExtraInfo: Sendable, Equatable {
    public let specVersion: UInt32
    public let specName: String
    public let base58Prefix: UInt16
    public let decimals: UInt8
    public let tokenSymbol: String

    public init(specVersion: UInt32, specName: String, base58Prefix: UInt16, decimals: UInt8, tokenSymbol: String) {
        self.specVersion = specVersion
        self.specName = specName
        self.base58Prefix = base58Prefix
        self.decimals = decimals
        self.tokenSymbol = tokenSymbol
    }

    public var encoded: [UInt8] {
        var writer = SCALEWriter()
        write(into: &writer)
        return writer.bytes
    }

    func write(into writer: inout SCALEWriter) {
        writer.writeInteger(specVersion)
        writer.writeString(specName)
        writer.writeInteger(base58Prefix)
        writer.writeInteger(decimals)
        writer.writeString(tokenSymbol)
    }

    static func read(_ reader: inout SCALEReader) throws -> ExtraInfo {
        ExtraInfo(
            specVersion: try reader.readInteger(UInt32.self), specName: try reader.readString(maxLength: 256),
            base58Prefix: try reader.readInteger(UInt16.self), decimals: try reader.readInteger(UInt8.self),
            tokenSymbol: try reader.readString(maxLength: 256))
    }

    /// The metadata hash (`MetadataDigest::V1`): BLAKE3 of `01 ‖ types root ‖ BLAKE3(extrinsic
    /// metadata) ‖ ExtraInfo` — what CheckMetadataHash puts into the signed payload.
    public func digest(typesRoot: [UInt8], extrinsicMetadataHash: [UInt8]) -> [UInt8] {
        BLAKE3.hash([1] + typesRoot + extrinsicMetadataHash + encoded)
    }
}
