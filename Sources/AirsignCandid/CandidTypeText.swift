/// Candid types written as `.did` text: in full (`record { to : Account; amount : nat }`) for
/// interface fragments, or briefly (`record {…}`) for messages.
enum CandidTypeText {
    /// The type as `.did` syntax; a method's function type without the `func` keyword when
    /// `asMethod`.
    static func render(_ type: CandidType, asMethod: Bool = false) -> String {
        if let keyword = type.keyword { return keyword }
        switch type {
        case let .opt(inner): return "opt " + render(inner)
        case let .vec(inner): return inner == .nat8 ? "blob" : "vec " + render(inner)
        case let .record(fields): return "record {" + fieldList(fields, record: true) + "}"
        case let .variant(fields): return "variant {" + fieldList(fields, record: false) + "}"
        case let .function(function): return (asMethod ? "" : "func ") + signature(function)
        case let .service(methods):
            let list = methods.map { " \(methodName($0.name)) : \(render($0.type, asMethod: true));" }.joined()
            return "service {" + list + (methods.isEmpty ? "}" : " }")
        case let .named(name): return self.name(name)
        case let .future(opcode): return "(future type \(opcode))"
        default: return "?"
        }
    }

    /// The type's head only: `nat`, `opt …`, `record {…}`, a name.
    static func brief(_ type: CandidType) -> String {
        if let keyword = type.keyword { return keyword }
        switch type {
        case let .opt(inner): return "opt " + brief(inner)
        case let .vec(inner): return inner == .nat8 ? "blob" : "vec " + brief(inner)
        case .record: return "record {…}"
        case .variant: return "variant {…}"
        case .function: return "func (…) -> (…)"
        case .service: return "service {…}"
        case let .named(name): return Int(name) == nil ? name : "type table entry \(name)"
        case .future: return "a future type"
        default: return "?"
        }
    }

    static func signature(_ function: CandidFunctionType) -> String {
        func tuple(_ types: [CandidType], _ names: [String?]) -> String {
            "("
                + types.enumerated().map { index, type in
                    let name = index < names.count ? names[index] : nil
                    return (name.map { methodName($0) + " : " } ?? "") + render(type)
                }.joined(separator: ", ") + ")"
        }
        let annotations = function.annotations.map { " " + $0.keyword }.joined()
        return tuple(function.arguments, function.argumentNames) + " -> " + tuple(function.results, []) + annotations
    }

    static func fieldList(_ fields: [CandidField], record: Bool) -> String {
        guard !fields.isEmpty else { return "" }
        return " "
            + fields.map { field in
                let label = field.name.map(methodName) ?? String(field.id)
                if !record, field.type == .null { return label }
                return "\(label) : \(render(field.type))"
            }.joined(separator: "; ") + " "
    }

    /// A type name: always an identifier in a parsed interface.
    static func name(_ name: String) -> String { name }

    /// A method or field name: bare when it is an identifier and no keyword, else quoted.
    static func methodName(_ name: String) -> String {
        let bytes = Array(name.utf8)
        let isIdentifier =
            !bytes.isEmpty && !CandidParser.keywords.contains(name)
            && bytes.enumerated().allSatisfy { i, b in
                (0x41...0x5a).contains(b) || (0x61...0x7a).contains(b) || b == 0x5f
                    || (i > 0 && (0x30...0x39).contains(b))
            }
        return isIdentifier ? name : CandidText.quoted(name)
    }
}
