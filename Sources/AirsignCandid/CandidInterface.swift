/// A parsed `.did` service description (spec, "Interfaces"): type definitions and the main
/// service's methods. `import` is refused (an interface is read alone, offline), and so is a
/// definition that is only a chain of names back to itself.
public struct CandidInterface: Sendable {
    public let environment: CandidTypeEnvironment
    /// The main service's methods, sorted by name (empty when the file declares no service).
    public let methods: [CandidMethod]
    /// A service constructor's initialization arguments (`service : (InitArgs) -> { … }`).
    public let initArguments: [CandidType]?

    /// Parses `text`; `origin` names it in errors ("--did interface.did").
    public init(parsing text: String, origin: String = "Candid interface") throws(CandidError) {
        var parser = try CandidParser(text, origin: origin)
        var definitions: [String: CandidType] = [:]
        var order: [String] = []
        while parser.isKeyword("type") || parser.isKeyword("import") {
            if parser.isKeyword("import") {
                throw parser.error("imports are not supported: give one self-contained interface")
            }
            parser.advance()
            let name = try parser.identifier("a type name")
            guard definitions[name] == nil else { throw parser.error("type \(name) is defined twice") }
            try parser.expect("=")
            definitions[name] = try parser.type()
            order.append(name)
            try parser.expect(";")
        }
        var methods: [CandidMethod] = []
        var initArguments: [CandidType]?
        var serviceType: CandidType?
        if parser.isKeyword("service") {
            parser.advance()
            if case let .identifier(word) = parser.current.kind, !CandidParser.keywords.contains(word) {
                parser.advance()
            }
            try parser.expect(":")
            if parser.isPunctuation("(") {
                initArguments = try parser.tupleType().types
                try parser.expect("->")
            }
            serviceType =
                parser.isPunctuation("{")
                ? .service(try parser.actorType()) : .named(try parser.identifier("a service type"))
            if parser.isPunctuation(";") { parser.advance() }
        }
        try parser.expectEnd()
        let environment = try CandidTypeEnvironment(definitions)
        if let serviceType {
            guard case let .service(list) = try environment.resolve(serviceType) else {
                throw .malformed(field: origin, reason: "the main service's type is not a service type")
            }
            methods = list
        }
        for method in methods {
            guard case .function = try environment.resolve(method.type) else {
                throw .malformed(field: origin, reason: "method \(method.name)'s type is not a function type")
            }
        }
        for name in order {
            if case let .service(list)? = environment.definitions[name] {
                for method in list {
                    guard case .function = try environment.resolve(method.type) else {
                        throw .malformed(
                            field: origin, reason: "method \(method.name) of type \(name) is not a function type")
                    }
                }
            }
        }
        self.environment = environment
        self.methods = methods
        self.initArguments = initArguments
        definitionOrder = order
    }

    /// The definitions in the order the file gave them (for writing fragments back out).
    let definitionOrder: [String]

    init(environment: CandidTypeEnvironment, methods: [CandidMethod], definitionOrder: [String]) {
        self.environment = environment
        self.methods = methods
        initArguments = nil
        self.definitionOrder = definitionOrder
    }

    /// The function type of method `name`, if the service has it.
    public func method(_ name: String) -> CandidFunctionType? {
        guard let method = methods.first(where: { $0.name == name }),
            case let .function(type)? = try? environment.resolve(method.type)
        else {
            return nil
        }
        return type
    }

    /// The interface of one method: the definitions it uses and a service with only it, as
    /// `.did` text (what a sign request carries so the signer can name the arguments).
    public func fragment(for name: String) -> String? {
        guard let method = methods.first(where: { $0.name == name }) else { return nil }
        let used = Set(environment.reachable(from: [method.type]))
        let definitions = definitionOrder.filter(used.contains) + used.subtracting(definitionOrder).sorted()
        var out = ""
        for definition in definitions {
            guard let type = environment.definitions[definition] else { continue }
            out += "type \(CandidTypeText.name(definition)) = \(CandidTypeText.render(type));\n"
        }
        out +=
            "service : {\n  \(CandidTypeText.methodName(method.name)) : \(CandidTypeText.render(method.type, asMethod: true));\n}\n"
        return out
    }
}

extension CandidInterface {
    /// The Candid bytes of method `name`'s arguments written as text (`(record { … })`), checked
    /// against its argument types; `origin` names the text in errors ("--args").
    public func encodeArguments(of name: String, text: String, origin: String = "--args") throws(CandidError) -> [UInt8]
    {
        guard let method = method(name) else {
            throw .malformed(field: origin, reason: "the interface has no method \(name)")
        }
        let values = try CandidTextTyping(environment: environment, origin: origin).arguments(
            text, types: method.arguments)
        return try CandidEncoder.encode(
            zip(method.arguments, values).map { (type: $0.0, value: $0.1) }, environment: environment)
    }
}
