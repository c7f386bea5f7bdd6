import AirsignCandid
import AirsignEncoding
import AirsignTestSupport
import Testing

@testable import AirsignICP

/// The built-in interfaces parse, and name the methods quill's commands call.
@Suite struct ICPInterfaceTests {
    @Test func builtInInterfacesParse() throws {
        for (name, text) in [
            ("icp", ICPBuiltinInterfaces.icpLedger), ("icrc", ICPBuiltinInterfaces.icrcLedger),
            ("governance", ICPBuiltinInterfaces.governance), ("cmc", ICPBuiltinInterfaces.cyclesMinting),
        ] {
            _ = try CandidInterface(parsing: text, origin: name)
        }
        #expect(ICPBuiltinInterfaces.allParse)
        #expect(ICPBuiltinInterfaces.all.count == 5)
    }

    /// Every method's fragment (what a request carries) parses back to the same method type.
    @Test func everyMethodsFragmentParsesBack() throws {
        for known in ICPBuiltinInterfaces.all {
            for method in known.interface.methods {
                let fragment = try #require(known.interface.fragment(for: method.name))
                let reparsed = try CandidInterface(parsing: fragment, origin: "\(known.name) \(method.name)")
                #expect(reparsed.methods.map(\.name) == [method.name])
                #expect(
                    reparsed.method(method.name) == known.interface.method(method.name), "\(known.name) \(method.name)")
            }
        }
    }
}
