/// A Candid value as written in text (spec, "Values"), before it is checked against a type:
/// `(record { to = principal "…"; amount = 1_000 : nat }, blob "\00\01", variant { Ok })`.
/// `CandidTextTyping` turns it into a `CandidValue` of a given type.
struct CandidTextValue: Sendable {
    indirect enum Kind: Sendable {
        /// As written: sign, digits, point, exponent, no underscores.
        case number(String)
        /// The literal's bytes (a text must be UTF-8; checked when typed).
        case text([UInt8])
        case bool(Bool)
        case null
        case opt(CandidTextValue)
        case vec([CandidTextValue])
        case blob([UInt8])
        case record([Field])
        case variant(Field)
        case principal(String)
        case service(String)
        case function(String, String)
        case annotated(CandidTextValue, CandidType)
    }

    struct Field: Sendable {
        let id: UInt32
        let name: String?
        let value: CandidTextValue
    }

    let kind: Kind
    /// Byte offset in the source, for errors.
    let offset: Int

    /// A short description of what was written, for errors ("a text literal").
    var written: String {
        switch kind {
        case let .number(n): return "the number \(n)"
        case .text: return "a text literal"
        case let .bool(b): return b ? "true" : "false"
        case .null: return "null"
        case .opt: return "an opt value"
        case .vec: return "a vec"
        case .blob: return "a blob"
        case .record: return "a record"
        case .variant: return "a variant"
        case .principal: return "a principal"
        case .service: return "a service reference"
        case .function: return "a function reference"
        case let .annotated(value, _): return value.written
        }
    }

    /// Parses an argument list `( <annval>,* )`.
    static func arguments(_ text: String, origin: String) throws(CandidError) -> [CandidTextValue] {
        var parser = try CandidParser(text, origin: origin)
        let values = try parser.argumentList()
        try parser.expectEnd()
        return values
    }
}

extension CandidParser {
    mutating func argumentList() throws(CandidError) -> [CandidTextValue] {
        try expect("(")
        var values: [CandidTextValue] = []
        while !isPunctuation(")") {
            guard values.count < Self.maxFields else { throw error("more than \(Self.maxFields) arguments") }
            values.append(try annotatedValue())
            guard isPunctuation(",") else { break }
            advance()
        }
        try expect(")")
        return values
    }

    /// `<val> | <val> : <datatype>`.
    mutating func annotatedValue() throws(CandidError) -> CandidTextValue {
        let value = try self.value()
        guard isPunctuation(":") else { return value }
        advance()
        return CandidTextValue(kind: .annotated(value, try type()), offset: value.offset)
    }

    mutating func textLiteral(_ what: String) throws(CandidError) -> [UInt8] {
        guard case let .text(bytes) = current.kind else { throw error("expected \(what), found \(describe(current))") }
        advance()
        return bytes
    }

    mutating func utf8Literal(_ what: String) throws(CandidError) -> String {
        let at = current.offset
        guard let text = String(validating: try textLiteral(what), as: UTF8.self) else {
            throw lexer.error("\(what) is not valid UTF-8", at: at)
        }
        return text
    }

    mutating func value() throws(CandidError) -> CandidTextValue {
        try enter()
        defer { leave() }
        let offset = current.offset
        func node(_ kind: CandidTextValue.Kind) -> CandidTextValue { CandidTextValue(kind: kind, offset: offset) }
        switch current.kind {
        case let .number(digits):
            advance()
            return node(.number(digits))
        case let .text(bytes):
            advance()
            return node(.text(bytes))
        case .punctuation("("):
            advance()
            let inner = try annotatedValue()
            try expect(")")
            return inner
        case let .identifier(word):
            advance()
            switch word {
            case "true": return node(.bool(true))
            case "false": return node(.bool(false))
            case "null": return node(.null)
            case "opt": return node(.opt(try value()))
            case "blob": return node(.blob(try textLiteral("the blob's text")))
            case "principal": return node(.principal(try utf8Literal("the principal's text")))
            case "service": return node(.service(try utf8Literal("the service's principal text")))
            case "func":
                let service = try utf8Literal("the function's service principal text")
                try expect(".")
                return node(.function(service, try name("the function's method name")))
            case "vec":
                try expect("{")
                var items: [CandidTextValue] = []
                while !isPunctuation("}") {
                    items.append(try annotatedValue())
                    guard isPunctuation(";") else { break }
                    advance()
                }
                try expect("}")
                return node(.vec(items))
            case "record": return node(.record(try fieldValues(record: true)))
            case "variant":
                let fields = try fieldValues(record: false)
                guard fields.count == 1, let field = fields.first else {
                    throw lexer.error("a variant value has exactly one case, not \(fields.count)", at: offset)
                }
                return node(.variant(field))
            default:
                throw lexer.error("unexpected \"\(word)\" where a value was expected", at: offset)
            }
        default:
            throw error("expected a value, found \(describe(current))")
        }
    }

    /// `{ <fieldval>;* }`: `label = value`, bare values in records (ids 0, previous + 1, …),
    /// bare labels in variants (value null).
    mutating func fieldValues(record: Bool) throws(CandidError) -> [CandidTextValue.Field] {
        try expect("{")
        var fields: [CandidTextValue.Field] = []
        var next: UInt64 = 0
        while !isPunctuation("}") {
            guard fields.count < Self.maxFields else { throw error("more than \(Self.maxFields) fields") }
            let offset = current.offset
            let field: CandidTextValue.Field
            if isLabel(followedBy: "=") {
                let label = try fieldLabel()
                try expect("=")
                field = .init(id: label.id, name: label.name, value: try annotatedValue())
            } else if !record, isLabel(followedBy: ";") || isLabel(followedBy: "}") {
                let label = try fieldLabel()
                field = .init(id: label.id, name: label.name, value: CandidTextValue(kind: .null, offset: offset))
            } else if record {
                guard let id = UInt32(exactly: next) else { throw error("a tuple field id beyond 2^32") }
                field = .init(id: id, name: nil, value: try annotatedValue())
            } else {
                throw error("expected a variant case, found \(describe(current))")
            }
            guard !fields.contains(where: { $0.id == field.id }) else {
                throw lexer.error(
                    "field \(field.name ?? String(field.id)) is given twice (or has another field's id)", at: offset)
            }
            fields.append(field)
            next = UInt64(field.id) + 1
            guard isPunctuation(";") else { break }
            advance()
        }
        try expect("}")
        return fields
    }
}
