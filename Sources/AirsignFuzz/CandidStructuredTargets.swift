import AirsignCandid
import AirsignEncoding
import AirsignICP
import BigInt

// A structure-aware target for Candid. Raw bytes rarely get past a message's type table, so here
// the fuzzer's bytes drive a generator of a valid message: named definitions (recursive through
// opt and vec, so every type has finite values), records, variants, tuples, vecs of zero-size
// elements, blobs, functions, services and every primitive, then values of the argument types.
// Our encoder writes it; further bytes pick one mutation aimed at a number that steers decoding
// (a count, length, field id, type reference, variant index, nat or int: set to another value,
// to a huge count, or spelt with redundant bytes) or at a tag byte, or a byte-level one.
//
// The signer's decoder then reads the mutated message, and whatever it accepts must be canonical:
// our encoder writes it back, that writing is a fixed point, its value bytes are the input's (the
// signer's reading gives each value one spelling), the spec's reading accepts it with the same
// result, and the decoded values stay within the decoder's value budget and depth. A `vec null`
// or `vec record {}` with a huge count decodes to a huge value from a few bytes (the spec's
// "space bomb" tests); the budget must stop it, and libFuzzer's -timeout/-rss_limit_mb catch
// any case it does not.

extension FuzzTarget {
    static let candidStructured = FuzzTarget(
        name: "candid-structured",
        summary:
            "structure-aware: valid Candid messages built from the bytes (recursive definitions, records, variants, zero-size vecs), encoded, mutated (counts, lengths, ids, references, variant indexes, tags, bytes), decoded: what is accepted re-encodes canonically within the limits"
    ) { input throws(FuzzViolation) in
        var source = FuzzByteSource(input)
        var builder = CandidMessageBuilder()
        guard let (environment, args) = builder.message(&source) else { return }
        let encoded: [UInt8]
        do { encoded = try CandidEncoder.encode(args, environment: environment) } catch {
            throw FuzzViolation("the encoder refuses a valid message: \(error)")
        }
        do { _ = try CandidDecoder().decode(encoded) } catch {
            throw FuzzViolation("a valid message does not decode: \(error) (\(Hex.encode(encoded)))")
        }
        try CandidCanonical.check(encoded, what: "the valid message")

        guard let spans = CandidSpans(encoded, environment: environment, args: args) else {
            throw FuzzViolation("the layout walker cannot read our own encoding \(Hex.encode(encoded))")
        }
        let mutated = spans.mutate(encoded, &source)
        guard (try? CandidDecoder().decode(mutated)) != nil else { return }
        try CandidCanonical.check(mutated, what: "an accepted mutation")
    }
}

/// The properties of a message the signer's decoder accepts.
enum CandidCanonical {
    static func check(_ bytes: [UInt8], what: String) throws(FuzzViolation) {
        let limits = CandidDecoder.Limits()
        let message: CandidMessage
        do { message = try CandidDecoder().decode(bytes) } catch {
            throw FuzzViolation("\(what) no longer decodes: \(error)")
        }
        var count = 0
        var deepest = 0
        for value in message.values { measure(value, depth: 0, count: &count, deepest: &deepest) }
        try FuzzViolation.check(
            count <= limits.maxValues, "\(what) decodes to \(count) values, past the budget of \(limits.maxValues)")
        try FuzzViolation.check(
            deepest <= limits.maxDepth, "\(what) nests \(deepest) deep, past the limit of \(limits.maxDepth)")

        let written = try reencode(message, what)
        let again: CandidMessage
        do { again = try CandidDecoder().decode(written) } catch {
            throw FuzzViolation("\(what) re-encodes to bytes that do not decode: \(error)")
        }
        try FuzzViolation.check(
            try reencode(again, what) == written, "\(what): re-encoding is not a fixed point (\(Hex.encode(written)))")
        guard let inputHeader = CandidSpans.headerLength(bytes), let writtenHeader = CandidSpans.headerLength(written)
        else {
            throw FuzzViolation("\(what): the header walker cannot read a header the decoder accepted")
        }
        try FuzzViolation.check(
            bytes[inputHeader...].elementsEqual(written[writtenHeader...]),
            "\(what): its values are spelt otherwise than our encoder spells them (\(Hex.encode(bytes)) vs \(Hex.encode(written)))"
        )

        let spec: CandidMessage
        do { spec = try CandidDecoder(limits: .spec).decode(bytes) } catch {
            throw FuzzViolation("\(what): the spec's reading refuses what the signer's accepts: \(error)")
        }
        try FuzzViolation.check(
            try reencode(spec, what) == written, "\(what): the spec's reading gives other values than the signer's")
        _ = CandidText.arguments(message.values)
    }

