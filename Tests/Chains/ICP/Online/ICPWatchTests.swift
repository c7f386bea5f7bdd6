import AirsignCandid
import AirsignEncoding
import AirsignMessages
import AirsignTestSupport
import AirsignWatch
import BigInt
import Foundation
import Testing

@testable import AirsignICP
@testable import AirsignICPOnline

@Suite struct ICPWatchTests {
    static let now: Int64 = 1_669_073_904

    func decodedCalls(_ request: SignRequest) throws -> [ICPCallContent] {
        let hexes: [String]
        if case let .string(one)? = request.payload["content"] {
            hexes = [one]
        } else if case let .array(items)? = request.payload["contents"] {
            hexes = items.compactMap { if case let .string(s) = $0 { return s } else { return nil } }
        } else {
            hexes = []
        }
        return try hexes.map { hex in
            guard case let .call(call) = try ICPRequestContent.decode(try Hex.decode(hex)) else {
                throw ICPError.malformed(field: "request", reason: "not a call")
            }
            return call
        }
    }

    @Test func transfersToAccountIdsUseTheLegacyMethod() throws {
        let call = try ICPRequestBuilder.transferCall(
            .init(to: "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752", amount: "0.000123"),
            createdAt: 1_669_073_904_187_044_208)
        #expect(call.method == "transfer" && call.canister == ICPLedger.icp.canister)
        // quill's `transfer simple` (vectors/icp.json derived_ledger_args[0]).
        #expect(
            testHex(call.arg)
                == "4449444c066c06fbca0101c6fcb60202ba89e5c20478a2de94eb060382f3f3910c04d8a38ca80d026d7b6c01e0a9b302786e016e056c01d6f68e800178010020345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded58667521027000000000000000000000000000000017071f16adfbd29170c30000000000000"
        )
    }

    @Test func transfersToPrincipalsUseICRC1() throws {
        let call = try ICPRequestBuilder.transferCall(
            .init(to: "2vxsx-fae-22yutvy.1", amount: "12", memo: 258, fromSubaccount: "0102"), createdAt: 5)
        #expect(call.method == "icrc1_transfer")
        let decoded = try ICRC1Transfer(candid: CandidDecoder().decode(call.arg))
        #expect(decoded.amount == 1_200_000_000)
        #expect(decoded.fee == 10_000)
        #expect(decoded.memo == [0, 0, 0, 0, 0, 0, 1, 2])
        #expect(decoded.fromSubaccount == [UInt8](repeating: 0, count: 30) + [1, 2])
        #expect(decoded.to.text == "2vxsx-fae-22yutvy.1")
        #expect(decoded.createdAtTime == 5)
        let ck = try ICPRequestBuilder.transferCall(
            .init(to: "2vxsx-fae", amount: "0.00000001", ledger: "mxzaz-hqaaa-aaaar-qaada-cai"), createdAt: 5)
        #expect(try ICRC1Transfer(candid: CandidDecoder().decode(ck.arg)).amount == 1)
    }

    @Test func refusesBadTransferInput() {
        let bad: [(ICPRequestBuilder.Transfer, String)] = [
            (.init(to: "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866753", amount: "1"), "checksum"),
            (.init(to: "2vxsx-fae", amount: "1.000000001"), "more than 8 decimal places"),
            (.init(to: "2vxsx-fae", amount: "1e5"), "not a plain decimal"),
            (.init(to: "2vxsx-fad", amount: "1"), "checksum"),
            (.init(to: "2vxsx-fae", amount: "1", ledger: "ryjl3-tyaaa-aaaaa-aaaba-cai", decimals: 6), "has 8 decimals"),
            (.init(to: "2vxsx-fae", amount: "1", ledger: "aaaaa-aa"), "--decimals"),
            (.init(to: "2vxsx-fae", amount: "1", ledger: "aaaaa-aa", decimals: Int.max), "is not 0 to 38"),
            (.init(to: "2vxsx-fae", amount: "1", ledger: "aaaaa-aa", decimals: -1), "is not 0 to 38"),
            (
                .init(
                    to: "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752", amount: "1",
                    ledger: "mxzaz-hqaaa-aaaar-qaada-cai"),
                "ICP ledger only"
            ),
        ]
        for (transfer, reason) in bad {
            do {
                _ = try ICPRequestBuilder.transferCall(transfer, createdAt: 0)
                Issue.record("accepted \(transfer.to) \(transfer.amount)")
            } catch {
                #expect("\(error)".contains(reason), "\(error)")
            }
        }
    }

    @Test func validForBuildsConsecutiveWindowsOfOneTransfer() throws {
        let call = try ICPRequestBuilder.transferCall(
            .init(to: "2vxsx-fae", amount: "1"), createdAt: UInt64(Self.now) * 1_000_000_000)
        let request = try ICPRequestBuilder.request(
            account: ICPFixtures.account, canister: call.canister, method: call.method, arg: call.arg,
            now: Self.now, validFor: try ICPRequestBuilder.duration("1h"))
        let calls = try decodedCalls(request)
        #expect(calls.count == 12)
        #expect(calls.map(\.ingressExpiry) == (1...12).map { UInt64(Self.now + Int64($0) * 300) * 1_000_000_000 })
        #expect(Set(calls.map(\.arg)).count == 1)
        // The signer accepts the series, one review for all windows.
        let review = try ICPChain().review(request, context: ReviewContext(now: Self.now + 60))
        #expect(review.signing.count == 24)
        #expect(throws: ICPError.self) { try ICPRequestBuilder.duration("24h") }
        #expect(throws: ICPError.self) { try ICPRequestBuilder.duration("1m") }
        #expect(throws: ICPError.self) { try ICPRequestBuilder.duration("soon") }
        #expect(try ICPRequestBuilder.duration("23h") == 82_800)
    }
}
