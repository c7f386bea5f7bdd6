import AirsignCrypto
import AirsignEncoding
import AirsignICP

/// A query answer's node signatures (interface spec, "Query call"): each node that answers signs
/// `"\x0Bic-response" ‖ hash_of_map({status, reply | reject_code, reject_message, error_code,
/// timestamp, request_id})` with its Ed25519 key. The keys come from a certified read_state of
/// `/subnet` (as agent-rs reads them): the node must be listed under the subnet that hosts the
/// canister asked about. With a delegation, that is the subnet it names (its ranges were checked
/// with the certificate); without one, the root subnet, whose own ranges in the same certificate
/// must hold the canister, since a root-subnet node's word is worth nothing for a canister the
/// root subnet does not host. Every signature must verify; an answer without one is refused.
public struct ICPQuerySignatures: Sendable {
    public struct Signature: Equatable, Sendable {
        public let timestamp: UInt64
        public let signature: [UInt8]
        public let identity: Principal
    }

    public let signatures: [Signature]

    /// More signatures than this is not an answer a subnet gives (its nodes number in the tens).
    static let maxSignatures = 64

    /// Decodes the answer's `signatures` array; none at all is refused (nothing vouches for it).
    public init(_ value: CBORValue?) throws(ICPCertificateError) {
        guard let value else { throw .badQuerySignature("the answer carries no node signatures") }
        guard case let .array(items) = value, !items.isEmpty, items.count <= Self.maxSignatures else {
            throw .badQuerySignature("signatures: not an array of 1…\(Self.maxSignatures) entries")
        }
        var out: [Signature] = []
        for (index, item) in items.enumerated() {
            guard case let .map(entries) = item else { throw .badQuerySignature("signatures[\(index)]: not a map") }
            let fields: [String: CBORValue]
            do {
                fields = try ICPCertificate.fields(
                    entries, allowed: ["timestamp", "signature", "identity"], field: "signatures[\(index)]")
            } catch {
                throw .badQuerySignature(error.reason)
            }
            guard case let .unsigned(timestamp)? = fields["timestamp"] else {
                throw .badQuerySignature("signatures[\(index)].timestamp: missing or not a number")
            }
            guard case let .bytes(signature)? = fields["signature"] else {
                throw .badQuerySignature("signatures[\(index)].signature: missing or not bytes")
            }
            guard case let .bytes(identity)? = fields["identity"], let node = try? Principal(bytes: identity) else {
                throw .badQuerySignature("signatures[\(index)].identity: missing or not a principal")
            }
            out.append(Signature(timestamp: timestamp, signature: signature, identity: node))
        }
        signatures = out
    }

    /// The bytes a node signs for `answer` (the decoded response map) at `timestamp`: the
    /// domain separator and the representation-independent hash of the answer's own fields
    /// with the timestamp and the query's request id.
    public static func signedMessage(answer: CBORValue, timestamp: UInt64, requestID: [UInt8])
        throws(ICPCertificateError) -> [UInt8]
    {
        let names: [String]
        switch answer["status"] {
        case .text("replied")?: names = ["status", "reply"]
        case .text("rejected")?: names = ["status", "reject_code", "reject_message", "error_code"]
        default: throw .badQuerySignature("status: neither replied nor rejected")
        }
        var entries: [(key: CBORValue, value: CBORValue)] = names.compactMap { name in
            answer[name].map { (key: .text(name), value: $0) }
        }
        entries += [
            (key: .text("timestamp"), value: .unsigned(timestamp)),
            (key: .text("request_id"), value: .bytes(requestID)),
        ]
        do {
            return ICPHashTree.separator("ic-response") + (try RepresentationIndependentHash.hashOfMap(entries))
        } catch {
            throw .badQuerySignature("the answer has no representation-independent hash (\(error))")
        }
    }

    /// Checks every signature against the node keys in `certificate` (already verified for
    /// `canister`) at `now` (Unix seconds); `rootKey` names the root subnet when there is no delegation.
    func verify(
        answer: CBORValue, requestID: [UInt8], keys certificate: ICPCertificate, canister: Principal,
        rootKey: ICPRootKey,
        now: Int64
    ) throws(ICPCertificateError) {
        let subnet: Principal
        if let delegation = certificate.delegation {
            subnet = delegation.subnetID
        } else {
            subnet = Principal.selfAuthenticating(derPublicKey: rootKey.der)
            guard try ICPCanisterRanges(certificate: certificate, subnet: subnet).contains(canister) else {
                throw .canisterOutOfRange(canister: canister.text, subnet: subnet.text)
            }
        }
        for signature in signatures {
            let node = signature.identity.text
            let path: [[UInt8]] = [
                Array("subnet".utf8), subnet.bytes, Array("node".utf8), signature.identity.bytes,
                Array("public_key".utf8),
            ]
            guard let der = try certificate.value(at: path) else {
                throw .badQuerySignature("node \(node) is not a node of subnet \(subnet.text)")
            }
            // A node's key is an RFC 8410 SubjectPublicKeyInfo.
            guard let key = SubjectPublicKeyInfo.ed25519Key(in: der) else {
                throw .badQuerySignature("node \(node)'s public key is not a DER Ed25519 key")
            }
            let seconds = Int64(signature.timestamp / 1_000_000_000)
            guard abs(seconds - now) <= ICPCertificateVerifier.tolerance else {
                throw .badQuerySignature(
                    "node \(node) signed at \(ICPTime.utc(nanos: signature.timestamp)), more than 5 minutes from this machine's clock (\(ICPTime.utc(seconds: now)))"
                )
            }
            let message = try Self.signedMessage(answer: answer, timestamp: signature.timestamp, requestID: requestID)
            guard Ed25519.isValidSignature(signature.signature, message: message, publicKey: key) else {
                throw .badQuerySignature("node \(node)'s signature does not verify over this answer")
            }
        }
    }
}
