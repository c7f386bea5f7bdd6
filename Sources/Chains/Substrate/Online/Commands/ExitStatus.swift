import AirsignCLI
import AirsignSubstrate

extension SubstrateError: ExitStatusProviding {
    /// A Substrate refusal is about the input (a payload, an option, an address, metadata, a
    /// response): 3; a hash or signature the crypto library failed to make is not: 1.
    public var exitStatus: ExitStatus {
        switch self {
        case .unreadable, .notOfKind, .shape, .members, .unknownField, .missing, .empty, .length, .notHex, .notUnsigned,
            .decimalPlaces,
            .tooLarge, .notSS58, .addressLength, .addressNotOfKey, .publicKeyLength, .otherAccount, .notOwnAccount,
            .network, .otherNetwork,
            .unknownNetwork, .rawNetwork, .unknownPayloadType, .era, .extrinsicVersion, .mode, .modeAndHash,
            .extensions, .extensionData,
            .bytesFollow, .immortalCheckpoint, .feeAsset, .call, .typedValue, .types, .bitSequenceWords, .metadata,
            .metadataVersion,
            .specVersion, .proof, .uos, .frames, .itemCount, .foreignItem, .notAccountKey, .signatureCount,
            .responseCount, .multiSignature,
            .signatureInvalid, .resultMismatch, .unexpectedResult, .otherChainRequest, .needs:
            return .invalidInput
        case .cryptoFailure:
            return .failure
        }
    }
}
