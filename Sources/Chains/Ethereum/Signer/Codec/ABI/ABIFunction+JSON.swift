import AirsignEncoding

extension ABIFunction {
    /// The function as one JSON ABI fragment, the form `fragment(_:)` reads: what the watch puts
    /// in a request's `abi` so the signer can name the arguments (as the request's words).
    public var fragmentJSON: JSONValue {
        .object([
            ("type", .string("function")), ("name", .string(name)), ("inputs", .array(inputs.map(Self.parameterJSON))),
        ])
    }

    private static func parameterJSON(_ parameter: ABIParameter) -> JSONValue {
        // Arrays are peeled from the outside in, so `T[2][]` keeps its suffix order.
        var base = parameter.type
        var suffix = ""
        while true {
            if case .array(let element) = base { suffix = "[]" + suffix; base = element; continue }
            if case .fixedArray(let element, let count) = base {
                suffix = "[\(count)]" + suffix; base = element; continue
            }
            break
        }
        guard case .tuple(let components) = base else {
            return .object([("name", .string(parameter.name)), ("type", .string(base.canonical + suffix))])
        }
        return .object([
            ("name", .string(parameter.name)), ("type", .string("tuple" + suffix)),
            ("components", .array(components.map(parameterJSON))),
        ])
    }
}
