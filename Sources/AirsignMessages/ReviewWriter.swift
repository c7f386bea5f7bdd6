/// A review's text as it is written: UTF-8 bytes, lines separated by line feeds. One buffer a
/// review, where a string for every line and every wrapped piece, joined, was a quarter of a
/// 10,000-request batch.
struct ReviewWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 2048) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// `line` as it is: a line of the review's own words, already safe to show.
    mutating func line(_ line: String) {
        startLine()
        append(line)
    }

    /// `item` laid out as `ReviewText.line` lays it out: plain lines straight into the buffer
    /// (`ReviewText.writePlain`), any other by the general rule.
    mutating func line(_ item: ReviewLine) {
        startLine()
        if ReviewText.writePlain(item, to: &self) { return }
        for (index, line) in ReviewText.laidOut(item).enumerated() {
            if index > 0 { bytes.append(0x0a) }
            append(line)
        }
    }

    /// A line break before every line but the first.
    mutating func startLine() {
        if !bytes.isEmpty { bytes.append(0x0a) }
    }

    mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    mutating func append<Bytes: Sequence<UInt8>>(bytes more: Bytes) {
        bytes.append(contentsOf: more)
    }

    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        bytes.append(contentsOf: repeatElement(0x20, count: count))
    }

    /// Drops the spaces at the end of the text, back to at most `start`.
    mutating func trimTrailingSpaces(after start: Int) {
        while bytes.count > start, bytes.last == 0x20 { bytes.removeLast() }
    }
}
