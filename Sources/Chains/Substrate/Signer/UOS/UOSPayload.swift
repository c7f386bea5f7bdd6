import AirsignEncoding

/// The content of a UOS request (novasamatech/parity-signer: `docs/src/development/UOS.md` and
/// `rust/transaction_parsing`; docs/chains/substrate.md): `53 ‖ crypto ‖ payload code ‖ public key ‖ body ‖
/// genesis hash(32)`, read strictly. The codes a signer of Substrate transactions answers:
/// - `00`, `02` transaction: body = `compact(len) ‖ call ‖ extensions`; signed: `call ‖
///   extensions` (BLAKE2b-256 of it when longer than 256 bytes, Substrate's rule).
/// - `06` transaction with an RFC-0078 metadata proof in front of that body.
/// - `01` a 32-byte hash of a transaction payload (polkadot-js for very large calls): blind.
/// - `03` a message (polkadot-js `signRaw`), signed with `<Bytes>` wrapping.
/// Every other code (bulk, dynamic derivations, Vault's network updates) is refused by name.
public struct UOSPayload: Sendable, Equatable {
    /// The scheme byte. polkadot-js always sends `01` whatever the account's scheme, so only
    /// `00` and `02` are checked against the account's scheme: for a transaction, when the
    /// request is read (`UOSFormat.checkScheme`), and again when the answer is written.
    public enum Crypto: UInt8, Sendable {
        case ed25519 = 0, sr25519 = 1, ecdsa = 2

        /// The public key's length in the request: 33 (compressed) for ecdsa, else 32.
        var keyLength: Int { self == .ecdsa ? 33 : 32 }
    }

    public enum Content: Sendable, Equatable {
        /// `00`/`02`: what is signed (`call ‖ extensions`) and how long its call is.
        case transaction(signed: [UInt8], callLength: Int)
        /// `06`: as `transaction`, with the metadata proof's bytes.
        case provenTransaction(proof: [UInt8], signed: [UInt8], callLength: Int)
        /// `01`: the hash of a transaction payload, to be signed as it is.
        case hash([UInt8])
        /// `03`: the message's bytes as sent.
        case message([UInt8])
    }

    /// The prelude's first byte: "S" for Substrate.
    public static let prefix: UInt8 = 0x53
    public let crypto: Crypto
    /// The payload code as sent (`00` and `02` both read as a transaction).
    public let code: UInt8
    /// The signer's public key (or, from polkadot-js for an ecdsa account, its 32-byte account id).
    public let publicKey: [UInt8]
    public let content: Content
    public let genesisHash: [UInt8]

    /// Reads a whole UOS payload; refuses another prelude, a crypto or payload code this signer
    /// does not answer (named), a body that does not decode, and a call length past the end.
    public init(decoding bytes: [UInt8]) throws(SubstrateError) {
        guard bytes.count >= 3, bytes[0] == Self.prefix else {
            throw SubstrateError.uos(.notUOS)
        }
        switch bytes[1] {
        case 0, 1, 2: crypto = Crypto(rawValue: bytes[1]) ?? .sr25519
        default: throw SubstrateError.uos(.crypto(bytes[1]))
        }
        code = bytes[2]
        switch code {
        case 0, 1, 2, 3, 6: break
        default: throw SubstrateError.uos(.code(code))
        }
        let keyEnd = 3 + crypto.keyLength
        guard bytes.count >= keyEnd + 32 else {
            throw SubstrateError.uos(.tooShort(bytes: bytes.count, keyLength: crypto.keyLength))
        }
        publicKey = Array(bytes[3..<keyEnd])
        genesisHash = Array(bytes[(bytes.count - 32)...])
        let body = Array(bytes[keyEnd..<(bytes.count - 32)])
        switch code {
        case 1:
            guard body.count == 32 else {
                throw SubstrateError.length(field: "UOS payload code 01: the hash", actual: body.count, expected: 32)
            }
            content = .hash(body)
        case 3:
            guard !body.isEmpty else { throw SubstrateError.empty("UOS payload code 03: the message") }
            content = .message(body)
        case 6:
            var reader = SCALEReader(body)
            // Read only to find where the proof ends: it carries no length of its own.
            _ = try MetadataProof.read(&reader, bytes: body)
            let proofBytes = Array(body[..<reader.offset])
            // Named so: a proof that ends early or late (a changed length in it) shows up here.
            let (signed, callLength) = try Self.transaction(
                Array(body[reader.offset...]),
                what: "UOS transaction after its \(proofBytes.count)-byte metadata proof")
            content = .provenTransaction(proof: proofBytes, signed: signed, callLength: callLength)
        default:
            let (signed, callLength) = try Self.transaction(body)
            content = .transaction(signed: signed, callLength: callLength)
        }
    }

    /// `compact(len) ‖ call ‖ extensions` → (`call ‖ extensions`, len); `what` starts its errors.
    private static func transaction(_ body: [UInt8], what: String = "UOS transaction") throws(SubstrateError) -> (
        [UInt8], Int
    ) {
        var reader = SCALEReader(body)
        let stated: UInt64
        do { stated = try reader.readCompact(UInt64.self) } catch {
            throw SubstrateError.call(field: what, .lengthPrefix(reason: "\(error)"))
        }
        guard stated >= 2 else { throw SubstrateError.call(field: what, .tooShort(stated: stated)) }
        guard stated <= UInt64(reader.remaining) else {
            throw SubstrateError.call(field: what, .lengthMismatch(stated: stated, actual: reader.remaining))
        }
        return (Array(body[reader.offset...]), Int(stated))
    }

    /// The UOS bytes of this payload (what `init(decoding:)` reads back): for tests and for a
    /// watch that shows a request as UOS.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = [Self.prefix, crypto.rawValue, code] + publicKey
        var writer = SCALEWriter()
        switch content {
        case let .transaction(signed, callLength):
            writer.writeCompact(UInt64(callLength))
            bytes += writer.bytes + signed
        case let .provenTransaction(proof, signed, callLength):
            writer.writeCompact(UInt64(callLength))
            bytes += proof + writer.bytes + signed
        case let .hash(hash): bytes += hash
        case let .message(message): bytes += message
        }
        return bytes + genesisHash
    }
}
