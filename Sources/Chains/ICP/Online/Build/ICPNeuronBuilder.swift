import AirsignCandid
import AirsignEncoding
import AirsignICP

/// NNS governance calls as quill builds them, written as Candid text and encoded through the
/// built-in governance interface (so every argument is type-checked against governance.did):
/// the claim after a stake transfer, `manage_neuron` operations, `list_neurons`.
public enum ICPNeuronBuilder {
    /// One `manage_neuron` operation on a neuron.
    public enum Operation: Sendable, Equatable {
        case increaseDissolveDelay(seconds: UInt32)
        case startDissolving, stopDissolving
        /// Disburse `amount` e8s (nil: all) to an account identifier (nil: the controller's).
        case disburse(to: ICPAccountIdentifier?, amountE8s: UInt64?)
        case spawn(percentage: UInt32?, newController: Principal?)
        case split(amountE8s: UInt64)
        case merge(sourceNeuron: UInt64)
        /// Follow `followees` on `topic` (empty: follow nobody).
        case follow(topic: Int32, followees: [UInt64])
        case vote(proposal: UInt64, adopt: Bool)
        case addHotKey(Principal), removeHotKey(Principal)
        case stakeMaturity(percentage: UInt32?)
        case autoStakeMaturity(Bool)
    }

    static func governance() throws(ICPError) -> CandidInterface {
        guard let known = ICPBuiltinInterfaces.known(ICPBuiltinInterfaces.governanceCanister) else {
            throw .builtinInterface("governance")
        }
        return known.interface
    }

    /// `text` as `method`'s arguments in the governance interface, Candid's refusal as ICP's.
    static func governanceArguments(of method: String, text: String) throws(ICPError) -> [UInt8] {
        let interface = try governance()
        return try ICPError.catchingCandid { () throws(CandidError) in
            try interface.encodeArguments(of: method, text: text, origin: method)
        }
    }

    /// `opt (x)`, parenthesized so an annotation inside binds to the content, not the option.
    static func opt(_ text: String?) -> String { text.map { "opt (\($0))" } ?? "null" }

    static func configure(_ operation: String) -> String {
        "Configure = record { operation = opt variant { \(operation) } }"
    }

    /// The command variant of `operation`, as Candid text.
    static func command(_ operation: Operation) -> String {
        switch operation {
        case let .increaseDissolveDelay(seconds):
            return configure(
                "IncreaseDissolveDelay = record { additional_dissolve_delay_seconds = \(seconds) : nat32 }")
        case .startDissolving: return configure("StartDissolving = record {}")
        case .stopDissolving: return configure("StopDissolving = record {}")
        case let .disburse(to, amount):
            return
                "Disburse = record { to_account = \(opt(to.map { "record { hash = blob \"\(blobText($0.bytes))\" }" })); amount = \(opt(amount.map { "record { e8s = \($0) : nat64 }" })) }"
        case let .spawn(percentage, controller):
            return
                "Spawn = record { percentage_to_spawn = \(opt(percentage.map { "\($0) : nat32" })); new_controller = \(opt(controller.map { "principal \"\($0.text)\"" })); nonce = null }"
        case let .split(amount): return "Split = record { amount_e8s = \(amount) : nat64; memo = null }"
        case let .merge(source): return "Merge = record { source_neuron_id = opt record { id = \(source) : nat64 } }"
        case let .follow(topic, followees):
            return
                "Follow = record { topic = \(topic) : int32; followees = vec { \(followees.map { "record { id = \($0) : nat64 }" }.joined(separator: "; ")) } }"
        case let .vote(proposal, adopt):
            return
                "RegisterVote = record { vote = \(adopt ? 1 : 2) : int32; proposal = opt record { id = \(proposal) : nat64 } }"
        case let .addHotKey(key): return configure("AddHotKey = record { new_hot_key = opt principal \"\(key.text)\" }")
        case let .removeHotKey(key):
            return configure("RemoveHotKey = record { hot_key_to_remove = opt principal \"\(key.text)\" }")
        case let .stakeMaturity(percentage):
            return "StakeMaturity = record { percentage_to_stake = \(opt(percentage.map { "\($0) : nat32" })) }"
        case let .autoStakeMaturity(on):
            return configure("ChangeAutoStakeMaturity = record { requested_setting_for_auto_stake_maturity = \(on) }")
        }
    }

    static func blobText(_ bytes: [UInt8]) -> String { bytes.map { "\\" + Hex.encode([$0]) }.joined() }

    /// `manage_neuron`'s arguments for `operation` on neuron `neuron`.
    public static func manage(neuron: UInt64, _ operation: Operation) throws(ICPError) -> [UInt8] {
        try governanceArguments(
            of: "manage_neuron",
            text:
                "(record { id = null; neuron_id_or_subaccount = opt variant { NeuronId = record { id = \(neuron) : nat64 } }; command = opt variant { \(command(operation)) } })"
        )
    }

    /// The claim of a neuron staked by `controller` with memo `nonce` (after the transfer to its
    /// staking account): `manage_neuron` ClaimOrRefresh by MemoAndController, as quill sends it.
    public static func claim(controller: Principal, nonce: UInt64) throws(ICPError) -> [UInt8] {
        try governanceArguments(
            of: "manage_neuron",
            text:
                "(record { id = null; neuron_id_or_subaccount = null; command = opt variant { ClaimOrRefresh = record { by = opt variant { MemoAndController = record { memo = \(nonce) : nat64; controller = opt principal \"\(controller.text)\" } } } } })"
        )
    }

    /// `list_neurons` of the caller's neurons (quill's `list-neurons`).
    public static func listNeurons() throws(ICPError) -> [UInt8] {
        try governanceArguments(
            of: "list_neurons", text: "(record { neuron_ids = vec {}; include_neurons_readable_by_caller = true })")
    }

    /// A dissolve delay: `N` seconds, or with a unit `s`, `m` (minutes), `h`, `d`, `y`
    /// (365.25 days, as governance counts a year), e.g. `6y`, `180d`.
    public static func delay(_ text: String, field: String) throws(ICPError) -> UInt32 {
        let units: [(Character, UInt64)] = [("s", 1), ("m", 60), ("h", 3600), ("d", 86400), ("y", 31_557_600)]
        var digits = Substring(text)
        var unit: UInt64 = 1
        if let last = text.last, let u = units.first(where: { $0.0 == last }) {
            unit = u.1
            digits = text.dropLast()
        }
        guard let number = UInt64(digits) else {
            throw .malformed(field: field, reason: "\"\(text)\" is not a duration such as 6y, 180d or 15778800")
        }
        let (seconds, overflow) = number.multipliedReportingOverflow(by: unit)
        guard !overflow, seconds > 0, let value = UInt32(exactly: seconds) else {
            throw .malformed(field: field, reason: "\(text) is not between 1 second and 136 years")
        }
        return value
    }
}
