import AirsignCandid
import AirsignEncoding
import AirsignTestSupport
import BigInt
import Testing

@testable import AirsignICP
@testable import AirsignICPOnline

/// The watch's neuron and ICRC-2 builders: their Candid read back by the signer's own decoders
/// and their refusals of bad input.
@Suite struct ICPBuilderTests {
    @Test func dissolveDelaysInHumanUnits() throws {
        #expect(try ICPNeuronBuilder.delay("1y", field: "d") == 31_557_600)
        #expect(try ICPNeuronBuilder.delay("180d", field: "d") == 15_552_000)
        #expect(try ICPNeuronBuilder.delay("3600", field: "d") == 3600)
        for bad in ["", "0", "y", "-1d", "137y", "1.5y", "4294967296"] {
            #expect(throws: ICPError.self, "\(bad)") { _ = try ICPNeuronBuilder.delay(bad, field: "d") }
        }
    }

    @Test func everyNeuronOperationTypeChecksAgainstGovernance() throws {
        let operations: [ICPNeuronBuilder.Operation] = [
            .increaseDissolveDelay(seconds: 1), .startDissolving, .stopDissolving,
            .disburse(
                to: try ICPAccountIdentifier(hex: "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752"),
                amountE8s: 5),
            .disburse(to: nil, amountE8s: nil), .spawn(percentage: 50, newController: .anonymous),
            .split(amountE8s: 100_000_000),
            .merge(sourceNeuron: 9), .follow(topic: 0, followees: []), .follow(topic: 4, followees: [1, 2]),
            .vote(proposal: 1, adopt: true),
            .addHotKey(.anonymous), .removeHotKey(.anonymous), .stakeMaturity(percentage: nil),
            .autoStakeMaturity(false),
        ]
        let governance = try ICPNeuronBuilder.governance()
        let types = try #require(governance.method("manage_neuron")?.arguments)
        for operation in operations {
            let message = try CandidDecoder().decode(try ICPNeuronBuilder.manage(neuron: 1234, operation))
            let read = try message.coerced(to: types, in: governance.environment)
            #expect(read.ignored.isEmpty, "\(operation)")
            guard case let .opt(.variant(id))? = read.values.first?["neuron_id_or_subaccount"] else {
                Issue.record("no neuron id for \(operation)")
                continue
            }
            #expect(id.value["id"] == .nat64(1234))
        }
    }

    @Test func icrc2ArgumentsAndRefusals() throws {
        let approve = try ICRC2Builder.approve(
            .init(amount: "1.5", memo: 1, subaccount: "01"), spender: "2vxsx-fae", expectedAllowance: "0.5",
            expiresAt: 7, createdAt: 9)
        let decoded = try ICRC2Approve(candid: CandidDecoder().decode(approve.arg))
        #expect(approve.method == "icrc2_approve" && approve.canister == ICPLedger.icp.canister)
        #expect(
            decoded
                == ICRC2Approve(
                    fromSubaccount: [UInt8](repeating: 0, count: 31) + [1],
                    spender: try ICRC1Account(text: "2vxsx-fae"),
                    amount: 150_000_000, expectedAllowance: 50_000_000, expiresAt: 7, fee: 10_000,
                    memo: [0, 0, 0, 0, 0, 0, 0, 1], createdAtTime: 9))
        let take = try ICRC2Builder.transferFrom(
            .init(amount: "0.00000001", ledger: "mxzaz-hqaaa-aaaar-qaada-cai"), from: "2vxsx-fae",
            to: "aaaaa-aa", createdAt: 3)
        let read = try ICRC2TransferFrom(candid: CandidDecoder().decode(take.arg))
        #expect(read.amount == 1 && read.fee == nil && read.from.text == "2vxsx-fae" && read.to.text == "aaaaa-aa")
        let bad: [(() throws -> Void, String)] = [
            (
                {
                    _ = try ICRC2Builder.approve(
                        .init(amount: "1"), spender: "2vxsx-fad", expectedAllowance: nil, expiresAt: nil, createdAt: 0)
                }, "--spender"
            ),
            (
                {
                    _ = try ICRC2Builder.approve(
                        .init(amount: "1.000000001"), spender: "2vxsx-fae", expectedAllowance: nil, expiresAt: nil,
                        createdAt: 0)
                }, "--amount"
            ),
            (
                {
                    _ = try ICRC2Builder.approve(
                        .init(amount: "1"), spender: "2vxsx-fae", expectedAllowance: "x", expiresAt: nil, createdAt: 0)
                }, "--expected-allowance"
            ),
            (
                {
                    _ = try ICRC2Builder.transferFrom(
                        .init(amount: "1", subaccount: "zz"), from: "2vxsx-fae", to: "2vxsx-fae", createdAt: 0)
                }, "--spender-subaccount"
            ),
            (
                { _ = try ICRC2Builder.transferFrom(.init(amount: "1"), from: "nope", to: "2vxsx-fae", createdAt: 0) },
                "--from-account"
            ),
        ]
        for (build, field) in bad {
            do {
                try build()
                Issue.record("accepted bad \(field)")
            } catch {
                #expect("\(error)".contains(field), "\(error)")
            }
        }
    }
}
