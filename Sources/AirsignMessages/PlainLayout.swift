extension ReviewText {
    /// `laidOut` of a line whose label and value are plain text (`MessageText.plainColumns`) and
    /// whose label fits beside its value, the common case, written into `out` from the bytes of
    /// both: the same lines, joined by line feeds. False, with nothing written, for any other
    /// line, which `laidOut` lays out in general.
    static func writePlain(_ item: ReviewLine, to out: inout ReviewWriter) -> Bool {
        guard item.source != .certified, let labelColumns = MessageText.plainColumns(item.label), labelColumns <= 40,
            let valueColumns = MessageText.plainColumns(item.value)
        else { return false }
        let indent = 2 * (item.level + 1)
        let valueColumn = indent + max(labelWidth, labelColumns + 1)
        let width = max(24, screenWidth - valueColumn)
        let start = out.bytes.count
        out.appendSpaces(indent)
        out.append(item.label)
        out.appendSpaces(valueColumn - indent - labelColumns)
        switch item.source {
        case .request:
            out.append(requestMark)
            // Plain text is its own escape, so the requester's words need only their spaces
            // collapsed (`MessageText.requesterText`).
            let words = [0x20] + collapsedSpaces(item.value)
            for piece in MessageText.plainPieces(words, width: width - continuation.count) {
                continued(words[piece], at: valueColumn, to: &out)
            }
        case .certified:
            return false  // excluded by the guard above: `laidOut` quotes it
        case .signed, .signerTable:
            let mark = item.source == .signerTable ? tableMark : ""
            if valueColumns + mark.utf8.count <= max(8, width) {
                // It fits: one piece, nothing to cut (most lines).
                out.append(item.value)
                out.append(mark)
                if item.value.isEmpty { out.trimTrailingSpaces(after: start) }
                return true
            }
            let value = Array(item.value.utf8) + mark.utf8
            let pieces = MessageText.plainPieces(value, width: width)
            let first = pieces.first ?? 0..<value.count
            out.append(bytes: value[first])
            // Continuations are one mark narrower, so the rest is cut again to fit.
            let rest = value[first.upperBound...]
            if !rest.isEmpty {
                for piece in MessageText.plainPieces(rest, width: width - continuation.count) {
                    continued(rest[piece], at: valueColumn, to: &out)
                }
            } else if item.value.isEmpty {
                // An empty value (a heading such as "domain") leaves no trailing spaces.
                out.trimTrailingSpaces(after: start)
            }
        }
        return true
    }

    /// A continuation line: the value column's indent, the mark, `piece`.
    private static func continued(_ piece: ArraySlice<UInt8>, at column: Int, to out: inout ReviewWriter) {
        out.startLine()
        out.appendSpaces(column)
        out.append(continuation)
        out.append(bytes: piece)
    }

    /// Plain `text` with runs of spaces collapsed to one and none at either end.
    static func collapsedSpaces(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte != 0x20 || (out.last.map { $0 != 0x20 } ?? false) {
            out.append(byte)
        }
        if out.last == 0x20 { out.removeLast() }
        return out
    }
}
