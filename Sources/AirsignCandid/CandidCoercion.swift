import BigInt

/// Reads decoded values at the types an interface expects, as the receiving canister does:
/// the spec's coercion `v : t ~> v' : t'` ("Coercion"). Record fields the interface does not
/// have are dropped, missing optional ones read as null, `nat` reads as `int`, an `opt` whose
/// content does not fit reads as null. What the receiver would drop is listed in `ignored`, so
/// a review can say so; a value that cannot be read at all is an error naming its place.
public struct CandidCoercion {
    public struct Result: Sendable {
        /// The arguments at the expected types.
        public let values: [CandidValue]
        /// Where data in the message is dropped by the reader (an unknown record field, an
        /// extra argument, an opt that does not fit), as paths such as `argument 1.memo`.
        public let ignored: [String]
    }

    /// Most places listed in `ignored`.
    static let maxIgnored = 20
    /// Deepest recursion of the coercion: the value's depth plus the opts it is wrapped into.
    static let maxDepth = 64

    let actual: CandidTypeEnvironment
    let expected: CandidTypeEnvironment
    private var budget: Int
    private let initialBudget: Int
    private(set) var ignored: [String] = []

    init(actual: CandidTypeEnvironment, expected: CandidTypeEnvironment, budget: Int) {
        self.actual = actual
        self.expected = expected
        self.budget = budget
        initialBudget = budget
    }

    /// Why a value does not coerce: a mismatch (which an enclosing `opt` turns into null) or a
    /// limit (which nothing recovers from).
    enum Failure: Error {
        case mismatch(path: CandidPath, reason: String)
        case fatal(CandidError)

        /// The error to report: a mismatch names its place.
        func candidError(origin: String = "") -> CandidError {
            switch self {
            case let .mismatch(path, reason): return .malformed(field: origin + path.text, reason: reason)
            case let .fatal(error): return error
            }
        }
    }

    /// Reads `values` (of `types`, in `actual`) as the argument list `expected types`.
    static func arguments(
        _ values: [CandidValue], types: [CandidType], actual: CandidTypeEnvironment, as wanted: [CandidType],
        in expected: CandidTypeEnvironment, budget: Int = 400_000
    ) throws(CandidError) -> Result {
        var coercion = CandidCoercion(actual: actual, expected: expected, budget: budget)
        var out: [CandidValue] = []
        do throws(Failure) {
            for (index, type) in wanted.enumerated() {
                let path = CandidPath.argument(index)
                if index < values.count, index < types.count {
                    out.append(try coercion.coerce(values[index], types[index], type, path: path, depth: 0))
                } else {
                    guard let null = coercion.nullValue(type) else {
                        throw Failure.mismatch(
                            path: path,
                            reason:
                                "is missing (the interface expects \(wanted.count) arguments, the message has \(values.count))"
                        )
                    }
                    out.append(null)
                }
            }
            for index in wanted.count..<max(wanted.count, values.count) where !values[index].isNullLike {
                coercion.note(CandidPath.argument(index))
            }
        } catch {
            throw error.candidError()
        }
        return Result(values: out, ignored: coercion.ignored)
    }

    mutating func note(_ path: CandidPath) {
        if ignored.count < Self.maxIgnored { ignored.append(path.text) }
    }

    /// The value a missing field or argument of `type` reads as, if it may be missing.
    func nullValue(_ type: CandidType) -> CandidValue? {
        switch try? expected.resolve(type) {
        case .null?: return .null
        case .opt?: return .opt(nil)
        case .reserved?: return .reserved
        default: return nil
        }
    }

