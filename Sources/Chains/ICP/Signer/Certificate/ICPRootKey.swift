import AirsignEncoding
import Foundation

/// The root of trust for IC certificates: a BLS12-381 G2 public key, known a priori (interface
/// spec, "Root of trust"). The watch has the IC mainnet's built in and takes another only from
/// the person (`--root-key`, `AIRSIGN_ICP_ROOT_KEY`), never from the network.
public struct ICPRootKey: Equatable, Sendable {
    /// The 96-byte compressed G2 point.
    public let publicKey: [UInt8]

    /// The DER SubjectPublicKeyInfo prefix of a BLS12-381 G2 key (interface spec,
    /// "Certification": RFC 5480 with algorithm OID 1.3.6.1.4.1.44668.5.3.1.2.1 and curve OID
    /// 1.3.6.1.4.1.44668.5.3.2.1, then a BIT STRING of 97 bytes, the first 0 unused bits).
    public static let derPrefix: [UInt8] = [
        0x30, 0x81, 0x82, 0x30, 0x1d, 0x06, 0x0d, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0xdc, 0x7c, 0x05,
        0x03, 0x01, 0x02, 0x01, 0x06, 0x0c, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0xdc, 0x7c, 0x05, 0x03,
        0x02, 0x01, 0x03, 0x61, 0x00,
    ]
    public static let keyLength = 96

    /// The IC mainnet root key (the 96 bytes after the DER prefix). The interface spec says it
    /// "must be known to the user a priori" without printing it; these are the bytes DFINITY's
    /// agents build in: dfinity/agent-rs `ic-agent` `IC_ROOT_KEY`, dfinity/agent-js `IC_ROOT_KEY`.
    public static let mainnet = ICPRootKey(uncheckedKey: [
        0x81, 0x4c, 0x0e, 0x6e, 0xc7, 0x1f, 0xab, 0x58, 0x3b, 0x08, 0xbd, 0x81, 0x37, 0x3c, 0x25, 0x5c,
        0x3c, 0x37, 0x1b, 0x2e, 0x84, 0x86, 0x3c, 0x98, 0xa4, 0xf1, 0xe0, 0x8b, 0x74, 0x23, 0x5d, 0x14,
        0xfb, 0x5d, 0x9c, 0x0c, 0xd5, 0x46, 0xd9, 0x68, 0x5f, 0x91, 0x3a, 0x0c, 0x0b, 0x2c, 0xc5, 0x34,
        0x15, 0x83, 0xbf, 0x4b, 0x43, 0x92, 0xe4, 0x67, 0xdb, 0x96, 0xd6, 0x5b, 0x9b, 0xb4, 0xcb, 0x71,
        0x71, 0x12, 0xf8, 0x47, 0x2e, 0x0d, 0x5a, 0x4d, 0x14, 0x50, 0x5f, 0xfd, 0x74, 0x84, 0xb0, 0x12,
        0x91, 0x09, 0x1c, 0x5f, 0x87, 0xb9, 0x88, 0x83, 0x46, 0x3f, 0x98, 0x09, 0x1a, 0x0b, 0xaa, 0xae,
    ])

    /// The environment variable that names a root key when --root-key is not given.
    public static let environmentVariable = "AIRSIGN_ICP_ROOT_KEY"

    /// Reads a DER-wrapped key: exactly the prefix and 96 bytes.
    public init(der: [UInt8]) throws(ICPCertificateError) {
        publicKey = try Self.extract(der, what: "the root key")
    }

    private init(uncheckedKey key: [UInt8]) { publicKey = key }

    /// The spec's `extract_der` for BLS keys: the prefix, then the 96-byte key, nothing else.
    static func extract(_ der: [UInt8], what: String) throws(ICPCertificateError) -> [UInt8] {
        guard der.count == derPrefix.count + keyLength, der.starts(with: derPrefix) else {
            throw .badRootKey(
                "\(what) is \(der.count) bytes, not the 133-byte DER of a BLS12-381 G2 key (\(Hex.encode(derPrefix.prefix(8)))…)"
            )
        }
        return Array(der.suffix(keyLength))
    }

    public var der: [UInt8] { Self.derPrefix + publicKey }
    public var isMainnet: Bool { self == Self.mainnet }

    /// The key a command uses: `option` (hex of the DER, or a file holding the DER or its hex),
    /// else the environment variable, else the mainnet key.
    public static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ICPCertificateError) -> ICPRootKey
    {
        if let option { return try parse(option, source: "--root-key") }
        if let value = environment[environmentVariable], !value.isEmpty {
            return try parse(value, source: environmentVariable)
        }
        return mainnet
    }

    /// `HEX|FILE`: text that is all hex is the key; anything else names a file.
    static func parse(_ text: String, source: String) throws(ICPCertificateError) -> ICPRootKey {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let bytes = try? Hex.decode(trimmed), !bytes.isEmpty {
            do { return try ICPRootKey(der: bytes) } catch { throw .badRootKey("\(source): \(error.reason)") }
        }
        guard let data = FileManager.default.contents(atPath: trimmed) else {
            throw .badRootKey("\(source) is neither the hex of a DER key nor a readable file")
        }
        var bytes = [UInt8](data)
        // A file may hold the DER itself or its hex (as a replica's status endpoint is often saved).
        if let text = String(validating: bytes, as: UTF8.self),
            let hex = try? Hex.decode(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            bytes = hex
        }
        do { return try ICPRootKey(der: bytes) } catch { throw .badRootKey("\(source) \(trimmed): \(error.reason)") }
    }
}
