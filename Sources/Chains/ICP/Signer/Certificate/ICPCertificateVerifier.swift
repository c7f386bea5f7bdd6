import AirsignEncoding

/// The interface spec's `verify_cert` with the checks the IC's own agents add: the signature
/// over `"\x0Dic-state-root" || root_hash` under the subnet's key, that key from a delegation
/// the root key signed (one level, scoped to canister ranges that hold the canister asked
/// about), and `/time` within `tolerance` of the watch's clock.
public struct ICPCertificateVerifier: Sendable {
    /// Verifies a BLS12-381 signature (48-byte G1) on a message under a public key (96-byte
    /// G2): true or false, or an error for a malformed point.
    public typealias SignatureCheck =
        @Sendable (_ signature: [UInt8], _ message: [UInt8], _ publicKey: [UInt8]) throws -> Bool

    public let rootKey: ICPRootKey
    /// How far `/time` may be from the watch's clock, either way: 5 minutes, as agent-rs and
    /// agent-js allow (a certificate older than that may describe a state since changed).
    public static let tolerance: Int64 = 300
    let check: SignatureCheck

    public init(rootKey: ICPRootKey, check: @escaping SignatureCheck) {
        self.rootKey = rootKey
        self.check = check
    }

    /// Decodes and verifies `bytes` for an answer about `canister` at `now` (Unix seconds);
    /// returns the certificate only when every check passes.
    public func verify(_ bytes: [UInt8], canister: Principal, now: Int64) throws(ICPCertificateError) -> ICPCertificate
    {
        let certificate = try verifySigned(bytes, canister: canister)
        try checkTime(certificate, now: now)
        return certificate
    }

    /// Decodes `bytes` and verifies everything but its age: the signature, under the subnet's
    /// key from a delegation the root key signed whose ranges hold `canister` (or under the root
    /// key). For a caller that judges `/time` by its own rule (`time(of:)`).
    public func verifySigned(_ bytes: [UInt8], canister: Principal) throws(ICPCertificateError) -> ICPCertificate {
        let certificate = try ICPCertificate(cbor: bytes)
        let key: [UInt8], signer: String
        if let delegation = certificate.delegation {
            key = try delegated(delegation, canister: canister)
            signer = "subnet \(delegation.subnetID.text)'s key"
        } else {
            // The root subnet signs with the root key itself, for any canister.
            key = rootKey.publicKey
            signer = "the root key"
        }
        try verifySignature(certificate, key: key, what: signer)
        return certificate
    }

    /// The spec's `check_delegation` and `delegation_key`, with the delegation's scope: the
    /// inner certificate verifies under the root key, names the subnet's DER key, and its
    /// canister ranges hold `canister`.
    func delegated(_ delegation: ICPCertificate.Delegation, canister: Principal) throws(ICPCertificateError) -> [UInt8]
    {
        let inner = delegation.certificate
        let subnet = delegation.subnetID
        try verifySignature(inner, key: rootKey.publicKey, what: "the root key (the delegation's certificate)")
        let keyPath: [[UInt8]] = [Array("subnet".utf8), subnet.bytes, Array("public_key".utf8)]
        guard let der = try inner.value(at: keyPath) else {
            throw .badDelegation("it holds no public key for subnet \(subnet.text)")
        }
        let key: [UInt8]
        do { key = try ICPRootKey.extract(der, what: "subnet \(subnet.text)'s public key") } catch {
            throw .badDelegation(error.reason)
        }
        let ranges = try ICPCanisterRanges(certificate: inner, subnet: subnet)
        guard ranges.contains(canister) else { throw .canisterOutOfRange(canister: canister.text, subnet: subnet.text) }
        return key
    }

    func verifySignature(_ certificate: ICPCertificate, key: [UInt8], what: String) throws(ICPCertificateError) {
        let message = ICPHashTree.separator("ic-state-root") + certificate.tree.rootHash
        let valid: Bool
        do { valid = try check(certificate.signature, message, key) } catch {
            throw .badSignature("the signature or \(what) is not a valid BLS12-381 point (\(error))")
        }
        guard valid else { throw .badSignature("the signature does not verify under \(what)") }
    }

    /// `/time`: LEB128 nanoseconds since 1970, required.
    public static func time(of certificate: ICPCertificate) throws(ICPCertificateError) -> UInt64 {
        guard let bytes = try certificate.value(at: [Array("time".utf8)]) else { throw .stale("it has no /time") }
        let decoded: (value: UInt64, bytesRead: Int)
        do { decoded = try LEB128.decode(UInt64.self, from: bytes) } catch {
            throw .stale("/time is not a LEB128 number of nanoseconds")
        }
        guard decoded.bytesRead == bytes.count else { throw .stale("/time has trailing bytes") }
        return decoded.value
    }

    /// `/time` must be present and within `tolerance` of `now`.
    func checkTime(_ certificate: ICPCertificate, now: Int64) throws(ICPCertificateError) {
        let nanos = try Self.time(of: certificate)
        let seconds = Int64(nanos / 1_000_000_000)
        if seconds < now - Self.tolerance {
            throw .stale(
                "it was made at \(ICPTime.utc(nanos: nanos)), more than 5 minutes before this machine's clock (\(ICPTime.utc(seconds: now)))"
            )
        }
        if seconds > now + Self.tolerance {
            throw .stale(
                "it claims \(ICPTime.utc(nanos: nanos)), more than 5 minutes after this machine's clock (\(ICPTime.utc(seconds: now)))"
            )
        }
    }
}
