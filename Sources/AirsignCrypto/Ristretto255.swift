internal import CSodium

/// The ristretto255 group (RFC 9496) from libsodium, as sr25519 needs it: scalars are 32-byte
/// little-endian integers modulo ℓ = 2^252 + 27742317777372353535851937790883648493, points are
/// 32-byte ristretto encodings. All scalar arithmetic happens in libsodium, in constant time.
///
/// Buffers are raw pointers so that secret scalars can live in `SecureBytes` from start to end;
/// their sizes are fixed by the callers in this module, so a wrong size is a programming error.
enum Ristretto255 {
    static let scalarLength = 32
    static let wideScalarLength = 64
    static let pointLength = 32

    // MARK: - Scalars

    /// `out = wide mod ℓ` for a 64-byte little-endian integer.
    static func reduce(wide: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        precondition(wide.count == wideScalarLength && out.count == scalarLength)
        Sodium.ready()
        crypto_core_ristretto255_scalar_reduce(out.bytePointer(), wide.bytes())
    }

    /// Whether a 32-byte scalar is canonical (below ℓ), in constant time: it is if reducing it
    /// changes nothing.
    static func isCanonical(_ scalar: UnsafeRawBufferPointer) -> Bool {
        precondition(scalar.count == scalarLength)
        Sodium.ready()
        return withSecretScratch(wideScalarLength + scalarLength) { scratch in
            let wide = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<wideScalarLength])
            let reduced = UnsafeMutableRawBufferPointer(rebasing: scratch[wideScalarLength...])
            wide.copyMemory(from: scalar)  // the upper 32 bytes stay zero
            crypto_core_ristretto255_scalar_reduce(reduced.bytePointer(), UnsafeRawBufferPointer(wide).bytes())
            return sodium_memcmp(UnsafeRawBufferPointer(reduced).bytes(), scalar.bytes(), scalarLength) == 0
        }
    }

    /// Whether all bytes are zero, in constant time.
    static func isZero(_ bytes: UnsafeRawBufferPointer) -> Bool {
        Sodium.ready()
        return sodium_is_zero(bytes.bytes(), bytes.count) == 1
    }

    /// `out = x + y mod ℓ`.
    static func add(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        precondition(x.count == scalarLength && y.count == scalarLength && out.count == scalarLength)
        Sodium.ready()
        crypto_core_ristretto255_scalar_add(out.bytePointer(), x.bytes(), y.bytes())
    }

    /// `out = a·b + c mod ℓ` (the Schnorr response s = k·key + r), without leaving the product
    /// anywhere but in wiped scratch memory.
    static func multiplyAdd(
        _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, _ c: UnsafeRawBufferPointer,
        into out: UnsafeMutableRawBufferPointer
    ) {
        precondition([a.count, b.count, c.count, out.count].allSatisfy { $0 == scalarLength })
        Sodium.ready()
        withSecretScratch(scalarLength) { product in
            crypto_core_ristretto255_scalar_mul(product.bytePointer(), a.bytes(), b.bytes())
            crypto_core_ristretto255_scalar_add(out.bytePointer(), UnsafeRawBufferPointer(product).bytes(), c.bytes())
        }
    }

    // MARK: - Points

    /// `out = scalar·B`. False when the result is the identity (the scalar is 0 mod ℓ), which
    /// libsodium refuses to encode.
    static func multiplyBase(_ scalar: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) -> Bool {
        precondition(scalar.count == scalarLength && out.count == pointLength)
        Sodium.ready()
        return crypto_scalarmult_ristretto255_base(out.bytePointer(), scalar.bytes()) == 0
    }

    /// `out = scalar·point`. False when libsodium cannot decode `point` or the result is the
    /// identity. (libsodium 1.0.18 decodes an encoding with bit 255 set; callers that need the
    /// strict rule check `isValidNonIdentityPoint` first.)
    static func multiply(
        _ scalar: UnsafeRawBufferPointer, _ point: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer
    ) -> Bool {
        precondition(scalar.count == scalarLength && point.count == pointLength && out.count == pointLength)
        Sodium.ready()
        return crypto_scalarmult_ristretto255(out.bytePointer(), scalar.bytes(), point.bytes()) == 0
    }

    /// `out = p + q`. False when either is not a canonical encoding.
    static func addPoints(
        _ p: UnsafeRawBufferPointer, _ q: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer
    ) -> Bool {
        precondition(p.count == pointLength && q.count == pointLength && out.count == pointLength)
        Sodium.ready()
        return crypto_core_ristretto255_add(out.bytePointer(), p.bytes(), q.bytes()) == 0
    }

    /// `out = p - q`. False when either is not a canonical encoding.
    static func subtractPoints(
        _ p: UnsafeRawBufferPointer, _ q: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer
    ) -> Bool {
        precondition(p.count == pointLength && q.count == pointLength && out.count == pointLength)
        Sodium.ready()
        return crypto_core_ristretto255_sub(out.bytePointer(), p.bytes(), q.bytes()) == 0
    }

    /// Whether 32 bytes are the canonical encoding of a ristretto255 point other than the
    /// identity.
    ///
    /// Two checks on top of libsodium's: libsodium 1.0.18 (Debian 12's) does not check bit 255
    /// and decodes an encoding with it set as the same point as without, although RFC 9496 §4.3.1
    /// and curve25519-dalek (schnorrkel's) reject it; and it accepts the identity (all zeros), a
    /// public key for which anyone can forge signatures, which `@scure/sr25519` also refuses.
    static func isValidNonIdentityPoint(_ point: UnsafeRawBufferPointer) -> Bool {
        guard point.count == pointLength, point[31] & 0x80 == 0 else { return false }
        Sodium.ready()
        return crypto_core_ristretto255_is_valid_point(point.bytes()) == 1 && !isZero(point)
    }

    // MARK: - Helpers

    /// SHA-512 of `input` written straight into `out` (for secret inputs and outputs).
    static func sha512(_ input: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        precondition(out.count == 64)
        Sodium.ready()
        Sodium.mustSucceed(
            crypto_hash_sha512(out.bytePointer(), input.bytes(), UInt64(input.count)), "crypto_hash_sha512")
    }

    /// Constant-time equality of two equally long buffers.
    static func constantTimeEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        Sodium.ready()
        return sodium_memcmp(a.bytes(), b.bytes(), a.count) == 0
    }

    /// Runs `body` with `count` bytes of zeroed scratch memory that is wiped afterwards.
    static func withSecretScratch<R>(_ count: Int, _ body: (UnsafeMutableRawBufferPointer) -> R) -> R {
        withUnsafeTemporaryAllocation(byteCount: count, alignment: 16) { scratch in
            sodium_memzero(scratch.bytePointer(), count)
            defer { sodium_memzero(scratch.bytePointer(), count) }
            return body(scratch)
        }
    }
}

extension UnsafeRawBufferPointer {
    /// A typed pointer to the start, for libsodium's `const unsigned char *` parameters. Every
    /// buffer passed here has a fixed non-zero size, checked by the caller; an empty one gets a
    /// pointer to a zero byte so libsodium's nonnull attribute still holds.
    fileprivate func bytes() -> UnsafePointer<UInt8> {
        if let base = baseAddress {
            return base.assumingMemoryBound(to: UInt8.self)
        }
        return UnsafePointer(Ristretto255Constants.zeroByte)
    }
}

private enum Ristretto255Constants {
    nonisolated(unsafe) static let zeroByte: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()
}
