import AirsignCandid
import AirsignICP
import Testing

/// Candid's refusals reach the person as ICP's: `ICPError(_:)` keeps the words and the case, so
/// the move of Candid into its own module changed no message and no exit status.
@Suite struct CandidErrorTests {
    static let cases: [(CandidError, ICPError)] = [
        (
            .malformed(field: "--args argument 1", reason: "expected nat"),
            .malformed(field: "--args argument 1", reason: "expected nat")
        ),
        (.binary(offset: 7, reason: "the message ends early"), .candid(offset: 7, reason: "the message ends early")),
        (
            .workLimit(task: "comparing the Candid types", limit: "10 steps"),
            .workLimit(task: "comparing the Candid types", limit: "10 steps")
        ),
        (.tooDeep(path: "argument 1", limit: 64), .tooDeep(path: "argument 1", limit: 64)),
    ]

    @Test func eachCaseMapsToTheICPCaseOfTheSameWords() {
        for (candid, icp) in Self.cases {
            #expect(ICPError(candid) == icp)
            #expect(ICPError(candid).description == candid.description)
        }
    }

    @Test func catchingCandidThrowsTheMappedError() {
        #expect(throws: ICPError.candid(offset: 0, reason: "does not start with \"DIDL\"")) {
            try ICPError.catchingCandid { () throws(CandidError) in try CandidDecoder().decode([0, 1, 2, 3]) }
        }
        #expect((try? ICPError.catchingCandid { () throws(CandidError) in 42 }) == 42)
    }
}
