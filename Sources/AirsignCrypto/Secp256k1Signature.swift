internal import CSecp256k1

extension Secp256k1 {
    /// An ECDSA signature (r, s), each below n and non-zero.
    public struct Signature: Sendable, Hashable, CustomStringConvertible {
        /// 64 bytes: r || s, each 32-byte big-endian.
        public let compact: [UInt8]

        /// Parses r || s (64 bytes). High-s is accepted here; see `normalized`.
        public init(compact: [UInt8]) throws(CryptoError) {
            guard compact.count == 64 else {
                throw .wrongLength(.signature, expected: 64, actual: compact.count)
            }
            var raw = secp256k1_ecdsa_signature()
            let parsed = compact.withBytePointer { input, _ in
                secp256k1_ecdsa_signature_parse_compact(context, &raw, input)
            }
            guard parsed == 1 else { throw .invalidSignature }
            try self.init(checking: raw)
        }

        /// Parses a strict DER encoding (as in Bitcoin and X.509).
        public init(der: [UInt8]) throws(CryptoError) {
            guard !der.isEmpty else { throw .invalidSignature }
            var raw = secp256k1_ecdsa_signature()
            let parsed = der.withBytePointer { input, count in
                secp256k1_ecdsa_signature_parse_der(context, &raw, input, count)
            }
            guard parsed == 1 else { throw .invalidSignature }
            try self.init(checking: raw)
        }

        init(raw: secp256k1_ecdsa_signature) {
            var raw = raw
            compact = makeBytes(count: 64) { out in
                _ = secp256k1_ecdsa_signature_serialize_compact(context, out, &raw)
            }
        }

        /// libsecp256k1's DER parser turns an out-of-range r or s into zero and its compact
        /// parser accepts zero; neither is ever a valid signature, so both are refused here.
        private init(checking raw: secp256k1_ecdsa_signature) throws(CryptoError) {
            self.init(raw: raw)
            let r = compact[0..<32], s = compact[32..<64]
            guard r.contains(where: { $0 != 0 }), s.contains(where: { $0 != 0 }) else {
                throw .invalidSignature
            }
        }

        func withRaw<R>(_ body: (UnsafePointer<secp256k1_ecdsa_signature>) -> R) -> R {
            var raw = secp256k1_ecdsa_signature()
            let parsed = compact.withBytePointer { input, _ in
                secp256k1_ecdsa_signature_parse_compact(context, &raw, input)
            }
            precondition(parsed == 1, "a stored secp256k1 signature failed to re-parse")
            return withUnsafePointer(to: &raw) { body($0) }
        }

        public var r: [UInt8] { Array(compact[0..<32]) }
        public var s: [UInt8] { Array(compact[32..<64]) }

        /// DER encoding (at most 72 bytes).
        public var der: [UInt8] {
            withRaw { raw in
                var length = 72
                var out = makeBytes(count: 72) { buffer in
                    _ = secp256k1_ecdsa_signature_serialize_der(context, buffer, &length, raw)
                }
                out.removeLast(72 - length)
                return out
            }
        }

        /// The same signature with s replaced by n - s when s > n/2; verification here requires it.
        public var normalized: Signature {
            withRaw { raw in
                var lower = secp256k1_ecdsa_signature()
                _ = secp256k1_ecdsa_signature_normalize(context, &lower, raw)
                return Signature(raw: lower)
            }
        }

        /// Whether s ≤ n/2 (BIP 62 / EIP-2 low-s form).
        public var isLowS: Bool {
            withRaw { raw in secp256k1_ecdsa_signature_normalize(context, nil, raw) == 0 }
        }

        public var description: String { "Secp256k1.Signature(\(publicHex(compact)))" }
    }

    /// An ECDSA signature with the recovery ID (0...3) that identifies the signer's public key
    /// among the candidates for (r, s) and the digest.
    public struct RecoverableSignature: Sendable, Hashable, CustomStringConvertible {
        /// 64 bytes: r || s.
        public let compact: [UInt8]
        /// 0...3; Ethereum's yParity is this value, legacy v is 27 + it or 35 + 2·chainId + it.
        public let recoveryID: Int

        public init(compact: [UInt8], recoveryID: Int) throws(CryptoError) {
            guard compact.count == 64 else {
                throw .wrongLength(.signature, expected: 64, actual: compact.count)
            }
            // Checked before the call: libsecp256k1 aborts on a recovery ID outside 0...3.
            guard (0...3).contains(recoveryID) else { throw .invalidRecoveryID(recoveryID) }
            var raw = secp256k1_ecdsa_recoverable_signature()
            let parsed = compact.withBytePointer { input, _ in
                secp256k1_ecdsa_recoverable_signature_parse_compact(context, &raw, input, Int32(recoveryID))
            }
            guard parsed == 1 else { throw .invalidSignature }
            guard compact[0..<32].contains(where: { $0 != 0 }), compact[32..<64].contains(where: { $0 != 0 }) else {
                throw .invalidSignature
            }
            self.compact = compact
            self.recoveryID = recoveryID
        }

        init(raw: secp256k1_ecdsa_recoverable_signature) {
            var raw = raw
            var id: Int32 = 0
            compact = makeBytes(count: 64) { out in
                _ = secp256k1_ecdsa_recoverable_signature_serialize_compact(context, out, &id, &raw)
            }
            recoveryID = Int(id)
        }

        func withRaw<R>(_ body: (UnsafePointer<secp256k1_ecdsa_recoverable_signature>) -> R) -> R {
            var raw = secp256k1_ecdsa_recoverable_signature()
            let parsed = compact.withBytePointer { input, _ in
                secp256k1_ecdsa_recoverable_signature_parse_compact(context, &raw, input, Int32(recoveryID))
            }
            precondition(parsed == 1, "a stored recoverable signature failed to re-parse")
            return withUnsafePointer(to: &raw) { body($0) }
        }

        /// The plain signature (r, s), without the recovery ID.
        public var signature: Signature {
            withRaw { raw in
                var plain = secp256k1_ecdsa_signature()
                _ = secp256k1_ecdsa_recoverable_signature_convert(context, &plain, raw)
                return Signature(raw: plain)
            }
        }

        /// The public key that produced this signature over the 32-byte `digest32`.
        public func recoverPublicKey(digest32 digest: [UInt8]) throws(CryptoError) -> PublicKey {
            try checkDigest(digest)
            var key = secp256k1_pubkey()
            let recovered = withRaw { raw in
                digest.withBytePointer { message, _ in secp256k1_ecdsa_recover(context, &key, raw, message) }
            }
            guard recovered == 1 else { throw .recoveryFailed }
            return PublicKey(raw: key)
        }

        public var description: String {
            "Secp256k1.RecoverableSignature(\(publicHex(compact)), recoveryID: \(recoveryID))"
        }
    }
}
