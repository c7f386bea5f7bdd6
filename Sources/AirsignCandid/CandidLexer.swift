/// The tokens of Candid's textual syntax, shared by values (`(record { to = principal "…" })`)
/// and interface files (`.did`): punctuation, identifiers and keywords, text literals (their
/// escapes decoded to bytes), and numbers (as written, underscores removed). Comments (`//`
/// to the end of the line, `/* … */` nesting) are skipped (spec, "Comments", "Values").
struct CandidToken: Equatable {
    enum Kind: Equatable {
        case punctuation(String)
        case identifier(String)
        /// The bytes the literal stands for: a text's UTF-8, or a blob's bytes.
        case text([UInt8])
        /// Sign, digits, point, exponent as written, without `_`.
        case number(String)
        case end
    }

    let kind: Kind
    /// Byte offset of the token in the source.
    let offset: Int
}

struct CandidLexer {
    /// Longest source read.
    static let maxLength = 1 << 20

    let source: [UInt8]
    private(set) var offset = 0
    /// What the errors name ("--args", "interface.did").
    let origin: String

    init(_ text: String, origin: String) {
        source = Array(text.utf8)
        self.origin = origin
    }

    /// `line L, column C` of a byte offset (columns in characters).
    func position(_ at: Int) -> String {
        var line = 1
        var lineStart = 0
        for (i, byte) in source.prefix(max(0, min(at, source.count))).enumerated() where byte == 0x0a {
            line += 1
            lineStart = i + 1
        }
        let column =
            String(decoding: source[lineStart..<max(lineStart, min(at, source.count))], as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }

    func error(_ reason: String, at: Int) -> CandidError {
        .malformed(field: origin, reason: "\(reason) at \(position(at))")
    }

    static let punctuation: [String] = ["->", "(", ")", "{", "}", ";", ",", "=", ":", "."]

    mutating func all() throws(CandidError) -> [CandidToken] {
        guard source.count <= Self.maxLength else {
            throw .malformed(field: origin, reason: "longer than \(Self.maxLength) bytes")
        }
        var tokens: [CandidToken] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        let at = offset + ahead
        return at < source.count ? source[at] : nil
    }

    private mutating func skipSpaceAndComments() throws(CandidError) {
        while let byte = peek() {
            if byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d {
                offset += 1
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                while let b = peek(), b != 0x0a { offset += 1 }
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                let start = offset
                offset += 2
                var depth = 1
                while depth > 0 {
                    guard let b = peek() else { throw error("a comment that does not end", at: start) }
                    if b == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                        depth += 1
                        offset += 2
                    } else if b == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                        depth -= 1
                        offset += 2
                    } else {
                        offset += 1
                    }
                }
            } else {
                return
            }
        }
    }

    private static func isIdentifierStart(_ b: UInt8) -> Bool {
        (0x41...0x5a).contains(b) || (0x61...0x7a).contains(b) || b == UInt8(ascii: "_")
    }

    private static func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    private mutating func next() throws(CandidError) -> CandidToken {
        try skipSpaceAndComments()
        let start = offset
        guard let byte = peek() else { return CandidToken(kind: .end, offset: start) }
        if byte == UInt8(ascii: "\"") { return CandidToken(kind: .text(try textLiteral()), offset: start) }
        if Self.isDigit(byte)
            || ((byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && peek(1).map(Self.isDigit) == true)
        {
            return CandidToken(kind: .number(try number()), offset: start)
        }
        if Self.isIdentifierStart(byte) {
            while let b = peek(), Self.isIdentifierStart(b) || Self.isDigit(b) { offset += 1 }
            return CandidToken(
                kind: .identifier(String(decoding: source[start..<offset], as: UTF8.self)), offset: start)
        }
        for mark in Self.punctuation where source[offset...].starts(with: mark.utf8) {
            offset += mark.utf8.count
            return CandidToken(kind: .punctuation(mark), offset: start)
        }
        let character =
            String(decoding: source[offset..<min(source.count, offset + 4)], as: UTF8.self).first.map(String.init)
            ?? "?"
        throw error("unexpected \(character.debugDescription)", at: start)
    }

    /// Digits with single underscores between them, in the given base.
    private mutating func digits(hex: Bool, into out: inout String) -> Bool {
        var any = false
        var lastWasDigit = false
        while let b = peek() {
            if hex ? Self.hexValue(b) != nil : Self.isDigit(b) {
                out.unicodeScalars.append(Unicode.Scalar(b))
                any = true
                lastWasDigit = true
            } else if b == UInt8(ascii: "_"), lastWasDigit, let n = peek(1),
                hex ? Self.hexValue(n) != nil : Self.isDigit(n)
            {
                lastWasDigit = false
            } else {
                break
            }
            offset += 1
        }
        return any
    }

    private mutating func number() throws(CandidError) -> String {
        let start = offset
        var out = ""
        if let b = peek(), b == UInt8(ascii: "-") || b == UInt8(ascii: "+") {
            if b == UInt8(ascii: "-") { out = "-" }
            offset += 1
        }
        let hex = peek() == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X"))
        if hex {
            out += "0x"
            offset += 2
        }
        guard digits(hex: hex, into: &out) else { throw error("a number without digits", at: start) }
        if peek() == UInt8(ascii: "."), !hex {
            offset += 1
            out += "."
            _ = digits(hex: false, into: &out)
        }
        if !hex, let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            offset += 1
            out += "e"
            if let s = peek(), s == UInt8(ascii: "-") || s == UInt8(ascii: "+") {
                out.unicodeScalars.append(Unicode.Scalar(s))
                offset += 1
            }
            guard digits(hex: false, into: &out) else { throw error("an exponent without digits", at: start) }
        }
        if let b = peek(), Self.isIdentifierStart(b) || Self.isDigit(b) || b == UInt8(ascii: ".") {
            throw error("a malformed number", at: start)
        }
        return out
    }

    private mutating func textLiteral() throws(CandidError) -> [UInt8] {
        let start = offset
        offset += 1
        var out: [UInt8] = []
        while true {
            guard let b = peek() else { throw error("a text literal that does not end", at: start) }
            offset += 1
            switch b {
            case UInt8(ascii: "\""):
                return out
            case UInt8(ascii: "\\"):
                guard let e = peek() else { throw error("a text literal that does not end", at: start) }
                offset += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0a)
                case UInt8(ascii: "r"): out.append(0x0d)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): out.append(e)
                case UInt8(ascii: "u"):
                    guard peek() == UInt8(ascii: "{") else {
                        throw error("\\u must be followed by {hex digits}", at: offset - 2)
                    }
                    offset += 1
                    var hexDigits = ""
                    _ = digits(hex: true, into: &hexDigits)
                    guard peek() == UInt8(ascii: "}"), !hexDigits.isEmpty, hexDigits.count <= 6,
                        let value = UInt32(hexDigits, radix: 16),
                        let scalar = Unicode.Scalar(value)
                    else {
                        throw error("\\u{…} is not a Unicode scalar value", at: offset)
                    }
                    offset += 1
                    out += Array(String(Character(scalar)).utf8)
                default:
                    guard let high = Self.hexValue(e), let next = peek(), let low = Self.hexValue(next) else {
                        throw error("unknown escape \\\(String(decoding: [e], as: UTF8.self))", at: offset - 2)
                    }
                    offset += 1
                    out.append(high << 4 | low)
                }
            default:
                guard b >= 0x20, b != 0x7f else {
                    throw error("a control character inside a text literal (write it as an escape)", at: offset - 1)
                }
                out.append(b)
            }
        }
    }
}
