/// The named types a Candid type is read in: a `.did` file's definitions, or a message's type
/// table (entry `i` is named `"i"`, which no `.did` identifier can be). Definitions may refer to
/// each other and themselves, but every cycle must go through a type constructor: `type A = B;
/// type B = A;` is refused when the environment is made (spec, "Type Definitions").
public struct CandidTypeEnvironment: Sendable {
    public private(set) var definitions: [String: CandidType]

    public static let empty = CandidTypeEnvironment(checked: [:])

    init(checked definitions: [String: CandidType]) { self.definitions = definitions }

    /// Checks that every name used is defined and that no definition is only a chain of names
    /// back to itself.
    public init(_ definitions: [String: CandidType]) throws(CandidError) {
        self.definitions = definitions
        // In name order, so the error names the same definition every time.
        for name in definitions.keys.sorted() {
            try checkReferences(definitions[name] ?? .null, in: name)
            _ = try resolve(.named(name))
        }
    }

    /// `type` with every leading name replaced by its definition: never `.named`.
    public func resolve(_ type: CandidType) throws(CandidError) -> CandidType {
        var current = type
        var seen: Set<String> = []
        while case let .named(name) = current {
            guard seen.insert(name).inserted else {
                throw .malformed(
                    field: "Candid type \(name)",
                    reason: "is defined only as itself (\(seen.sorted().joined(separator: " = ")))")
            }
            guard let next = definitions[name] else {
                throw .malformed(field: "Candid type \(name)", reason: "is not defined")
            }
            current = next
        }
        return current
    }

    /// Whether `null <: type`: `type` is `null`, `reserved` or an `opt`. Such a type may be
    /// missing from a record or argument list and is read as null.
    public func acceptsNull(_ type: CandidType) -> Bool {
        switch try? resolve(type) {
        case .null?, .reserved?, .opt?: return true
        default: return false
        }
    }

    /// The definitions `types` use, directly or through other definitions, by name.
    public func reachable(from types: [CandidType]) -> [String] {
        var found: Set<String> = []
        var pending = types
        while let type = pending.popLast() {
            for name in type.directNames where found.insert(name).inserted {
                if let definition = definitions[name] { pending.append(definition) }
            }
        }
        return found.sorted()
    }

    /// This environment with `other`'s definitions added (names must not clash).
    func merging(_ other: CandidTypeEnvironment) throws(CandidError) -> CandidTypeEnvironment {
        var merged = definitions
        for (name, type) in other.definitions {
            guard merged[name] == nil || merged[name] == type else {
                throw .malformed(field: "Candid type \(name)", reason: "is defined twice")
            }
            merged[name] = type
        }
        return CandidTypeEnvironment(checked: merged)
    }

    private func checkReferences(_ type: CandidType, in definition: String) throws(CandidError) {
        for name in type.directNames where definitions[name] == nil {
            throw .malformed(field: "Candid type \(definition)", reason: "uses \(name), which is not defined")
        }
    }
}

extension CandidType {
    /// The names this type refers to without going through them.
    var directNames: [String] {
        switch self {
        case let .named(name): return [name]
        case let .opt(inner), let .vec(inner): return inner.directNames
        case let .record(fields), let .variant(fields): return fields.flatMap(\.type.directNames)
        case let .function(function): return (function.arguments + function.results).flatMap(\.directNames)
        case let .service(methods): return methods.flatMap(\.type.directNames)
        default: return []
        }
    }
}
