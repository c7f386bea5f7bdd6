import AirsignCrypto

/// An Internet Computer principal: 0 to 29 bytes, written as
/// `Grouped(base32-lower(CRC32-BE(bytes) || bytes))` with a dash after every 5 characters
/// (IC interface spec, "Textual representation of principals").
public struct Principal: Hashable, Sendable, CustomStringConvertible {
    public static let maxLength = 29
    /// The longest principal text: 33 bytes of base32 (53 characters) plus 10 dashes.
    public static let maxTextLength = 63
    private static let codec = "principal"

    public let bytes: [UInt8]

    public init(bytes: [UInt8]) throws(EncodingError) {
        guard bytes.count <= Self.maxLength else {
            throw .invalidValue(
                codec: Self.codec, offset: 0, reason: "a principal is at most 29 bytes, not \(bytes.count)")
        }
        self.bytes = bytes
    }

    /// The self-authenticating principal of a DER-encoded public key: SHA-224(der) || 0x02.
    public static func selfAuthenticating(derPublicKey: [UInt8]) -> Principal {
        Principal(uncheckedBytes: SHA224.hash(derPublicKey) + [0x02])
    }

    /// `2vxsx-fae`, the anonymous sender.
    public static let anonymous = Principal(uncheckedBytes: [0x04])
    /// `aaaaa-aa`, the management canister.
    public static let managementCanister = Principal(uncheckedBytes: [])

    private init(uncheckedBytes: [UInt8]) { bytes = uncheckedBytes }

    /// The canonical text form (lower case, grouped).
    public var text: String {
        let crc = CRC32.checksum(bytes)
        let raw = Array(
            Base32.encode(
                [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32($0)) } + bytes,
                lowercase: true
            ).utf8)
        var out: [UInt8] = []
        for (i, c) in raw.enumerated() {
            if i > 0 && i % 5 == 0 { out.append(UInt8(ascii: "-")) }
            out.append(c)
        }
        return String(decoding: out, as: UTF8.self)
    }

    public var description: String { text }

    /// Parses principal text strictly: dashes exactly every 5 characters, one letter case
    /// throughout, a matching CRC and at most 29 bytes. Upper case is accepted (the reference
    /// parser is case-insensitive) but never mixed with lower case.
    public init(text: some StringProtocol) throws(EncodingError) {
        let utf8 = Array(text.utf8)
        guard utf8.count <= Self.maxTextLength else {
            throw .limitExceeded(codec: Self.codec, limit: "at most \(Self.maxTextLength) characters")
        }
        var raw: [UInt8] = []
        for (i, c) in utf8.enumerated() {
            if i % 6 == 5 {
                guard c == UInt8(ascii: "-"), i != utf8.count - 1 else {
                    throw .invalidValue(
                        codec: Self.codec, offset: i, reason: "groups must be 5 characters separated by single dashes")
                }
            } else {
                guard c != UInt8(ascii: "-") else {
                    throw .invalidValue(
                        codec: Self.codec, offset: i, reason: "groups must be 5 characters separated by single dashes")
                }
                raw.append(c)
            }
        }
        let data: [UInt8]
        do {
            data = try Base32.decode(String(decoding: raw, as: UTF8.self), letterCase: .either)
        } catch {
            throw error.renamed(Self.codec)
        }
        guard data.count >= 4 else { throw .truncated(codec: Self.codec, offset: utf8.count) }
        let body = Array(data[4...])
        try self.init(bytes: body)
        let crc = data[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard crc == CRC32.checksum(body) else { throw .checksumMismatch(codec: Self.codec) }
        // Base32 strictness plus the grouping rule leave one spelling per case; confirm it.
        guard self.text == String(decoding: utf8, as: UTF8.self).lowercased() else {
            throw .nonCanonical(codec: Self.codec, offset: 0, reason: "not the canonical spelling of this principal")
        }
    }
}
