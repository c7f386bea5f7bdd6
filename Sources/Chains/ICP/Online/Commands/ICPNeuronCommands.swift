import AirsignCLI
import AirsignEncoding
import AirsignICP
import AirsignWatch
import ArgumentParser
import Foundation

/// `airsign-watch icp neuron …`: quill's NNS neuron commands.
struct ICPNeuronCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "neuron",
        abstract: "NNS neurons: stake, manage (dissolve, disburse, follow, vote, hot keys, maturity), list.",
        subcommands: [ICPNeuronStakeCommand.self, ICPNeuronManageCommand.self, ICPNeuronListCommand.self])
}

struct ICPNeuronStakeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stake",
        abstract: "Stake ICP in a new or existing neuron: a transfer to its staking account, then its claim.",
        discussion: """
            As quill's neuron-stake: two requests, sent in order. First a ledger transfer of \
            --amount to the governance account of this controller's neuron with the nonce \
            (from --name, up to 8 characters, or --nonce), with the nonce as memo; then \
            manage_neuron ClaimOrRefresh by memo and controller, which creates the neuron or \
            adds the stake to it.
            """)

    @Option(help: ArgumentHelp("The controller: the principal of a watch-only ICP account.", valueName: "PRINCIPAL"))
    var from: String

    @Option(help: ArgumentHelp("The stake in ICP, exact decimal (at least 1 ICP for a new neuron).", valueName: "ICP"))
    var amount: String

    @Option(help: "The neuron's name (1 to 8 ASCII characters), made into its nonce as quill does.")
    var name: String?

    @Option(help: "The neuron's nonce (memo) itself.")
    var nonce: UInt64?

    @Option(
        name: .customLong("from-subaccount"),
        help: ArgumentHelp("The sending subaccount, up to 64 hex digits.", valueName: "HEX"))
    var fromSubaccount: String?

    @OptionGroup var output: RequestOutputOptions

    func validate() throws {
        if (name == nil) == (nonce == nil) { throw ValidationError("give the neuron's --name or its --nonce") }
    }

    func run() throws {
        let now = Int64(Date().timeIntervalSince1970)
        let memo = try nonce ?? NeuronStake.nonce(name: name ?? "")
        let controller = try ICPActions.account(from)
        let principal = try ICPIdentity(publicKey: controller.publicKey).principal
        guard let account = NeuronStake.account(controller: principal, nonce: memo) else {
            throw ICPError.noStakingAccount
        }
        let transfer = ICPRequestBuilder.Transfer(
            to: account.hex, amount: amount, memo: memo, fromSubaccount: fromSubaccount)
        let stake = try ICPRequestBuilder.transferCall(transfer, createdAt: UInt64(now) * ICPTime.nanosPerSecond)
        let claim = try ICPNeuronBuilder.claim(controller: principal, nonce: memo)
        try ICPActions.issueCalls(
            from: from, [stake, (ICPBuiltinInterfaces.governanceCanister, "manage_neuron", claim)], output: output,
            now: now,
            summary: "Stake of \(amount) ICP in the neuron with nonce \(memo): transfer to \(account.hex), then claim")
    }
}

