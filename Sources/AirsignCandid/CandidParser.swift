/// A recursive-descent parser over `CandidLexer` tokens: Candid types (this file), `.did`
/// interfaces (`CandidInterface`) and textual values (`CandidTextValue`). Nesting is bounded
/// by `maxDepth`, so hostile text cannot exhaust the stack.
struct CandidParser {
    static let maxDepth = 64
    /// Most fields in one record or variant, methods in one service, arguments in one list.
    static let maxFields = 1024

    let lexer: CandidLexer
    let tokens: [CandidToken]
    var index = 0
    var depth = 0

    init(_ text: String, origin: String) throws(CandidError) {
        var lexer = CandidLexer(text, origin: origin)
        tokens = try lexer.all()
        self.lexer = lexer
    }

    static let keywords: Set<String> = [
        "type", "import", "service", "func", "query", "oneway", "composite_query", "opt", "vec", "record", "variant",
        "blob",
        "principal", "null", "bool", "nat", "int", "nat8", "nat16", "nat32", "nat64", "int8", "int16", "int32", "int64",
        "float32", "float64", "text", "reserved", "empty", "true", "false",
    ]

    static let primitiveKeywords: [String: CandidType] = {
        var table: [String: CandidType] = [:]
        for (type, _) in CandidType.primitives { if let keyword = type.keyword { table[keyword] = type } }
        return table
    }()

    var current: CandidToken { tokens[min(index, tokens.count - 1)] }

    func error(_ reason: String) -> CandidError { lexer.error(reason, at: current.offset) }

    func describe(_ token: CandidToken) -> String {
        switch token.kind {
        case let .punctuation(mark): return "\"\(mark)\""
        case let .identifier(name): return "\"\(name)\""
        case .text: return "a text literal"
        case let .number(n): return "the number \(n)"
        case .end: return "the end"
        }
    }

    mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    func isPunctuation(_ mark: String, ahead: Int = 0) -> Bool {
        tokens[min(index + ahead, tokens.count - 1)].kind == .punctuation(mark)
    }

    func isKeyword(_ word: String) -> Bool { current.kind == .identifier(word) }

    mutating func expect(_ mark: String) throws(CandidError) {
        guard isPunctuation(mark) else { throw error("expected \"\(mark)\", found \(describe(current))") }
        advance()
    }

    mutating func expectKeyword(_ word: String) throws(CandidError) {
        guard isKeyword(word) else { throw error("expected \"\(word)\", found \(describe(current))") }
        advance()
    }

    mutating func enter() throws(CandidError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels") }
    }

    mutating func leave() { depth -= 1 }

    /// An identifier that is not a keyword.
    mutating func identifier(_ what: String) throws(CandidError) -> String {
        guard case let .identifier(name) = current.kind, !Self.keywords.contains(name) else {
            throw error("expected \(what), found \(describe(current))")
        }
        advance()
        return name
    }

    /// `<name> ::= <id> | <text>`.
    mutating func name(_ what: String) throws(CandidError) -> String {
        if case let .text(bytes) = current.kind {
            guard let text = String(validating: bytes, as: UTF8.self) else { throw error("\(what) is not valid UTF-8") }
            advance()
            return text
        }
        return try identifier(what)
    }

    /// A field label: a name (hashed) or a number (the id itself).
    mutating func fieldLabel() throws(CandidError) -> (id: UInt32, name: String?) {
        if case let .number(digits) = current.kind {
            guard let id = UInt32(digits) ?? (digits.hasPrefix("0x") ? UInt32(digits.dropFirst(2), radix: 16) : nil)
            else {
                throw error("field id \(digits) is not a number below 2^32")
            }
            advance()
            return (id, nil)
        }
        let name = try name("a field name")
        return (CandidLabel.hash(name), name)
    }

    /// Whether the tokens ahead are `<label> <mark>` (a labelled field rather than a bare type
    /// or value).
    func isLabel(followedBy mark: String) -> Bool {
        switch current.kind {
        case let .identifier(name): return !Self.keywords.contains(name) && isPunctuation(mark, ahead: 1)
        case .text, .number: return isPunctuation(mark, ahead: 1)
        default: return false
        }
    }

    // MARK: types

    /// `<datatype>`.
    mutating func type() throws(CandidError) -> CandidType {
        try enter()
        defer { leave() }
        guard case let .identifier(word) = current.kind else {
            throw error("expected a type, found \(describe(current))")
        }
        if let primitive = Self.primitiveKeywords[word] {
            advance()
            return primitive
        }
        switch word {
        case "opt":
            advance()
            return .opt(try type())
        case "vec":
            advance()
            return .vec(try type())
        case "blob":
            advance()
            return .blob
        case "record":
            advance()
            return .record(try fields(record: true))
        case "variant":
            advance()
            return .variant(try fields(record: false))
        case "func":
            advance()
            return .function(try functionType())
        case "service":
            advance()
            return .service(try actorType())
        default:
            return .named(try identifier("a type"))
        }
    }

