/// One decoder of untrusted input, packaged for libFuzzer (`airsign-fuzz`) and for the
/// regression replay in `swift test`.
///
/// `run` feeds one input to the decoder. Refusing the input with the decoder's own error is
/// fine; trapping is the bug a fuzzer looks for, and a broken property of an accepted input
/// (say, a strict decoder that accepts bytes it would not itself write) is thrown as
/// `FuzzViolation`, which the libFuzzer driver turns into a crash report.
public struct FuzzTarget: Sendable {
    public let name: String
    /// What the target feeds, for `airsign-fuzz --list` and docs/fuzzing.md.
    public let summary: String
    public let run: @Sendable ([UInt8]) throws(FuzzViolation) -> Void

    public init(name: String, summary: String, run: @escaping @Sendable ([UInt8]) throws(FuzzViolation) -> Void) {
        self.name = name
        self.summary = summary
        self.run = run
    }

    /// Every target, in the order the layers are built (codecs, then formats that use them).
    public static let all: [FuzzTarget] = [
        .rlp, .scale, .cbor, .json, .textCodecs, .ur, .fountainPart,
        .stellarEnvelope, .stellarSEP7, .stellarResult, .stellarSorobanValue, .stellarSorobanValueTree,
        .stellarSorobanData, .stellarAuthorization, .stellarTransactionMeta, .stellarMessage,
        .stellarCAP71Credentials, .stellarCAP85Executable,
        .ethereumTransaction, .ethereumTypedData, .ethereumTypedDataStructured, .ethereumCallData,
        .ethereumMulticallStructured, .ethereumABI, .ethereumABISuffix, .ethereumDescriptor,
        .ethereumInterpolatedIntent,
        .ethereumWalletInput,
        .ethereumAuthorization, .ethereumSetCodeStructured, .ethereumUserOperation,
        .substratePayload, .substrateMetadata, .substrateExtensionValues, .substrateMetadataProof, .substrateUOS,
        .substrateRawPayload, .substrateProofTypes, .substrateBuiltInBatch, .substrateProvenExtensions,
        .icpContent, .candid, .candidStructured, .candidTextValues, .candidInterface, .icpCallReview, .icpText,
        .icpCertificate, .icpQueryAnswer, .icpHashTree, .icrc21ConsentMessage, .icrc21ConsentCertificate, .bls12381,
        .messages, .keystoreFile, .signerKnowledge, .contacts, .noteCheck, .image,
    ]

    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

/// An accepted input that breaks a property the decoder promises.
public struct FuzzViolation: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    /// Throws unless `condition` holds.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzViolation) {
        if !condition { throw FuzzViolation(message()) }
    }
}

extension Array where Element == UInt8 {
    /// The input as text the way a text decoder would receive it from a file.
    var fuzzText: String { String(decoding: self, as: UTF8.self) }
}
