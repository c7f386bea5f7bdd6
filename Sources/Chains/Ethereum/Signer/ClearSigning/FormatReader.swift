import AirsignEncoding

/// Reads one entry of `display.formats`: its key (a function signature, or an EIP-712
/// `encodeType`), intent and fields, with `$ref` definitions resolved and every path checked
/// against the function's or message's types.
struct FormatReader {
    let definitions: [String: JSONValue]
    let abi: [ABIFunction]
    let schemas: [TypedSchema]
    let isMessage: Bool
    let enums: Set<String>

    /// Deepest nesting of field groups read.
    static let maxGroupDepth = 8

    mutating func format(_ key: String, _ value: JSONValue) throws(EthereumError) -> DescriptorFormat {
        let place = "display.formats.\"\(key.count > 60 ? String(key.prefix(57)) + "…" : key)\""
        let fields = try Strict(value, place).object(
            allowed: ["$id", "intent", "interpolatedIntent", "fields", "required", "excluded", "screens"])
        var function: ABIFunction?
        var messageType: String?
        let shape: DataShape
        if isMessage {
            let encodeType = try messageEncodeType(key, place: place)
            messageType = encodeType.withoutSpaces
            shape = try DataShape(encodeType: encodeType, place: place)
        } else {
            let found = try self.function(key, place: place)
            function = found
            shape = DataShape(inputs: found.inputs)
        }
        var intent: DescriptorFormat.Intent?
        switch fields["intent"] {
        case nil: break
        case .string(let text)?: intent = .text(text)
        case .object(let members)?:
            var pairs: [DescriptorFormat.LabelledText] = []
            for (label, item) in members {
                pairs.append(.init(label: label, value: try Strict(item, "\(place).intent.\(label)").string()))
            }
            intent = .labelled(pairs)
        default: throw .invalidDescriptor("\(place).intent must be a string or an object of strings")
        }
        let interpolated = try fields["interpolatedIntent"].map { item throws(EthereumError) in
            try Strict(item, "\(place).interpolatedIntent").string()
        }
        let nodes =
            try fields["fields"].map { item throws(EthereumError) in
                try self.fields(item, place: "\(place).fields", parent: nil, shape: shape, depth: 0)
            } ?? []
        let required = try paths(fields["required"], place: "\(place).required", shape: shape)
        let excluded = try paths(fields["excluded"], place: "\(place).excluded", shape: shape)
        return DescriptorFormat(
            key: key, function: function, messageType: messageType, intent: intent, interpolatedIntent: interpolated,
            fields: nodes, required: required, excluded: excluded)
    }

    // MARK: keys

    /// The function a calldata key names: a full signature with names (v2), or a selector or
    /// nameless signature found in v1's `abi`.
    private func function(_ key: String, place: String) throws(EthereumError) -> ABIFunction {
        let trimmed = key.trimmingSpaces
        if trimmed.hasPrefix("0x") {
            let selector: [UInt8]
            do { selector = try Hex.decode(trimmed) } catch { throw .invalidDescriptor("\(place): \(error)") }
            guard selector.count == 4, let found = abi.first(where: { $0.selector == selector }) else {
                throw .invalidDescriptor("\(place): selector \(trimmed) is not a function of context.contract.abi")
            }
            return found
        }
        let parsed: ABIFunction
        do { parsed = try ABIFunction(signature: key) } catch { throw .invalidDescriptor("\(place): \(error.reason)") }
        if parsed.inputs.allSatisfy({ !$0.name.isEmpty }) && parsed.inputs.allSatisfy({ $0.type.hasNamedComponents }) {
            // A v2 key with names: an ABI given beside it must agree.
            if !abi.isEmpty, let other = abi.first(where: { $0.selector == parsed.selector }),
                other.inputs.map(\.type.canonical) != parsed.inputs.map(\.type.canonical)
            {
                throw .invalidDescriptor(
                    "\(place): the key disagrees with context.contract.abi (\(other.canonicalSignature))")
            }
            return parsed
        }
        guard let found = abi.first(where: { $0.selector == parsed.selector }) else {
            throw .invalidDescriptor(
                "\(place): the key names no parameters and context.contract.abi has no function \(parsed.canonicalSignature) to take them from"
            )
        }
        guard found.inputs.allSatisfy({ !$0.name.isEmpty }) else {
            throw .invalidDescriptor("\(place): context.contract.abi's \(found.canonicalSignature) has unnamed inputs")
        }
        return found
    }

