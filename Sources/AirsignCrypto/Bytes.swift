#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// libsodium declares most pointer parameters nonnull, even when the length is zero, and an empty
// Swift buffer has no base address. These helpers always supply a real pointer.

extension ContiguousBytes {
    /// Calls `body` with a non-null pointer to the bytes and their count.
    func withBytePointer<R>(_ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        withUnsafeBytes { buffer in
            if let base = buffer.baseAddress, buffer.count > 0 {
                return body(base.assumingMemoryBound(to: UInt8.self), buffer.count)
            }
            return withUnsafePointer(to: UInt8(0)) { body($0, 0) }
        }
    }

    /// The number of bytes, without copying them.
    var byteCount: Int { withUnsafeBytes { $0.count } }
}

extension UnsafeMutableRawBufferPointer {
    /// A non-null typed pointer to the start; callers only use it with `count` (possibly 0).
    func bytePointer() -> UnsafeMutablePointer<UInt8> {
        guard let base = baseAddress else {
            preconditionFailure("SecureBytes storage always has a base address")
        }
        return base.assumingMemoryBound(to: UInt8.self)
    }
}

/// A fresh `[UInt8]` of `count` bytes filled by a C function.
func makeBytes(count: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Swift.max(count, 1))
    out.withUnsafeMutableBufferPointer { buffer in
        if let base = buffer.baseAddress { fill(base) }
    }
    if count == 0 { out.removeAll() }
    return out
}

/// A libsodium `size_t` limit as an `Int`. `size_t` imports as `Int`, so limits near SIZE_MAX
/// (such as SODIUM_SIZE_MAX - 16) arrive negative; they mean "larger than any Swift length".
func sizeLimit(_ value: Int) -> Int {
    Int(clamping: UInt(bitPattern: value))
}
