import AirsignEncoding
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignCandid
@testable import AirsignICP

/// The Candid spec's own test suite (dfinity/candid test/*.test.did, converted into
/// vectors/candid_spec.json with its source named): every case of every file, decoded or parsed
/// at its types and checked as the suite's README says. Read the spec's way (`Limits.spec`,
/// extra text fields ignored) every case passes; read strictly, as the signer and the watch do,
/// the only differences are refusals of redundant LEB128 bytes, of future types and of text
/// naming a field its record type does not have.
@Suite struct CandidSpecSuiteTests {
    struct Case {
        let file: String
        let line: Int
        let kind: String
        let left: [String: String]
        let right: [String: String]?
        let types: String
        let defs: String
        var name: String { "\(file):\(line)" }
    }

    static let cases: [Case] = {
        let url = Vectors.directory.appendingPathComponent("candid_spec.json")
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let files = object["files"] as? [[String: Any]]
        else {
            preconditionFailure("vectors/candid_spec.json is unreadable")
        }
        return files.flatMap { file -> [Case] in
            let defs = file["defs"] as? String ?? ""
            return (file["cases"] as? [[String: Any]] ?? []).map {
                Case(
                    file: file["file"] as? String ?? "?", line: $0["line"] as? Int ?? 0,
                    kind: $0["kind"] as? String ?? "?",
                    left: $0["left"] as? [String: String] ?? [:], right: $0["right"] as? [String: String],
                    types: $0["types"] as? String ?? "()", defs: defs)
            }
        }
    }()

    /// The argument types of a case, in its file's definitions.
    static func types(_ c: Case) throws -> (CandidTypeEnvironment, [CandidType]) {
        let interface = try CandidInterface(parsing: c.defs, origin: c.file)
        var parser = try CandidParser(c.types, origin: c.name)
        let types = try parser.tupleType().types
        try parser.expectEnd()
        return (interface.environment, types)
    }

    /// The input read at the case's types: a binary message decoded and coerced, or a text
    /// parsed and checked.
    static func read(_ input: [String: String], _ c: Case, strict: Bool) throws -> [CandidValue] {
        let (environment, types) = try types(c)
        if let hex = input["blob"] {
            let message = try CandidDecoder(limits: strict ? .init() : .spec).decode(testBytes(hex))
            return try message.coerced(to: types, in: environment).values
        }
        var typing = CandidTextTyping(environment: environment, origin: c.name)
        typing.allowExtraFields = !strict
        return try typing.arguments(input["text"] ?? "", types: types)
    }

    /// Whether the case holds, or why not.
    static func outcome(_ c: Case, strict: Bool) -> String? {
        do {
            let left = try read(c.left, c, strict: strict)
            switch c.kind {
            case "accept": return nil
            case "reject": return "accepted: \(CandidText.arguments(left))"
            case "equal", "notEqual":
                let right = try read(c.right ?? [:], c, strict: strict)
                guard (left == right) == (c.kind == "equal") else {
                    return
                        "\(CandidText.arguments(left)) \(c.kind == "equal" ? "!=" : "==") \(CandidText.arguments(right))"
                }
                return nil
            default: return "unknown kind \(c.kind)"
            }
        } catch {
            return c.kind == "reject" ? nil : "refused: \(error)"
        }
    }

    @Test func everyCaseOfTheSuiteHolds() {
        #expect(Self.cases.count == 467)
        for c in Self.cases {
            if let failure = Self.outcome(c, strict: false) { Issue.record("\(c.name): \(failure)") }
        }
    }

    @Test func strictReadingDiffersOnlyWhereDocumented() {
        var differing = 0
        for c in Self.cases {
            guard let failure = Self.outcome(c, strict: true) else { continue }
            differing += 1
            let documented = ["redundant", "opcode -25", "is not a field of this record"]
            #expect(documented.contains { failure.contains($0) }, "\(c.name): \(failure)")
        }
        // The suite's overlong-LEB128 cases (lengths, counts, nat and int values), its
        // future-type cases and its three texts with fields the type lacks.
        #expect(differing > 3)
    }

    @Test func everyDefinitionFileParses() throws {
        for file in Set(Self.cases.map(\.file)) {
            guard let c = Self.cases.first(where: { $0.file == file }) else { continue }
            _ = try CandidInterface(parsing: c.defs, origin: file)
        }
    }
}
