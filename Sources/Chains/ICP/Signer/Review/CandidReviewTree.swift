import AirsignCandid
import AirsignEncoding
import AirsignMessages

/// A Candid argument list as review lines: one line per field, indented by depth, records and
/// variants as headings over their fields, values the interface gives a meaning in those terms
/// (`ICPValueFormat`). Field and case names come from the types (an interface's, whose names
/// hash to the ids, or none: then the ids). Bounded: past `maxLines` or `maxLevel` the rest of
/// a value is one line of Candid text, and what could not be shown in full is counted in
/// `incomplete` so the review can ask for --blind.
struct CandidReviewTree {
    static let maxLines = 400
    static let maxLevel = 8
    /// Longest blob shown in hex.
    static let maxBlobBytes = 512

    let environment: CandidTypeEnvironment?
    let format: ICPValueFormat
    private(set) var lines: [ReviewLine] = []
    /// Places not shown in full (a cut blob or text, a value past the line budget).
    private(set) var incomplete: [String] = []

    init(environment: CandidTypeEnvironment?, format: ICPValueFormat) {
        self.environment = environment
        self.format = format
    }

    /// Lines for each argument, labelled by its name in the interface or its position.
    mutating func arguments(_ values: [CandidValue], types: [CandidType]?, names: [String?], level: Int) {
        for (index, value) in values.enumerated() {
            let name = index < names.count ? names[index] : nil
            let label = name ?? (values.count == 1 ? "argument" : "argument \(index + 1)")
            add(label, value, types.flatMap { index < $0.count ? $0[index] : nil }, level: level, field: name)
        }
        if values.isEmpty { lines.append(ReviewLine("arguments", "none", level: level)) }
    }

    private func resolve(_ type: CandidType?) -> CandidType? {
        guard let type, let environment else { return nil }
        return try? environment.resolve(type)
    }

    private func fieldLabel(_ id: UInt32, in fields: [CandidField]?) -> (String, CandidField?) {
        guard let field = fields?.first(where: { $0.id == id }) else { return (String(id), nil) }
        if let name = field.name, CandidLabel.hash(name) == id { return (name, field) }
        return (String(id), field)
    }

    private mutating func line(_ label: String, _ value: String, _ level: Int) {
        lines.append(ReviewLine(label, value, level: level))
    }

    /// Whether `value` shows as one line (no heading with children).
    private func isLeaf(_ value: CandidValue, _ type: CandidType?, field: String?) -> Bool {
        if let type, format.format(value, type: type, field: field) != nil { return true }
        switch value {
        case let .record(fields): return fields.isEmpty
        case let .vec(items): return items.isEmpty
        case let .opt(inner): return inner.map { isLeaf($0, optContent(type), field: field) } ?? true
        case let .variant(chosen): return chosen.value.isNullLike || chosen.value == .record([])
        default: return true
        }
    }

    private func optContent(_ type: CandidType?) -> CandidType? {
        if case let .opt(inner)? = resolve(type) { return inner }
        return nil
    }

    mutating func add(_ label: String, _ value: CandidValue, _ type: CandidType?, level: Int, field: String?) {
        guard lines.count < Self.maxLines else {
            incomplete.append(label)
            return
        }
        if case let .principal(p) = value { return line(label, format.describe(p.text), level) }
        if let type, let text = format.format(value, type: type, field: field) { return line(label, text, level) }
        guard level < Self.maxLevel else {
            let text =
                type.flatMap { t in environment.map { CandidText.value(value, type: t, in: $0) } }
                ?? CandidText.value(value)
            if text.utf8.count > CandidText.maxLength { incomplete.append(label) }
            line(label, text, level)
            return
        }
        let resolved = resolve(type)
        switch value {
        case let .opt(inner):
            guard let inner else { return line(label, "none", level) }
            add(label, inner, optContent(type), level: level, field: field)
        case let .record(fields):
            guard !fields.isEmpty else { return line(label, "(empty record)", level) }
            var types: [CandidField]?
            if case let .record(f)? = resolved { types = f }
            line(label, "", level)
            for value in fields {
                let (name, fieldType) = fieldLabel(value.id, in: types)
                add(name, value.value, fieldType?.type, level: level + 1, field: fieldType?.name)
            }
        case let .variant(chosen):
            var types: [CandidField]?
            if case let .variant(f)? = resolved { types = f }
            let (name, caseType) = fieldLabel(chosen.id, in: types)
            if chosen.value.isNullLike || chosen.value == .record([]) { return line(label, name, level) }
            if isLeaf(chosen.value, caseType?.type, field: caseType?.name) {
                let start = lines.count
                add(name, chosen.value, caseType?.type, level: level, field: caseType?.name)
                if start < lines.count {
                    lines[start] = ReviewLine(label, "\(name): \(lines[start].value)", level: level)
                }
                return
            }
            line(label, name, level)
            // A record case's fields go directly under the case.
            if case let .record(fields) = chosen.value, !fields.isEmpty {
                var fieldTypes: [CandidField]?
                if case let .record(f)? = resolve(caseType?.type) { fieldTypes = f }
                for value in fields {
                    let (fieldName, fieldType) = fieldLabel(value.id, in: fieldTypes)
                    add(fieldName, value.value, fieldType?.type, level: level + 1, field: fieldType?.name)
                }
            } else {
                add(name, chosen.value, caseType?.type, level: level + 1, field: caseType?.name)
            }
        case let .vec(items):
            guard !items.isEmpty else { return line(label, "(empty)", level) }
            var element: CandidType?
            if case let .vec(t)? = resolved { element = t }
            line(label, "\(items.count) item\(items.count == 1 ? "" : "s")", level)
            for (i, item) in items.enumerated() { add("[\(i)]", item, element, level: level + 1, field: nil) }
        case let .blob(bytes):
            if bytes.count > Self.maxBlobBytes {
                incomplete.append(label)
                line(label, "\(bytes.count) bytes, starting \(Hex.encode(bytes.prefix(64)))…", level)
            } else {
                line(label, bytes.isEmpty ? "(empty blob)" : Hex.encode(bytes), level)
            }
        case let .text(text):
            let quoted = CandidText.quoted(text)
            if quoted.utf8.count > CandidText.maxLength { incomplete.append(label) }
            line(label, CandidText.bounded(quoted), level)
        default:
            let text =
                type.flatMap { t in environment.map { CandidText.value(value, type: t, in: $0) } }
                ?? CandidText.value(value)
            line(label, text, level)
        }
    }
}
