import AirsignCLI
import AirsignStellar

extension StellarError: ExitStatusProviding {
    /// Every Stellar refusal is about input the person gave (an operation, amount, address,
    /// memo, network, a response to merge): refused input (3). Listed by case, so a new case
    /// must choose its status.
    public var exitStatus: ExitStatus {
        switch self {
        case .xdr, .inOperation, .unknownOperationType, .unsupportedOperation, .unknownEnvelopeType, .inAuthorization,
            .inSorobanData, .invalidSCVal, .tooDeep, .soroban, .invalidAssetCode, .memoTooLong, .invalidAmount, .amountNotAllowed,
            .invalidPrice, .weightOutOfRange, .invalidAddress, .invalidLength, .wrongNetwork, .unknownNetwork, .duplicateSignature,
            .invalidSignature, .tooManySignatures, .operationCount, .invalidBase64, .invalidURI, .cannotEncode, .unreadable, .notJSON,
            .assetText, .tokenDecimals, .tokenSymbol, .payload, .requestNetwork, .publicKeyLength, .addressNotOfKey, .notATransaction,
            .messageLength, .signing, .native, .response, .option, .build, .operationSpec, .argument:
            return .invalidInput
        }
    }
}