    mutating func coerce(_ value: CandidValue, _ from: CandidType, _ to: CandidType, path: CandidPath, depth: Int)
        throws(Failure) -> CandidValue
    {
        guard depth <= Self.maxDepth else { throw .fatal(.tooDeep(path: path.text, limit: Self.maxDepth)) }
        budget -= 1
        guard budget >= 0 else {
            throw .fatal(
                .workLimit(
                    task: "reading the Candid arguments at their interface's types", limit: "\(initialBudget) steps"))
        }
        let t: CandidType
        let u: CandidType
        do {
            t = try actual.resolve(from)
            u = try expected.resolve(to)
        } catch {
            throw .fatal(error)
        }
        func mismatch(_ reason: String) -> Failure { .mismatch(path: path, reason: reason) }

        switch u {
        case .reserved:
            if !value.isNullLike { note(path) }
            return .reserved
        case let .opt(inner):
            switch (t, value) {
            case (.null, _), (.reserved, _), (.opt, .opt(nil)): return .opt(nil)
            case let (.opt(content), .opt(present?)):
                return try optional(present, content, inner, path: path, depth: depth)
            default: return try optional(value, t, inner, path: path, depth: depth)
            }
        default: break
        }

        switch (t, u, value) {
        case let (.nat, .int, .nat(n)): return .int(BigInt(n))
        case let (.service, .principal, .service(p)): return .principal(p)
        case let (.vec(element), .vec(wanted), _):
            let items: [CandidValue]
            switch value {
            case let .blob(bytes): items = bytes.map { .nat8($0) }
            case let .vec(list): items = list
            default: throw mismatch("is not a vector")
            }
            var out: [CandidValue] = []
            out.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                out.append(try coerce(item, element, wanted, path: .element(path, index), depth: depth + 1))
            }
            if (try? expected.resolve(wanted)) == .nat8 {
                return .blob(out.map { if case let .nat8(b) = $0 { return b } else { return 0 } })
            }
            return .vec(out)
        case let (.record(have), .record(want), .record(values)):
            var out: [CandidFieldValue] = []
            for field in want {
                let fieldPath = CandidPath.field(path, field.name ?? String(field.id))
                if let index = have.firstIndex(where: { $0.id == field.id }),
                    let present = values.first(where: { $0.id == field.id })
                {
                    out.append(
                        CandidFieldValue(
                            id: field.id,
                            value: try coerce(
                                present.value, have[index].type, field.type, path: fieldPath, depth: depth + 1)))
                } else {
                    guard let null = nullValue(field.type) else {
                        throw .mismatch(path: fieldPath, reason: "is missing from the message")
                    }
                    out.append(CandidFieldValue(id: field.id, value: null))
                }
            }
            for extra in values where !want.contains(where: { $0.id == extra.id }) && !extra.value.isNullLike {
                note(.field(path, String(extra.id)))
            }
            return .record(out)
        case let (.variant, .variant(want), .variant(chosen)):
            guard let field = want.first(where: { $0.id == chosen.id }), case let .variant(have) = t,
                let source = have.first(where: { $0.id == chosen.id })
            else {
                throw mismatch("the case \(chosen.id) is not one of the interface's")
            }
            let value = try coerce(
                chosen.value, source.type, field.type, path: .field(path, field.name ?? String(field.id)),
                depth: depth + 1)
            return .variant(CandidFieldValue(id: chosen.id, value: value))
        case (.function, .function, .function), (.service, .service, .service):
            let fits: Bool
            do { fits = try CandidSubtyping.holds(t, u, actual: actual, expected: expected) } catch {
                throw .fatal(error)
            }
            guard fits else { throw mismatch("the reference's type is not a subtype of the interface's") }
            return value
        default:
            guard t == u, t.keyword != nil, t != .empty else {
                throw mismatch(
                    "the interface expects \(CandidTypeText.brief(to)), the message has \(CandidTypeText.brief(t))")
            }
            return value
        }
    }

    /// `v : t ~> opt v' : opt t'` when the content fits, else null (and noted as dropped).
    private mutating func optional(
        _ value: CandidValue, _ type: CandidType, _ inner: CandidType, path: CandidPath,
        depth: Int
    ) throws(Failure) -> CandidValue {
        do {
            return .opt(try coerce(value, type, inner, path: path, depth: depth + 1))
        } catch .mismatch {
            note(path)
            return .opt(nil)
        }
    }
}

/// A place in a Candid value, for messages: `argument 2.to.owner`, `argument 1.blocks[3]`.
indirect enum CandidPath: Sendable {
    case argument(Int)
    case field(CandidPath, String)
    case element(CandidPath, Int)

    var text: String {
        switch self {
        case let .argument(index): return "argument \(index + 1)"
        case let .field(parent, name): return "\(parent.text).\(name)"
        case let .element(parent, index): return "\(parent.text)[\(index)]"
        }
    }
}

extension CandidValue {
    /// A value that carries nothing: null, reserved or an absent option.
    public var isNullLike: Bool {
        switch self {
        case .null, .reserved, .opt(nil): return true
        default: return false
        }
    }
}

extension CandidMessage {
    /// The arguments read at `types` (defined in `environment`), as the receiver reads them.
    public func coerced(to types: [CandidType], in environment: CandidTypeEnvironment) throws(CandidError)
        -> CandidCoercion.Result
    {
        try CandidCoercion.arguments(values, types: argumentTypes, actual: self.environment, as: types, in: environment)
    }
}
