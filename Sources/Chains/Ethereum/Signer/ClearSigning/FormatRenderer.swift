import AirsignMessages
import BigInt

/// Shows one descriptor format for its data: the intent, then each field its format asks for,
/// in order. A field the format neither shows, hides on purpose (`visible: never`, v1
/// `excluded`) nor reads as a parameter (a token, a callee) is still shown, raw, under "not
/// described by the descriptor": nothing the signature binds is left out. A `mustBe` rule the
/// data breaks, or a v1 `required` path the format does not show, makes the format unusable.
struct FormatRenderer {
    let scope: ClearSigningScope
    let format: DescriptorFormat
    let nestedCall: (EthereumAddress, BigUInt, EthereumAddress, [UInt8]) throws -> CallDisplay

    enum Outcome {
        case shown(Rendered)
        /// Why the format cannot be used for this data.
        case notUsed(String)
    }

    struct Rendered {
        var intent: String
        var lines: [ReviewLine] = []
        var warnings: [String] = []
        var blindReasons: [String] = []
        /// The descriptor's fields as shown, for `ReviewIntent` (the lines hold them too).
        var fields: [ReviewField] = []
        /// The interpolated intent, when the format has one and every value it names was shown.
        var interpolated: String?
        /// Each shown field's formatted value by its path, for the interpolated intent.
        var byPath: [String: String] = [:]

        func reviewIntent(owner: String) -> ReviewIntent {
            ReviewIntent(
                intent: intent, interpolated: interpolated, owner: SafeName.shown(owner), source: .signerTable,
                fields: fields)
        }
    }

    func render(level: Int) throws -> Outcome {
        var out = Rendered(intent: intentText)
        switch format.intent {
        case .text(let text)?:
            out.lines.append(ReviewLine("intent", SafeName.shown(text), level: level, source: .signerTable))
        case .labelled(let pairs)?:
            for pair in pairs {
                out.lines.append(
                    ReviewLine(
                        SafeName.shown(pair.label), SafeName.shown(pair.value), level: level, source: .signerTable))
            }
        case nil: break
        }
        let intentLines = out.lines.count
        var covered: [String] = format.excluded.map(\.fieldName)
        var shownPaths: Set<String> = []
        if let reason = try walk(
            format.fields, parent: nil, level: level, into: &out, covered: &covered, shown: &shownPaths)
        {
            return .notUsed(reason)
        }
        for required in format.required
        where !shownPaths.contains(where: { $0 == required.fieldName || $0.hasPrefix(required.fieldName + ".") }) {
            return .notUsed("it must show \(required) but has no field that does")
        }
        if let template = format.interpolatedIntent,
            let sentence = InterpolatedIntent.fill(template, values: out.byPath)
        {
            out.interpolated = sentence
            out.lines.insert(
                ReviewLine("summary", SafeName.shown(sentence), level: level, source: .signerTable), at: intentLines)
        }
        let uncovered = scope.data.leaves().filter { leaf in
            !covered.contains { name in name.isEmpty || leaf.name == name || leaf.name.hasPrefix(name + ".") }
        }
        if !uncovered.isEmpty {
            out.lines.append(
                ReviewLine(
                    "not described by the descriptor",
                    "\(Set(uncovered.map(\.name)).count) field\(uncovered.count == 1 ? "" : "s"), shown as they are",
                    level: level))
            let formatter = FieldFormatter(scope: scope, parent: nil, nestedCall: nestedCall)
            for leaf in uncovered {
                out.lines.append(ReviewLine(leaf.name, formatter.raw(leaf.value).text, level: level + 1))
            }
        }
        return .shown(out)
    }

    /// The intent as one line of text ("Swap", "Native Staking: Withdraw").
    var intentText: String {
        switch format.intent {
        case .text(let text)?: return SafeName.shown(text)
        case .labelled(let pairs)?:
            return pairs.map { "\(SafeName.shown($0.label)): \(SafeName.shown($0.value))" }.joined(separator: ", ")
        case nil: return format.function?.name ?? format.messageType.map { String($0.prefix { $0 != "(" }) } ?? "call"
        }
    }

