import AirsignCrypto
import AirsignEncoding

/// One step of a Substrate derivation path: `//name` (hard) or `/name` (soft), turned into a
/// 32-byte chain code the way sp-core's `DeriveJunction` does it: a decimal `u64` as 8 bytes
/// little-endian, anything else as a SCALE string, zero-padded to 32 bytes or, when longer,
/// replaced by its BLAKE2b-256.
public struct SubstrateJunction: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let isHard: Bool
    /// The 32-byte chain code.
    public let chainCode: [UInt8]

    /// Checks the name (non-empty, no `/`, no control characters) and refuses names that
    /// sp-core and polkadot-js turn into different chain codes. `position` (1-based) only
    /// labels errors.
    public init(name: String, isHard: Bool, position: Int = 1) throws(KeysError) {
        guard !name.isEmpty else { throw .invalidSecretURI("junction \(position) is empty") }
        guard !name.contains("/") else { throw .invalidSecretURI("junction \(position) contains /") }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidSecretURI("junction \(position) contains a control character (a line break?)")
        }
        let utf8 = Array(name.utf8)
        let isDigits = { (bytes: ArraySlice<UInt8>) in !bytes.isEmpty && bytes.allSatisfy { (0x30...0x39).contains($0) }
        }
        var encoded: [UInt8]
        if isDigits(utf8[...]) {
            // sp-core parses u64; polkadot-js takes any size of number. They agree below 2^64.
            guard let value = UInt64(name) else {
                throw .ambiguousJunction(position: position, reason: "a number of 2^64 or more")
            }
            encoded = (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        } else {
            // Rust's u64 parser takes a leading '+'; polkadot-js reads "+5" as text.
            if utf8.first == UInt8(ascii: "+"), isDigits(utf8.dropFirst()), UInt64(name.dropFirst()) != nil {
                throw .ambiguousJunction(position: position, reason: "a number with a leading +")
            }
            // polkadot-js reads 0x-hex as raw bytes; sp-core reads it as text.
            if utf8.count % 2 == 0, utf8.starts(with: Array("0x".utf8)),
                utf8.dropFirst(2).allSatisfy({ Hex.decodes($0) })
            {
                throw .ambiguousJunction(position: position, reason: "0x hex")
            }
            var writer = SCALEWriter()
            writer.writeString(name)
            encoded = writer.bytes
        }
        if encoded.count > 32 {
            do {
                encoded = try Blake2b.hash(encoded, outputLength: 32)
            } catch {
                throw .invalidSecretURI("junction \(position) could not be hashed")
            }
        }
        self.name = name
        self.isHard = isHard
        self.chainCode = encoded + [UInt8](repeating: 0, count: 32 - encoded.count)
    }

    /// `//name` or `/name`.
    public var description: String { (isHard ? "//" : "/") + name }
}

extension Hex {
    /// Whether `byte` is an ASCII hex digit.
    static func decodes(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