    /// The `encodeType` (spaces removed) an EIP-712 key stands for: the key itself in v2, or
    /// the v1 schema of that primary type.
    private func messageEncodeType(_ key: String, place: String) throws(EthereumError) -> String {
        if key.contains("(") { return key.encodeTypeSpacing }
        guard let schema = schemas.first(where: { $0.primaryType == key }) else {
            throw .invalidDescriptor("\(place): no schema in context.eip712.schemas has primary type \"\(key)\"")
        }
        return schema.encodeType.encodeTypeSpacing
    }

    // MARK: fields

    private func fields(_ value: JSONValue, place: String, parent: DescriptorPath?, shape: DataShape, depth: Int)
        throws(EthereumError) -> [FieldNode]
    {
        guard depth < Self.maxGroupDepth else {
            throw .invalidDescriptor("\(place): field groups nest deeper than \(Self.maxGroupDepth)")
        }
        var out: [FieldNode] = []
        for (index, item) in try Strict(value, place).array().enumerated() {
            let here = "\(place)[\(index)]"
            let members = try Strict(item, here).members()
            let keys = Set(members.map(\.key))
            if keys.contains("$ref") {
                out.append(.field(try reference(item, place: here, parent: parent, shape: shape)))
            } else if keys.contains("fields") {
                let group = try Strict(item, here).object(
                    allowed: ["$id", "path", "label", "iteration", "fields"], required: ["fields"])
                let path = try group["path"].map { value throws(EthereumError) in
                    try self.path(value, place: "\(here).path")
                }.map { $0.under(parent) }
                if let path { try shape.check(path, place: "\(here).path") }
                // A group over an array's elements shows each element's fields together unless
                // it asks for `sequential`, as the registry's tests render such groups.
                var bundled = path?.throughFirstAll != nil
                if let iteration = group["iteration"] {
                    switch try Strict(iteration, "\(here).iteration").string() {
                    case "bundled": bundled = true
                    case "sequential": bundled = false
                    default: throw .invalidDescriptor("\(here).iteration is \"sequential\" or \"bundled\"")
                    }
                }
                out.append(
                    .group(
                        FieldGroup(
                            path: path,
                            label: try group["label"].map { value throws(EthereumError) in
                                try Strict(value, "\(here).label").string()
                            },
                            bundled: bundled,
                            fields: try fields(
                                try group.need("fields"), place: "\(here).fields", parent: path ?? parent, shape: shape,
                                depth: depth + 1))))
            } else {
                out.append(.field(try field(item, place: here, parent: parent, shape: shape)))
            }
        }
        return out
    }

    private static let fieldKeys: Set<String> = [
        "$id", "path", "value", "visible", "label", "format", "separator", "encryption", "params",
    ]

    /// A field given whole.
    private func field(_ value: JSONValue, place: String, parent: DescriptorPath?, shape: DataShape)
        throws(EthereumError) -> FieldSpec
    {
        let fields = try Strict(value, place).object(allowed: Self.fieldKeys)
        // Ledger's reference (erc7730) tells a field from a group by these keys; a field with
        // neither is not a field to it, so it is none here either (hidden ones too).
        guard fields["label"] != nil || fields["format"] != nil else {
            throw .invalidDescriptor("\(place): a field has a label or a format")
        }
        return try spec(fields, overrides: nil, place: place, parent: parent, shape: shape)
    }

    /// A field that takes a definition (`$ref`) and overrides its label, parameters, visibility.
    private func reference(_ value: JSONValue, place: String, parent: DescriptorPath?, shape: DataShape)
        throws(EthereumError) -> FieldSpec
    {
        let fields = try Strict(value, place).object(
            allowed: [
                "path", "value", "label", "$ref", "params", "separator", "visible", "encryption", "$id", "format",
            ], required: ["$ref"])
        let reference = try Strict(try fields.need("$ref"), "\(place).$ref").string()
        let prefix = "$.display.definitions."
        guard reference.hasPrefix(prefix), let definition = definitions[String(reference.dropFirst(prefix.count))]
        else {
            throw .invalidDescriptor("\(place).$ref: \"\(reference)\" is not a definition of display.definitions")
        }
        let base = try Strict(definition, reference).object(allowed: Self.fieldKeys)
        return try spec(base, overrides: fields, place: place, parent: parent, shape: shape)
    }