    /// A group's path through a `[]` and the same path naming one element: inside the group,
    /// paths read that element, so a field and its parameters (the token of an amount) come
    /// from the same element. `index` of `count` numbers the element in the labels
    /// ("Amount [2 of 3]"), which pairs the fields of a sequential group.
    private typealias Binding = (all: DescriptorPath, element: DescriptorPath, index: Int, count: Int)

    /// Shows `nodes`; returns why the format is unusable, or nil.
    private func walk(
        _ nodes: [FieldNode], parent: DescriptorPath?, level: Int, into out: inout Rendered,
        covered: inout [String], shown: inout Set<String>, bound: [Binding] = []
    ) throws -> String? {
        for node in nodes {
            switch node {
            case .group(let group):
                if let path = group.path { covered.append(path.fieldName) }
                var inner = level
                if let label = group.label {
                    out.lines.append(ReviewLine(SafeName.shown(label), "", level: level, source: .signerTable))
                    inner += 1
                }
                let path = group.path.map { Self.bind($0, bound) }
                guard let all = path?.throughFirstAll else {
                    if let reason = try walk(
                        group.fields, parent: path ?? parent, level: inner, into: &out, covered: &covered,
                        shown: &shown, bound: bound)
                    {
                        return reason
                    }
                    continue
                }
                // Element by element: `bundled` shows every field of an element before the
                // next element; `sequential` (the default) each field for every element.
                let count = try scope.nodes(all).count
                guard count > 0 else {
                    // An empty array has nothing to show: its fields count as shown for the
                    // `required` rule, as they would be for any element it had.
                    Self.markShown(group.fields, parent: path, array: all, bound: bound, into: &shown)
                    continue
                }
                let passes: [(fields: [FieldNode], elements: Range<Int>)] =
                    group.bundled
                    ? (0..<count).map { (group.fields, $0..<$0 + 1) }
                    : group.fields.map { ([$0], 0..<count) }
                for pass in passes {
                    for index in pass.elements {
                        if let reason = try walk(
                            pass.fields, parent: path, level: inner, into: &out, covered: &covered, shown: &shown,
                            bound: bound + [(all, all.element(index), index, count)])
                        {
                            return reason
                        }
                    }
                }
            case .field(let spec):
                if let reason = try field(
                    spec, parent: parent.map { Self.bind($0, bound) }, level: level, into: &out,
                    covered: &covered, shown: &shown, bound: bound)
                {
                    return reason
                }
            }
        }
        return nil
    }

    /// The data a field's parameters read (the token of a tokenAmount, the collection of an
    /// nftName): shown through the field, it counts as covered, and as shown when the field is.
    private static func parameterPaths(_ spec: FieldSpec, parent: DescriptorPath?) -> [DescriptorPath] {
        spec.params.compactMap { key, value in
            guard key.hasSuffix("Path"), case .string(let text) = value,
                let path = try? DescriptorPath(text).under(parent), path.root == .data
            else { return nil }
            return path
        }
    }

    /// Records the fields in the empty `array` that the visible fields under `nodes` would
    /// show, without reading any data. A path outside the array (`#.recipient`) is not
    /// vouched for: it has values, and only a field that shows them counts.
    private static func markShown(
        _ nodes: [FieldNode], parent: DescriptorPath?, array: DescriptorPath, bound: [Binding],
        into shown: inout Set<String>
    ) {
        func inArray(_ path: DescriptorPath) -> Bool {
            let path = bind(path, bound)
            return path.root == array.root && path.steps.starts(with: array.steps)
        }
        for node in nodes {
            switch node {
            case .group(let group):
                markShown(group.fields, parent: group.path ?? parent, array: array, bound: bound, into: &shown)
            case .field(let spec):
                switch spec.visible {
                case .never, .mustBe: continue
                case .always, .optional, .ifNotIn: break
                }
                let paths = (spec.path.map { [$0] } ?? []) + parameterPaths(spec, parent: parent)
                shown.formUnion(paths.filter { $0.root == .data && inArray($0) }.map(\.fieldName))
            }
        }
    }

    private static func bind(_ path: DescriptorPath, _ bound: [Binding]) -> DescriptorPath {
        bound.reduce(path) { path, binding in path.binding(binding.all, to: binding.element) }
    }