    /// `{ <fieldtype>;* }`: labelled fields, tuple fields (records: ids 0, previous + 1, …) and
    /// bare labels (variants: cases of type null).
    mutating func fields(record: Bool) throws(CandidError) -> [CandidField] {
        try expect("{")
        var fields: [CandidField] = []
        var next: UInt64 = 0
        while !isPunctuation("}") {
            guard fields.count < Self.maxFields else { throw error("more than \(Self.maxFields) fields") }
            let field: CandidField
            if isLabel(followedBy: ":") {
                let label = try fieldLabel()
                try expect(":")
                let type = try type()
                field = label.name.map { CandidField($0, type) } ?? CandidField(id: label.id, type: type)
            } else if !record, isLabel(followedBy: ";") || isLabel(followedBy: "}") {
                let label = try fieldLabel()
                field = label.name.map { CandidField($0, .null) } ?? CandidField(id: label.id, type: .null)
            } else if record {
                guard let id = UInt32(exactly: next) else { throw error("a tuple field id beyond 2^32") }
                field = CandidField(id: id, type: try type())
            } else {
                throw error("expected a variant case, found \(describe(current))")
            }
            guard !fields.contains(where: { $0.id == field.id }) else {
                throw error("field \(field.name ?? String(field.id)) has the same id (\(field.id)) as another field")
            }
            fields.append(field)
            next = UInt64(field.id) + 1
            guard isPunctuation(";") else { break }
            advance()
        }
        try expect("}")
        return fields.sorted { $0.id < $1.id }
    }

    /// `( <argtype>,* )`, argument names kept.
    mutating func tupleType() throws(CandidError) -> (types: [CandidType], names: [String?]) {
        try expect("(")
        var types: [CandidType] = []
        var names: [String?] = []
        while !isPunctuation(")") {
            guard types.count < Self.maxFields else { throw error("more than \(Self.maxFields) arguments") }
            if isLabel(followedBy: ":") {
                let name = try name("an argument name")
                guard !names.contains(name) else { throw error("argument name \(name) is used twice") }
                names.append(name)
                try expect(":")
            } else {
                names.append(nil)
            }
            types.append(try type())
            guard isPunctuation(",") else { break }
            advance()
        }
        try expect(")")
        return (types, names.contains { $0 != nil } ? names : [])
    }

    /// `<tuptype> -> <tuptype> <funcann>*`.
    mutating func functionType() throws(CandidError) -> CandidFunctionType {
        let arguments = try tupleType()
        try expect("->")
        let results = try tupleType()
        var annotations: [CandidFunctionType.Annotation] = []
        while case let .identifier(word) = current.kind, ["query", "oneway", "composite_query"].contains(word) {
            let annotation: CandidFunctionType.Annotation =
                word == "query" ? .query : word == "oneway" ? .oneway : .compositeQuery
            // The Candid crate's type checker: "cannot have more than one mode" (and its binary
            // parser reads at most one annotation), so a second one is refused, not encoded.
            guard annotations.isEmpty else {
                throw error("a function has at most one annotation (\(word) follows another)")
            }
            annotations.append(annotation)
            advance()
        }
        if annotations.contains(.oneway), !results.types.isEmpty { throw error("a oneway function has results") }
        return CandidFunctionType(
            arguments: arguments.types, results: results.types, annotations: annotations, argumentNames: arguments.names
        )
    }

    /// `{ <methtype>;* }`, sorted by name.
    mutating func actorType() throws(CandidError) -> [CandidMethod] {
        try expect("{")
        var methods: [CandidMethod] = []
        while !isPunctuation("}") {
            guard methods.count < Self.maxFields else { throw error("more than \(Self.maxFields) methods") }
            let name = try name("a method name")
            guard !methods.contains(where: { $0.name == name }) else { throw error("method \(name) is declared twice") }
            try expect(":")
            let type: CandidType =
                isPunctuation("(") ? .function(try functionType()) : .named(try identifier("a function type"))
            methods.append(CandidMethod(name: name, type: type))
            guard isPunctuation(";") else { break }
            advance()
        }
        try expect("}")
        return methods.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    mutating func expectEnd() throws(CandidError) {
        guard current.kind == .end else { throw error("unexpected \(describe(current)) after the end") }
    }
}
