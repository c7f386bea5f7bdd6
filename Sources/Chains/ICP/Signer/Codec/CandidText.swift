import AirsignEncoding

/// Renders Candid values as Candid text (`record { amount = record { e8s = 10000 : nat64 } }`),
/// with known field names, every byte of a blob escaped, and a bound on the output length.
public enum CandidText {
    /// Longest rendering; beyond it the text ends with the count of characters left out.
    public static let maxLength = 16_384

    /// The argument list: `(v1, v2)`. `names` adds field names to the known ones.
    public static func arguments(_ values: [CandidValue], names: [String] = []) -> String {
        let labels = Labels(extra: names)
        var out = "("
        for (i, value) in values.enumerated() {
            if i > 0 { out += ", " }
            render(value, labels, into: &out)
            if out.utf8.count > maxLength { break }
        }
        out += ")"
        return bounded(out)
    }

    /// One value.
    public static func value(_ value: CandidValue) -> String {
        var out = ""
        render(value, Labels(extra: []), into: &out)
        return bounded(out)
    }

    static func bounded(_ text: String) -> String {
        let count = text.utf8.count
        guard count > maxLength else { return text }
        let kept = String(decoding: text.utf8.prefix(maxLength), as: UTF8.self)
        return kept + " … (\(count - maxLength) more bytes of text not shown)"
    }

    static func render(_ value: CandidValue, _ labels: Labels, into out: inout String) {
        // Stop early: the caller bounds the result; deep trees must not grow it further.
        guard out.utf8.count <= maxLength + 64 else { return }
        switch value {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .nat(n): out += "\(n) : nat"
        case let .int(n): out += "\(n) : int"
        case let .nat8(n): out += "\(n) : nat8"
        case let .nat16(n): out += "\(n) : nat16"
        case let .nat32(n): out += "\(n) : nat32"
        case let .nat64(n): out += "\(n) : nat64"
        case let .int8(n): out += "\(n) : int8"
        case let .int16(n): out += "\(n) : int16"
        case let .int32(n): out += "\(n) : int32"
        case let .int64(n): out += "\(n) : int64"
        case let .float32(f): out += "\(f) : float32"
        case let .float64(f): out += "\(f) : float64"
        case let .text(t): out += quoted(t)
        case .reserved: out += "null : reserved"
        case let .principal(p): out += "principal \"\(p.text)\""
        case let .opt(inner):
            if let inner {
                out += "opt "
                render(inner, labels, into: &out)
            } else {
                out += "null"
            }
        case let .blob(bytes):
            out += "blob \""
            for b in bytes { out += "\\" + Hex.encode([b]) }
            out += "\""
        case let .vec(items):
            out += "vec {"
            for (i, item) in items.enumerated() {
                out += i == 0 ? " " : "; "
                render(item, labels, into: &out)
            }
            out += items.isEmpty ? "}" : " }"
        case let .record(fields):
            out += "record {"
            for (i, field) in fields.enumerated() {
                out += (i == 0 ? " " : "; ") + labels.name(field.id) + " = "
                render(field.value, labels, into: &out)
            }
            out += fields.isEmpty ? "}" : " }"
        case let .variant(field):
            out += "variant { " + labels.name(field.id)
            if field.value != .null {
                out += " = "
                render(field.value, labels, into: &out)
            }
            out += " }"
        case let .function(service, method): out += "func \"\(service.text)\".\(quoted(method))"
        case let .service(p): out += "service \"\(p.text)\""
        }
    }

    /// Field names to show: the known ones plus any the caller adds.
    struct Labels {
        let extra: [UInt32: String]

        init(extra names: [String]) {
            var table: [UInt32: String] = [:]
            for name in names { table[CandidLabel.hash(name)] = name }
            extra = table
        }

        func name(_ id: UInt32) -> String { extra[id] ?? CandidLabel.display(id) }
    }

    /// A Candid text literal: printable ASCII as is, everything else escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case " " ... "~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out + "\""
    }
}
