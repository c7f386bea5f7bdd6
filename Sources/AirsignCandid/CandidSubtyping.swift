/// The subtype relation `t <: t'` of the Candid spec ("Upgrading and Subtyping", "Rules")
/// between a type read in one environment (the message's) and a type read in another (the
/// interface's). Recursive types are compared coinductively: a pair already being compared is
/// assumed to hold. The work is bounded; past the bound the answer is an error, never a guess.
struct CandidSubtyping {
    /// Most pairs compared in one check.
    static let maxSteps = 100_000

    /// Whether a value of type `t` (read in `actual`) may be read at `u` (read in `expected`).
    static func holds(
        _ t: CandidType, _ u: CandidType, actual: CandidTypeEnvironment,
        expected: CandidTypeEnvironment
    ) throws(CandidError) -> Bool {
        var check = CandidSubtyping(environments: [actual, expected])
        return try check.isSubtype(t, u, flipped: false)
    }

    /// The two environments; a function's arguments are compared the other way round.
    private let environments: [CandidTypeEnvironment]
    private var assumed: Set<Pair> = []
    private var steps = 0

    private init(environments: [CandidTypeEnvironment]) { self.environments = environments }

    private struct Pair: Hashable {
        let sub: CandidType
        let sup: CandidType
        let flipped: Bool
    }

    /// `sub` is read in the first environment and `sup` in the second, or the other way round
    /// when `flipped`.
    private mutating func isSubtype(_ sub: CandidType, _ sup: CandidType, flipped: Bool) throws(CandidError) -> Bool {
        steps += 1
        guard steps <= Self.maxSteps else {
            throw .workLimit(task: "comparing the Candid types", limit: "\(Self.maxSteps) steps")
        }
        let subEnvironment = environments[flipped ? 1 : 0]
        let supEnvironment = environments[flipped ? 0 : 1]
        var isNamed = false
        if case .named = sub { isNamed = true }
        if case .named = sup { isNamed = true }
        // Every rule is a conjunction: a failure anywhere fails the whole check, so an
        // assumption that turns out false never outlives it.
        if isNamed, !assumed.insert(Pair(sub: sub, sup: sup, flipped: flipped)).inserted { return true }
        let t = try subEnvironment.resolve(sub)
        let u = try supEnvironment.resolve(sup)
        switch (t, u) {
        case (_, .reserved), (.empty, _): return true
        case (.nat, .int), (.service, .principal): return true
        case (_, .opt): return true  // null, reserved, opt and every other type: the spec's opt rules
        case let (.vec(a), .vec(b)): return try isSubtype(a, b, flipped: flipped)
        case let (.record(have), .record(want)):
            for field in want {
                if let match = have.first(where: { $0.id == field.id }) {
                    guard try isSubtype(match.type, field.type, flipped: flipped) else { return false }
                } else if !supEnvironment.acceptsNull(field.type) {
                    return false
                }
            }
            return true
        case let (.variant(have), .variant(want)):
            for field in have {
                guard let match = want.first(where: { $0.id == field.id }),
                    try isSubtype(field.type, match.type, flipped: flipped)
                else {
                    return false
                }
            }
            return true
        case let (.function(f), .function(g)):
            guard f.annotations == g.annotations else { return false }
            // Arguments are contravariant, results covariant; both compare as tuple records.
            guard try tuple(g.arguments, f.arguments, flipped: !flipped) else { return false }
            return try tuple(f.results, g.results, flipped: flipped)
        case let (.service(have), .service(want)):
            for method in want {
                guard let match = have.first(where: { $0.name == method.name }),
                    try isSubtype(match.type, method.type, flipped: flipped)
                else {
                    return false
                }
            }
            return true
        case (.future, _): return false
        default:
            return t == u && t.keyword != nil
        }
    }

    /// `(t1, …) <: (u1, …)` as tuple records: extra entries of the subtype are ignored, missing
    /// ones must accept null.
    private mutating func tuple(_ have: [CandidType], _ want: [CandidType], flipped: Bool) throws(CandidError) -> Bool {
        for (index, type) in want.enumerated() {
            if index < have.count {
                guard try isSubtype(have[index], type, flipped: flipped) else { return false }
            } else if !environments[flipped ? 0 : 1].acceptsNull(type) {
                return false
            }
        }
        return true
    }
}

/// Structural equality of two types read in different environments (the message's table and
/// an interface): the same constructors all the way down, the same field ids, names ignored.
/// Recursive types compare coinductively, as in `CandidSubtyping`.
struct CandidTypeEquality {
    private let environments: [CandidTypeEnvironment]
    private var assumed: Set<[CandidType]> = []
    private var steps = 0

    static func holds(_ t: CandidType, _ u: CandidType, left: CandidTypeEnvironment, right: CandidTypeEnvironment)
        -> Bool
    {
        var check = CandidTypeEquality(environments: [left, right])
        return (try? check.equal(t, u)) ?? false
    }

    private init(environments: [CandidTypeEnvironment]) { self.environments = environments }

    private mutating func equal(_ a: CandidType, _ b: CandidType) throws(CandidError) -> Bool {
        steps += 1
        guard steps <= CandidSubtyping.maxSteps else {
            throw .workLimit(task: "comparing the Candid types", limit: "\(CandidSubtyping.maxSteps) steps")
        }
        var isNamed = false
        if case .named = a { isNamed = true }
        if case .named = b { isNamed = true }
        if isNamed, !assumed.insert([a, b]).inserted { return true }
        let t = try environments[0].resolve(a)
        let u = try environments[1].resolve(b)
        switch (t, u) {
        case let (.opt(x), .opt(y)), let (.vec(x), .vec(y)): return try equal(x, y)
        case let (.record(f), .record(g)), let (.variant(f), .variant(g)):
            guard f.map(\.id) == g.map(\.id) else { return false }
            for (x, y) in zip(f, g) where !(try equal(x.type, y.type)) { return false }
            return true
        case let (.function(f), .function(g)):
            guard f.annotations == g.annotations, f.arguments.count == g.arguments.count,
                f.results.count == g.results.count
            else { return false }
            for (x, y) in zip(f.arguments + f.results, g.arguments + g.results) where !(try equal(x, y)) {
                return false
            }
            return true
        case let (.service(f), .service(g)):
            guard f.map(\.name) == g.map(\.name) else { return false }
            for (x, y) in zip(f, g) where !(try equal(x.type, y.type)) { return false }
            return true
        default:
            return t == u && t.keyword != nil
        }
    }
}

extension CandidMessage {
    /// Whether the message's argument types are exactly `types` (read in `environment`).
    public func hasArgumentTypes(_ types: [CandidType], in environment: CandidTypeEnvironment = .empty) -> Bool {
        argumentTypes.count == types.count
            && zip(argumentTypes, types).allSatisfy {
                CandidTypeEquality.holds($0, $1, left: self.environment, right: environment)
            }
    }
}
