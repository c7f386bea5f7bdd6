import AirsignCrypto
import AirsignEncoding
import BigInt

/// An EIP-7702 authorization before it is signed: `[chain_id, address, nonce]`. Signed by an
/// account's key, it sets that account's code to a delegation to `delegate`, on one chain or
/// (chain id 0) on every chain, while the account's nonce is `nonce`.
public struct SetCodeAuthorization: Equatable, Sendable {
    /// The chain it is valid on; 0 means every chain.
    public let chainId: BigUInt
    /// The contract whose code the account runs; the zero address clears the delegation.
    public let delegate: EthereumAddress
    /// The authority's account nonce it is valid at.
    public let nonce: UInt64

    /// Checks the widths EIP-7702 sets: a chain id below 2^256 (the nonce's 64 bits are its type's).
    public init(chainId: BigUInt, delegate: EthereumAddress, nonce: UInt64) throws(EthereumError) {
        guard chainId.bitWidth <= 256 else {
            throw .invalidField("authorization chain id", reason: "more than 32 bytes")
        }
        self.chainId = chainId
        self.delegate = delegate
        self.nonce = nonce
    }

    /// EIP-7702's MAGIC, the first byte of what an authorization signs.
    public static let magic: UInt8 = 0x05

    /// The zero address as a delegate: EIP-7702 then clears the account's code.
    public var isRevocation: Bool { delegate.bytes.allSatisfy { $0 == 0 } }

    /// EIP-7702 skips a tuple whose nonce is 2^64 - 1 (the account's nonce could never pass it).
    public var nonceIsUsable: Bool { nonce < UInt64.max }

    /// `0x05 ‖ rlp([chain_id, address, nonce])`: the preimage of the signing hash.
    public var preimage: [UInt8] {
        var writer = RLPWriter()
        writer.beginList()
        writeFields(to: &writer)
        writer.endList()
        return [Self.magic] + writer.bytes
    }

    /// keccak256 of `preimage`: the digest the authority signs.
    public var signingHash: [UInt8] { Keccak256.hash(preimage) }

    func writeFields(to writer: inout RLPWriter) {
        writer.append(unsignedBigEndian: chainId.minimalBigEndian)
        writer.append(bytes: delegate.bytes)
        writer.append(integer: nonce)
    }

    /// Strict decoding of `preimage`: the magic byte, one canonical list of exactly three
    /// fields, nothing after it.
    public static func decodePreimage(_ bytes: [UInt8]) throws(EthereumError) -> SetCodeAuthorization {
        guard bytes.first == magic else {
            throw .invalidField(
                "authorization", reason: "an EIP-7702 authorization starts with the byte 0x05")
        }
        let item: RLPItem
        let read: Int
        do { (item, read) = try RLP.decodePrefix(bytes, at: 1) } catch { throw .rlp(error) }
        guard 1 + read == bytes.count else { throw .trailingBytes(bytes.count - 1 - read) }
        guard case .list(let fields) = item, fields.count == 3 else {
            throw .invalidField("authorization", reason: "an authorization is the list [chain_id, address, nonce]")
        }
        return try fieldsOf(fields)
    }

    /// The first three fields of a tuple; the caller has checked there are at least three.
    static func fieldsOf(_ f: [RLPItem]) throws(EthereumError) -> SetCodeAuthorization {
        let address = try TransactionFields.bytes(f[1], "authorization address")
        guard address.count == 20 else {
            throw .invalidField("authorization address", reason: "an address is 20 bytes, not \(address.count)")
        }
        return try SetCodeAuthorization(
            chainId: try TransactionFields.unsigned(f[0], "authorization chain id"),
            delegate: try EthereumAddress(bytes: address),
            nonce: try TransactionFields.uint64(f[2], "authorization nonce"))
    }

    /// Signs the signing hash with RFC 6979 nonces and low s.
    public func signed(with key: Secp256k1.PrivateKey) throws(EthereumError) -> SignedSetCodeAuthorization {
        let signature: Secp256k1.RecoverableSignature
        do { signature = try key.signRecoverable(digest32: signingHash) } catch { throw .crypto(error) }
        let compact = signature.compact
        return SignedSetCodeAuthorization(
            authorization: self, yParity: UInt8(signature.recoveryID),
            r: BigUInt(bigEndian: Array(compact.prefix(32))), s: BigUInt(bigEndian: Array(compact.suffix(32))))
    }
}

