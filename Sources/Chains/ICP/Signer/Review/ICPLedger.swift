import AirsignEncoding

/// A token ledger canister the signer recognises by its id, so its transfers can be shown as
/// amounts of a named token.
public struct ICPLedger: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The ICP ledger: legacy `transfer` and `icrc1_transfer`.
        case icp
        /// An ICRC-1 ledger: `icrc1_transfer`.
        case icrc1
    }

    public let canister: Principal
    public let symbol: String
    public let decimals: Int
    public let kind: Kind

    /// quill's `role` for messages to this ledger (it picks the interface `quill send` shows).
    public var role: String { kind == .icp ? "nns:ledger" : "icrc1:ledger" }

    static func make(_ text: String, _ symbol: String, _ decimals: Int, _ kind: Kind) -> ICPLedger {
        guard let canister = try? Principal(text: text) else { preconditionFailure("a fixed canister id") }
        return ICPLedger(canister: canister, symbol: symbol, decimals: decimals, kind: kind)
    }

    /// `ryjl3-tyaaa-aaaaa-aaaba-cai`.
    public static let icp = make("ryjl3-tyaaa-aaaaa-aaaba-cai", "ICP", 8, .icp)

    /// The ledgers the review names: ICP, and the chain-key tokens' ICRC-1 ledgers on mainnet.
    public static let known: [ICPLedger] = [
        icp,
        make("mxzaz-hqaaa-aaaar-qaada-cai", "ckBTC", 8, .icrc1),
        make("ss2fx-dyaaa-aaaar-qacoq-cai", "ckETH", 18, .icrc1),
    ]

    public static func known(_ canister: Principal) -> ICPLedger? { known.first { $0.canister == canister } }
}
