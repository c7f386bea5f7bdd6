/// Rules for the free text fields of messages (`network`, `note`), which are shown on the
/// signer's screen: nothing that could move the cursor, rewrite a line or hide text.
public enum MessageText {
    /// Printable ASCII without spaces, 1 to `maximum` bytes (network ids, addresses).
    static func token(_ text: String, field: String, maximum: Int) throws(MessagesError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximum, bytes.allSatisfy({ (0x21...0x7e).contains($0) }) else {
            throw .invalidField(
                message: nil, field: field, reason: "must be 1 to \(maximum) printable ASCII characters without spaces")
        }
    }

    /// Text of at most `maximum` bytes without control characters or the Unicode formatting
    /// characters that reorder or hide text (bidirectional overrides, zero-width marks).
    static func shown(_ text: String, field: String, maximum: Int) throws(MessagesError) {
        guard text.utf8.count <= maximum else {
            throw .invalidField(message: nil, field: field, reason: "longer than \(maximum) bytes")
        }
        guard !text.unicodeScalars.contains(where: isHidden) else {
            throw .invalidField(
                message: nil, field: field, reason: "contains a control or invisible formatting character")
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

    /// Characters a terminal draws as a blank, or as nothing, although they are not a plain
    /// space: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the braille blank (U+2800),
    /// the combining grapheme joiner (U+034F) and every other default-ignorable code point,
    /// and every space separator but U+0020 (no-break, ideographic, em spaces…). Shown escaped,
    /// a name or a note cannot pass one off as a space or hide a character behind it.
    static func rendersBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x2800 { return true }
        if scalar.value != 0x20, scalar.properties.generalCategory == .spaceSeparator { return true }
        return scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Variation selectors pick an emoji or glyph form of the character before them; only
    /// alone (with no base) are they blank.
    static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        (0xfe00...0xfe0f).contains(scalar.value) || (0xe0100...0xe01ef).contains(scalar.value)
    }

    /// A mark that draws on the character before it (Mn, Me): on its own (at the start, after a
    /// space or after an escaped character) it draws on nothing visible, or on the review's
    /// own text.
    static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// `text` safe to print on one terminal line: control, invisible and blank-rendering
    /// characters become `\u{…}` escapes, and so do combining marks with no base to draw on.
    public static func escaped(_ text: String) -> String {
        // Reviews are nearly all plain text (PlainText.swift), which is never hidden; the
        // Unicode category lookup per scalar was the largest cost of rendering a big batch.
        if isPlain(text) { return text }
        return escapedByScalar(text)
    }

    /// `escaped` without the ASCII shortcut: the rule itself, scalar by scalar.
    static func escapedByScalar(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        // Whether the last scalar written is a visible base a mark or selector may attach to.
        var base = false
        for scalar in text.unicodeScalars {
            // Printable ASCII is never hidden, blank or attaching: no property lookup for it.
            if (0x20...0x7e).contains(scalar.value) {
                out.unicodeScalars.append(scalar)
                base = scalar.value != 0x20
                continue
            }
            let attaches = isCombining(scalar) || isVariationSelector(scalar)
            if isHidden(scalar) || (rendersBlank(scalar) && !(isVariationSelector(scalar) && base))
                || (attaches && !base)
            {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
                base = false
            } else {
                out.unicodeScalars.append(scalar)
                // A mark keeps the base it sits on; a space is no base.
                if !attaches { base = scalar.value != 0x20 }
            }
        }
        return out
    }

    /// Free text from the requester (a note, a URI's message), made safe to show: escaped as
    /// `escaped` does, runs of spaces collapsed to one and none at either end, so the text
    /// cannot push words to where the review's own columns are.
    public static func requesterText(_ text: String) -> String {
        var out = ""
        var lastWasSpace = false
        for character in escaped(text) {
            if character == " " {
                if lastWasSpace { continue }
                lastWasSpace = true
            } else {
                lastWasSpace = false
            }
            out.append(character)
        }
        while out.first == " " { out.removeFirst() }
        while out.last == " " { out.removeLast() }
        return out
    }

    /// Columns `character` takes on a terminal: 2 for East Asian wide and full-width
    /// characters and emoji, else 1 (escaped text has no zero-width characters left).
    static func columns(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first, scalar.value >= 0x1100 else { return 1 }
        switch scalar.value {
        case 0x1100...0x115f, 0x2e80...0x303e, 0x3041...0x33ff, 0x3400...0x4dbf, 0x4e00...0x9fff, 0xa000...0xa4cf,
            0xac00...0xd7a3, 0xf900...0xfaff, 0xfe30...0xfe4f, 0xff00...0xff60, 0xffe0...0xffe6,
            0x1f300...0x1f64f, 0x1f900...0x1f9ff, 0x20000...0x3fffd:
            return 2
        default:
            return 1
        }
    }

    /// Terminal columns of already escaped `text`.
    static func columns(of text: String) -> Int {
        if let columns = plainColumns(text) { return columns }
        return text.reduce(0) { $0 + columns($1) }
    }

    /// Already escaped `text` cut into pieces of at most `width` columns, at the last space of
    /// a piece (which then starts the next piece), or inside a word wider than a line (nothing
    /// between), so the pieces joined are exactly `text`. Never an empty list.
    static func wrapped(_ text: String, width: Int) -> [String] {
        let width = max(8, width)
        // Plain text is one column a scalar, and cut between scalars as between characters:
        // the same cuts from its bytes, without breaking the text into characters.
        if let columns = plainColumns(text) {
            guard columns > width else { return [text] }
            let bytes = Array(text.utf8)
            return plainPieces(bytes, width: width).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
        guard columns(of: text) > width else { return [text] }
        return pieces(of: text, width: width, isSpace: { $0 == " " }, columns: columns).map { String(text[$0]) }
    }

    /// The ranges `wrapped` cuts `units` (characters, or the bytes of ASCII text) into.
    static func pieces<Units: Collection>(
        of units: Units, width: Int, isSpace: (Units.Element) -> Bool,
        columns: (Units.Element) -> Int
    ) -> [Range<Units.Index>] {
        var pieces: [Range<Units.Index>] = []
        var start = units.startIndex
        var used = 0
        // The last space of the current piece and the columns before it.
        var lastSpace: (index: Units.Index, before: Int)?
        var index = units.startIndex
        while index < units.endIndex {
            let unit = units[index]
            let wide = columns(unit)
            if used + wide > width {
                // A word (an address, a hash) is split only when it is wider than a line.
                let space = isSpace(unit) ? nil : lastSpace
                let carried = space.map { used - $0.before } ?? 0
                if let space, space.index > start, carried + wide <= width {
                    pieces.append(start..<space.index)
                    start = space.index
                    used = carried
                    lastSpace = (space.index, 0)
                } else {
                    pieces.append(start..<index)
                    start = index
                    used = 0
                    lastSpace = nil
                }
            }
            if isSpace(unit) { lastSpace = (index, used) }
            used += wide
            index = units.index(after: index)
        }
        if start < units.endIndex || pieces.isEmpty { pieces.append(start..<units.endIndex) }
        return pieces
    }
}