struct ICPNeuronManageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manage",
        abstract: "Manage an NNS neuron: one manage_neuron request per operation given.",
        discussion: """
            Each operation becomes its own manage_neuron request, in the order listed here \
            (as quill's neuron-manage). Durations take s, m, h, d or y (365.25 days): \
            --additional-dissolve-delay 1y. --follow TOPIC with --followees 27,28 (none: \
            follow nobody on the topic). --vote PROPOSAL adopts; add --reject to reject.
            """)

    @Option(
        help: ArgumentHelp(
            "The controller or hot key: the principal of a watch-only ICP account.", valueName: "PRINCIPAL"))
    var from: String

    @Argument(help: "The neuron id.")
    var neuron: UInt64

    @Option(
        name: .customLong("additional-dissolve-delay"),
        help: ArgumentHelp("Increase the dissolve delay by this much.", valueName: "DURATION"))
    var additionalDissolveDelay: String?

    @Flag(name: .customLong("start-dissolving")) var startDissolving = false
    @Flag(name: .customLong("stop-dissolving")) var stopDissolving = false

    @Flag(help: "Disburse the stake of a dissolved neuron (all of it unless --disburse-amount).")
    var disburse = false

    @Option(
        name: .customLong("disburse-amount"),
        help: ArgumentHelp("With --disburse: this many ICP only.", valueName: "ICP"))
    var disburseAmount: String?

    @Option(
        name: .customLong("disburse-to"),
        help: ArgumentHelp(
            "With --disburse: this 64-hex account identifier (default the controller's).", valueName: "ACCOUNT"))
    var disburseTo: String?

    @Flag(help: "Spawn a new neuron from the maturity.") var spawn = false

    @Option(help: ArgumentHelp("Split this many ICP off into a new neuron.", valueName: "ICP"))
    var split: String?

    @Option(
        name: .customLong("merge-from-neuron"), help: ArgumentHelp("Merge this neuron into NEURON.", valueName: "ID"))
    var mergeFromNeuron: UInt64?

    @Option(help: ArgumentHelp("Set the followees on this topic (0 = catch-all).", valueName: "TOPIC"))
    var follow: Int32?

    @Option(help: ArgumentHelp("With --follow: the neurons to follow, comma-separated.", valueName: "IDS"))
    var followees: String?

    @Option(help: ArgumentHelp("Vote on this proposal (adopt unless --reject).", valueName: "PROPOSAL"))
    var vote: UInt64?

    @Flag(help: "With --vote: reject the proposal.") var reject = false

    @Option(
        name: .customLong("add-hot-key"), help: ArgumentHelp("Add this principal as a hot key.", valueName: "PRINCIPAL")
    )
    var addHotKey: String?

    @Option(name: .customLong("remove-hot-key"), help: ArgumentHelp("Remove this hot key.", valueName: "PRINCIPAL"))
    var removeHotKey: String?

    @Option(
        name: .customLong("stake-maturity"),
        help: ArgumentHelp("Stake this percentage (1-100) of the maturity.", valueName: "PERCENT"))
    var stakeMaturity: UInt32?

    @Option(
        name: .customLong("auto-stake-maturity"),
        help: ArgumentHelp("Turn automatic staking of maturity on or off.", valueName: "on|off"))
    var autoStakeMaturity: String?

    @OptionGroup var output: RequestOutputOptions

    func validate() throws {
        if disburseAmount != nil || disburseTo != nil, !disburse {
            throw ValidationError("--disburse-amount and --disburse-to go with --disburse")
        }
        if followees != nil, follow == nil { throw ValidationError("--followees goes with --follow") }
        if reject, vote == nil { throw ValidationError("--reject goes with --vote") }
        if let stakeMaturity, !(1...100).contains(stakeMaturity) {
            throw ValidationError("--stake-maturity is a percentage, 1 to 100")
        }
        if let autoStakeMaturity, !["on", "off"].contains(autoStakeMaturity) {
            throw ValidationError("--auto-stake-maturity is on or off")
        }
    }

    static func principal(_ text: String, field: String) throws(ICPError) -> Principal {
        do { return try Principal(text: text) } catch { throw .malformed(field: field, reason: "\(error)") }
    }

    func operations() throws -> [ICPNeuronBuilder.Operation] {
        var out: [ICPNeuronBuilder.Operation] = []
        if let additionalDissolveDelay {
            out.append(
                .increaseDissolveDelay(
                    seconds: try ICPNeuronBuilder.delay(additionalDissolveDelay, field: "--additional-dissolve-delay")))
        }
        if startDissolving { out.append(.startDissolving) }
        if stopDissolving { out.append(.stopDissolving) }
        if disburse {
            let to = try disburseTo.map { (text: String) throws(ICPError) in
                do { return try ICPAccountIdentifier(hex: text) } catch {
                    throw .malformed(field: "--disburse-to", reason: "\(error)")
                }
            }
            let amount = try disburseAmount.map { (text: String) throws(ICPError) in
                guard let e8s = UInt64(exactly: try TokenAmount.parse(text, decimals: 8, field: "--disburse-amount"))
                else {
                    throw .malformed(field: "--disburse-amount", reason: "too large")
                }
                return e8s
            }
            out.append(.disburse(to: to, amountE8s: amount))
        }
        if spawn { out.append(.spawn(percentage: nil, newController: nil)) }
        if let split {
            let e8s = try TokenAmount.parse(split, decimals: 8, field: "--split")
            guard let value = UInt64(exactly: e8s) else {
                throw ICPError.malformed(field: "--split", reason: "too large")
            }
            out.append(.split(amountE8s: value))
        }
        if let mergeFromNeuron { out.append(.merge(sourceNeuron: mergeFromNeuron)) }
        if let follow {
            let ids = try (followees ?? "").split(separator: ",").map { (part: Substring) throws(ICPError) in
                guard let id = UInt64(part.trimmingCharacters(in: .whitespaces)) else {
                    throw .malformed(field: "--followees", reason: "\"\(part)\" is not a neuron id")
                }
                return id
            }
            out.append(.follow(topic: follow, followees: ids))
        }
        if let vote { out.append(.vote(proposal: vote, adopt: !reject)) }
        if let addHotKey { out.append(.addHotKey(try Self.principal(addHotKey, field: "--add-hot-key"))) }
        if let removeHotKey { out.append(.removeHotKey(try Self.principal(removeHotKey, field: "--remove-hot-key"))) }
        if let stakeMaturity { out.append(.stakeMaturity(percentage: stakeMaturity)) }
        if let autoStakeMaturity { out.append(.autoStakeMaturity(autoStakeMaturity == "on")) }
        return out
    }

    func run() throws {
        let operations = try operations()
        guard !operations.isEmpty else { throw ValidationError("give at least one operation (see --help)") }
        let calls = try operations.map { operation in
            (
                ICPBuiltinInterfaces.governanceCanister, "manage_neuron",
                try ICPNeuronBuilder.manage(neuron: neuron, operation)
            )
        }
        try ICPActions.issueCalls(
            from: from, calls, output: output, now: Int64(Date().timeIntervalSince1970),
            summary: "\(calls.count) manage_neuron request\(calls.count == 1 ? "" : "s") for neuron \(neuron)")
    }
}

struct ICPNeuronListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the neurons this account controls (a signed list_neurons call; send shows the reply).")

    @Option(help: ArgumentHelp("The controller: the principal of a watch-only ICP account.", valueName: "PRINCIPAL"))
    var from: String

    @OptionGroup var output: RequestOutputOptions

    func run() throws {
        try ICPActions.issueCalls(
            from: from, [(ICPBuiltinInterfaces.governanceCanister, "list_neurons", try ICPNeuronBuilder.listNeurons())],
            output: output, now: Int64(Date().timeIntervalSince1970),
            summary: "list_neurons of \(from)")
    }
}
