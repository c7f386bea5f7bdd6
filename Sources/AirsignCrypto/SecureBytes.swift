internal import CSodium

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A byte buffer for secrets: kept in libsodium guarded memory (`sodium_malloc`: mlocked, with
/// guard pages either side), zeroed and freed when the last copy goes away, compared in constant
/// time, and never shown by `description`, `debugDescription` or `dump`.
///
/// It is a value type with copy-on-write storage, so it can cross concurrency domains like an
/// array. There is deliberately no accessor that returns the contents as `[UInt8]`: read them
/// with `withUnsafeBytes` and copy out only what must leave protected memory.
public struct SecureBytes: Sendable {
    // Unchecked because the buffer is written only through `withUnsafeMutableBytes`, which first
    // makes this storage uniquely referenced; a shared storage is therefore never written.
    private final class Storage: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
        let count: Int

        /// Zero-filled storage. Zero bytes still get a real allocation so every buffer we hand
        /// to C has a non-null base address.
        init(count: Int) {
            precondition(count >= 0, "SecureBytes count must not be negative")
            Sodium.ready()
            let size = Swift.max(count, 1)
            // Like Swift's own allocations, running out of memory here is not recoverable.
            guard let pointer = sodium_malloc(size) else {
                fatalError("SecureBytes: could not allocate \(count) bytes of guarded memory")
            }
            sodium_memzero(pointer, size)
            self.pointer = pointer
            self.count = count
        }

        deinit {
            // sodium_free also wipes, but the wipe is our contract, so it is explicit here.
            sodium_memzero(pointer, Swift.max(count, 1))
            sodium_free(pointer)
        }
    }

    private var storage: Storage

    /// `count` zero bytes.
    public init(count: Int) {
        storage = Storage(count: count)
    }

    /// Copies `bytes` into protected memory. The source is not wiped: that copy stays the
    /// caller's responsibility.
    public init(copying bytes: some Collection<UInt8>) {
        let storage = Storage(count: bytes.count)
        let copied: Void? = bytes.withContiguousStorageIfAvailable { source in
            if let base = source.baseAddress, !source.isEmpty {
                storage.pointer.copyMemory(from: base, byteCount: source.count)
            }
        }
        if copied == nil {
            var offset = 0
            for byte in bytes where offset < storage.count {
                storage.pointer.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
                offset += 1
            }
        }
        self.storage = storage
    }

    /// Protected storage of `count` bytes, filled by `initializer` (for C functions that write
    /// a secret straight into its final place).
    init<E: Error>(count: Int, initializer: (UnsafeMutableRawBufferPointer) throws(E) -> Void) throws(E) {
        storage = Storage(count: count)
        try initializer(UnsafeMutableRawBufferPointer(start: storage.pointer, count: count))
    }

    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.count == 0 }

    /// Calls `body` with writable access to the bytes, first copying the storage if another
    /// `SecureBytes` shares it.
    public mutating func withUnsafeMutableBytes<R, E: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(E) -> R
    ) throws(E) -> R {
        if !isKnownUniquelyReferenced(&storage) {
            let copy = Storage(count: storage.count)
            copy.pointer.copyMemory(from: storage.pointer, byteCount: storage.count)
            storage = copy
        }
        return try body(UnsafeMutableRawBufferPointer(start: storage.pointer, count: storage.count))
    }
}

extension SecureBytes: ContiguousBytes {
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.pointer, count: storage.count))
    }
}

extension SecureBytes: Equatable {
    /// Constant-time in the contents (`sodium_memcmp`); the lengths are compared first, as they
    /// are not secret.
    public static func == (lhs: SecureBytes, rhs: SecureBytes) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.count == 0 { return true }
        return sodium_memcmp(lhs.storage.pointer, rhs.storage.pointer, lhs.count) == 0
    }
}

extension SecureBytes: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "SecureBytes(\(count) bytes, redacted)" }
    public var debugDescription: String { description }
    /// No children, so `dump` and debuggers that use mirrors cannot walk into the storage.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
