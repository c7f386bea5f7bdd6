/// The signature schemes Substrate accounts use, named as Substrate names them.
public enum SubstrateScheme: String, Sendable, Codable, CaseIterable {
    /// Schnorrkel on ristretto255, the default of Polkadot wallets; hard and soft junctions.
    case sr25519
    case ed25519
    /// secp256k1 ECDSA; accounts are the BLAKE2b-256 of the 33-byte compressed key.
    case ecdsa

    /// The scheme as account metadata records it.
    public var keyScheme: KeyScheme {
        switch self {
        case .sr25519: return .sr25519
        case .ed25519: return .ed25519
        case .ecdsa: return .secp256k1
        }
    }
}
