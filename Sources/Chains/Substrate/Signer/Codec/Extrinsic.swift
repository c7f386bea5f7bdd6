import AirsignCrypto
import AirsignEncoding

/// A signed version-4 extrinsic (sp-runtime `UncheckedExtrinsic`): `Compact(len) ‖ 0x84 ‖
/// MultiAddress::Id(account) ‖ MultiSignature ‖ extra ‖ call`.
public struct SignedExtrinsic: Sendable, Equatable {
    public let accountID: [UInt8]
    public let signature: MultiSignature
    public let extra: [UInt8]
    public let call: [UInt8]

    public init(accountID: [UInt8], signature: MultiSignature, extra: [UInt8], call: [UInt8]) {
        self.accountID = accountID
        self.signature = signature
        self.extra = extra
        self.call = call
    }

    /// The body without its length prefix.
    public var body: [UInt8] {
        [0x84, 0x00] + accountID + signature.encoded + extra + call
    }

    /// The broadcastable bytes, as `author_submitExtrinsic` takes them.
    public var encoded: [UInt8] {
        var writer = SCALEWriter()
        let body = self.body
        writer.writeCompact(UInt64(body.count))
        writer.writeBytes(body)
        return writer.bytes
    }

    /// BLAKE2b-256 of the encoded extrinsic: the hash nodes report for it.
    public var hash: [UInt8] {
        get throws(SubstrateError) { try blake2b256(encoded) }
    }
}

/// BLAKE2b with a 32-byte output, which cannot fail for that length.
func blake2b256(_ bytes: [UInt8]) throws(SubstrateError) -> [UInt8] {
    do { return try Blake2b.hash(bytes, outputLength: 32) } catch {
        throw SubstrateError.cryptoFailure(operation: "BLAKE2b-256", reason: "\(error)")
    }
}
