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

    /// The signed extensions' values read back from a signing payload, by a list the input
    /// picks: its first byte is the list's length, then one byte per extension (an index into
    /// the names below), one for the call's length and one for the asset id's (0: unknown);
    /// the rest is the payload. An accepted payload must be exactly what its values encode to.
    static let substrateExtensionValues = FuzzTarget(
        name: "substrate-extension-values", summary: "signing payloads read back by a signed-extension list (era, nonce, tip, versions, hashes)"
    ) { input throws(FuzzViolation) in
        let names = ["CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality", "CheckNonce", "CheckWeight",
                     "ChargeTransactionPayment", "ChargeAssetTxPayment", "PrevalidateAttests", "CheckMetadataHash", "CheckEra", "CheckVersion"]
        guard let count = input.first.map({ Int($0) % 16 }), input.count >= count + 3 else { return }
        let picked = input.dropFirst().prefix(count).map { names[Int($0) % names.count] }
        let callLength = Int(input[count + 1])
        let assetIDLength = input[count + 2] == 0 ? nil : Int(input[count + 2] % 40)
        let payload = Array(input.dropFirst(count + 3))
        guard let list = try? ExtensionList(names: picked, origin: .request, assetIDLength: assetIDLength),
              let values = try? ExtensionValues(reading: payload, callLength: callLength, by: list)
        else { return }
        let (extra, additional) = values.encoded(by: list)
        try FuzzViolation.check(Array(payload.prefix(callLength)) + extra + additional == payload,
                                "a payload read by \(picked) is not what its values encode to")
    }
}
