import AirsignEncoding
import BigInt

/// Checks textual Candid values against the types an interface declares and builds the values
/// to encode: numbers in their type's range, texts valid UTF-8, principals with their
/// checksums, every field of a record the type requires present. Each error is one line
/// naming the place (`--args argument 1.amount`) and the type expected there.
///
/// A field the type does not have is an error (a misspelt optional field would otherwise be
/// dropped without a word), unless `allowExtraFields`, as the spec's own reading does.
public struct CandidTextTyping {
    public let environment: CandidTypeEnvironment
    public var allowExtraFields = false
    /// What errors name first ("--args").
    public let origin: String

    /// Longest number literal read, in digits.
    static let maxDigits = 1000
    /// The widest nat (int: one bit less, for the sign) a Candid message may carry here.
    static let maxNumberBits = 7 * CandidDecoder.Limits().maxNumberBytes

    public init(environment: CandidTypeEnvironment, origin: String) {
        self.environment = environment
        self.origin = origin
    }

    /// The values of argument list `text` at `types`.
    public func arguments(_ text: String, types: [CandidType]) throws(CandidError) -> [CandidValue] {
        let nodes = try CandidTextValue.arguments(text, origin: origin)
        guard nodes.count <= types.count || allowExtraFields else {
            throw .malformed(field: origin, reason: "\(nodes.count) arguments given, the method takes \(types.count)")
        }
        var out: [CandidValue] = []
        for (index, type) in types.enumerated() {
            if index < nodes.count {
                out.append(try check(nodes[index], type, path: .argument(index)))
            } else {
                guard let null = nullValue(type) else {
                    throw .malformed(
                        field: "\(origin) \(CandidPath.argument(index).text)",
                        reason: "is missing: expected \(CandidTypeText.render(type))")
                }
                out.append(null)
            }
        }
        return out
    }

    /// The values of argument list `text` and the types they are written with, for a call
    /// without an interface: every number needs its type written (`(5 : nat)`).
    public func inferredArguments(_ text: String) throws(CandidError) -> [(type: CandidType, value: CandidValue)] {
        let nodes = try CandidTextValue.arguments(text, origin: origin)
        var out: [(type: CandidType, value: CandidValue)] = []
        for (index, node) in nodes.enumerated() { out.append(try infer(node, path: .argument(index))) }
        return out
    }

    func fail(_ path: CandidPath, _ reason: String) -> CandidError {
        .malformed(field: "\(origin) \(path.text)", reason: reason)
    }

    func nullValue(_ type: CandidType) -> CandidValue? {
        switch try? environment.resolve(type) {
        case .null?: return .null
        case .opt?: return .opt(nil)
        case .reserved?: return .reserved
        default: return nil
        }
    }

