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
    @usableFromInline let values = Mutex<[Key: Value]>([:])

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// The remembered value of `key`, else `compute()`, remembered. Inlinable, so a memo of
    /// another module is specialized for its key there rather than hashing through witnesses.
    @inlinable
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
    @inlinable
    package func remembers(_ key: Key) -> Bool { values.withLock { $0[key] != nil } }
}