    private func spec(
        _ base: Strict.Fields, overrides: Strict.Fields?, place: String, parent: DescriptorPath?,
        shape: DataShape
    ) throws(EthereumError) -> FieldSpec {
        func pick(_ key: String) -> JSONValue? { overrides?[key] ?? base[key] }
        if pick("encryption") != nil {
            throw .invalidDescriptor("\(place): encrypted fields cannot be shown by this signer")
        }
        var pathValue = pick("path")
        var literal = pick("value")
        guard !(pathValue != nil && literal != nil) else {
            throw .invalidDescriptor("\(place) has both \"path\" and \"value\"")
        }
        // A `value` may also be a reference ("$.metadata.constants.vaultTicker"): read as a path.
        if case .string(let text)? = literal, ["$.", "#.", "@."].contains(where: { text.hasPrefix($0) }) {
            (pathValue, literal) = (literal, nil)
        }
        guard pathValue != nil || literal != nil else {
            throw .invalidDescriptor("\(place) has neither \"path\" nor \"value\"")
        }
        let path = try pathValue.map { value throws(EthereumError) in try self.path(value, place: "\(place).path") }.map
        { $0.under(parent) }
        let visible = try visibility(pick("visible"), place: "\(place).visible")
        if let path {
            // A field that is never shown and names data the format does not have hides nothing
            // (descriptors share such fields between versions of a message): it is kept, and
            // reads no data.
            do { try shape.check(path, place: "\(place).path") } catch {
                guard case .never = visible else { throw error }
            }
        }
        if let literal {
            switch literal {
            case .string, .number, .bool: break
            default: throw .invalidDescriptor("\(place).value must be a string, number or boolean")
            }
        }
        let formatName =
            try pick("format").map { value throws(EthereumError) in try Strict(value, "\(place).format").string() }
            ?? "raw"
        // v1's "addressOrName" is v2's "addressName".
        guard let format = FieldFormat(rawValue: formatName == "addressOrName" ? "addressName" : formatName) else {
            throw .invalidDescriptor(
                "\(place).format: \"\(formatName)\" is not a format this signer knows (\(FieldFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        var params: [String: JSONValue] = [:]
        for source in [base["params"], overrides?["params"]] {
            guard let source else { continue }
            for (key, item) in try Strict(source, "\(place).params").members() { params[key] = item }
        }
        try checkParams(params, format: format, place: "\(place).params", parent: parent, shape: shape)
        let label =
            try pick("label").map { value throws(EthereumError) in try Strict(value, "\(place).label").string() }
            ?? path?.fieldName.split(separator: ".").last.map(String.init) ?? "value"
        if let separator = pick("separator") { _ = try Strict(separator, "\(place).separator").string() }
        return FieldSpec(
            path: path, value: literal, label: label, format: format, params: params,
            visible: visible)
    }

    private func checkParams(
        _ params: [String: JSONValue], format: FieldFormat, place: String, parent: DescriptorPath?,
        shape: DataShape
    ) throws(EthereumError) {
        for (key, value) in params {
            guard format.parameters.contains(key) else {
                throw .invalidDescriptor("\(place): \"\(key)\" is not a parameter of format \(format.rawValue)")
            }
            if key.hasSuffix("Path") {
                let path = try self.path(value, place: "\(place).\(key)").under(parent)
                try shape.check(path, place: "\(place).\(key)")
            }
        }
        for pair in [
            ("token", "tokenPath"), ("callee", "calleePath"), ("selector", "selectorPath"), ("amount", "amountPath"),
            ("spender", "spenderPath"), ("chainId", "chainIdPath"), ("collection", "collectionPath"),
        ]
        where params[pair.0] != nil && params[pair.1] != nil {
            throw .invalidDescriptor("\(place) has both \"\(pair.0)\" and \"\(pair.1)\"")
        }
        switch format {
        case .date:
            guard case .string(let encoding)? = params["encoding"], encoding == "timestamp" || encoding == "blockheight"
            else {
                throw .invalidDescriptor("\(place).encoding is \"timestamp\" or \"blockheight\"")
            }
        case .unit:
            guard case .string? = params["base"] else {
                throw .invalidDescriptor("\(place).base (the unit's symbol) is missing")
            }
            if let decimals = params["decimals"] {
                let n = try Strict(decimals, "\(place).decimals").unsigned()
                guard n <= 255 else { throw .invalidDescriptor("\(place).decimals is more than 255") }
            }
            if let prefix = params["prefix"] { _ = try Strict(prefix, "\(place).prefix").bool() }
        case .enumeration:
            let prefix = "$.metadata.enums."
            guard case .string(let reference)? = params["$ref"], reference.hasPrefix(prefix),
                enums.contains(String(reference.dropFirst(prefix.count)))
            else {
                throw .invalidDescriptor("\(place).$ref must name an enum of metadata.enums")
            }
        case .calldata:
            guard params["callee"] != nil || params["calleePath"] != nil else {
                throw .invalidDescriptor("\(place): calldata needs \"callee\" or \"calleePath\"")
            }
        case .nftName:
            guard params["collection"] != nil || params["collectionPath"] != nil else {
                throw .invalidDescriptor("\(place): nftName needs \"collection\" or \"collectionPath\"")
            }
        case .addressName:
            for key in ["types", "sources"] {
                if let list = params[key] {
                    for item in try Strict(list, "\(place).\(key)").array() {
                        _ = try Strict(item, "\(place).\(key)[]").string()
                    }
                }
            }
        default:
            break
        }
    }

    private func visibility(_ value: JSONValue?, place: String) throws(EthereumError) -> Visibility {
        guard let value else { return .always }
        switch value {
        case .string("always"): return .always
        case .string("never"): return .never
        case .string("optional"): return .optional
        case .object:
            let rule = try Strict(value, place).object(allowed: ["ifNotIn", "mustBe"])
            if let list = rule["ifNotIn"], rule["mustBe"] == nil {
                let items = try Strict(list, "\(place).ifNotIn").array()
                guard !items.isEmpty else { throw .invalidDescriptor("\(place).ifNotIn is empty") }
                return .ifNotIn(items)
            }
            if let list = rule["mustBe"], rule["ifNotIn"] == nil {
                let items = try Strict(list, "\(place).mustBe").array()
                guard !items.isEmpty else { throw .invalidDescriptor("\(place).mustBe is empty") }
                return .mustBe(items)
            }
            throw .invalidDescriptor("\(place) has exactly one of \"ifNotIn\" and \"mustBe\"")
        default:
            throw .invalidDescriptor("\(place) is \"always\", \"never\", \"optional\" or a rule object")
        }
    }

    private func paths(_ value: JSONValue?, place: String, shape: DataShape) throws(EthereumError) -> [DescriptorPath] {
        guard let value else { return [] }
        var out: [DescriptorPath] = []
        for (index, item) in try Strict(value, place).array().enumerated() {
            let path = try self.path(item, place: "\(place)[\(index)]")
            try shape.check(path, place: "\(place)[\(index)]")
            out.append(path)
        }
        return out
    }

    private func path(_ value: JSONValue, place: String) throws(EthereumError) -> DescriptorPath {
        let text = try Strict(value, place).string()
        do { return try DescriptorPath(text) } catch { throw .invalidDescriptor("\(place): \(error.reason)") }
    }
}

extension String {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
        while slice.last?.isWhitespace == true { slice = slice.dropLast() }
        return String(slice)
    }

    /// With every whitespace character removed.
    var withoutSpaces: String { String(filter { !$0.isWhitespace }) }

    /// An `encodeType` as EIP-712 spells it: one space between a member's type and name, none
    /// around `(`, `,` and `)` (descriptor keys are often written "Permit(address owner, …)").
    var encodeTypeSpacing: String {
        let words = split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var out = ""
        for character in words {
            if character == " ", let last = out.last, "(,)".contains(last) { continue }
            if "(,)".contains(character), out.last == " " { out.removeLast() }
            out.append(character)
        }
        return out
    }
}

extension ABIType {
    /// Whether every tuple inside names all its components (a key that names its parameters
    /// but not a tuple's members still needs an ABI for them).
    var hasNamedComponents: Bool {
        switch self {
        case .array(let element), .fixedArray(let element, _): return element.hasNamedComponents
        case .tuple(let components): return components.allSatisfy { !$0.name.isEmpty && $0.type.hasNamedComponents }
        default: return true
        }
    }
}