    func check(_ node: CandidTextValue, _ type: CandidType, path: CandidPath) throws(CandidError) -> CandidValue {
        let resolved = try environment.resolve(type)
        func mismatch() -> CandidError { fail(path, "expected \(CandidTypeText.render(type)), found \(node.written)") }
        switch (node.kind, resolved) {
        case let (.annotated(inner, annotation), _):
            let value = try check(inner, annotation, path: path)
            var coercion = CandidCoercion(actual: environment, expected: environment, budget: 1_000_000)
            guard try CandidSubtyping.holds(annotation, type, actual: environment, expected: environment) else {
                throw fail(
                    path,
                    "the value is written as \(CandidTypeText.render(annotation)), expected \(CandidTypeText.render(type))"
                )
            }
            do throws(CandidCoercion.Failure) {
                return try coercion.coerce(value, annotation, type, path: path, depth: 0)
            } catch {
                throw error.candidError(origin: origin + " ")
            }
        case (_, .reserved): return .reserved
        case let (.number(digits), _): return try number(digits, resolved, path: path, mismatch: mismatch)
        case let (.text(bytes), .text):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw fail(path, "the text is not valid UTF-8")
            }
            return .text(text)
        case let (.bool(b), .bool): return .bool(b)
        case (.null, .null): return .null
        case (.null, .opt): return .opt(nil)
        case let (.opt(inner), .opt(content)): return .opt(try check(inner, content, path: path))
        case let (.blob(bytes), .vec(element)):
            guard try environment.resolve(element) == .nat8 else { throw mismatch() }
            return .blob(bytes)
        case let (.vec(items), .vec(element)):
            var values: [CandidValue] = []
            for (i, item) in items.enumerated() { values.append(try check(item, element, path: .element(path, i))) }
            if try environment.resolve(element) == .nat8 {
                return .blob(values.map { if case let .nat8(b) = $0 { return b } else { return 0 } })
            }
            return .vec(values)
        case let (.record(given), .record(fields)):
            var out: [CandidFieldValue] = []
            for field in fields {
                let fieldPath = CandidPath.field(path, field.name ?? String(field.id))
                if let value = given.first(where: { $0.id == field.id }) {
                    out.append(
                        CandidFieldValue(id: field.id, value: try check(value.value, field.type, path: fieldPath)))
                } else if let null = nullValue(field.type) {
                    out.append(CandidFieldValue(id: field.id, value: null))
                } else {
                    throw fail(fieldPath, "is missing: expected \(CandidTypeText.render(field.type))")
                }
            }
            if !allowExtraFields, let extra = given.first(where: { value in !fields.contains { $0.id == value.id } }) {
                let known = fields.map { $0.name ?? String($0.id) }.joined(separator: ", ")
                throw fail(
                    .field(path, extra.name ?? String(extra.id)),
                    "is not a field of this record (its fields: \(known.isEmpty ? "none" : known))")
            }
            return .record(out)
        case let (.variant(chosen), .variant(cases)):
            guard let field = cases.first(where: { $0.id == chosen.id }) else {
                let known = cases.map { $0.name ?? String($0.id) }.joined(separator: ", ")
                throw fail(
                    .field(path, chosen.name ?? String(chosen.id)),
                    "is not a case of this variant (its cases: \(known))")
            }
            let value = try check(chosen.value, field.type, path: .field(path, field.name ?? String(field.id)))
            return .variant(CandidFieldValue(id: field.id, value: value))
        case let (.principal(text), .principal): return .principal(try principal(text, path: path))
        case let (.service(text), .service): return .service(try principal(text, path: path))
        case let (.function(service, method), .function): return .function(try principal(service, path: path), method)
        default:
            throw mismatch()
        }
    }

    func principal(_ text: String, path: CandidPath) throws(CandidError) -> Principal {
        do { return try Principal(text: text) } catch { throw fail(path, "\"\(text)\" is not a principal (\(error))") }
    }

    static func integer(_ digits: String) -> BigInt? {
        guard digits.utf8.count <= maxDigits else { return nil }
        var rest = Substring(digits)
        let negative = rest.hasPrefix("-")
        if negative { rest = rest.dropFirst() }
        // The lexer wrote decimal digits only, or 0x and hex digits; a point or exponent is a float.
        let magnitude =
            rest.hasPrefix("0x")
            ? BigUInt(rest.dropFirst(2), radix: 16)
            : rest.contains(where: { $0 == "." || $0 == "e" }) ? nil : BigUInt(rest, radix: 10)
        guard let magnitude else { return nil }
        return negative ? -BigInt(magnitude) : BigInt(magnitude)
    }

    func number(_ digits: String, _ type: CandidType, path: CandidPath, mismatch: () -> CandidError) throws(CandidError)
        -> CandidValue
    {
        switch type {
        case .float32, .float64:
            guard digits.utf8.count <= Self.maxDigits, !digits.contains("0x") else {
                throw fail(path, "\(digits) is not a decimal number")
            }
            if type == .float32 {
                guard let f = Float(digits), f.isFinite else {
                    throw fail(path, "\(digits) is out of the range of float32")
                }
                return .float32(f)
            }
            guard let d = Double(digits), d.isFinite else {
                throw fail(path, "\(digits) is out of the range of float64")
            }
            return .float64(d)
        case .nat, .int, .nat8, .nat16, .nat32, .nat64, .int8, .int16, .int32, .int64:
            guard let n = Self.integer(digits) else {
                throw fail(path, "expected \(CandidTypeText.render(type)), found \(digits), which is not an integer")
            }
            func outOfRange() -> CandidError {
                fail(path, "\(digits) is out of the range of \(CandidTypeText.render(type))")
            }
            switch type {
            // No wider than the decoder reads (LEB128 of at most maxNumberBytes bytes, 7 bits
            // each), so whatever the text gives, the signer can decode.
            case .nat:
                guard n.sign == .plus, n.magnitude.bitWidth <= Self.maxNumberBits else { throw outOfRange() }
                return .nat(n.magnitude)
            case .int:
                guard n.magnitude.bitWidth < Self.maxNumberBits else { throw outOfRange() }
                return .int(n)
            case .nat8: guard let v = UInt8(exactly: n) else { throw outOfRange() }; return .nat8(v)
            case .nat16: guard let v = UInt16(exactly: n) else { throw outOfRange() }; return .nat16(v)
            case .nat32: guard let v = UInt32(exactly: n) else { throw outOfRange() }; return .nat32(v)
            case .nat64: guard let v = UInt64(exactly: n) else { throw outOfRange() }; return .nat64(v)
            case .int8: guard let v = Int8(exactly: n) else { throw outOfRange() }; return .int8(v)
            case .int16: guard let v = Int16(exactly: n) else { throw outOfRange() }; return .int16(v)
            case .int32: guard let v = Int32(exactly: n) else { throw outOfRange() }; return .int32(v)
            default: guard let v = Int64(exactly: n) else { throw outOfRange() }; return .int64(v)
            }
        default:
            throw mismatch()
        }
    }

    /// The type a value is written with, where the text alone says it.
    func infer(_ node: CandidTextValue, path: CandidPath) throws(CandidError) -> (type: CandidType, value: CandidValue)
    {
        switch node.kind {
        case let .annotated(inner, type): return (type, try check(inner, type, path: path))
        case let .number(digits): throw fail(path, "write the number's type: (\(digits) : nat), (\(digits) : int64), …")
        case let .text(bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw fail(path, "the text is not valid UTF-8")
            }
            return (.text, .text(text))
        case let .bool(b): return (.bool, .bool(b))
        case .null: return (.null, .null)
        case let .opt(inner):
            let (type, value) = try infer(inner, path: path)
            return (.opt(type), .opt(value))
        case let .blob(bytes): return (.blob, .blob(bytes))
        case let .vec(items):
            guard let first = items.first else { throw fail(path, "write an empty vec's type: (vec {} : vec nat)") }
            let (type, _) = try infer(first, path: .element(path, 0))
            var values: [CandidValue] = []
            for (i, item) in items.enumerated() { values.append(try check(item, type, path: .element(path, i))) }
            return (.vec(type), .vec(values))
        case let .record(given):
            var fields: [CandidField] = []
            var values: [CandidFieldValue] = []
            for field in given.sorted(by: { $0.id < $1.id }) {
                let (type, value) = try infer(field.value, path: .field(path, field.name ?? String(field.id)))
                fields.append(field.name.map { CandidField($0, type) } ?? CandidField(id: field.id, type: type))
                values.append(CandidFieldValue(id: field.id, value: value))
            }
            return (.record(fields), .record(values))
        case let .variant(chosen):
            let (type, value) = try infer(chosen.value, path: .field(path, chosen.name ?? String(chosen.id)))
            let field = chosen.name.map { CandidField($0, type) } ?? CandidField(id: chosen.id, type: type)
            return (.variant([field]), .variant(CandidFieldValue(id: chosen.id, value: value)))
        case let .principal(text): return (.principal, .principal(try principal(text, path: path)))
        case let .service(text): return (.service([]), .service(try principal(text, path: path)))
        case .function: throw fail(path, "write the function reference's type: (func \"…\".m : func () -> ())")
        }
    }
}
