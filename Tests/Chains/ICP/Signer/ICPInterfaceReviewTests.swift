import AirsignCandid
import AirsignEncoding
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

@testable import AirsignICP

/// The signer's naming of canister calls: built-in interfaces by canister and method (NNS
/// governance with one-line summaries, ICRC-2 on the ledgers), an interface the request carries
/// (names only where they hash to the ids, labelled, --blind), field ids otherwise; and the
/// refusals: arguments that do not fit the interface, an interface without the method.
@Suite struct ICPInterfaceReviewTests {
    let chain = ICPChain()
    let context = ReviewContext(now: ICPFixtures.now)
    static let governance = ICPBuiltinInterfaces.governanceCanister

    func request(_ canister: Principal, _ method: String, _ arg: [UInt8], interface: String? = nil) throws
        -> SignRequest
    {
        let request = try ICPFixtures.request([ICPFixtures.call(method: method, canister: canister, arg: arg)])
        guard let interface, case let .object(members) = request.payload else { return request }
        return try SignRequest(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            payload: .object(members + [("interface", .string(interface))]))
    }

    func review(_ canister: Principal, _ method: String, _ arg: [UInt8], interface: String? = nil) throws -> Review {
        try chain.review(try request(canister, method, arg, interface: interface), context: context)
    }

