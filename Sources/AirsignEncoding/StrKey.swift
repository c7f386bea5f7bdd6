import AirsignCrypto

/// Stellar StrKey (SEP-23): upper-case unpadded base32 of `version || payload || CRC16-XModem`,
/// the CRC little-endian. Decoding is strict: one text per value, so anything `decode` accepts
/// re-encodes to the same string.
public enum StrKey {
    /// The version byte names the kind of key (its low three bits, the algorithm, are 0 for all).
    public enum Kind: UInt8, Sendable, CaseIterable {
        /// `G…`: an Ed25519 public key (account ID).
        case accountID = 48
        /// `S…`: an Ed25519 secret seed. Use `encodeSecretSeed`/`decodeSecretSeed`.
        case secretSeed = 144
        /// `M…`: a muxed account, key then 64-bit ID (CAP-27).
        case muxedAccount = 96
        /// `T…`: a pre-authorized transaction hash.
        case preAuthTx = 152
        /// `X…`: a SHA-256 hash-x signer.
        case sha256Hash = 184
        /// `P…`: an Ed25519 signed payload (CAP-40).
        case signedPayload = 120
        /// `C…`: a contract.
        case contract = 16
        /// `L…`: a liquidity pool.
        case liquidityPool = 88
        /// `B…`: a claimable balance (type byte, then hash).
        case claimableBalance = 8
    }

    private static let codec = "StrKey"

    /// The StrKey of `payload`, after checking that it has the shape `kind` requires. Secret
    /// seeds are refused here: they go through `encodeSecretSeed`.
    public static func encode(_ kind: Kind, payload: [UInt8]) throws(EncodingError) -> String {
        guard kind != .secretSeed else {
            throw .invalidValue(codec: codec, offset: 0, reason: "secret seeds are encoded with encodeSecretSeed")
        }
        try checkPayload(kind, payload)
        let data = [kind.rawValue] + payload
        return texts.value(for: data) { encoded(data) }
    }

    /// The texts `encode` gave last, by version byte and payload: a review writes the source
    /// and destination of every transaction several times (lines, totals, warnings), the same
    /// accounts every request of a batch, each a Base32 conversion and a CRC.
    static let texts = BoundedMemo<MemoBytes, String>(capacity: 4096)

    /// `encode` of a version byte and payload, computed.
    static func encoded(_ versionAndPayload: [UInt8]) -> String {
        var data = versionAndPayload
        let crc = CRC16XModem.checksum(data)
        data.append(UInt8(truncatingIfNeeded: crc))
        data.append(UInt8(truncatingIfNeeded: crc >> 8))
        return Base32.encode(data)
    }

    /// The kind and payload of a public StrKey. A secret seed is refused (its payload must not
    /// land in an ordinary array): use `decodeSecretSeed`.
    public static func decode(_ text: some StringProtocol) throws(EncodingError) -> (kind: Kind, payload: [UInt8]) {
        try decode(String(text))
    }

    /// `decode` of a `String`, the form callers have: a concrete overload, since the generic
    /// method is not specialized in the module that calls it.
    public static func decode(_ text: String) throws(EncodingError) -> (kind: Kind, payload: [UInt8]) {
        // A secret seed's text (S…) is refused below; it is never copied into a memo key.
        guard text.utf8.first != UInt8(ascii: "S") else { return try decodeText(text) }
        let decoded = try decodings.value(for: Array(text.utf8)) { () throws(EncodingError) in
            let (kind, payload) = try decodeText(text)
            return Decoded(kind: kind, payload: payload)
        }
        return (decoded.kind, decoded.payload)
    }

    struct Decoded: Sendable {
        let kind: Kind
        let payload: [UInt8]
    }

    /// What `decode` gave last, by the text's bytes: labelling an address decodes it, and a
    /// batch labels the same few accounts several times a request.
    static let decodings = BoundedMemo<MemoBytes, Decoded>(capacity: 4096)

    /// `decode`, computed.
    static func decodeText(_ text: some StringProtocol) throws(EncodingError) -> (kind: Kind, payload: [UInt8]) {
        let data: [UInt8]
        do {
            data = try Base32.decode(text, letterCase: .upper)
        } catch {
            throw error.renamed(codec)
        }
        guard data.count >= 3 else { throw .truncated(codec: codec, offset: data.count) }
        guard let kind = Kind(rawValue: data[0]) else {
            throw .invalidValue(codec: codec, offset: 0, reason: "unknown version byte \(data[0])")
        }
        guard kind != .secretSeed else {
            throw .invalidValue(codec: codec, offset: 0, reason: "this is a secret seed (S…), not a public key")
        }
        let body = Array(data.dropLast(2))
        let crc = CRC16XModem.checksum(body)
        guard data[data.count - 2] == UInt8(truncatingIfNeeded: crc),
            data[data.count - 1] == UInt8(truncatingIfNeeded: crc >> 8)
        else {
            throw .checksumMismatch(codec: codec)
        }
        let payload = Array(body.dropFirst())
        try checkPayload(kind, payload)
        return (kind, payload)
    }

    /// `G…` for a 32-byte Ed25519 public key.
    public static func encodeAccountID(_ publicKey: [UInt8]) throws(EncodingError) -> String {
        try encode(.accountID, payload: publicKey)
    }

