import AirsignCrypto
import AirsignKeystore
import Foundation

/// The cost of a PIN, for each Argon2id preset: one bare derivation (`argon2id_<preset>`, which
/// bench/reference.py times in PyNaCl with the same limits) and a whole unlock of one key from a
/// keystore on disk (`keystore_unlock_<preset>`: reading the key file, one derivation and one
/// decryption, and the attempt counter's writes; the PIN check file is opened only when the key
/// file does not open). These are a security
/// floor, reported as they are; nothing here tries to make them shorter.
enum KeystoreBench {
    static func run(_ options: Options) throws {
        for preset in KDFPreset.allCases {
            // A sensitive derivation takes seconds and a GiB: fewer runs, same median.
            var presetOptions = options
            presetOptions.seconds = 0
            presetOptions.runs = preset == .sensitive ? min(options.runs, 3) : options.runs
            let limits = preset.limits
            let details: [String: Any] = [
                "preset": preset.rawValue, "ops_limit": limits.opsLimit, "mem_limit_mib": limits.memLimit >> 20,
            ]
            let salt = SecureRandom.bytes(Argon2id.saltLength)
            let password = Array("bench-pin-4711".utf8)
            try measure("argon2id_\(preset.rawValue)", presetOptions, unit: "derivations/s", details: details) { _ in
                _ = try Argon2id.deriveKey(password: password, salt: salt, limits: limits)
            }
            try withKeystore(limits: limits) { keystore, name, pin in
                var unlockDetails = details
                unlockDetails["derivations"] = 1
                try measure(
                    "keystore_unlock_\(preset.rawValue)", presetOptions, unit: "unlocks/s", details: unlockDetails
                ) { _ in
                    _ = try keystore.secret(of: name, pin: pin)
                }
            }
        }
    }

    /// A keystore in a fresh temporary directory with one key, removed afterwards.
    static func withKeystore(limits: Argon2id.Limits, _ body: (Keystore, KeyName, SecureBytes) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "airsign-bench-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keystore = Keystore(directory: directory + "/signer")
        let pin = SecureBytes(copying: Array("bench-pin-4711".utf8))
        try keystore.initialize(pin: pin, limits: limits)
        let name = try KeyName("bench")
        let metadata = try KeyMetadata(name: name, kind: "seed", accounts: [], created: keystore.timestampNow())
        try keystore.add(
            try SecretPayload(kind: "seed", bytes: SecureRandom.secureBytes(32)), metadata: metadata, pin: pin)
        try body(keystore, name, pin)
    }
}
