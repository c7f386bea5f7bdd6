extension String {
    /// Whether `self` and `other` are the same Unicode scalars, that is the same UTF-8 bytes:
    /// not `==`, which compares by canonical equivalence ("é" equals "e\u{301}" there).
    public func isSameUTF8(as other: String) -> Bool {
        let mine = utf8
        let theirs = other.utf8
        // Counting native UTF-8 is free; most keys and values differ in length or early on.
        guard mine.count == theirs.count else { return false }
        // Contiguous bytes compare without the UTF-8 view's iterator, the cost of every JSON
        // comparison and member lookup (a batch compares each request with its review's).
        let contiguous = mine.withContiguousStorageIfAvailable { a in
            theirs.withContiguousStorageIfAvailable { b in Self.sameBytes(a, b) }
        }
        if let contiguous, let equal = contiguous { return equal }
        return mine.elementsEqual(theirs)
    }

    /// Whether two buffers of the same length hold the same bytes, compared eight at a time.
    private static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = UnsafeRawPointer(a.baseAddress), let y = UnsafeRawPointer(b.baseAddress) else { return true }
        var i = 0
        while a.count - i >= 8 {
            guard
                x.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    == y.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            else { return false }
            i += 8
        }
        while i < a.count {
            guard a[i] == b[i] else { return false }
            i += 1
        }
        return true
    }
}

extension String {
    /// Whether `self` comes before `other` in the order of their UTF-8 bytes, which is code
    /// point order (`utf8.lexicographicallyPrecedes`, without the view's iterator).
    public func isUTF8Before(_ other: String) -> Bool {
        let contiguous = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b in
                for (x, y) in zip(a, b) where x != y { return x < y }
                return a.count < b.count
            }
        }
        if let contiguous, let before = contiguous { return before }
        return utf8.lexicographicallyPrecedes(other.utf8)
    }
}
