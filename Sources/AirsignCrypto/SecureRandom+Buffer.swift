internal import CSodium

extension SecureRandom {
    /// Fills `buffer` with random bytes from the operating system's CSPRNG (libsodium
    /// `randombytes_buf`), for randomness that goes straight into wiped scratch memory rather than
    /// a new `SecureBytes` (whose guarded allocation costs several system calls).
    static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        Sodium.ready()
        if buffer.count > 0 { randombytes_buf(buffer.bytePointer(), buffer.count) }
    }
}
