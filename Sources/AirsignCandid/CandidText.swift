import AirsignEncoding

/// Renders Candid values as Candid text that parses back: without types, as the wire has them
/// (`record { 5_035_232 = 10_000 : nat64 }`: field ids, numbers with their types), or at the
/// types of an interface (`record { e8s = 10_000 }`: field and case names, which are only used
/// when they hash to the id). Every byte of a blob is escaped, every text character outside
/// printable ASCII too, and the output is bounded.
public enum CandidText {
    /// Longest rendering; beyond it the text ends with the count of bytes left out.
    public static let maxLength = 16_384

    /// The argument list as the wire has it: `(v1, v2)`.
    public static func arguments(_ values: [CandidValue]) -> String {
        var renderer = Renderer(environment: nil)
        return renderer.list(values.map { ($0, nil) })
    }

    /// The argument list at the types of an interface.
    public static func arguments(_ values: [CandidValue], types: [CandidType], in environment: CandidTypeEnvironment)
        -> String
    {
        var renderer = Renderer(environment: environment)
        return renderer.list(values.enumerated().map { ($0.element, $0.offset < types.count ? types[$0.offset] : nil) })
    }

    /// One value as the wire has it.
    public static func value(_ value: CandidValue) -> String {
        var renderer = Renderer(environment: nil)
        renderer.render(value, nil)
        return bounded(renderer.out)
    }

    /// One value at `type`.
    public static func value(_ value: CandidValue, type: CandidType, in environment: CandidTypeEnvironment) -> String {
        var renderer = Renderer(environment: environment)
        renderer.render(value, type)
        return bounded(renderer.out)
    }

    /// `text` cut to `maxLength` bytes with a note of how much was left out, as every rendering is.
    public static func bounded(_ text: String) -> String {
        let count = text.utf8.count
        guard count > maxLength else { return text }
        let kept = String(decoding: text.utf8.prefix(maxLength), as: UTF8.self)
        return kept + " … (\(count - maxLength) more bytes of text not shown)"
    }

    /// Digits in groups of three: `1_234_567`, `-12_000`.
    public static func grouped(_ digits: String) -> String {
        let negative = digits.hasPrefix("-")
        let body = Array(negative ? digits.dropFirst() : Substring(digits))
        var out = ""
        for (i, c) in body.enumerated() {
            if i > 0, (body.count - i) % 3 == 0 { out.append("_") }
            out.append(c)
        }
        return (negative ? "-" : "") + out
    }

    struct Renderer {
        /// Nil when rendering without types.
        let environment: CandidTypeEnvironment?
        var out = ""

        mutating func list(_ items: [(CandidValue, CandidType?)]) -> String {
            out = "("
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                render(item.0, item.1)
                if out.utf8.count > maxLength { break }
            }
            out += ")"
            return bounded(out)
        }

        func resolve(_ type: CandidType?) -> CandidType? {
            guard let type, let environment else { return nil }
            return try? environment.resolve(type)
        }

        /// The label of field `id`: the type's name for it when it hashes to `id`.
        func label(_ id: UInt32, in fields: [CandidField]?) -> (String, CandidType?) {
            guard let field = fields?.first(where: { $0.id == id }) else { return (String(id), nil) }
            if let name = field.name, CandidLabel.hash(name) == id {
                return (CandidTypeText.methodName(name), field.type)
            }
            return (String(id), field.type)
        }

        mutating func number(_ digits: String, _ type: String, typed: Bool) {
            out += grouped(digits)
            if !typed { out += " : " + type }
        }

        mutating func render(_ value: CandidValue, _ type: CandidType?) {
            // Stop early: the caller bounds the result; deep trees must not grow it further.
            guard out.utf8.count <= maxLength + 64 else { return }
            let resolved = resolve(type)
            let typed = resolved != nil
            switch value {
            case .null: out += "null"
            case let .bool(b): out += b ? "true" : "false"
            case let .nat(n): number(String(n), "nat", typed: typed)
            case let .int(n): number(String(n), "int", typed: typed)
            case let .nat8(n): number(String(n), "nat8", typed: typed)
            case let .nat16(n): number(String(n), "nat16", typed: typed)
            case let .nat32(n): number(String(n), "nat32", typed: typed)
            case let .nat64(n): number(String(n), "nat64", typed: typed)
            case let .int8(n): number(String(n), "int8", typed: typed)
            case let .int16(n): number(String(n), "int16", typed: typed)
            case let .int32(n): number(String(n), "int32", typed: typed)
            case let .int64(n): number(String(n), "int64", typed: typed)
            case let .float32(f): out += "\(f)" + (typed ? "" : " : float32")
            case let .float64(f): out += "\(f)" + (typed ? "" : " : float64")
            case let .text(t): out += quoted(t)
            case .reserved: out += typed ? "null" : "null : reserved"
            case let .principal(p): out += "principal \"\(p.text)\""
            case let .opt(inner):
                if let inner {
                    out += "opt "
                    var content: CandidType?
                    if case let .opt(t)? = resolved { content = t }
                    render(inner, content)
                } else {
                    out += "null"
                }
            case let .blob(bytes):
                out += "blob \""
                for b in bytes {
                    guard out.utf8.count <= maxLength + 64 else { break }
                    out += "\\" + Hex.encode([b])
                }
                out += "\""
            case let .vec(items):
                var element: CandidType?
                if case let .vec(t)? = resolved { element = t }
                out += "vec {"
                for (i, item) in items.enumerated() {
                    guard out.utf8.count <= maxLength + 64 else { break }
                    out += i == 0 ? " " : "; "
                    render(item, element)
                }
                out += items.isEmpty ? "}" : " }"
            case let .record(fields):
                var types: [CandidField]?
                if case let .record(f)? = resolved { types = f }
                out += "record {"
                for (i, field) in fields.enumerated() {
                    let (name, fieldType) = label(field.id, in: types)
                    out += (i == 0 ? " " : "; ") + name + " = "
                    render(field.value, fieldType)
                }
                out += fields.isEmpty ? "}" : " }"
            case let .variant(field):
                var types: [CandidField]?
                if case let .variant(f)? = resolved { types = f }
                let (name, caseType) = label(field.id, in: types)
                out += "variant { " + name
                if field.value != .null {
                    out += " = "
                    render(field.value, caseType)
                }
                out += " }"
            case let .function(service, method): out += "func \"\(service.text)\".\(CandidTypeText.methodName(method))"
            case let .service(p): out += "service \"\(p.text)\""
            }
        }
    }

    /// A Candid text literal: printable ASCII as is, everything else escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out + "\""
    }
}
