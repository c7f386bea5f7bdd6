import AirsignCandid
import AirsignEncoding
import AirsignMessages
import BigInt

/// One line saying what an NNS governance call does ("Start dissolving neuron 1234"), shown
/// above the argument tree. Read from the arguments as governance reads them (coerced to its
/// interface's types); a command this signer has no sentence for is named by its case.
struct NNSSummary {
    let format: ICPValueFormat

    func summary(method: String, arguments: [CandidValue]) -> String? {
        guard let argument = arguments.first else { return nil }
        switch method {
        case "manage_neuron", "simulate_manage_neuron":
            let text = manageNeuron(argument)
            return method == "manage_neuron" ? text : "Simulate (nothing changes): " + text
        case "claim_or_refresh_neuron_from_account":
            return
                "Claim or refresh the neuron staked with memo \(number(argument["memo"])) for controller \(principal(argument["controller"]) ?? "the caller")"
        case "list_neurons": return "List the neurons this key controls or may read (the reply shows them)"
        default: return nil
        }
    }

    private func caseOf(_ value: CandidValue?) -> (String, CandidValue)? {
        guard case let .variant(chosen)? = value else { return nil }
        let name = Self.caseNames.first { CandidLabel.hash($0) == chosen.id } ?? String(chosen.id)
        return (name, chosen.value)
    }

    static let caseNames = [
        "Spawn", "Split", "Follow", "ClaimOrRefresh", "Configure", "RegisterVote", "Merge", "DisburseToNeuron",
        "MakeProposal",
        "StakeMaturity", "MergeMaturity", "Disburse", "RefreshVotingPower", "DisburseMaturity", "SetFollowing",
        "RemoveHotKey",
        "AddHotKey", "ChangeAutoStakeMaturity", "StopDissolving", "StartDissolving", "IncreaseDissolveDelay",
        "SetVisibility",
        "JoinCommunityFund", "LeaveCommunityFund", "SetDissolveTimestamp", "NeuronId", "Subaccount",
        "MemoAndController", "Memo",
        "NeuronIdOrSubaccount",
    ]

    private func some(_ value: CandidValue?) -> CandidValue? {
        if case let .opt(inner)? = value { return inner }
        return value
    }

    private func number(_ value: CandidValue?) -> String {
        switch some(value) {
        case let .nat64(n)?: return String(n)
        case let .nat32(n)?: return String(n)
        case let .nat(n)?: return String(n)
        default: return "(none)"
        }
    }

    private func principal(_ value: CandidValue?) -> String? {
        guard case let .principal(p)? = some(value) else { return nil }
        return format.describe(p.text)
    }

    private func neuronID(_ value: CandidValue?) -> String? {
        guard case let .nat64(id)? = some(value)?["id"] else { return nil }
        return "neuron \(id)"
    }

    private func e8s(_ value: CandidValue?) -> String? {
        guard case let .nat64(n)? = some(value) ?? nil else { return nil }
        return format.amount(BigUInt(n))
    }

    private func e8sUnits(_ value: CandidValue?) -> BigUInt? {
        guard case let .nat64(n)? = some(value) ?? nil else { return nil }
        return BigUInt(n)
    }

    /// The neuron a `ManageNeuronRequest` names.
    private func neuron(_ argument: CandidValue) -> String {
        if let (kind, value) = caseOf(some(argument["neuron_id_or_subaccount"])) {
            if kind == "NeuronId", let id = neuronID(value) { return id }
            if case let .blob(bytes) = value { return "the neuron with subaccount \(Hex.encode(bytes))" }
        }
        return neuronID(argument["id"]) ?? "(no neuron given)"
    }

