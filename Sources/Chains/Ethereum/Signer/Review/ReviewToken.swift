import AirsignKeys
import AirsignMessages
import BigInt

/// An ERC-20 token as a review speaks of it: the contract named by the signed bytes, and what
/// the signer's own list says of it. Every line that uses the list's symbol or decimals is
/// marked as coming from the signer's table; a token the list lacks is shown in exact base
/// units and said to be unknown.
struct ReviewToken {
    /// Nil only for a permit whose domain does not name its token.
    let contract: EthereumAddress?
    let known: KnownToken?
    /// Whether `known` comes from the person's installed list rather than the built-in one.
    let installed: Bool
    /// `eip155:<chainId>`, for the asset of a total.
    let network: String

    init(contract: EthereumAddress?, chainId: BigUInt, knowledge: EthereumKnowledge = .none) {
        self.contract = contract
        let found = contract.flatMap { knowledge.token(chainId: chainId, contract: $0) }
        known = found?.token
        installed = found?.installed ?? false
        network = "eip155:\(chainId)"
    }

    /// The symbol as shown: look-alikes escaped (`SafeName`).
    private var symbol: String { known.map { SafeName.shown($0.symbol) } ?? "" }

    /// "USDC (USDCoin, 6 decimals)", or that the list does not have it.
    func line(level: Int = 0) -> ReviewLine {
        guard let known else {
            return ReviewLine(
                "token", "\(contractText), not in the signer's token list: amounts in base units", level: level,
                source: .signerTable)
        }
        let list = installed ? ", from your installed token list" : ""
        return ReviewLine(
            "token", "\(symbol) (\(SafeName.shown(known.name)), \(known.decimals) decimals\(list))", level: level,
            source: .signerTable)
    }

    /// What an approval names: "USDC (0xA0b8…eB48)", "token 0x… (not in the signer's token list)".
    var assetName: String {
        guard known != nil else { return "token \(contractText) (not in the signer's token list)" }
        return "\(symbol) (\(contractText))"
    }

    private var contractText: String { contract?.checksummed ?? "(no contract named)" }

    /// "12.5 USDC (12500000 base units)" from the list, or "12500000 base units".
    func amountLine(_ label: String, _ amount: BigUInt, level: Int = 0) -> ReviewLine {
        guard let known else { return ReviewLine(label, "\(amount) base units", level: level) }
        return ReviewLine(
            label, "\(AmountFormat.decimal(amount, decimals: known.decimals)) \(symbol) (\(amount) base units)",
            level: level, source: .signerTable)
    }

    /// "Unlimited USDC (2^256 − 2 base units)", "1000 USDC (1000000000 base units)", or the
    /// same in base units alone for a token the list lacks.
    func allowanceLine(_ label: String, _ amount: BigUInt, level: Int = 0) -> ReviewLine {
        guard Allowance.isUnlimited(amount) else { return amountLine(label, amount, level: level) }
        guard known != nil else {
            return ReviewLine(label, "Unlimited (\(Allowance.baseUnits(amount)) base units)", level: level)
        }
        return ReviewLine(
            label, "Unlimited \(symbol) (\(Allowance.baseUnits(amount)) base units)", level: level, source: .signerTable
        )
    }

    /// The right `amount` gives `spender` (already labelled); `prefix` marks an increase ("+").
    func approval(_ amount: BigUInt, spender: String, prefix: String = "", maybeTokenId: Bool = false) -> Approval {
        let unlimited = Allowance.isUnlimited(amount)
        let allowance: String
        if unlimited {
            allowance = "Unlimited"
        } else if let known {
            allowance = prefix + AmountFormat.decimal(amount, decimals: known.decimals)
        } else if maybeTokenId {
            allowance = "\(prefix)\(amount) base units or ERC-721 token id of"
        } else {
            allowance = "\(prefix)\(amount) base units of"
        }
        return Approval(asset: assetName, spender: spender, allowance: allowance, isUnlimited: unlimited)
    }

    /// The warning an unlimited allowance gets.
    func unlimitedWarning(spender: String) -> String {
        "UNLIMITED approval: \(spender) may take all of this account's \(assetName), now and later, until the approval is revoked or expires"
    }

    /// Whole tokens from which a limited allowance is called very large: a billion, more than
    /// nearly any holding, so such an allowance is unlimited in all but name.
    static let veryLargeWholeTokens = BigUInt(1_000_000_000)

    /// The warnings an allowance of `amount` to `spender` gets: unlimited, or very large (a
    /// billion whole tokens or more of a token whose decimals the signer knows).
    func allowanceWarnings(_ amount: BigUInt, spender: String) -> [String] {
        if Allowance.isUnlimited(amount) { return [unlimitedWarning(spender: spender)] }
        if let known, amount >= Self.veryLargeWholeTokens * BigUInt(10).power(known.decimals) {
            return [
                "VERY LARGE approval: \(spender) may take up to \(AmountFormat.decimal(amount, decimals: known.decimals)) \(symbol), a billion or more whole tokens"
            ]
        }
        return []
    }

    /// `amount` leaving the account, for the batch total: in the token's units when the list
    /// knows it, else in base units of the contract (its decimals are unknown, but it still
    /// leaves).
    /// `maybeTokenId`: the call's selector is shared with ERC-721 (`transferFrom`, `approve`),
    /// so for a contract the list lacks the number may be an NFT's id rather than an amount.
    func total(_ amount: BigUInt, maybeTokenId: Bool = false) -> AssetAmount {
        let id = contract?.checksummed ?? "?"
        guard let known else {
            let symbol = maybeTokenId ? "base units or ERC-721 token id of \(id)" : "base units of token \(id)"
            return AssetAmount(
                asset: Asset(chain: ChainID(Chain.ethereum), network: network, id: id, symbol: symbol, decimals: 0),
                amount: amount)
        }
        return AssetAmount(
            asset: Asset(
                chain: ChainID(Chain.ethereum), network: network, id: id, symbol: symbol, decimals: known.decimals),
            amount: amount)
    }

    /// The amount line of a call whose selector ERC-721 shares: for a contract the list lacks,
    /// the number may be a token id (ERC-721 `transferFrom` moves that one NFT, `approve` lets
    /// the spender take it), and the review says so rather than calling it an amount.
    func amountOrTokenIdLine(_ label: String, _ amount: BigUInt, level: Int = 0) -> ReviewLine {
        guard known == nil else { return amountLine(label, amount, level: level) }
        return ReviewLine(
            label,
            "\(amount) base units, or ERC-721 token id \(amount): the signer's token list does not have this contract",
            level: level)
    }

    /// Whether the signer's list knows the token.
    var isKnown: Bool { known != nil }

    /// What a review says when an amount of a token the list lacks leaves the account.
    var unknownWarning: String {
        "the token \(contractText) is not in the signer's token list: its amount is shown and totalled in base units"
    }
}
