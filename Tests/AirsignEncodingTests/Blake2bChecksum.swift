import AirsignCrypto

/// The SS58 checksum computed independently of `SS58`, for building deliberately odd addresses.
enum Blake2bChecksum {
    static func ss58(_ body: [UInt8]) throws -> ArraySlice<UInt8> {
        try Blake2b.hash(Array("SS58PRE".utf8) + body, outputLength: 64).prefix(2)
    }
}
