/// Writes a `JSONValue` as JSON text that `JSONParser` reads back to an equal value (given a
/// value it could have produced: no duplicate keys, number texts in RFC 8259 grammar).
///
/// Strings escape only what RFC 8259 §7 requires: `"`, `\` and the control characters U+0000 to
/// U+001F (as `\b \f \n \r \t` where those exist, `\u00XX` with lower-case hex otherwise); all
/// other characters, U+2028 and U+2029 included, are written as UTF-8. Numbers are written as
/// their literal text. With `sortKeys`, object members are ordered by the Unicode code points
/// of their keys (the same as the keys' UTF-8 byte order, and what Python's `sort_keys` does;
/// RFC 8785 (JCS) sorts by UTF-16 code units instead, which differs for keys holding characters
/// above U+FFFF); members with equal keys keep their order.
public struct JSONSerializer: Sendable {
    public var sortKeys: Bool
    /// Two-space indentation, one element or member per line, `"key": value`; compact output
    /// (`pretty: false`) has no whitespace at all, so it never contains a newline.
    public var pretty: Bool

    public init(sortKeys: Bool = true, pretty: Bool = false) {
        self.sortKeys = sortKeys
        self.pretty = pretty
    }

    public func serialize(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        write(value, indent: 0, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the text `serialize` returns, as UTF-8, to `out` (a file of many messages is
    /// written into one buffer, without a String per message).
    public func serialize(_ value: JSONValue, into out: inout [UInt8]) {
        write(value, indent: 0, into: &out)
    }

    private func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out += Self.null
        case let .bool(flag): out += flag ? Self.true : Self.false
        case let .number(text): out += text.utf8
        case let .string(text): Self.writeString(text, into: &out)
        case let .array(elements):
            guard !elements.isEmpty else { out += [UInt8(ascii: "["), UInt8(ascii: "]")]; return }
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &out)
                write(element, indent: indent + 1, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            guard !members.isEmpty else { out += [UInt8(ascii: "{"), UInt8(ascii: "}")]; return }
            // A stable sort on the keys' UTF-8 bytes, whose order is code point order.
            let ordered =
                sortKeys && !Self.inKeyOrder(members)
                ? members.enumerated().sorted { a, b in
                    let (x, y) = (a.element.key, b.element.key)
                    if x.isSameUTF8(as: y) { return a.offset < b.offset }
                    return x.isUTF8Before(y)
                }.map(\.element)
                : members
            out.append(UInt8(ascii: "{"))
            for (i, member) in ordered.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &out)
                Self.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                write(member.value, indent: indent + 1, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Whether the keys already ascend (ties allowed): the stable sort would keep `members` as
    /// they are, and canonical messages are built that way, so the sort can be skipped.
    private static func inKeyOrder(_ members: [(key: String, value: JSONValue)]) -> Bool {
        zip(members, members.dropFirst()).allSatisfy { !$1.key.isUTF8Before($0.key) }
    }

    private func newline(_ indent: Int, into out: inout [UInt8]) {
        guard pretty else { return }
        out.append(UInt8(ascii: "\n"))
        out += repeatElement(UInt8(ascii: " "), count: 2 * indent)
    }

    private static let null = Array("null".utf8)
    private static let `true` = Array("true".utf8)
    private static let `false` = Array("false".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether `bytes` hold a quote, a backslash or a control character (below 0x20), eight
    /// bytes at a time: a byte below n shows in (w - n·0x01…) & ~w & 0x80… (for n ≤ 0x80),
    /// and a byte equal to c as one below 1 in w ^ c·0x01….
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func hasByte(below n: UInt8, _ w: UInt64) -> Bool { (w &- ones &* UInt64(n)) & ~w & high != 0 }
        var i = 0
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while bytes.count - i >= 8 {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if hasByte(below: 0x20, w) || hasByte(below: 1, w ^ ones &* 0x22) || hasByte(below: 1, w ^ ones &* 0x5c)
                {
                    return true
                }
                i += 8
            }
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            i += 1
        }
        return false
    }

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings (hex, ids, names) need no escape: checked eight bytes at a time and
        // copied whole.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !needsEscape(bytes) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0c: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0a: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0d: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20:
                out += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0f)],
                ]
            default:
                // Multi-byte characters go through byte by byte: a String's UTF-8 is valid.
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