    func refusal(_ canister: Principal, _ method: String, _ arg: [UInt8], interface: String? = nil) -> String {
        do {
            _ = try review(canister, method, arg, interface: interface)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    static func manageNeuron(_ command: String, neuron: UInt64 = 1234) throws -> [UInt8] {
        guard let governance = ICPBuiltinInterfaces.known(Self.governance) else {
            throw ICPError.builtinInterface("governance")
        }
        return try governance.interface.encodeArguments(
            of: "manage_neuron",
            text:
                "(record { neuron_id_or_subaccount = opt variant { NeuronId = record { id = \(neuron) } }; command = opt variant { \(command) }; id = null })"
        )
    }

    func lines(_ review: Review) -> [String] {
        review.lines.map { String(repeating: "  ", count: $0.level) + "\($0.label): \($0.value)" }
    }

    @Test func increaseDissolveDelayGolden() throws {
        let arg = try Self.manageNeuron(
            "Configure = record { operation = opt variant { IncreaseDissolveDelay = record { additional_dissolve_delay_seconds = 31_557_600 } } }"
        )
        let review = try review(Self.governance, "manage_neuron", arg)
        #expect(review.title == "NNS governance: manage_neuron")
        #expect(review.confirmation == .standard)
        #expect(
            lines(review) == [
                "from: fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae (not in your contacts)",
                "canister: rrkah-fqaaa-aaaaa-aaaaq-cai",
                "interface: NNS governance, built into this signer",
                "method: manage_neuron",
                "summary: Increase the dissolve delay of neuron 1234 by 1 year (31_557_600 s)",
                "argument: ",
                "  id: none",
                "  command: Configure",
                "    operation: IncreaseDissolveDelay",
                "      additional_dissolve_delay_seconds: 1 year (31_557_600 s)",
                "  neuron_id_or_subaccount: NeuronId: neuron 1234",
                "expires: 2022-11-21 23:43:00 UTC",
                "request id: \(Hex.encode(ICPFixtures.call(method: "manage_neuron", canister: Self.governance, arg: arg).requestID))",
            ])
        #expect(review.lines.first { $0.label == "interface" }?.source == .signerTable)
        #expect(review.lines.filter { $0.source == .request }.isEmpty)
        // quill's role for governance messages.
        let signed = try chain.sign(review, with: .secp256k1(ICPFixtures.key))
        guard case let .array(messages)? = signed.result?["messages"] else {
            Issue.record("no messages")
            return
        }
        #expect(messages.first?["ingress"]?["role"] == .string("nns:governance"))
    }

    @Test func neuronOperationsAreSummarizedInOneLine() throws {
        let cases: [(String, String)] = [
            (
                "Configure = record { operation = opt variant { StartDissolving = record {} } }",
                "Start dissolving neuron 1234"
            ),
            (
                "Configure = record { operation = opt variant { StopDissolving = record {} } }",
                "Stop dissolving neuron 1234"
            ),
            (
                "Configure = record { operation = opt variant { AddHotKey = record { new_hot_key = opt principal \"2vxsx-fae\" } } }",
                "Add hot key 2vxsx-fae (not in your contacts) to neuron 1234"
            ),
            (
                "Configure = record { operation = opt variant { RemoveHotKey = record { hot_key_to_remove = opt principal \"2vxsx-fae\" } } }",
                "Remove hot key 2vxsx-fae (not in your contacts) from neuron 1234"
            ),
            (
                "Configure = record { operation = opt variant { ChangeAutoStakeMaturity = record { requested_setting_for_auto_stake_maturity = true } } }",
                "Turn on automatic staking of maturity for neuron 1234"
            ),
            (
                "Disburse = record { to_account = null; amount = null }",
                "Disburse the whole stake of neuron 1234 to the controller's account"
            ),
            (
                "Disburse = record { to_account = opt record { hash = blob \"\\34\\5f\\72\\3e\\9e\\61\\99\\34\\da\\ac\\6a\\e0\\f4\\be\\13\\a7\\b0\\ba\\57\\d6\\a6\\08\\e5\\11\\a0\\0f\\d0\\de\\d5\\86\\67\\52\" }; amount = opt record { e8s = 150_000_000 } }",
                "Disburse 1.5 ICP of neuron 1234 to 345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752 (not in your contacts)"
            ),
            (
                "Spawn = record { percentage_to_spawn = null; new_controller = null; nonce = null }",
                "Spawn a new neuron from all of neuron 1234's maturity, controlled by the same controller"
            ),
            (
                "Split = record { amount_e8s = 200_000_000; memo = opt 0 }",
                "Split 2 ICP off neuron 1234 into a new neuron"
            ),
            ("Merge = record { source_neuron_id = opt record { id = 99 } }", "Merge neuron 99 into neuron 1234"),
            (
                "Follow = record { topic = 4; followees = vec { record { id = 7 }; record { id = 8 } } }",
                "Set neuron 1234 to follow neuron 7, neuron 8 on Governance (topic 4)"
            ),
            (
                "Follow = record { topic = 1; followees = vec {} }",
                "Stop neuron 1234 following anyone on NeuronManagement (topic 1)"
            ),
            (
                "RegisterVote = record { vote = 1; proposal = opt record { id = 130_000 } }",
                "Vote yes (adopt) on proposal 130000 with neuron 1234"
            ),
            (
                "RegisterVote = record { vote = 2; proposal = opt record { id = 5 } }",
                "Vote no (reject) on proposal 5 with neuron 1234"
            ),
            ("StakeMaturity = record { percentage_to_stake = opt 50 }", "Stake 50% of neuron 1234's maturity"),
            ("RefreshVotingPower = record {}", "Refresh the voting power of neuron 1234"),
            (
                "ClaimOrRefresh = record { by = opt variant { MemoAndController = record { memo = 7; controller = opt principal \"2vxsx-fae\" } } }",
                "Claim or refresh the neuron staked with memo 7 for controller 2vxsx-fae (not in your contacts)"
            ),
        ]
        for (command, summary) in cases {
            let review = try review(Self.governance, "manage_neuron", try Self.manageNeuron(command))
            #expect(review.lines.first { $0.label == "summary" }?.value == summary, "\(command)")
            #expect(review.confirmation == .standard, "\(command)")
        }
    }

    @Test func listNeuronsIsAGovernanceQueryShownByName() throws {
        let governance = try #require(ICPBuiltinInterfaces.known(Self.governance))
        let arg = try governance.interface.encodeArguments(
            of: "list_neurons", text: "(record { neuron_ids = vec {}; include_neurons_readable_by_caller = true })")
        let review = try review(Self.governance, "list_neurons", arg)
        #expect(review.confirmation == .standard)
        #expect(lines(review).contains("  include_neurons_readable_by_caller: true"))
    }

    @Test func callsWithoutAnInterfaceShowFieldIdsAndNeedBlind() throws {
        let arg = try CandidEncoder.encode([
            (.record([("amount", .nat)]), .record([CandidFieldValue("amount", .nat(5))])), (.text, .text("hi")),
        ])
        let review = try review(try Principal(text: "2vxsx-fae"), "hello", arg)
        #expect(review.title == "Internet Computer canister call")
        #expect(
            Array(lines(review).suffix(5).prefix(3)) == ["argument 1: ", "  3573748184: 5 : nat", "argument 2: \"hi\""])
        #expect(
            review.confirmation == .explicit(reason: "a call to canister 2vxsx-fae that this signer cannot interpret"))
    }

    @Test func anInterfaceFromTheRequestNamesFieldsButStillNeedsBlind() throws {
        let arg = try CandidEncoder.encode([
            (.record([("amount", .nat)]), .record([CandidFieldValue("amount", .nat(5))])), (.text, .text("hi")),
        ])
        let interface = "service : { hello : (record { amount : nat }, greeting : text) -> () }"
        let review = try review(try Principal(text: "2vxsx-fae"), "hello", arg, interface: interface)
        #expect(review.title == "Canister call: hello (names from the request)")
        #expect(lines(review).contains("  amount: 5"))
        #expect(lines(review).contains("greeting: \"hi\""))
        #expect(review.lines.first { $0.label == "names" }?.source == .request)
        #expect(
            review.confirmation
                == .explicit(reason: "the names of the arguments come from the request, not from this signer"))
        let text = ReviewText.render(review, position: 1, of: 1, module: chain, context: context)
        #expect(unwrappedReview(text).contains("names     from the request, not signed, not verified:"), "\(text)")
    }

    @Test func aRequestInterfaceThatDoesNotFitTheMessageIsRefused() throws {
        let arg = try CandidEncoder.encode([
            (.record([("amount", .nat)]), .record([CandidFieldValue("amount", .nat(5))]))
        ])
        let canister = try Principal(text: "2vxsx-fae")
        // A name that does not hash to the message's field id can name nothing: the field it
        // names is missing from the message.
        #expect(
            refusal(canister, "hello", arg, interface: "service : { hello : (record { amonut : nat }) -> () }")
                == "the arguments do not fit the request's interface of hello: argument 1.amonut: is missing from the message"
        )
        #expect(
            refusal(canister, "hello", arg, interface: "service : { hello : (record { amount : text }) -> () }")
                == "the arguments do not fit the request's interface of hello: argument 1.amount: the interface expects text, the message has nat"
        )
        #expect(
            refusal(canister, "hello", arg, interface: "service : { other : () -> () }")
                == "payload.interface: it has no method hello, the method this call invokes")
        #expect(
            refusal(canister, "hello", arg, interface: "type A = B; type B = A; service : { hello : (A) -> () }")
                == "Candid type A: is defined only as itself (A = B)")
        #expect(
            refusal(canister, "hello", arg, interface: "service : { hello : (record { amount : nat } -> () }")
                .hasPrefix("payload.interface: expected"))
        // Even where the misspelt field is optional (so the message would still read), the
        // message's field 3573748184 ("amount") has no name in the request's interface: refused.
        #expect(
            refusal(canister, "hello", arg, interface: "service : { hello : (record { amonut : opt nat }) -> () }")
                == "payload.interface: its names do not hash to the message's field ids: no name for argument 1.3573748184"
        )
    }

    @Test func governanceArgumentsOfTheWrongTypesAreRefused() throws {
        let nat = try CandidEncoder.encode([(.nat, .nat(5))])
        #expect(
            refusal(Self.governance, "manage_neuron", nat)
                == "the arguments do not fit NNS governance's interface of manage_neuron: argument 1: the interface expects ManageNeuronRequest, the message has nat"
        )
        // A field of the wrong type inside an opt reads as null, as governance reads it: the
        // review says the canister ignores it, and asks for --blind.
        let arg = try CandidEncoder.encode([
            (.record([("command", .text)]), .record([CandidFieldValue("command", .text("Disburse"))]))
        ])
        let lossy = try review(Self.governance, "manage_neuron", arg)
        #expect(
            lossy.warnings == ["the canister will ignore parts of the message it does not expect: argument 1.command"])
        #expect(lossy.lines.first { $0.label == "summary" }?.value == "Manage (no neuron given), with no command")
        // The lossy message, and a manage_neuron without a command the signer reads, are both
        // effects it does not understand.
        #expect(
            lossy.confirmation
                == .explicit(
                    reason:
                        "the message carries data the interface does not read; a manage_neuron call with no command the signer reads"
                ))
        // An unknown method of a known canister is shown by structure and needs --blind.
        let unknown = try review(Self.governance, "no_such_method", try CandidEncoder.encode([]))
        #expect(
            unknown.confirmation
                == .explicit(
                    reason: "no_such_method is not a method of NNS governance's interface built into this signer"))
    }

    @Test func recursiveAndDeepMessagesAreRefusedCleanly() throws {
        // A type table entry that is a record of itself: the value never ends.
        #expect(
            refusal(Self.governance, "manage_neuron", testBytes("4449444c016c0100000100")).hasPrefix("Candid, at byte"))
        // 60 nested opts: deeper than the decoder's limit.
        var deep = Array("DIDL".utf8) + [60]
        for i in 0..<60 { deep += [0x6e, i == 59 ? 0x7f : UInt8(i + 1)] }
        deep += [1, 0] + [UInt8](repeating: 1, count: 59)
        #expect(
            refusal(Self.governance, "manage_neuron", deep)
                == "Candid, at byte 176: values nested deeper than 48 levels")
    }
}

