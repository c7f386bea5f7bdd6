/// The chains Airsign signs for.
public enum Chain: String, Sendable, Codable, CaseIterable {
    case substrate, icp, ethereum, stellar
}

/// The signature scheme of an account's key. Substrate calls secp256k1 "ecdsa".
public enum KeyScheme: String, Sendable, Codable, CaseIterable {
    case secp256k1, ed25519, sr25519
}
