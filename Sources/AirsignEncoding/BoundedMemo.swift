import Synchronization

/// The values of a function of its key alone, remembered for the life of the process: an
/// address's text from its bytes, its bytes from its text. A batch computes the same few again
/// and again (the signer's own account in every request, a token on every line that names it),
/// each a hash or a quadratic base conversion.
///
/// Bounded: when full it starts again, so a run of distinct keys costs what computing them did,
/// never more memory. Failures are not remembered: they are computed, and thrown, every time.
package final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    package let capacity: Int
    private let values = Mutex<[Key: Value]>([:])

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// The remembered value of `key`, else `compute()`, remembered.
    package func value<E: Error>(for key: Key, computing compute: () throws(E) -> Value) throws(E) -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let value = try compute()
        values.withLock { values in
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
        return value
    }

    /// Whether `key`'s value is remembered.
    package func remembers(_ key: Key) -> Bool { values.withLock { $0[key] != nil } }
}

/// A memo key of bytes, hashed in one call over its buffer: an array of bytes as a key is hashed
/// a byte at a time, which cost a lookup more than comparing the keys.
package struct MemoBytes: Hashable, Sendable {
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

extension BoundedMemo where Key == MemoBytes {
    /// The remembered value of `key`, else `compute()`, remembered.
    package func value<E: Error>(for key: [UInt8], computing compute: () throws(E) -> Value) throws(E) -> Value {
        try value(for: MemoBytes(key), computing: compute)
    }

    /// Whether `key`'s value is remembered.
    package func remembers(_ key: [UInt8]) -> Bool { remembers(MemoBytes(key)) }
}

/// A `BoundedMemo` from bytes to bytes for the other modules: a generic memo is specialized
/// only in this module, and used from another it hashed each key through generic witnesses
/// (7,000 instructions a lookup, as much as the hash it saved).
package final class BytesMemo: Sendable {
    private let memo: BoundedMemo<MemoBytes, [UInt8]>

    package init(capacity: Int) {
        memo = BoundedMemo(capacity: capacity)
    }

    /// The remembered value of `key`, else `compute()`, remembered.
    package func value(for key: [UInt8], computing compute: () -> [UInt8]) -> [UInt8] {
        memo.value(for: key, computing: compute)
    }

    /// Whether `key`'s value is remembered.
    package func remembers(_ key: [UInt8]) -> Bool { memo.remembers(key) }
}
