import AirsignEncoding

/// An account ID (`PublicKey`, type ED25519): a 32-byte Ed25519 public key, shown as `G…`.
public struct AccountID: XDRCodable, CustomStringConvertible {
    /// The 32-byte Ed25519 public key.
    public let publicKey: [UInt8]

    /// Wraps a raw 32-byte key.
    public init(publicKey: [UInt8]) throws(StellarError) {
        guard publicKey.count == 32 else {
            throw .invalidLength(what: "public key", expected: 32, found: publicKey.count)
        }
        self.publicKey = publicKey
    }

    /// Parses a strict `G…` StrKey.
    public init(_ strKey: String) throws(StellarError) {
        do { publicKey = try StrKey.decodeAccountID(strKey) } catch {
            throw .invalidAddress(strKey, reason: error.description)
        }
    }

    /// The `G…` StrKey.
    public var description: String { (try? StrKey.encodeAccountID(publicKey)) ?? "<invalid key>" }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        guard type == 0 else { throw r.unknownDiscriminant(type, of: "PublicKey") }
        publicKey = try r.read32()
    }

    public func encode(to w: inout XDRWriter) throws {
        w.writeDiscriminant(0)
        try w.write32(publicKey, what: "public key")
    }
}

/// A transaction or payment account, optionally multiplexed with a 64-bit id (CAP-27): `G…` or `M…`.
public struct MuxedAccount: XDRCodable, CustomStringConvertible {
    /// The 32-byte Ed25519 public key of the underlying account.
    public let publicKey: [UInt8]
    /// The muxed id, when this is a `KEY_TYPE_MUXED_ED25519` account.
    public let id: UInt64?

    /// A plain or muxed account from a raw key.
    public init(publicKey: [UInt8], id: UInt64? = nil) throws(StellarError) {
        guard publicKey.count == 32 else {
            throw .invalidLength(what: "public key", expected: 32, found: publicKey.count)
        }
        self.publicKey = publicKey
        self.id = id
    }

    /// Parses a strict `G…` or `M…` StrKey.
    public init(_ strKey: String) throws(StellarError) {
        do {
            if strKey.hasPrefix("M") {
                let (key, id) = try StrKey.decodeMuxedAccount(strKey)
                (publicKey, self.id) = (key, id)
            } else {
                (publicKey, id) = (try StrKey.decodeAccountID(strKey), nil)
            }
        } catch { throw .invalidAddress(strKey, reason: error.description) }
    }

    /// The account without its muxed id.
    public var accountID: AccountID { AccountID(unchecked: publicKey) }

    /// `M…` when muxed, `G…` otherwise.
    public var description: String {
        if let id { return (try? StrKey.encodeMuxedAccount(publicKey: publicKey, id: id)) ?? "<invalid key>" }
        return accountID.description
    }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: (id, publicKey) = (nil, try r.read32())
        case 0x100:
            id = try r.readUInt64()
            publicKey = try r.read32()
        default: throw r.unknownDiscriminant(type, of: "MuxedAccount")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        if let id {
            w.writeDiscriminant(0x100)
            w.writeUInt64(id)
        } else {
            w.writeDiscriminant(0)
        }
        try w.write32(publicKey, what: "public key")
    }
}

extension AccountID {
    /// For keys already known to be 32 bytes (taken from a decoded value).
    init(unchecked publicKey: [UInt8]) { self.publicKey = publicKey }
}

/// A signer of an account (`SignerKey`): an Ed25519 key, a pre-authorized transaction hash, a
/// SHA-256 hash-x, or an Ed25519 signed payload (CAP-40).
public enum SignerKey: XDRCodable, CustomStringConvertible {
    case ed25519([UInt8])
    case preAuthTx([UInt8])
    case hashX([UInt8])
    case ed25519SignedPayload(publicKey: [UInt8], payload: [UInt8])

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .ed25519(try r.read32())
        case 1: self = .preAuthTx(try r.read32())
        case 2: self = .hashX(try r.read32())
        case 3:
            let key = try r.read32()
            self = .ed25519SignedPayload(publicKey: key, payload: try r.readVariableOpaque(max: 64))
        default: throw r.unknownDiscriminant(type, of: "SignerKey")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .ed25519(let k): w.writeDiscriminant(0); try w.write32(k, what: "signer key")
        case .preAuthTx(let h): w.writeDiscriminant(1); try w.write32(h, what: "pre-auth tx hash")
        case .hashX(let h): w.writeDiscriminant(2); try w.write32(h, what: "hash-x")
        case let .ed25519SignedPayload(k, p):
            w.writeDiscriminant(3); try w.write32(k, what: "signer key"); try w.writeVariableOpaque(p, max: 64)
        }
    }

    /// The StrKey (`G…`, `T…`, `X…`, `P…`).
    public var description: String {
        let text: String?
        switch self {
        case .ed25519(let k): text = try? StrKey.encode(.accountID, payload: k)
        case .preAuthTx(let h): text = try? StrKey.encode(.preAuthTx, payload: h)
        case .hashX(let h): text = try? StrKey.encode(.sha256Hash, payload: h)
        case let .ed25519SignedPayload(k, p):
            // SEP-23 P payload: key ‖ uint32 length ‖ payload ‖ zero padding to 4.
            var w = XDRWriter()
            try? w.writeVariableOpaque(p, max: 64)
            text = try? StrKey.encode(.signedPayload, payload: k + w.bytes)
        }
        return text ?? "<invalid signer key>"
    }
}