    private func manageNeuron(_ argument: CandidValue) -> String {
        let neuron = neuron(argument)
        guard let (command, body) = caseOf(some(argument["command"])) else {
            return "Manage \(neuron), with no command"
        }
        switch command {
        case "Configure":
            guard let (operation, detail) = caseOf(some(body["operation"])) else {
                return "Configure \(neuron), with no operation"
            }
            return configure(operation, detail, neuron)
        case "Disburse":
            let amount = some(body["amount"]).flatMap { e8s($0["e8s"]) } ?? "the whole stake"
            let to =
                some(body["to_account"]).flatMap { v -> String? in
                    guard case let .blob(bytes)? = v["hash"] else { return nil }
                    return format.accountIdentifier(bytes)
                } ?? "the controller's account"
            return "Disburse \(amount) of \(neuron) to \(to)"
        case "Spawn":
            let share = some(body["percentage_to_spawn"]).map { "\(number($0))%" } ?? "all"
            let controller =
                principal(body["new_controller"]).map { ", controlled by \($0)" }
                ?? ", controlled by the same controller"
            return "Spawn a new neuron from \(share) of \(neuron)'s maturity\(controller)"
        case "Split": return "Split \(e8s(body["amount_e8s"]) ?? "?") off \(neuron) into a new neuron"
        case "Follow":
            guard case let .int32(topic)? = body["topic"], case let .vec(list)? = body["followees"] else {
                return "Set the followees of \(neuron)"
            }
            let names = list.compactMap(neuronID)
            let on = "on \(NNSNames.topic(topic))"
            return names.isEmpty
                ? "Stop \(neuron) following anyone \(on)"
                : "Set \(neuron) to follow \(names.joined(separator: ", ")) \(on)"
        case "RegisterVote":
            guard case let .int32(vote)? = body["vote"] else { return "Vote with \(neuron)" }
            let proposal =
                some(body["proposal"]).flatMap { v -> String? in
                    guard case let .nat64(id)? = v["id"] else { return nil }
                    return "proposal \(id)"
                } ?? "(no proposal given)"
            return "Vote \(NNSNames.vote(vote)) on \(proposal) with \(neuron)"
        case "Merge": return "Merge \(neuronID(body["source_neuron_id"]) ?? "(no neuron given)") into \(neuron)"
        case "StakeMaturity":
            return
                "Stake \(some(body["percentage_to_stake"]).map { "\(number($0))%" } ?? "all") of \(neuron)'s maturity"
        case "DisburseMaturity":
            let to: String
            if let account = some(body["to_account"]), case let .record(fields) = account,
                let text = format.account(fields)
            {
                to = text
            } else {
                to = "the controller's account"
            }
            return "Disburse \(number(body["percentage_to_disburse"]))% of \(neuron)'s maturity to \(to)"
        case "DisburseToNeuron":
            return
                "Disburse \(e8s(body["amount_e8s"]) ?? "?") of \(neuron) into a new neuron controlled by \(principal(body["new_controller"]) ?? "the same controller")"
        case "ClaimOrRefresh":
            guard let (by, detail) = caseOf(some(body["by"])) else { return "Claim or refresh \(neuron)" }
            switch by {
            case "MemoAndController":
                return
                    "Claim or refresh the neuron staked with memo \(number(detail["memo"])) for controller \(principal(detail["controller"]) ?? "the caller")"
            case "Memo": return "Claim or refresh the caller's neuron staked with memo \(number(detail))"
            default: return "Refresh the stake of \(neuron)"
            }
        case "RefreshVotingPower": return "Refresh the voting power of \(neuron)"
        case "MakeProposal":
            return "Make a proposal with \(neuron)"
                + (some(body["title"]).flatMap { v -> String? in
                    guard case let .text(title) = v else { return nil }
                    return ": " + CandidText.quoted(String(title.prefix(120)))
                } ?? "")
        case "SetFollowing": return "Set the followees of \(neuron) on several topics"
        default: return "\(command) on \(neuron)"
        }
    }

    private func configure(_ operation: String, _ detail: CandidValue, _ neuron: String) -> String {
        switch operation {
        case "IncreaseDissolveDelay":
            guard case let .nat32(seconds)? = detail["additional_dissolve_delay_seconds"] else {
                return "Increase the dissolve delay of \(neuron)"
            }
            return "Increase the dissolve delay of \(neuron) by \(ICPDuration.text(seconds: UInt64(seconds)))"
        case "StartDissolving": return "Start dissolving \(neuron)"
        case "StopDissolving": return "Stop dissolving \(neuron)"
        case "AddHotKey": return "Add hot key \(principal(detail["new_hot_key"]) ?? "(none given)") to \(neuron)"
        case "RemoveHotKey":
            return "Remove hot key \(principal(detail["hot_key_to_remove"]) ?? "(none given)") from \(neuron)"
        case "SetDissolveTimestamp":
            guard case let .nat64(seconds)? = detail["dissolve_timestamp_seconds"] else {
                return "Set when \(neuron) dissolves"
            }
            return "Set \(neuron) to be dissolved at \(ICPTime.utc(seconds: Int64(clamping: seconds)))"
        case "JoinCommunityFund": return "Join the Neurons' Fund with \(neuron)"
        case "LeaveCommunityFund": return "Leave the Neurons' Fund with \(neuron)"
        case "ChangeAutoStakeMaturity":
            guard case let .bool(on)? = detail["requested_setting_for_auto_stake_maturity"] else {
                return "Change \(neuron)'s automatic staking of maturity"
            }
            return "Turn \(on ? "on" : "off") automatic staking of maturity for \(neuron)"
        case "SetVisibility":
            guard case let .int32(v)? = some(detail["visibility"]) else { return "Change the visibility of \(neuron)" }
            return "Make \(neuron) \(NNSNames.visibility(v))"
        default: return "\(operation) on \(neuron)"
        }
    }
}

extension NNSSummary {
    /// Governance commands that move, lock or grant nothing beyond their own neuron's settings.
    static let inertCommands: Set<String> = [
        "RegisterVote", "StartDissolving", "StopDissolving", "IncreaseDissolveDelay", "SetDissolveTimestamp",
        "ChangeAutoStakeMaturity",
        "StakeMaturity", "RefreshVotingPower", "SetVisibility", "JoinCommunityFund", "LeaveCommunityFund",
        "ClaimOrRefresh", "Split",
        // Governance merges only neurons of the same controller; a proposal's fee is paid by
        // the neuron's stake only if it is rejected, and stays with governance otherwise.
        "Merge", "MakeProposal",
    ]