    private static func reencode(_ message: CandidMessage, _ what: String) throws(FuzzViolation) -> [UInt8] {
        do {
            return try CandidEncoder.encode(
                zip(message.argumentTypes, message.values).map { (type: $0.0, value: $0.1) },
                environment: message.environment)
        } catch { throw FuzzViolation("\(what) decodes to values our encoder refuses: \(error)") }
    }

    private static func measure(_ value: CandidValue, depth: Int, count: inout Int, deepest: inout Int) {
        count += 1
        deepest = max(deepest, depth)
        switch value {
        case let .opt(inner?): measure(inner, depth: depth + 1, count: &count, deepest: &deepest)
        case let .vec(items): for item in items { measure(item, depth: depth + 1, count: &count, deepest: &deepest) }
        case let .record(fields):
            for field in fields { measure(field.value, depth: depth + 1, count: &count, deepest: &deepest) }
        case let .variant(field): measure(field.value, depth: depth + 1, count: &count, deepest: &deepest)
        default: break
        }
    }
}

/// Builds a valid message from the fuzzer's bytes. Definitions `T0…` are composite; a type may
/// name an earlier definition anywhere and any definition under `opt` or `vec` only, so the
/// types without opt/vec edges form a DAG and every value is finite.
struct CandidMessageBuilder {
    private var names: [String] = []
    private var environment = CandidTypeEnvironment.empty
    static let labels = ["to", "fee", "memo", "amount", "e8s", "owner", "subaccount", "☃", "", "a", "b"]
    static let texts = [
        "", "a", "transfer", "é", "☃", "🐂", "\u{0}", "\u{2028}", "with space", String(repeating: "x", count: 40),
    ]
    static let primitives: [CandidType] = [
        .null, .bool, .nat, .int, .nat8, .nat16, .nat32, .nat64, .int8, .int16, .int32, .int64,
        .float32, .float64, .text, .reserved, .principal,
    ]

    mutating func message(_ source: inout FuzzByteSource) -> (
        CandidTypeEnvironment, [(type: CandidType, value: CandidValue)]
    )? {
        names = (0..<source.below(4)).map { "T\($0)" }
        var definitions: [String: CandidType] = [:]
        for (index, name) in names.enumerated() {
            definitions[name] = type(&source, depth: 3, earlier: index, composite: true)
        }
        guard let checked = try? CandidTypeEnvironment(definitions) else { return nil }
        environment = checked
        let types = (0..<source.below(4)).map { _ in type(&source, depth: 3, earlier: names.count, composite: false) }
        var args: [(type: CandidType, value: CandidValue)] = []
        for type in types {
            guard let value = value(type, &source, depth: 0) else { return nil }
            args.append((type, value))
        }
        return (environment, args)
    }

    private func type(_ source: inout FuzzByteSource, depth: Int, earlier: Int, composite: Bool) -> CandidType {
        let kind = composite ? 6 + source.below(10) : source.below(depth > 0 ? 16 : 6)
        let inner = { (source: inout FuzzByteSource) in
            type(&source, depth: depth - 1, earlier: earlier, composite: false)
        }
        switch kind {
        case 0, 1, 2, 3: return source.pick(Self.primitives)
        case 4: return .blob
        case 5:
            return source.pick([.null, .reserved, .record([CandidField]()), .record([CandidField(id: 0, type: .null)])])
        case 6: return .opt(depth > 0 ? inner(&source) : .empty)
        case 7: return .vec(depth > 0 ? inner(&source) : .null)
        case 8, 9: return .record(fields(&source, count: source.below(5), depth: depth, earlier: earlier))
        case 10, 11: return .variant(fields(&source, count: 1 + source.below(4), depth: depth, earlier: earlier))
        case 12:
            guard !names.isEmpty else { return .opt(.empty) }
            let name = CandidType.named(source.pick(names))
            return source.bool() ? .opt(name) : .vec(name)
        case 13:
            guard earlier > 0, !composite else { return .vec(.record([CandidField]())) }
            return .named(names[source.below(earlier)])
        case 14: return .function(function(&source, earlier: earlier))
        default:
            var methods: [String] = []
            for _ in 0..<source.below(4) { methods.append(source.pick(Self.texts)) }
            let sorted = Set(methods).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return .service(sorted.map { CandidMethod(name: $0, type: .function(function(&source, earlier: earlier))) })
        }
    }

