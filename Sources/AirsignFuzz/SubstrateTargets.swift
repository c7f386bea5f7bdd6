import AirsignEncoding
import AirsignSubstrate

extension FuzzTarget {
    /// polkadot-js SignerPayloadJSON and SignerPayloadRaw as a dApp hands them over.
    static let substratePayload = FuzzTarget(name: "substrate-payload", summary: "SignerPayloadJSON / SignerPayloadRaw objects, eras and MultiSignatures") { input throws(FuzzViolation) in
        if let json = try? JSONParser().parse(input) {
            _ = try? SignerPayload(json: json)
            _ = try? RawPayload(json: json)
        }
        _ = try? Era(decoding: input)
        _ = try? MultiSignature(decoding: input)
    }

    /// `state_getMetadata` replies: the watch reads call indices and extensions from them.
    static let substrateMetadata = FuzzTarget(name: "substrate-metadata", summary: "runtime metadata V14/V15 (state_getMetadata)") { input throws(FuzzViolation) in
        _ = try? RuntimeMetadata(decoding: input)
    }
}
