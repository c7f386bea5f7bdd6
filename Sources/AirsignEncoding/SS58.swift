import AirsignCrypto

/// Substrate SS58 addresses: `Base58(prefix || payload || checksum)`, the checksum being the
/// first two bytes of BLAKE2b-512("SS58PRE" || prefix || payload). Prefixes 0–63 take one byte,
/// 64–16383 two (sp-core `to_ss58check_with_version`, polkadot-js `encodeAddress`).
///
/// Only account payloads are handled: 32-byte account IDs (sr25519/ed25519 keys, hashed ecdsa
/// keys) and 33-byte compressed ecdsa keys. The short account-index forms are refused.
public enum SS58 {
    public static let maxPrefix: UInt16 = 16383
    /// Prefixes reserved by the SS58 registry; sp-core and polkadot-js refuse them.
    public static let reservedPrefixes: Set<UInt16> = [46, 47]
    public static let payloadLengths: Set<Int> = [32, 33]

    private static let checksumLength = 2
    private static let context = Array("SS58PRE".utf8)

    /// The address of `payload` under network `prefix`.
    public static func encode(_ payload: [UInt8], prefix: UInt16) throws(EncodingError) -> String {
        try checkPrefix(prefix)
        guard payloadLengths.contains(payload.count) else {
            throw .invalidValue(
                codec: "SS58", offset: 0, reason: "payload must be 32 or 33 bytes, not \(payload.count)")
        }
        let body = prefixBytes(prefix) + payload
        return Base58.encode(body + (try checksum(body)))
    }

    /// The network prefix and payload of `text`, after checking the alphabet, the prefix form,
    /// the length and the checksum.
    public static func decode(_ text: some StringProtocol) throws(EncodingError) -> (prefix: UInt16, payload: [UInt8]) {
        try decode(String(text))
    }

    /// `decode` of a `String`, the form callers have: a concrete overload, since the generic
    /// method is not specialized in the module that calls it.
    public static func decode(_ text: String) throws(EncodingError) -> (prefix: UInt16, payload: [UInt8]) {
        let decoded = try decodings.value(for: Array(text.utf8)) { () throws(EncodingError) in
            let (prefix, payload) = try decodeText(text)
            return Decoded(prefix: prefix, payload: payload)
        }
        return (decoded.prefix, decoded.payload)
    }

    struct Decoded: Sendable {
        let prefix: UInt16
        let payload: [UInt8]
    }

    /// What `decode` gave last, by the text's bytes. A Substrate request's account is decoded
    /// from its text three times a request, the same account every request of a batch: a
    /// quadratic Base58 conversion and a BLAKE2b checksum each.
    static let decodings = BoundedMemo<MemoBytes, Decoded>(capacity: 4096)

    /// `decode`, computed.
    static func decodeText(_ text: some StringProtocol) throws(EncodingError) -> (prefix: UInt16, payload: [UInt8]) {
        let data: [UInt8]
        do {
            data = try Base58.decode(text)
        } catch {
            throw error.renamed("SS58")
        }
        guard let first = data.first else { throw .truncated(codec: "SS58", offset: 0) }
        let prefix: UInt16
        let prefixLength: Int
        switch first {
        case 0...63:
            prefix = UInt16(first)
            prefixLength = 1
        case 64...127:
            guard data.count >= 2 else { throw .truncated(codec: "SS58", offset: 1) }
            let second = data[1]
            let lower = UInt16((first << 2) | (second >> 6))
            let upper = UInt16(second & 0b0011_1111)
            prefix = lower | upper << 8
            prefixLength = 2
            // A prefix below 64 has only the one-byte form.
            guard prefix >= 64 else {
                throw .nonCanonical(codec: "SS58", offset: 0, reason: "prefix \(prefix) written in the two-byte form")
            }
        default:
            throw .invalidValue(codec: "SS58", offset: 0, reason: "first byte \(first) is not a valid prefix")
        }
        try checkPrefix(prefix)
        let payloadLength = data.count - prefixLength - checksumLength
        guard payloadLengths.contains(payloadLength) else {
            throw .invalidValue(
                codec: "SS58", offset: prefixLength,
                reason: "\(data.count) bytes is not the length of an account address")
        }
        let body = Array(data[0..<prefixLength + payloadLength])
        guard try checksum(body) == Array(data[(prefixLength + payloadLength)...]) else {
            throw .checksumMismatch(codec: "SS58")
        }
        return (prefix, Array(body[prefixLength...]))
    }

    private static func checkPrefix(_ prefix: UInt16) throws(EncodingError) {
        guard prefix <= maxPrefix else {
            throw .invalidValue(codec: "SS58", offset: 0, reason: "prefix \(prefix) is above \(maxPrefix)")
        }
        guard !reservedPrefixes.contains(prefix) else {
            throw .invalidValue(codec: "SS58", offset: 0, reason: "prefix \(prefix) is reserved")
        }
    }

    /// The one- or two-byte prefix encoding (sp-core `to_ss58check_with_version`).
    static func prefixBytes(_ prefix: UInt16) -> [UInt8] {
        if prefix < 64 { return [UInt8(prefix)] }
        let first = UInt8(truncatingIfNeeded: (prefix & 0b1111_1100) >> 2) | 0b0100_0000
        let second = UInt8(truncatingIfNeeded: prefix >> 8) | UInt8(truncatingIfNeeded: (prefix & 0b11) << 6)
        return [first, second]
    }

    private static func checksum(_ body: [UInt8]) throws(EncodingError) -> [UInt8] {
        do {
            return Array(try Blake2b.hash(context + body, outputLength: 64).prefix(checksumLength))
        } catch {
            // 64 is always a valid BLAKE2b output length; report rather than trap if not.
            throw .invalidValue(codec: "SS58", offset: 0, reason: "checksum hash failed: \(error)")
        }
    }
}