    private func function(_ source: inout FuzzByteSource, earlier: Int) -> CandidFunctionType {
        let arguments = (0..<source.below(3)).map { _ in type(&source, depth: 0, earlier: earlier, composite: false) }
        let results = (0..<source.below(3)).map { _ in type(&source, depth: 0, earlier: earlier, composite: false) }
        let annotation = source.pick([
            nil, CandidFunctionType.Annotation.query, .compositeQuery, results.isEmpty ? .oneway : nil,
        ])
        return CandidFunctionType(arguments: arguments, results: results, annotations: annotation.map { [$0] } ?? [])
    }

    private func fields(_ source: inout FuzzByteSource, count: Int, depth: Int, earlier: Int) -> [CandidField] {
        let tuple = source.below(3) == 0
        var seen = Set<UInt32>()
        var out: [CandidField] = []
        for index in 0..<count {
            let id: UInt32
            if tuple {
                id = UInt32(index)
            } else {
                switch source.below(3) {
                case 0: id = CandidLabel.hash(source.pick(Self.labels))
                case 1: id = UInt32(source.below(8))
                default: id = source.take(4).reduce(0) { $0 << 8 | UInt32($1) }
                }
            }
            guard seen.insert(id).inserted else { continue }
            out.append(CandidField(id: id, type: type(&source, depth: depth - 1, earlier: earlier, composite: false)))
        }
        return out.sorted { $0.id < $1.id }
    }

    /// A value of `type`; past depth 6 every opt is null and every vec empty, which ends any
    /// recursion (it goes through them only).
    private func value(_ type: CandidType, _ source: inout FuzzByteSource, depth: Int) -> CandidValue? {
        guard let resolved = try? environment.resolve(type) else { return nil }
        let deep = depth >= 6
        switch resolved {
        case .null: return .null
        case .reserved: return .reserved
        case .empty, .named, .future: return nil
        case .bool: return .bool(source.bool())
        case .nat: return .nat(natural(&source))
        case .int:
            let magnitude = BigInt(natural(&source))
            return .int(source.bool() ? -magnitude : magnitude)
        case .nat8: return .nat8(source.byte())
        case .nat16: return .nat16(UInt16(truncatingIfNeeded: fixed(&source, 2)))
        case .nat32: return .nat32(UInt32(truncatingIfNeeded: fixed(&source, 4)))
        case .nat64: return .nat64(fixed(&source, 8))
        case .int8: return .int8(Int8(bitPattern: source.byte()))
        case .int16: return .int16(Int16(truncatingIfNeeded: fixed(&source, 2)))
        case .int32: return .int32(Int32(truncatingIfNeeded: fixed(&source, 4)))
        case .int64: return .int64(Int64(bitPattern: fixed(&source, 8)))
        case .float32: return .float32(Float(bitPattern: UInt32(truncatingIfNeeded: fixed(&source, 4))))
        case .float64: return .float64(Double(bitPattern: fixed(&source, 8)))
        case .text: return .text((0..<source.below(3)).map { _ in source.pick(Self.texts) }.joined())
        case .principal: return .principal(principal(&source))
        case .service: return .service(principal(&source))
        case .function: return .function(principal(&source), source.pick(Self.texts))
        case let .opt(inner):
            if deep || source.bool() || (try? environment.resolve(inner)) == .empty { return .opt(nil) }
            guard let value = value(inner, &source, depth: depth + 1) else { return nil }
            return .opt(value)
        case let .vec(inner):
            guard let element = try? environment.resolve(inner) else { return nil }
            if element == .nat8 { return .blob(source.take(source.below(24))) }
            if deep || element == .empty { return .vec([]) }
            // Zero-size elements cost nothing on the wire: now and then many of them.
            let zeroSize = element == .null || element == .reserved || element == .record([CandidField]())
            let count = zeroSize && source.below(4) == 0 ? source.below(1 << 9) : source.below(4)
            var items: [CandidValue] = []
            for _ in 0..<count {
                guard let item = value(inner, &source, depth: depth + 1) else { return nil }
                items.append(item)
            }
            return .vec(items)
        case let .record(fields):
            var values: [CandidFieldValue] = []
            for field in fields {
                guard let value = value(field.type, &source, depth: depth + 1) else { return nil }
                values.append(CandidFieldValue(id: field.id, value: value))
            }
            return .record(values)
        case let .variant(cases):
            guard !cases.isEmpty else { return nil }
            let chosen = cases[source.below(cases.count)]
            guard let value = value(chosen.type, &source, depth: depth + 1) else { return nil }
            return .variant(CandidFieldValue(id: chosen.id, value: value))
        }
    }

