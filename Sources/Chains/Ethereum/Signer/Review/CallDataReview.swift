import AirsignEncoding
import AirsignMessages
import BigInt

/// The review of a transaction's data: token calls in words, amounts read with the signer's
/// token list, approvals counted and warned about; anything else shown byte for byte and
/// marked for blind signing.
struct CallDataReview {
    let data: CallData
    var lines: [ReviewLine] = []
    var warnings: [String] = []
    /// Token amounts leaving the account (known tokens only).
    var totals: [AssetAmount] = []
    var approvals: [Approval] = []
    /// Why this data cannot be shown as a known call; nil when it can.
    var blindReason: String?

    /// `bytes` is the transaction's data; `to` its recipient (the token contract of a token
    /// call), nil for a creation; `from` the signing account; `describe` labels an address.
    init(_ bytes: [UInt8], to: EthereumAddress?, value: BigUInt, chainId: BigUInt, from: EthereumAddress,
         describe: (EthereumAddress) -> String) {
        data = CallData(bytes)
        // Creation data is init code, whatever call it happens to look like.
        guard let contract = to else {
            creation(bytes, value: value)
            return
        }
        let token = ReviewToken(contract: contract, chainId: chainId)
        switch data {
        case .empty:
            lines.append(ReviewLine("data", "none"))
        case let .erc20Transfer(recipient, amount):
            lines += [ReviewLine("call", "ERC-20 transfer"), token.line(), ReviewLine("token recipient", describe(recipient)),
                      token.amountLine("token amount", amount)]
            leaves(amount, of: token)
        case let .erc20TransferFrom(owner, recipient, amount):
            lines += [ReviewLine("call", "ERC-20 transferFrom"), token.line(), ReviewLine("token owner", describe(owner)),
                      ReviewLine("token recipient", describe(recipient)), token.amountLine("token amount", amount)]
            // Only the account's own tokens count as leaving it; the owner's approval of this
            // account was reviewed when it was given.
            if owner == from { leaves(amount, of: token) }
        case let .erc20Approve(spender, amount):
            let labelled = describe(spender)
            lines += [ReviewLine("call", "ERC-20 approve"), token.line(), ReviewLine("spender", labelled), token.allowanceLine("allowance", amount)]
            approves(amount, of: token, to: labelled)
        case let .erc20IncreaseAllowance(spender, added):
            let labelled = describe(spender)
            lines += [ReviewLine("call", "ERC-20 increaseAllowance"), token.line(), ReviewLine("spender", labelled),
                      token.allowanceLine("added allowance", added)]
            approves(added, of: token, to: labelled, prefix: "+")
        case let .setApprovalForAll(grantee, approved):
            let labelled = describe(grantee)
            lines += [ReviewLine("call", "setApprovalForAll (ERC-721/ERC-1155)"), ReviewLine("operator", labelled),
                      ReviewLine("approved", approved ? "true: may move every token of the collection" : "false: the approval is revoked")]
            if approved {
                approvals.append(Approval(asset: "tokens of the collection \(contract.checksummed)", spender: labelled, allowance: "All", isUnlimited: true))
                warnings.append("APPROVAL FOR ALL: \(labelled) may move every token of the collection \(contract.checksummed) this account holds, now and later, until the approval is revoked")
            }
        case let .other(bytes):
            lines += DataWords.call(bytes)
            blindReason = "contract call data that is not a known token call"
            if bytes.count >= 4, CallData.knownSelectors.contains(Array(bytes.prefix(4))) {
                warnings.append("the data starts with a token call's selector but its arguments are malformed; not decoded")
            }
        }
    }

    private mutating func creation(_ code: [UInt8], value: BigUInt) {
        guard !code.isEmpty else {
            lines.append(ReviewLine("init code", "none"))
            if value > 0 {
                warnings.append("a contract creation with no init code: no contract is created, and the \(EtherAmount.ether(value)) sent goes to an address no key and no code controls; it is lost")
            }
            return
        }
        lines += DataWords.code(code)
        blindReason = "a contract creation whose code cannot be shown"
    }

    private mutating func leaves(_ amount: BigUInt, of token: ReviewToken) {
        if let total = token.total(amount) { totals.append(total) } else { warnings.append(token.unknownWarning) }
    }

    private mutating func approves(_ amount: BigUInt, of token: ReviewToken, to spender: String, prefix: String = "") {
        // An allowance of zero grants nothing (approve(spender, 0) is how one revokes).
        guard amount > 0 else { return }
        approvals.append(token.approval(amount, spender: spender, prefix: prefix))
        if Allowance.isUnlimited(amount) { warnings.append(token.unlimitedWarning(spender: spender)) }
    }
}
