import AirsignEncoding

/// What is signed for a `SignerPayload` (polkadot-js/api:
/// `packages/types/src/extrinsic/v4/ExtrinsicPayload.ts`): `method ‖ extras ‖ additionals`, the
/// extensions taken in the order of the list the signer trusts (`ExtensionList.trusted(for:)`),
/// and the message the scheme receives (the payload itself, or its BLAKE2b-256 when it is longer
/// than 256 bytes).
public struct SigningPayload: Sendable, Equatable {
    /// The extensions' explicit data, in order: what the extrinsic carries after the signature.
    public let extra: [UInt8]
    /// The extensions' implicit data, in order: signed but never transmitted.
    public let additional: [UInt8]
    /// `method ‖ extra ‖ additional`.
    public let bytes: [UInt8]
    /// The list the bytes are built by, and who vouches for it.
    public let extensions: ExtensionList

    /// `provenDigest`: the metadata digest the signer rebuilt from the request's proof, signed in
    /// place of the request's own hash.
    public init(_ payload: SignerPayload, extensions: ExtensionList, provenDigest: [UInt8]? = nil) {
        let (extra, additional) = ExtensionValues(requestedBy: payload, provenDigest: provenDigest).encoded(
            by: extensions)
        self.extra = extra
        self.additional = additional
        self.extensions = extensions
        bytes = payload.method + extra + additional
    }

    /// The payload built by the list the signer trusts for it (refusing a request whose list
    /// differs from the signer's table).
    public init(trusting payload: SignerPayload) throws(SubstrateError) {
        self.init(payload, extensions: try ExtensionList.trusted(for: payload))
    }

    /// The message the signature scheme is given for payload `bytes`: BLAKE2b-256 of it when it
    /// is longer than 256 bytes (sp-runtime `SignedPayload::using_encoded`), else the bytes.
    public static func message(for bytes: [UInt8]) throws(SubstrateError) -> [UInt8] {
        guard bytes.count > 256 else { return bytes }
        return try blake2b256(bytes)
    }
}