    private func natural(_ source: inout FuzzByteSource) -> BigUInt {
        source.take(source.pick([0, 1, 2, 8, 9, 24])).reduce(BigUInt(0)) { $0 << 8 | BigUInt($1) }
    }

    private func fixed(_ source: inout FuzzByteSource, _ count: Int) -> UInt64 {
        source.take(count).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    private func principal(_ source: inout FuzzByteSource) -> Principal {
        (try? Principal(bytes: source.take(source.below(30)))) ?? .managementCanister
    }
}

/// Where the numbers and tags of a valid message lie, for mutations aimed at them: the header
/// read by the spec's grammar, the values walked along their (generator's) types.
struct CandidSpans {
    struct Span {
        let start: Int
        let end: Int
        let signed: Bool
        let value: Int64
    }

    private(set) var numbers: [Span] = []
    private(set) var tags: [Int] = []

    /// The length of a message's header (magic, type table, argument types), or nil.
    static func headerLength(_ bytes: [UInt8]) -> Int? {
        var spans = CandidSpans()
        return spans.header(bytes)
    }

    init?(_ bytes: [UInt8], environment: CandidTypeEnvironment, args: [(type: CandidType, value: CandidValue)]) {
        guard var at = header(bytes) else { return nil }
        for arg in args {
            guard walk(arg.value, arg.type, bytes, &at, environment) else { return nil }
        }
        guard at == bytes.count else { return nil }
    }

    private init() {}

    /// Reads one LEB128 number (nil where the input ends first) and notes its span; a number
    /// wider than 56 bits is read but not noted (and given as Int64.max).
    private mutating func number(_ bytes: [UInt8], _ at: inout Int, signed: Bool) -> Int64? {
        let start = at
        var value: Int64 = 0
        var shift: Int64 = 0
        while true {
            guard at < bytes.count else { return nil }
            let b = bytes[at]
            at += 1
            if shift < 63 { value |= Int64(b & 0x7f) << shift }
            shift += 7
            if b & 0x80 == 0 { break }
        }
        guard shift <= 56 else { return .max }
        if signed, bytes[at - 1] & 0x40 != 0 { value -= 1 << shift }
        numbers.append(Span(start: start, end: at, signed: signed, value: value))
        return value
    }

    /// Reads the header, noting its numbers; returns where the values start.
    private mutating func header(_ bytes: [UInt8]) -> Int? {
        guard bytes.starts(with: CandidEncoder.magic) else { return nil }
        var at = 4
        guard let entries = number(bytes, &at, signed: false) else { return nil }
        for _ in 0..<entries {
            guard let opcode = number(bytes, &at, signed: true) else { return nil }
            switch opcode {
            case -18, -19: guard number(bytes, &at, signed: true) != nil else { return nil }
            case -20, -21:
                guard let count = number(bytes, &at, signed: false) else { return nil }
                for _ in 0..<count {
                    guard number(bytes, &at, signed: false) != nil, number(bytes, &at, signed: true) != nil else {
                        return nil
                    }
                }
            case -22:
                for _ in 0..<2 {
                    guard let count = number(bytes, &at, signed: false) else { return nil }
                    for _ in 0..<count { guard number(bytes, &at, signed: true) != nil else { return nil } }
                }
                guard at < bytes.count else { return nil }
                at += 1 + Int(bytes[at])
            case -23:
                guard let count = number(bytes, &at, signed: false) else { return nil }
                for _ in 0..<count {
                    guard let length = number(bytes, &at, signed: false), length <= bytes.count - at else { return nil }
                    at += Int(length)
                    guard number(bytes, &at, signed: true) != nil else { return nil }
                }
            default: return nil
            }
            guard at <= bytes.count else { return nil }
        }
        guard let args = number(bytes, &at, signed: false) else { return nil }
        for _ in 0..<args { guard number(bytes, &at, signed: true) != nil else { return nil } }
        return at
    }