/// ICRC-2 approvals and transfers from an approving account, on the ledgers the signer knows.
@Suite struct ICRC2ReviewTests {
    let chain = ICPChain()
    let context = ReviewContext(now: ICPFixtures.now)

    func review(_ arg: [UInt8], method: String, canister: Principal = ICPLedger.icp.canister) throws -> Review {
        try chain.review(
            try ICPFixtures.request([ICPFixtures.call(method: method, canister: canister, arg: arg)]), context: context)
    }

    @Test func approveGolden() throws {
        let approve = ICRC2Approve(
            fromSubaccount: nil, spender: try ICRC1Account(text: "2vxsx-fae"), amount: 250_000_000,
            expectedAllowance: 0, expiresAt: 1_700_000_000_000_000_000, fee: 10_000, memo: nil,
            createdAtTime: 1_669_073_904_187_044_208)
        #expect(try ICRC2Approve(candid: CandidDecoder().decode(approve.argumentBytes())) == approve)
        let review = try review(approve.argumentBytes(), method: "icrc2_approve")
        #expect(review.title == "ICP spending approval (ICRC-2)")
        #expect(
            review.lines.map { "\($0.label): \($0.value)" }.prefix(11) == [
                "ledger: ryjl3-tyaaa-aaaaa-aaaba-cai",
                "token: ICP, 8 decimals (the ICP ledger)",
                "from: fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae (not in your contacts)",
                "from subaccount: default",
                "spender: 2vxsx-fae (not in your contacts)",
                "allowance: 2.5 ICP",
                "replaces: an allowance of exactly 0 ICP (refused otherwise)",
                "expires: 2023-11-14 22:13:20 UTC",
                "fee: 0.0001 ICP",
                "memo: none",
                "created at: 2022-11-21 23:38:24 UTC",
            ])
        #expect(
            review.approvals == [
                Approval(
                    asset: "ICP (ryjl3-tyaaa-aaaaa-aaaba-cai)", spender: "2vxsx-fae (not in your contacts)",
                    allowance: "2.5", isUnlimited: false, expiry: "2023-11-14 22:13:20 UTC")
            ])
        #expect(review.totals.map(\.formatted) == ["0.0001 ICP"])
        #expect(review.confirmation == .standard)
    }

    @Test func unlimitedApprovalsAreSaidToBe() throws {
        let approve = ICRC2Approve(
            fromSubaccount: nil, spender: try ICRC1Account(text: "2vxsx-fae"), amount: BigUInt(UInt64.max),
            expectedAllowance: nil, expiresAt: nil, fee: nil, memo: nil, createdAtTime: nil)
        let review = try review(
            approve.argumentBytes(), method: "icrc2_approve",
            canister: try Principal(text: "mxzaz-hqaaa-aaaar-qaada-cai"))
        #expect(review.approvals.first?.isUnlimited == true)
        #expect(
            review.warnings.contains(
                "an unlimited allowance: the spender may take every ckBTC of this account, now and later"))
        #expect(review.totals.map(\.formatted) == ["0 ckBTC + the ledger's fee"])
    }

    @Test func transferFromGolden() throws {
        let from = try ICRC1Account(text: "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.1")
        let transfer = ICRC2TransferFrom(
            spenderSubaccount: nil, from: from, to: try ICRC1Account(text: "2vxsx-fae"), amount: 100_000,
            fee: nil, memo: [1], createdAtTime: 5)
        #expect(try ICRC2TransferFrom(candid: CandidDecoder().decode(transfer.argumentBytes())) == transfer)
        let review = try review(transfer.argumentBytes(), method: "icrc2_transfer_from")
        #expect(review.title == "ICP transfer from an account that approved you (ICRC-2)")
        #expect(
            review.lines.map { "\($0.label): \($0.value)" }[3...7] == [
                "spender subaccount: default",
                "taken from: k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.1 (not in your contacts)",
                "to: 2vxsx-fae (not in your contacts)",
                "amount: 0.001 ICP",
                "fee: the ledger's fee (not set)",
            ])
        // The tokens leave the approving account, not this one: totalled as that account's.
        #expect(
            review.totals.map(\.formatted) == [
                "0.001 ICP + the ledger's fee from k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.1 (not in your contacts)"
            ])
    }

    @Test func neuronStakeTransfersSayWhereTheyGo() throws {
        let nonce: UInt64 = 0x0000_6E65_7572_6F6E  // quill --name neuron
        #expect(try NeuronStake.nonce(name: "neuron") == nonce)
        let account = try #require(NeuronStake.account(controller: ICPFixtures.sender, nonce: nonce))
        let transfer = ICPLedgerTransfer(
            to: account, amount: 100_000_000, fee: 10_000, memo: nonce, fromSubaccount: nil, createdAtTime: 5)
        let review = try review(transfer.argumentBytes(), method: "transfer")
        #expect(
            review.lines.first { $0.label == "purpose" }?.value
                == "stake for your neuron with nonce \(nonce): the NNS governance account for it")
    }
}
