import AirsignEncoding
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
            return "Claim or refresh the neuron staked with memo \(number(argument["memo"])) for controller \(principal(argument["controller"]) ?? "the caller")"
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
        "Spawn", "Split", "Follow", "ClaimOrRefresh", "Configure", "RegisterVote", "Merge", "DisburseToNeuron", "MakeProposal",
        "StakeMaturity", "MergeMaturity", "Disburse", "RefreshVotingPower", "DisburseMaturity", "SetFollowing", "RemoveHotKey",
        "AddHotKey", "ChangeAutoStakeMaturity", "StopDissolving", "StartDissolving", "IncreaseDissolveDelay", "SetVisibility",
        "JoinCommunityFund", "LeaveCommunityFund", "SetDissolveTimestamp", "NeuronId", "Subaccount", "MemoAndController", "Memo",
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
        guard let (command, body) = caseOf(some(argument["command"])) else { return "Manage \(neuron), with no command" }
        switch command {
        case "Configure":
            guard let (operation, detail) = caseOf(some(body["operation"])) else { return "Configure \(neuron), with no operation" }
            return configure(operation, detail, neuron)
        case "Disburse":
            let amount = some(body["amount"]).flatMap { e8s($0["e8s"]) } ?? "the whole stake"
            let to = some(body["to_account"]).flatMap { v -> String? in
                guard case let .blob(bytes)? = v["hash"] else { return nil }
                return format.accountIdentifier(bytes)
            } ?? "the controller's account"
            return "Disburse \(amount) of \(neuron) to \(to)"
        case "Spawn":
            let share = some(body["percentage_to_spawn"]).map { "\(number($0))%" } ?? "all"
            let controller = principal(body["new_controller"]).map { ", controlled by \($0)" } ?? ", controlled by the same controller"
            return "Spawn a new neuron from \(share) of \(neuron)'s maturity\(controller)"
        case "Split": return "Split \(e8s(body["amount_e8s"]) ?? "?") off \(neuron) into a new neuron"
        case "Follow":
            guard case let .int32(topic)? = body["topic"], case let .vec(list)? = body["followees"] else { return "Set the followees of \(neuron)" }
            let names = list.compactMap(neuronID)
            let on = "on \(NNSNames.topic(topic))"
            return names.isEmpty ? "Stop \(neuron) following anyone \(on)" : "Set \(neuron) to follow \(names.joined(separator: ", ")) \(on)"
        case "RegisterVote":
            guard case let .int32(vote)? = body["vote"] else { return "Vote with \(neuron)" }
            let proposal = some(body["proposal"]).flatMap { v -> String? in
                guard case let .nat64(id)? = v["id"] else { return nil }
                return "proposal \(id)"
            } ?? "(no proposal given)"
            return "Vote \(NNSNames.vote(vote)) on \(proposal) with \(neuron)"
        case "Merge": return "Merge \(neuronID(body["source_neuron_id"]) ?? "(no neuron given)") into \(neuron)"
        case "StakeMaturity":
            return "Stake \(some(body["percentage_to_stake"]).map { "\(number($0))%" } ?? "all") of \(neuron)'s maturity"
        case "DisburseMaturity":
            let to: String
            if let account = some(body["to_account"]), case let .record(fields) = account, let text = format.account(fields) {
                to = text
            } else {
                to = "the controller's account"
            }
            return "Disburse \(number(body["percentage_to_disburse"]))% of \(neuron)'s maturity to \(to)"
        case "DisburseToNeuron":
            return "Disburse \(e8s(body["amount_e8s"]) ?? "?") of \(neuron) into a new neuron controlled by \(principal(body["new_controller"]) ?? "the same controller")"
        case "ClaimOrRefresh":
            guard let (by, detail) = caseOf(some(body["by"])) else { return "Claim or refresh \(neuron)" }
            switch by {
            case "MemoAndController":
                return "Claim or refresh the neuron staked with memo \(number(detail["memo"])) for controller \(principal(detail["controller"]) ?? "the caller")"
            case "Memo": return "Claim or refresh the caller's neuron staked with memo \(number(detail))"
            default: return "Refresh the stake of \(neuron)"
            }
        case "RefreshVotingPower": return "Refresh the voting power of \(neuron)"
        case "MakeProposal": return "Make a proposal with \(neuron)" + (some(body["title"]).flatMap { v -> String? in
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
            guard case let .nat32(seconds)? = detail["additional_dissolve_delay_seconds"] else { return "Increase the dissolve delay of \(neuron)" }
            return "Increase the dissolve delay of \(neuron) by \(ICPDuration.text(seconds: UInt64(seconds)))"
        case "StartDissolving": return "Start dissolving \(neuron)"
        case "StopDissolving": return "Stop dissolving \(neuron)"
        case "AddHotKey": return "Add hot key \(principal(detail["new_hot_key"]) ?? "(none given)") to \(neuron)"
        case "RemoveHotKey": return "Remove hot key \(principal(detail["hot_key_to_remove"]) ?? "(none given)") from \(neuron)"
        case "SetDissolveTimestamp":
            guard case let .nat64(seconds)? = detail["dissolve_timestamp_seconds"] else { return "Set when \(neuron) dissolves" }
            return "Set \(neuron) to be dissolved at \(ICPTime.utc(seconds: Int64(clamping: seconds)))"
        case "JoinCommunityFund": return "Join the Neurons' Fund with \(neuron)"
        case "LeaveCommunityFund": return "Leave the Neurons' Fund with \(neuron)"
        case "ChangeAutoStakeMaturity":
            guard case let .bool(on)? = detail["requested_setting_for_auto_stake_maturity"] else { return "Change \(neuron)'s automatic staking of maturity" }
            return "Turn \(on ? "on" : "off") automatic staking of maturity for \(neuron)"
        case "SetVisibility":
            guard case let .int32(v)? = some(detail["visibility"]) else { return "Change the visibility of \(neuron)" }
            return "Make \(neuron) \(NNSNames.visibility(v))"
        default: return "\(operation) on \(neuron)"
        }
    }
}