    private mutating func walk(
        _ value: CandidValue, _ type: CandidType, _ bytes: [UInt8], _ at: inout Int,
        _ environment: CandidTypeEnvironment
    ) -> Bool {
        guard let resolved = try? environment.resolve(type) else { return false }
        func skip(_ count: Int) -> Bool {
            at += count
            return at <= bytes.count
        }
        func length() -> Bool {
            guard let n = number(bytes, &at, signed: false), n <= bytes.count - at else { return false }
            return skip(Int(n))
        }
        func tagThenPrincipal() -> Bool {
            tags.append(at)
            return skip(1) && length()
        }
        switch (resolved, value) {
        case (.null, _), (.reserved, _): return true
        case (.bool, _): tags.append(at); return skip(1)
        case (.nat, _): return number(bytes, &at, signed: false) != nil
        case (.int, _): return number(bytes, &at, signed: true) != nil
        case (.nat8, _), (.int8, _): return skip(1)
        case (.nat16, _), (.int16, _): return skip(2)
        case (.nat32, _), (.int32, _), (.float32, _): return skip(4)
        case (.nat64, _), (.int64, _), (.float64, _): return skip(8)
        case (.text, _): return length()
        case (.principal, _), (.service, _): return tagThenPrincipal()
        case (.function, _): tags.append(at); return skip(1) && tagThenPrincipal() && length()
        case let (.opt(inner), .opt(v)):
            tags.append(at)
            guard skip(1) else { return false }
            return v.map { walk($0, inner, bytes, &at, environment) } ?? true
        case (.vec, .blob): return length()
        case let (.vec(inner), .vec(items)):
            guard number(bytes, &at, signed: false) != nil else { return false }
            return items.allSatisfy { walk($0, inner, bytes, &at, environment) }
        case let (.record(fields), .record(values)):
            return zip(fields, values).allSatisfy { walk($1.value, $0.type, bytes, &at, environment) }
        case let (.variant(cases), .variant(chosen)):
            guard number(bytes, &at, signed: false) != nil, let field = cases.first(where: { $0.id == chosen.id })
            else { return false }
            return walk(chosen.value, field.type, bytes, &at, environment)
        default: return false
        }
    }

    /// One mutation of `bytes` chosen by `source`.
    func mutate(_ bytes: [UInt8], _ source: inout FuzzByteSource) -> [UInt8] {
        switch source.below(10) {
        case 0, 1, 2: return FuzzMutation.apply(bytes, source: &source)
        case 3, 4, 5: return renumber(bytes, &source)
        case 6:
            guard !tags.isEmpty else { return FuzzMutation.apply(bytes, source: &source) }
            var out = bytes
            out[source.pick(tags)] = source.pick([0, 1, 2, 0x80, 0x81, 0xff])
            return out
        case 7:
            // A huge count: a space bomb where the span is a vec of zero-size elements.
            guard !numbers.isEmpty else { return FuzzMutation.apply(bytes, source: &source) }
            let span = source.pick(numbers)
            let huge = source.pick(
                [
                    [0x80, 0x80, 0x80, 0x80, 0x10], [0x80, 0x94, 0xeb, 0xdc, 0x03], [0xff, 0xff, 0x3f],
                    [0x80, 0xb5, 0x18],
                    [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01],
                ] as [[UInt8]])
            return Array(bytes[..<span.start]) + huge + Array(bytes[span.end...])
        case 8:
            guard !numbers.isEmpty else { return FuzzMutation.apply(bytes, source: &source) }
            let span = source.pick(numbers)
            return source.bool()
                ? Array(bytes[..<span.end])
                : Array(bytes[..<span.start]) + [source.byte()] + Array(bytes[span.start...])
        default:
            let once = renumber(bytes, &source)
            return FuzzMutation.apply(once, source: &source)
        }
    }

    /// A number set to another value, or to the same one spelt with redundant bytes.
    private func renumber(_ bytes: [UInt8], _ source: inout FuzzByteSource) -> [UInt8] {
        guard !numbers.isEmpty else { return FuzzMutation.apply(bytes, source: &source) }
        let span = source.pick(numbers)
        var encoded: [UInt8]
        switch source.below(8) {
        case 0: encoded = encode(span.value &+ 1, span.signed)
        case 1: encoded = encode(span.value &- 1, span.signed)
        case 2: encoded = encode(0, span.signed)
        case 3: encoded = encode(Int64(source.byte()) - (span.signed ? 64 : 0), span.signed)
        case 4: encoded = encode(Int64(1) << Int64(source.below(62)), span.signed)
        case 5, 6:
            // Redundant groups: 0x80… then 0x00 (or 0x7f for a negative signed number).
            encoded = encode(span.value, span.signed)
            for _ in 0...source.below(3) {
                let negative = span.signed && encoded[encoded.count - 1] & 0x40 != 0
                encoded[encoded.count - 1] |= 0x80
                encoded.append(negative ? 0x7f : 0x00)
            }
        default: encoded = encode(Int64(source.below(1 << 16)), span.signed)
        }
        return Array(bytes[..<span.start]) + encoded + Array(bytes[span.end...])
    }

    private func encode(_ value: Int64, _ signed: Bool) -> [UInt8] {
        signed ? SLEB128.encode(value) : LEB128.encode(UInt64(bitPattern: max(value, 0)))
    }
}
