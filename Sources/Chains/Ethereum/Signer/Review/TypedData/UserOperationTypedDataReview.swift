import AirsignMessages
import BigInt

/// An ERC-4337 user operation sent as EIP-712 typed data, the way EntryPoint v0.8 defines its
/// userOpHash: primary type `PackedUserOperation` (exactly `PackedUserOperation.typeString`)
/// under the domain {name "ERC4337", version "1", chainId, verifyingContract EntryPoint v0.8}.
/// Its digest is then the userOpHash, and it is reviewed as the operation (`UserOperationReview`).
enum UserOperationTypedDataReview {
    static func review(_ typed: TypedData, account: EthereumAddress, environment: ClearSigningEnvironment) throws
        -> RecognisedTypedData?
    {
        guard try typed.encodeType(typed.primaryType) == PackedUserOperation.typeString,
            typed.domain["name"] == .string("ERC4337"), typed.domain["version"] == .string("1"),
            try typed.encodeType("EIP712Domain")
                == "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"
        else { return nil }
        let fields = TypedFields(typed: typed)
        guard let entryPoint = try fields.verifyingContract(), entryPoint == EntryPointVersion.v08.address else {
            return nil
        }
        let operation = try PackedUserOperation(
            sender: try fields.address("sender"), nonce: try fields.uint("nonce"),
            initCode: try fields.bytes("initCode"), callData: try fields.bytes("callData"),
            accountGasLimits: try fields.bytes("accountGasLimits"),
            preVerificationGas: try fields.uint("preVerificationGas"), gasFees: try fields.bytes("gasFees"),
            paymasterAndData: try fields.bytes("paymasterAndData"))
        // The digest the review shows is the typed data's; v0.8's marker changes the hash.
        _ = try operation.hash(version: .v08, chainId: environment.chainId)
        let shown = try UserOperationReview(operation, version: .v08, signer: account, environment: environment)
        var out = RecognisedTypedData()
        out.lines = shown.lines
        out.warnings = shown.warnings
        out.effects = shown.effects
        return out
    }
}
