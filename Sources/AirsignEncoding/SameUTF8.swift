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
            theirs.withContiguousStorageIfAvailable { b in a.elementsEqual(b) }
        }
        if let contiguous, let equal = contiguous { return equal }
        return mine.elementsEqual(theirs)
    }
}
