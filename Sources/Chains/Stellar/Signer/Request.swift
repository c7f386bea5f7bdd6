import AirsignEncoding
import AirsignMessages

/// What a Stellar request signs, decoded once from its payload: `sign` and the watch's
/// finalizer switch on it, never on the signing item's label.
package enum StellarSignable: SignableValue {
    /// The transaction on its network, with the Soroban authorizations of the signing key it
    /// carries unsigned (signed first, put into it, then the transaction is signed). The bytes
    /// are the network passphrase and the envelope XDR.
    case transaction(TransactionEnvelope, StellarNetwork, pending: [AuthorizationToSign], bytes: [UInt8])
    /// One of those authorizations: the SHA-256 of its preimage is signed.
    case queuedAuthorization(AuthorizationToSign)
    /// An `authorization` request's entry on its network. The bytes are the passphrase and the
    /// entry XDR; the entry's preimage is built and hashed at signing.
    case authorization(SorobanAuthorizationEntry, StellarNetwork, bytes: [UInt8])
    /// A SEP-53 message: its bytes, which `sign` prefixes with "Stellar Signed Message:\n" and
    /// hashes with SHA-256 itself.
    case message([UInt8])

    package var signedBytes: [UInt8] {
        switch self {
        case let .transaction(_, _, _, bytes): bytes
        case let .queuedAuthorization(pending): pending.preimage
        case let .authorization(_, _, bytes): bytes
        case let .message(bytes): bytes
        }
    }

    static func transaction(_ envelope: TransactionEnvelope, network: StellarNetwork, signer: [UInt8]) throws
        -> StellarSignable
    {
        .transaction(
            envelope, network, pending: try envelope.pendingAuthorizations(of: signer, network: network),
            bytes: try StellarChain.signingBytes(envelope, network: network))
    }

    static func authorization(_ entry: SorobanAuthorizationEntry, network: StellarNetwork) throws -> StellarSignable {
        var writer = XDRWriter()
        try writer.writeString(network.passphrase, max: 1024)
        return .authorization(entry, network, bytes: writer.bytes + (try entry.xdr()))
    }

    /// The items in signing order: a transaction's queued authorizations before it.
    package var items: [SigningItem] {
        switch self {
        case let .transaction(_, _, pending, _):
            pending.map {
                SigningItem(
                    label: StellarChain.authorizationLabel(operation: $0.operation, entry: $0.entry),
                    value: StellarSignable.queuedAuthorization($0))
            }
                + [SigningItem(label: StellarChain.signingLabel, value: self)]
        case .queuedAuthorization:
            [SigningItem(label: "authorization", value: self)]
        case .authorization:
            [SigningItem(label: StellarChain.authorizationSigningLabel, value: self)]
        case .message:
            [SigningItem(label: StellarChain.messageSigningLabel, value: self)]
        }
    }
}

/// A Stellar request read from its payload and checked against its network and account key,
/// before any of it is described.
package struct StellarRequest {
    package let network: StellarNetwork
    /// The request's account's Ed25519 key.
    package let signer: [UInt8]
    package let payload: StellarPayload
    package let signable: StellarSignable
}

extension StellarChain {
    /// Decodes `request`'s payload on the request's network.
    package static func decode(_ request: SignRequest) throws -> StellarRequest {
        let network = try network(of: request.network)
        let signer = try accountKey(request.account)
        let payload = try StellarPayload(request.payload, network: network)
        let signable: StellarSignable
        switch payload {
        case let .transaction(envelope, _, _): signable = try .transaction(envelope, network: network, signer: signer)
        case let .authorization(entry): signable = try .authorization(entry, network: network)
        case let .message(bytes): signable = .message(bytes)
        }
        return StellarRequest(network: network, signer: signer, payload: payload, signable: signable)
    }

    public func signingItems(_ request: SignRequest) throws -> [SigningItem] {
        try Self.decode(request).signable.items
    }
}