    /// The 32-byte Ed25519 public key of a `G…` account ID; any other kind is an error.
    public static func decodeAccountID(_ text: some StringProtocol) throws(EncodingError) -> [UInt8] {
        try decodeAccountID(String(text))
    }

    /// `decodeAccountID` of a `String` (see `decode(_:)`).
    public static func decodeAccountID(_ text: String) throws(EncodingError) -> [UInt8] {
        let (kind, payload) = try decode(text)
        guard kind == .accountID else {
            throw .invalidValue(codec: codec, offset: 0, reason: "expected an account ID (G…)")
        }
        return payload
    }

    /// `M…` for an Ed25519 public key and a 64-bit ID (key first, ID big-endian, per SEP-23).
    public static func encodeMuxedAccount(publicKey: [UInt8], id: UInt64) throws(EncodingError) -> String {
        try encode(
            .muxedAccount, payload: publicKey + (0..<8).map { UInt8(truncatingIfNeeded: id >> (56 - 8 * UInt64($0))) })
    }

    /// The key and ID of an `M…` muxed account.
    public static func decodeMuxedAccount(_ text: some StringProtocol) throws(EncodingError) -> (
        publicKey: [UInt8], id: UInt64
    ) {
        let (kind, payload) = try decode(text)
        guard kind == .muxedAccount else {
            throw .invalidValue(codec: codec, offset: 0, reason: "expected a muxed account (M…)")
        }
        let id = payload[32...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return (Array(payload[..<32]), id)
    }

    /// `S…` for a 32-byte Ed25519 seed, as UTF-8 text in protected memory.
    public static func encodeSecretSeed(_ seed: SecureBytes) throws(EncodingError) -> SecureBytes {
        guard seed.count == 32 else {
            throw .invalidValue(codec: codec, offset: 0, reason: "a secret seed is 32 bytes, not \(seed.count)")
        }
        var data = SecureBytes(count: 35)
        seed.withUnsafeBytes { source in
            data.withUnsafeMutableBytes { target in
                target[0] = Kind.secretSeed.rawValue
                UnsafeMutableRawBufferPointer(rebasing: target[1..<33]).copyMemory(from: source)
                // The CRC reads the protected buffer in place, so the seed is never copied out.
                let crc = CRC16XModem.checksum(UnsafeRawBufferPointer(rebasing: target[0..<33]))
                target[33] = UInt8(truncatingIfNeeded: crc)
                target[34] = UInt8(truncatingIfNeeded: crc >> 8)
            }
        }
        return SecretText.encodeBase32(data)
    }

    /// The 32-byte seed of an `S…` secret held as UTF-8 in `text`. Errors carry no part of it.
    public static func decodeSecretSeed(_ text: SecureBytes) throws(EncodingError) -> SecureBytes {
        let data: SecureBytes
        do {
            data = try SecretText.decodeBase32(text)
        } catch {
            throw error.renamed(codec)
        }
        guard data.count == 35 else {
            throw .invalidValue(codec: codec, offset: 0, reason: "a secret seed decodes to 35 bytes, not \(data.count)")
        }
        let valid = data.withUnsafeBytes { bytes -> Bool in
            let crc = CRC16XModem.checksum(bytes.prefix(33))
            return bytes[33] == UInt8(truncatingIfNeeded: crc) && bytes[34] == UInt8(truncatingIfNeeded: crc >> 8)
        }
        guard valid else { throw .checksumMismatch(codec: codec) }
        guard data.withUnsafeBytes({ $0[0] }) == Kind.secretSeed.rawValue else {
            throw .invalidValue(codec: codec, offset: 0, reason: "expected a secret seed (S…)")
        }
        return data.withUnsafeBytes { SecureBytes(copying: UnsafeRawBufferPointer(rebasing: $0[1..<33])) }
    }

    /// The payload rules of SEP-23 for each kind.
    private static func checkPayload(_ kind: Kind, _ payload: [UInt8]) throws(EncodingError) {
        func wrongLength(_ expected: String) -> EncodingError {
            .invalidValue(codec: codec, offset: 1, reason: "payload must be \(expected) bytes, not \(payload.count)")
        }
        switch kind {
        case .accountID, .secretSeed, .preAuthTx, .sha256Hash, .contract, .liquidityPool:
            guard payload.count == 32 else { throw wrongLength("32") }
        case .muxedAccount:
            guard payload.count == 40 else { throw wrongLength("40") }
        case .claimableBalance:
            guard payload.count == 33 else { throw wrongLength("33") }
            guard payload[0] == 0 else {
                throw .invalidValue(codec: codec, offset: 1, reason: "unknown claimable balance type \(payload[0])")
            }
        case .signedPayload:
            // key(32) || length(4, big-endian) || data(length ≤ 64) || zero padding to 4 bytes.
            guard payload.count >= 36 else { throw wrongLength("at least 36") }
            let length = payload[32..<36].reduce(0) { $0 << 8 | Int($1) }
            guard length <= 64 else {
                throw .invalidValue(
                    codec: codec, offset: 33, reason: "signed payload of \(length) bytes is longer than 64")
            }
            let padded = (length + 3) / 4 * 4
            guard payload.count == 36 + padded else { throw wrongLength("\(36 + padded)") }
            guard payload[(36 + length)...].allSatisfy({ $0 == 0 }) else {
                throw .nonCanonical(codec: codec, offset: 37 + length, reason: "signed payload padding is not zero")
            }
        }
    }
}
