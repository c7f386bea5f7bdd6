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
    /// `eip155:<chainId>`, for the asset of a total.
    let network: String

    init(contract: EthereumAddress?, chainId: BigUInt) {
        self.contract = contract
        known = contract.flatMap { TokenList.token(chainId: chainId, contract: $0) }
        network = "eip155:\(chainId)"
    }

    /// "USDC (USDCoin, 6 decimals)", or that the list does not have it.
    func line(level: Int = 0) -> ReviewLine {
        guard let known else {
            return ReviewLine("token", "\(contractText), not in the signer's token list: amounts in base units", level: level, source: .signerTable)
        }
        return ReviewLine("token", "\(known.symbol) (\(known.name), \(known.decimals) decimals)", level: level, source: .signerTable)
    }

    /// What an approval names: "USDC (0xA0b8…eB48)", "token 0x… (not in the signer's token list)".
    var assetName: String {
        guard let known else { return "token \(contractText) (not in the signer's token list)" }
        return "\(known.symbol) (\(contractText))"
    }

    private var contractText: String { contract?.checksummed ?? "(no contract named)" }

    /// "12.5 USDC (12500000 base units)" from the list, or "12500000 base units".
    func amountLine(_ label: String, _ amount: BigUInt, level: Int = 0) -> ReviewLine {
        guard let known else { return ReviewLine(label, "\(amount) base units", level: level) }
        return ReviewLine(label, "\(AmountFormat.decimal(amount, decimals: known.decimals)) \(known.symbol) (\(amount) base units)",
                          level: level, source: .signerTable)
    }

    /// "Unlimited USDC (2^256 − 2 base units)", "1000 USDC (1000000000 base units)", or the
    /// same in base units alone for a token the list lacks.
    func allowanceLine(_ label: String, _ amount: BigUInt, level: Int = 0) -> ReviewLine {
        guard Allowance.isUnlimited(amount) else { return amountLine(label, amount, level: level) }
        guard let known else { return ReviewLine(label, "Unlimited (\(Allowance.baseUnits(amount)) base units)", level: level) }
        return ReviewLine(label, "Unlimited \(known.symbol) (\(Allowance.baseUnits(amount)) base units)", level: level, source: .signerTable)
    }

    /// The right `amount` gives `spender` (already labelled); `prefix` marks an increase ("+").
    func approval(_ amount: BigUInt, spender: String, prefix: String = "") -> Approval {
        let unlimited = Allowance.isUnlimited(amount)
        let allowance: String
        if unlimited {
            allowance = "Unlimited"
        } else if let known {
            allowance = prefix + AmountFormat.decimal(amount, decimals: known.decimals)
        } else {
            allowance = "\(prefix)\(amount) base units of"
        }
        return Approval(asset: assetName, spender: spender, allowance: allowance, isUnlimited: unlimited)
    }

    /// The warning an unlimited allowance gets.
    func unlimitedWarning(spender: String) -> String {
        "UNLIMITED approval: \(spender) may take all of this account's \(assetName), now and later, until the approval is revoked or expires"
    }

    /// `amount` leaving the account, for the batch total; nil for a token the list lacks (its
    /// decimals are unknown, so it cannot be summed or named).
    func total(_ amount: BigUInt) -> AssetAmount? {
        guard let known, let contract else { return nil }
        return AssetAmount(asset: Asset(chain: ChainID(Chain.ethereum), network: network, id: contract.checksummed,
                                        symbol: known.symbol, decimals: known.decimals),
                           amount: amount)
    }

    /// What a review says when an amount of a token the list lacks leaves the account.
    var unknownWarning: String {
        "the token \(contractText) is not in the signer's token list: its amount is shown in base units and is not in the batch total"
    }
}