    private func field(
        _ spec: FieldSpec, parent: DescriptorPath?, level: Int, into out: inout Rendered,
        covered: inout [String], shown: inout Set<String>, bound: [Binding]
    ) throws -> String? {
        let place = "field \"\(spec.label)\""
        var values: [DataNode]
        if let path = spec.path.map({ Self.bind($0, bound) }) {
            if path.root == .data { covered.append(path.fieldName) }
            // A field through an array's elements is shown element by element, each with the
            // same element of its parameters' paths (the token of each amount).
            if path.root == .data, let all = path.throughFirstAll, spec.visible != .never {
                let count = try scope.nodes(all).count
                if count == 0 { shown.insert(path.fieldName) }
                for index in 0..<count {
                    if let reason = try field(
                        spec, parent: parent, level: level, into: &out, covered: &covered, shown: &shown,
                        bound: bound + [(all, all.element(index), index, count)])
                    {
                        return reason
                    }
                }
                return nil
            }
            // A hidden field reads nothing: its path may name data this format does not have.
            if case .never = spec.visible {
                covered += Self.parameterPaths(spec, parent: parent).map(\.fieldName)
                return nil
            }
            values = try scope.nodes(path)
        } else if let literal = spec.value {
            values = [ClearSigningScope.node(literal)]
        } else {
            values = []
        }
        let parameterPaths = Self.parameterPaths(spec, parent: parent).map(\.fieldName)
        covered += parameterPaths
        switch spec.visible {
        case .never:
            return nil
        case .mustBe(let allowed):
            for value in values where !allowed.contains(where: { value.matches($0) }) {
                return
                    "\(spec.label) must be one of the descriptor's values and is \(FieldFormatter(scope: scope, parent: parent, nestedCall: nestedCall).raw(value).text)"
            }
            return nil
        case .ifNotIn(let hidden):
            values = values.filter { value in !hidden.contains { value.matches($0) } }
        case .always, .optional:
            break
        }
        if let path = spec.path, path.root == .data { shown.insert(path.fieldName) }
        shown.formUnion(parameterPaths)
        let formatter = FieldFormatter(
            scope: scope, parent: parent, nestedCall: nestedCall, bind: { Self.bind($0, bound) })
        let elements = bound.filter { $0.count > 1 }.map { "\($0.index + 1) of \($0.count)" }
        let label = SafeName.shown(spec.label) + (elements.isEmpty ? "" : " [\(elements.joined(separator: ", "))]")
        for (index, value) in values.enumerated() {
            let formatted = try formatter.format(value, spec, place: place)
            let shownLabel = values.count > 1 ? "\(label) [\(index + 1)]" : label
            let source: ReviewSource = formatted.fromTable ? .signerTable : .signed
            out.lines.append(ReviewLine(shownLabel, formatted.text, level: level, source: source))
            // The descriptor's label as it wrote it: the fields' order numbers the elements.
            out.fields.append(
                ReviewField(
                    label: SafeName.shown(spec.label), value: formatted.value, text: formatted.text, source: source,
                    call: formatted.call))
            if values.count == 1, let path = spec.path { out.byPath[InterpolatedIntent.key(path)] = formatted.value }
            out.lines += formatted.nested.map {
                ReviewLine($0.label, $0.value, level: $0.level + level, source: $0.source)
            }
            out.warnings += formatted.warnings
            out.blindReasons += formatted.blindReasons
        }
        return nil
    }
}

extension DataNode {
    /// Every leaf with its dotted name (list elements share their list's name).
    func leaves(prefix: String = "") -> [(name: String, value: DataNode)] {
        switch self {
        case .record(let members):
            return members.flatMap { $0.value.leaves(prefix: prefix.isEmpty ? $0.name : prefix + "." + $0.name) }
        case .list(let items):
            // A list of plain values is one leaf (shown whole); of records, its members are.
            if items.allSatisfy({ if case .record = $0 { return false } else { return true } }) {
                return [(prefix, self)]
            }
            return items.flatMap { $0.leaves(prefix: prefix) }
        default:
            return [(prefix, self)]
        }
    }
}
