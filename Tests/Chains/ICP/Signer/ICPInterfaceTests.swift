import AirsignEncoding
@testable import AirsignICP
import AirsignTestSupport
import Testing

/// The built-in interfaces parse, and name the methods quill's commands call.
@Suite struct ICPInterfaceTests {
    @Test func builtInInterfacesParse() throws {
        for (name, text) in [("icp", ICPBuiltinInterfaces.icpLedger), ("icrc", ICPBuiltinInterfaces.icrcLedger),
                             ("governance", ICPBuiltinInterfaces.governance), ("cmc", ICPBuiltinInterfaces.cyclesMinting)] {
            _ = try CandidInterface(parsing: text, origin: name)
        }
        #expect(ICPBuiltinInterfaces.allParse)
        #expect(ICPBuiltinInterfaces.all.count == 5)
    }
}
