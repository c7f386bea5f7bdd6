import AirsignCLI
import AirsignEthereum

/// ERC-4527 input the watch reads (a scanned eth-signature, a pairing) or a request it cannot
/// express: bad input, exit 3.
extension ERC4527Error: ExitStatusProviding {
    public var exitStatus: ExitStatus { .invalidInput }
}

extension EthereumWatchError: ExitStatusProviding {
    public var exitStatus: ExitStatus {
        switch self {
        case .invalidInput, .missing, .account, .mismatch: return .invalidInput
        case .hashMismatch: return .network
        case .reverted: return .failure
        }
    }
}

/// Every refusal of the Ethereum module (a request, a key, a response) is about the input: 3.
extension EthereumChainError: ExitStatusProviding {
    public var exitStatus: ExitStatus {
        switch self {
        case .unreadable, .members, .unknownPayloadType, .notOfKind, .shape, .length, .network, .otherChain,
            .addressNotOfKey,
            .notSecp256k1Key, .notAccountKey, .itemCount, .foreignItem, .signatureCount, .otherSigner, .recoveryValue,
            .invalidSignature, .messageWithResult, .resultMembers, .notRequestedTransaction, .otherSignatureInResult,
            .hashMismatch, .authorizationNeverValid, .authorizationNonce, .authorizationResult,
            .unknownEntryPoint:
            return .invalidInput
        }
    }
}
