/// RLP written straight into bytes, for an encoder that knows its fields: what `RLP.encode`
/// writes for the same items, without building a tree of them first (an array a field, and
/// every list's payload copied again into its parent's). A transaction is encoded three times
/// a request of a batch: for the review, for its signing hash and signed.
public struct RLPWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Where each list begun and not yet ended starts.
    private var openLists: [Int] = []

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// A byte string: `RLPItem.bytes`. (Concrete overloads, not one generic method: a generic
    /// one is not specialized in the module that calls it, and cost more than the items did.)
    public mutating func append(bytes string: [UInt8]) {
        string.withUnsafeBufferPointer { append(buffer: $0) }
    }

    public mutating func append(bytes string: ArraySlice<UInt8>) {
        string.withUnsafeBufferPointer { append(buffer: $0) }
    }

    private mutating func append(buffer string: UnsafeBufferPointer<UInt8>) {
        if string.count == 1, let byte = string.first, byte < 0x80 {
            bytes.append(byte)
        } else {
            RLP.appendLength(string.count, base: 0x80, to: &bytes)
            bytes.append(contentsOf: string)
        }
    }

    /// An unsigned integer: `RLPItem.integer`.
    public mutating func append(integer value: UInt64) {
        let length = (UInt64.bitWidth - value.leadingZeroBitCount + 7) / 8
        if length == 1, value < 0x80 {
            bytes.append(UInt8(value))
            return
        }
        RLP.appendLength(length, base: 0x80, to: &bytes)
        for shift in stride(from: 8 * (length - 1), through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// Big-endian integer bytes, leading zeros removed: `RLPItem.unsignedBigEndian`.
    public mutating func append(unsignedBigEndian value: [UInt8]) {
        value.withUnsafeBufferPointer { append(integerBuffer: $0) }
    }

    public mutating func append(unsignedBigEndian value: ArraySlice<UInt8>) {
        value.withUnsafeBufferPointer { append(integerBuffer: $0) }
    }

    private mutating func append(integerBuffer value: UnsafeBufferPointer<UInt8>) {
        let first = value.firstIndex { $0 != 0 } ?? value.count
        append(buffer: UnsafeBufferPointer(rebasing: value[first...]))
    }

    /// Any item, as `RLP.encode` writes it.
    public mutating func append(_ item: RLPItem) {
        RLP.append(item, to: &bytes)
    }

    /// Starts a list: what is appended until `endList` is its payload.
    public mutating func beginList() {
        openLists.append(bytes.count)
    }

    /// Ends the list begun last, putting its length before its payload (nothing when no list
    /// is open).
    public mutating func endList() {
        guard let start = openLists.popLast() else { return }
        var prefix: [UInt8] = []
        RLP.appendLength(bytes.count - start, base: 0xc0, to: &prefix)
        bytes.insert(contentsOf: prefix, at: start)
    }
}
