import AirsignCLI
import AirsignStellar

extension StellarError: ExitStatusProviding {
    /// Every Stellar refusal but one is about input the person gave (an operation, amount,
    /// address, memo, network, a response to merge): refused input (3). A signature of its own
    /// that does not verify is the signer's failure (1). Listed by case, so a new case
    /// must choose its status.
    public var exitStatus: ExitStatus {
        switch self {
        case .xdr, .inOperation, .unknownOperationType, .retiredOperation, .unknownEnvelopeType, .inAuthorization,
            .inSorobanData, .scVal, .tooDeep, .soroban, .invalidAssetCode, .memoTooLong, .invalidAmount,
            .amountNotAllowed,
            .invalidPrice, .weightOutOfRange, .invalidAddress, .invalidLength, .wrongNetwork, .unknownNetwork,
            .duplicateSignature,
            .invalidSignature, .tooManySignatures, .operationCount, .invalidBase64, .invalidURI, .configSettingID,
            .internalCodec, .unreadable, .notJSON,
            .assetText, .tokenDecimals, .tokenSymbol, .payload, .requestNetwork, .publicKeyLength, .addressNotOfKey,
            .notATransaction,
            .messageLength, .signing, .native, .response, .option, .build, .operationSpec, .argument:
            return .invalidInput
        case .ownSignatureUnverified:
            // The signer's own fault, not the input's.
            return .failure
        }
    }
}
