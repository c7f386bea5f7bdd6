import AirsignCrypto

/// The Argon2id cost presets a keystore can be created with: libsodium's own
/// (interactive 2 passes/64 MiB, moderate 3/256 MiB, sensitive 4/1 GiB). Each unlock runs one
/// derivation per file it opens, so `sensitive` means seconds per PIN entry.
public enum KDFPreset: String, CaseIterable, Sendable {
    case interactive, moderate, sensitive

    /// The default for new keystores.
    public static let standard = KDFPreset.moderate

    /// libsodium's limits for this preset.
    public var limits: Argon2id.Limits {
        switch self {
        case .interactive: return .interactive
        case .moderate: return .moderate
        case .sensitive: return .sensitive
        }
    }

    /// The preset with exactly these limits, if any (for showing a keystore's setting).
    public init?(limits: Argon2id.Limits) {
        guard let preset = Self.allCases.first(where: { $0.limits == limits }) else { return nil }
        self = preset
    }
}