/// An authorization as a type-4 transaction carries it: `[chain_id, address, nonce, y_parity,
/// r, s]`. Decoding takes what EIP-7702 lets into a valid transaction (y_parity below 2^8, r and
/// s below 2^256); whether the chain applies it is `authority()`'s answer.
public struct SignedSetCodeAuthorization: Equatable, Sendable {
    public let authorization: SetCodeAuthorization
    public let yParity: UInt8
    public let r: BigUInt
    public let s: BigUInt

    /// Takes any values: the transaction that carries the tuple checks that r and s fit 256
    /// bits, and `authority()` says whether a client would apply it.
    public init(authorization: SetCodeAuthorization, yParity: UInt8, r: BigUInt, s: BigUInt) {
        self.authorization = authorization
        self.yParity = yParity
        self.r = r
        self.s = s
    }

    /// The account that signed it, or why a client skips it (y_parity not 0 or 1, s above n/2,
    /// a signature no key produced).
    public func authority() -> Result<EthereumAddress, AuthorityFailure> {
        guard yParity <= 1 else { return .failure(.yParity(yParity)) }
        guard r.bitWidth <= 256, s.bitWidth <= 256,
            let signature = try? Secp256k1.RecoverableSignature(
                compact: r.bigEndian(width: 32) + s.bigEndian(width: 32), recoveryID: Int(yParity))
        else { return .failure(.unrecoverable) }
        // libsecp256k1 recovers high-s signatures too; EIP-7702 skips them.
        guard signature.signature.isLowS else { return .failure(.highS) }
        guard let key = try? signature.recoverPublicKey(digest32: authorization.signingHash) else {
            return .failure(.unrecoverable)
        }
        return .success(EthereumAddress(publicKey: key))
    }

    /// The tuple's RLP item, as the transaction's list holds it.
    func write(to writer: inout RLPWriter) {
        writer.beginList()
        authorization.writeFields(to: &writer)
        writer.append(integer: UInt64(yParity))
        writer.append(unsignedBigEndian: r.minimalBigEndian)
        writer.append(unsignedBigEndian: s.minimalBigEndian)
        writer.endList()
    }

    var rlp: RLPItem {
        .list([
            .unsignedBigEndian(authorization.chainId.minimalBigEndian), .bytes(authorization.delegate.bytes),
            .integer(authorization.nonce), .integer(UInt64(yParity)), .unsignedBigEndian(r.minimalBigEndian),
            .unsignedBigEndian(s.minimalBigEndian),
        ])
    }

    /// `rlp([chain_id, address, nonce, y_parity, r, s])` on its own.
    public var encoded: [UInt8] {
        var writer = RLPWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// A type-4 transaction's authorization list: a list of six-field tuples, as EIP-7702
    /// bounds them. Emptiness is the transaction's check.
    static func decodeList(_ item: RLPItem) throws(EthereumError) -> [SignedSetCodeAuthorization] {
        guard case .list(let tuples) = item else {
            throw .invalidField("authorizationList", reason: "expected a list, found a byte string")
        }
        var out: [SignedSetCodeAuthorization] = []
        out.reserveCapacity(tuples.count)
        for (index, tuple) in tuples.enumerated() {
            guard case .list(let f) = tuple, f.count == 6 else {
                throw .invalidField(
                    "authorizationList[\(index)]",
                    reason: "an authorization is [chain_id, address, nonce, y_parity, r, s]")
            }
            let parity = try TransactionFields.unsigned(f[3], "authorization y_parity", maxBytes: 1)
            out.append(
                SignedSetCodeAuthorization(
                    authorization: try SetCodeAuthorization.fieldsOf(f), yParity: UInt8(truncatingIfNeeded: parity),
                    r: try TransactionFields.unsigned(f[4], "authorization r"),
                    s: try TransactionFields.unsigned(f[5], "authorization s")))
        }
        return out
    }
}

/// Why a client skips an authorization tuple instead of applying it.
public enum AuthorityFailure: Error, Equatable, Sendable, CustomStringConvertible {
    case yParity(UInt8)
    case highS
    case unrecoverable

    public var description: String {
        switch self {
        case .yParity(let parity): return "its y_parity is \(parity), not 0 or 1"
        case .highS: return "its s is above n/2"
        case .unrecoverable: return "its signature recovers no key"
        }
    }
}
