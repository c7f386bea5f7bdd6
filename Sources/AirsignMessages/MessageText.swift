/// Rules for the free text fields of messages (`network`, `note`), which are shown on the
/// signer's screen: nothing that could move the cursor, rewrite a line or hide text.
public enum MessageText {
    /// Printable ASCII without spaces, 1 to `maximum` bytes (network ids, addresses).
    static func token(_ text: String, field: String, maximum: Int) throws(MessagesError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximum, bytes.allSatisfy({ (0x21 ... 0x7e).contains($0) }) else {
            throw .invalidField(message: nil, field: field, reason: "must be 1 to \(maximum) printable ASCII characters without spaces")
        }
    }

    /// Text of at most `maximum` bytes without control characters or the Unicode formatting
    /// characters that reorder or hide text (bidirectional overrides, zero-width marks).
    static func shown(_ text: String, field: String, maximum: Int) throws(MessagesError) {
        guard text.utf8.count <= maximum else {
            throw .invalidField(message: nil, field: field, reason: "longer than \(maximum) bytes")
        }
        guard !text.unicodeScalars.contains(where: isHidden) else {
            throw .invalidField(message: nil, field: field, reason: "contains a control or invisible formatting character")
        }
    }

    /// Control characters (C0, DEL, C1) and format characters (category Cf: bidi overrides,
    /// zero-width joiners and spaces), which a terminal would act on or not show.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// `text` safe to print on one terminal line: hidden characters become `\u{…}` escapes.
    public static func escaped(_ text: String) -> String {
        // Reviews are nearly all printable ASCII, which is never hidden; the Unicode category
        // lookup per scalar was the largest cost of rendering a big batch.
        let printable = { (byte: UInt8) in (0x20 ... 0x7e).contains(byte) }
        if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(printable) }) ?? text.utf8.allSatisfy(printable) { return text }
        return escapedByScalar(text)
    }

    /// `escaped` without the ASCII shortcut: the rule itself, scalar by scalar.
    static func escapedByScalar(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