    /// What an NNS governance call lets happen, read from the same coerced arguments as its
    /// summary: disbursements to an account (labelled), hot keys and followees granted or
    /// removed; any other command is an unknown effect. `icp` is the ICP asset.
    func effects(method: String, arguments: [CandidValue], icp: Asset, warnings: inout [String]) -> [Effect] {
        switch method {
        case "list_neurons", "claim_or_refresh_neuron_from_account", "simulate_manage_neuron": return []
        case "manage_neuron": break
        // Governance's get_… and list_… methods read state and change none (its interface
        // marks them query; as an update call they still only answer).
        case _ where method.hasPrefix("get_") || method.hasPrefix("list_"): return []
        default: return [.unknown(what: "governance's \(method): the signer does not know what it moves or grants")]
        }
        guard let argument = arguments.first, let (command, body) = caseOf(some(argument["command"])) else {
            return [.unknown(what: "a manage_neuron call with no command the signer reads")]
        }
        let neuron = neuron(argument)
        var name = command
        var detail = body
        if command == "Configure", let (operation, inner) = caseOf(some(body["operation"])) {
            name = operation
            detail = inner
        }
        if Self.inertCommands.contains(name) { return [] }
        switch name {
        case "Disburse":
            let stated = some(body["amount"]).flatMap { v -> BigUInt? in
                guard case let .nat64(n)? = some(v["e8s"]) else { return nil }
                return BigUInt(n)
            }
            let to =
                some(body["to_account"]).flatMap { v -> String? in
                    guard case let .blob(bytes)? = v["hash"] else { return nil }
                    return format.accountIdentifier(bytes)
                } ?? "the controller's account"
            let amount =
                stated.map { AssetAmount(asset: icp, amount: $0) }
                ?? AssetAmount(asset: icp, amount: 0, unstated: ["the whole stake of \(neuron)"])
            return [.outflow(Outflow(amount, from: neuron, to: to))]
        case "AddHotKey":
            return [
                .control(
                    ControlChange(
                        "adds a hot key of \(neuron) (it may vote and follow for it)",
                        party: principal(detail["new_hot_key"]) ?? "(none given)", granted: true))
            ]
        case "RemoveHotKey":
            return [
                .control(
                    ControlChange(
                        "removes a hot key of \(neuron)",
                        party: principal(detail["hot_key_to_remove"]) ?? "(none given)", granted: false))
            ]
        case "Spawn":
            guard let controller = principal(body["new_controller"]) else { return [] }
            return [
                .control(
                    ControlChange(
                        "gives a new neuron spawned from the maturity of \(neuron)", party: controller, granted: true))
            ]
        case "DisburseToNeuron":
            let amount =
                e8sUnits(body["amount_e8s"]).map { AssetAmount(asset: icp, amount: $0) }
                ?? AssetAmount(asset: icp, amount: 0, unstated: ["an amount the signer cannot read"])
            return [
                .outflow(
                    Outflow(
                        amount, from: neuron,
                        to: "a new neuron controlled by \(principal(body["new_controller"]) ?? "the same controller")"))
            ]
        case "DisburseMaturity":
            var to = "the controller's account"
            if let account = some(body["to_account"]), case let .record(fields) = account,
                let text = format.account(fields)
            {
                to = text
            }
            return [
                .outflow(
                    Outflow(
                        AssetAmount(
                            asset: icp, amount: 0,
                            unstated: [
                                "\(number(body["percentage_to_disburse"]))% of the maturity of \(neuron), minted as ICP"
                            ]),
                        from: neuron, to: to))
            ]
        case "SetFollowing":
            return [
                .control(
                    ControlChange(
                        "sets whom \(neuron) follows on several topics (see the lines above)", party: nil, granted: true
                    ))
            ]
        case "Follow":
            guard case let .int32(topic)? = body["topic"], case let .vec(list)? = body["followees"] else {
                return [.unknown(what: "a Follow command the signer cannot read")]
            }
            let names = list.compactMap(neuronID)
            if topic == 0, !names.isEmpty {
                warnings.append(
                    "topic 0 is the catch-all: \(names.joined(separator: ", ")) will decide \(neuron)'s vote on every topic that has no followees of its own"
                )
            }
            return [
                .control(
                    ControlChange(
                        names.isEmpty
                            ? "stops \(neuron) following anyone on \(NNSNames.topic(topic))"
                            : "gives the votes of \(neuron) on \(NNSNames.topic(topic))",
                        party: names.isEmpty ? nil : names.joined(separator: ", "),
                        granted: !names.isEmpty))
            ]
        default:
            return [
                .unknown(what: "governance's \(name) on \(neuron): the signer does not count what it moves or grants")
            ]
        }
    }
}
