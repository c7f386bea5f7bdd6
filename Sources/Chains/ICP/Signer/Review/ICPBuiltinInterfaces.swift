import AirsignCandid
import AirsignEncoding

/// The canisters whose interfaces the signer has built in (Interfaces/*.swift, generated from
/// interfaces/icp/*.did by scripts/gen-icp-interfaces, each naming its source): the ICP ledger, the chain-key tokens' ICRC ledgers, NNS governance and the cycles
/// minting canister. A call to one of them is shown with the interface's names and, where the
/// review knows what a type means (an amount, an account, a neuron id), in those terms.
public enum ICPBuiltinInterfaces {
    /// Methods of the built-in interfaces that read or move nothing when called as an update
    /// (balances, metadata, fees, lookups): known, with no effect.
    static let inertMethods: Set<String> = [
        "account_balance", "account_balance_dfx", "account_identifier", "transfer_fee", "symbol", "name", "decimals",
        "query_blocks",
        "query_encoded_blocks", "archives", "icrc1_balance_of", "icrc1_fee", "icrc1_metadata", "icrc1_name",
        "icrc1_symbol",
        "icrc1_decimals", "icrc1_total_supply", "icrc1_minting_account", "icrc1_supported_standards", "icrc2_allowance",
        "icrc10_supported_standards", "get_blocks", "get_transactions", "get_data_certificate",
        "get_icp_xdr_conversion_rate",
        "get_subnet_types_to_subnets", "get_default_subnets",
        "get_principals_authorized_to_create_canisters_to_subnets",
        "get_build_metadata", "notify_top_up", "notify_mint_cycles", "notify_create_canister", "get_neuron_info",
        "get_full_neuron", "get_proposal_info", "list_proposals", "get_network_economics_parameters",
    ]

    /// What the interface is, for the review's formatting.
    public enum Kind: Sendable, Equatable {
        case ledger(ICPLedger)
        case governance
        case cyclesMinting
    }

    /// One canister the signer knows.
    public struct Known: Sendable {
        public let canister: Principal
        /// "the ICP ledger", "NNS governance".
        public let name: String
        public let kind: Kind
        public let interface: CandidInterface
        /// quill's `role` for messages to it (it picks the interface `quill send` shows).
        public let role: String?
    }

    /// NNS governance, `rrkah-fqaaa-aaaaa-aaaaq-cai`.
    public static let governanceCanister = fixed("rrkah-fqaaa-aaaaa-aaaaq-cai")
    /// The cycles minting canister, `rkp4c-7iaaa-aaaaa-aaaca-cai`.
    public static let cyclesMintingCanister = fixed("rkp4c-7iaaa-aaaaa-aaaca-cai")

    static func fixed(_ text: String) -> Principal {
        guard let principal = try? Principal(text: text) else { preconditionFailure("a fixed canister id") }
        return principal
    }

    /// The parsed interfaces (a built-in text that failed to parse would leave its canister
    /// unknown, so its calls need --blind; the tests parse every one).
    static let parsed: [String: CandidInterface] = {
        var out: [String: CandidInterface] = [:]
        for (name, text) in [
            ("icp", icpLedger), ("icrc", icrcLedger), ("governance", governance), ("cmc", cyclesMinting),
        ] {
            out[name] = try? CandidInterface(parsing: text, origin: "built-in \(name) interface")
        }
        return out
    }()

    public static let all: [Known] = {
        var out: [Known] = []
        for ledger in ICPLedger.known {
            let key = ledger.kind == .icp ? "icp" : "icrc"
            if let interface = parsed[key] {
                let name = ledger.kind == .icp ? "the ICP ledger" : "the \(ledger.symbol) ledger (ICRC-1)"
                out.append(
                    Known(
                        canister: ledger.canister, name: name, kind: .ledger(ledger), interface: interface,
                        role: ledger.role))
            }
        }
        if let interface = parsed["governance"] {
            out.append(
                Known(
                    canister: governanceCanister, name: "NNS governance", kind: .governance, interface: interface,
                    role: "nns:governance"))
        }
        if let interface = parsed["cmc"] {
            out.append(
                Known(
                    canister: cyclesMintingCanister, name: "the cycles minting canister", kind: .cyclesMinting,
                    interface: interface, role: nil))
        }
        return out
    }()

    public static func known(_ canister: Principal) -> Known? { all.first { $0.canister == canister } }

    /// Whether every built-in interface text parsed (checked by the tests).
    static var allParse: Bool { parsed.count == 4 }
}
