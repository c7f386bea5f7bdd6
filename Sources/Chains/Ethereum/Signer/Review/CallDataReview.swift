import AirsignEncoding
import AirsignMessages
import BigInt

/// The review of a transaction's data. Token calls (transfers and the approvals that let
/// others move the account's tokens) are always read by the signer's own code, so their totals,
/// approvals and warnings never depend on a descriptor; what the call is shown as follows the
/// order of trust of `CallResolver` (a descriptor installed on the signer, the built-in
/// standards, the request's ABI fragment, else every byte, signed only with `--blind`).
struct CallDataReview {
    let data: CallData
    var lines: [ReviewLine] = []
    var warnings: [String] = []
    /// Token amounts leaving the account (known tokens only).
    var totals: [AssetAmount] = []
    var approvals: [Approval] = []
    /// Why this data cannot be shown in full; nil when it can.
    var blindReason: String?
    /// What the call does that the signer cannot count: every call other than the token calls
    /// it reads itself (a descriptor shows a call; it does not tell the signer what leaves).
    var unknowns: [String] = []
    /// Where a Multicall3 batch sends the transaction's value (`MulticallReview.forwarded`):
    /// outflows that add up to it; empty for any other call.
    var forwarded: [Outflow] = []
    /// The call as the descriptor that showed it states it (installed or built in); nil otherwise.
    var intent: ReviewIntent?

    private let environment: ClearSigningEnvironment

    /// `bytes` is the transaction's data; `to` its recipient (the token contract of a token
    /// call), nil for a creation; `from` the signing account; `request` the request's ABI
    /// fragment, if it carried one.
    init(
        _ bytes: [UInt8], to: EthereumAddress?, value: BigUInt, from: EthereumAddress, request: ABIFunction?,
        environment: ClearSigningEnvironment
    ) throws {
        data = CallData(bytes)
        self.environment = environment
        let describe = environment.describe
        // Creation data is init code, whatever call it happens to look like.
        guard let contract = to else {
            if request != nil {
                throw EthereumError.invalidABI(
                    "a contract creation has no call for the request's ABI fragment to describe")
            }
            creation(bytes, value: value)
            return
        }
        if let request, bytes.count >= 4, request.selector != Array(bytes.prefix(4)) {
            throw EthereumError.invalidABI(
                "the request's ABI fragment \(request.canonicalSignature) has selector \(Hex.encode(request.selector, prefix: true)), the call's is \(Hex.encode(Array(bytes.prefix(4)), prefix: true))"
            )
        }
        let resolver = CallResolver(environment: environment)
        let installed = try resolver.installed(to: contract, value: value, from: from, data: bytes)
        warnings += installed.warnings
        let token = ReviewToken(contract: contract, chainId: environment.chainId, knowledge: environment.knowledge)
        var tokenLines: [ReviewLine] = []
        // Bytes after a token call's arguments do not stop the token from running it: the call
        // keeps its effects (counted here), and the built-in standard shows it with the extra
        // bytes and warns of them; they are never a reason to drop the effects.
        var call = data
        if case let .other(bytes) = data, let read = CallData.withTrailingBytes(bytes) { call = read.call }
        let trailing = call != data
        switch call {
        case .empty:
            lines.append(ReviewLine("data", "none"))
            if installed.display != nil {
                unknowns.append("an installed descriptor describes a call with no data to \(contract.checksummed)")
            }
            if request != nil {
                throw EthereumError.invalidABI(
                    "the transaction has no call data for the request's ABI fragment to describe")
            }
            return
        case let .erc20Transfer(recipient, amount):
            tokenLines = [
                ReviewLine("call", "ERC-20 transfer"), token.line(), ReviewLine("token recipient", describe(recipient)),
                token.amountLine("token amount", amount),
            ]
            leaves(amount, of: token)
        case let .erc20TransferFrom(owner, recipient, amount):
            tokenLines = [
                ReviewLine("call", "ERC-20 transferFrom"), token.line(), ReviewLine("token owner", describe(owner)),
                ReviewLine("token recipient", describe(recipient)), token.amountOrTokenIdLine("token amount", amount),
            ]
            // The tokens leave the owner's account: this account's total when it is the owner,
            // else that account's, apart. ERC-721 shares the selector: for a contract the list
            // lacks, the number may be the id of the NFT that leaves.
            leaves(amount, of: token, from: owner == from ? nil : owner, maybeTokenId: true)
        case let .erc20Approve(spender, amount):
            tokenLines = [
                ReviewLine("call", "ERC-20 approve"), token.line(), ReviewLine("spender", describe(spender)),
                token.isKnown || Allowance.isUnlimited(amount)
                    ? token.allowanceLine("allowance", amount)
                    : token.amountOrTokenIdLine("allowance", amount),
            ]
            approves(amount, of: token, to: spender, maybeTokenId: true)
        case let .erc20IncreaseAllowance(spender, added):
            tokenLines = [
                ReviewLine("call", "ERC-20 increaseAllowance"), token.line(), ReviewLine("spender", describe(spender)),
                token.allowanceLine("added allowance", added),
            ]
            approves(added, of: token, to: spender, prefix: "+")
        case let .setApprovalForAll(grantee, approved):
            let labelled = describe(grantee)
            tokenLines = [
                ReviewLine("call", "setApprovalForAll (ERC-721/ERC-1155)"), ReviewLine("operator", labelled),
                ReviewLine(
                    "approved",
                    approved ? "true: may move every token of the collection" : "false: the approval is revoked"),
            ]
            if approved {
                approvals.append(
                    Approval(
                        asset: "tokens of the collection \(contract.checksummed)", spender: labelled, allowance: "All",
                        isUnlimited: true))
                warnings.append(
                    "APPROVAL FOR ALL: \(labelled) may move every token of the collection \(contract.checksummed) this account holds, now and later, until the approval is revoked"
                )
                unknownSpender(grantee)
            }
        case let .permit2Approve(tokenAddress, spender, amount, expiration):
            // The same selector on another contract means whatever that contract makes of it.
            guard contract.checksummed == PermitReview.permit2 else { break }
            let permitted = ReviewToken(
                contract: tokenAddress, chainId: environment.chainId, knowledge: environment.knowledge)
            let until =
                expiration == 0
                ? "the end of the block that sets it" : DeadlineText.describe(expiration, now: environment.now)
            tokenLines = [
                ReviewLine(
                    "call",
                    "Permit2 approve: the spender may move this token from your account through Permit2 until the allowance expires"
                ),
                ReviewLine("contract", "\(contract.checksummed) (Uniswap Permit2)", source: .signerTable),
                permitted.line(),
                ReviewLine("spender", describe(spender)), permitted.allowanceLine("allowance", amount),
                ReviewLine("expires", expiration == 0 ? "0 (the allowance ends with the block that sets it)" : until),
            ]
            approves(amount, of: permitted, to: spender, expiry: until)
        case let .other(bytes):
            if let multicall = try MulticallReview(
                bytes, to: contract, value: value, signer: from, environment: environment)
            {
                lines += multicall.lines
                warnings += multicall.warnings
                totals += multicall.totals
                unknowns += multicall.unknowns
                forwarded = multicall.forwarded
                return
            }
            if bytes.count >= 4, CallData.knownSelectors.contains(Array(bytes.prefix(4))) {
                warnings.append(
                    "the data starts with a token call's selector but its arguments are malformed; not decoded")
            }
        }
        let counted = !tokenLines.isEmpty
        if trailing { tokenLines = [] }
        if value > 0, counted {
            warnings.append(
                "\(EtherAmount.format(value, decimals: 18)) \(environment.nativeSymbol) is sent with a token call: it goes to the token contract \(contract.checksummed), not to the token recipient"
            )
        }
        let shown: CallDisplay
        if let found = installed.display {
            shown = found
        } else if !tokenLines.isEmpty {
            lines += tokenLines
            return
        } else {
            shown = try resolver.display(
                to: contract, value: value, from: from, data: bytes, request: request, installedChecked: true)
        }
        show(shown, contract: contract, value: value, counted: counted)
    }

    /// The call's lines, headed by where its meaning comes from.
    /// `counted`: a token call the signer read itself, whose effects are already counted.
    private mutating func show(_ shown: CallDisplay, contract: EthereumAddress, value: BigUInt, counted: Bool = false) {
        switch shown.source {
        case .installed(let name):
            lines.append(
                ReviewLine(
                    "clear signing", "descriptor \"\(SafeName.shown(name))\" installed on this signer",
                    source: .signerTable))
            lines.append(
                ReviewLine(
                    "Interaction with", "\(SafeName.shown(shown.descriptorName ?? name)) (\(contract.checksummed))",
                    source: .signerTable))
        case .builtIn:
            lines.append(
                ReviewLine(
                    "clear signing", "the signer's built-in descriptor for \(shown.descriptorName ?? "a standard")",
                    source: .signerTable))
        case .request, .blind, .none:
            break
        }
        lines += shown.lines
        warnings += shown.warnings
        intent = shown.intent
        if !shown.blindReasons.isEmpty { blindReason = shown.blindReasons.joined(separator: "; ") }
        switch counted ? .none : shown.source {
        case .installed(let name):
            unknowns.append(
                "a call to \(contract.checksummed) described by the installed descriptor \"\(SafeName.shown(name))\": the signer shows it but does not count what it moves"
            )
        case .builtIn:
            unknowns.append(
                "\(shown.descriptorName ?? "a standard") call to \(contract.checksummed), a contract the signer does not know: shown by its built-in descriptor, not counted"
            )
        case .request:
            unknowns.append("a call to \(contract.checksummed) named only by the request's ABI (the requester's words)")
        case .blind, .none:
            break
        }
        if value > 0, shown.source == .request || shown.source == .blind {
            warnings.append(
                "\(EtherAmount.format(value, decimals: 18)) \(environment.nativeSymbol) goes with a call that no descriptor the signer has describes"
            )
        }
    }

    private mutating func creation(_ code: [UInt8], value: BigUInt) {
        guard !code.isEmpty else {
            lines.append(ReviewLine("init code", "none"))
            if value > 0 {
                warnings.append(
                    "a contract creation with no init code: no contract is created, and the \(EtherAmount.format(value, decimals: 18)) \(environment.nativeSymbol) sent goes to an address no key and no code controls; it is lost"
                )
            }
            return
        }
        lines += DataWords.code(code)
        blindReason = "a contract creation whose code cannot be shown"
    }

    private mutating func leaves(
        _ amount: BigUInt, of token: ReviewToken, from owner: EthereumAddress? = nil, maybeTokenId: Bool = false
    ) {
        let total = token.total(amount, maybeTokenId: maybeTokenId)
        totals.append(AssetAmount(asset: total.asset, amount: total.amount, account: owner.map(environment.describe)))
        if !token.isKnown { warnings.append(token.unknownWarning) }
    }

    private mutating func approves(
        _ amount: BigUInt, of token: ReviewToken, to spender: EthereumAddress, prefix: String = "",
        maybeTokenId: Bool = false, expiry: String? = nil
    ) {
        // An allowance of zero grants nothing (approve(spender, 0) is how one revokes), but on
        // ERC-721 token id 0 is a token like any other: for a contract the list lacks, zero is
        // an approval too.
        guard amount > 0 || (maybeTokenId && !token.isKnown) else { return }
        let labelled = environment.describe(spender)
        let approval = token.approval(amount, spender: labelled, prefix: prefix, maybeTokenId: maybeTokenId)
        approvals.append(
            Approval(
                asset: approval.asset, spender: labelled, allowance: approval.allowance,
                isUnlimited: approval.isUnlimited,
                expiry: expiry))
        warnings += token.allowanceWarnings(amount, spender: labelled)
        unknownSpender(spender)
    }

    /// An approval to an address that is neither an account of this signer nor a contact.
    private mutating func unknownSpender(_ spender: EthereumAddress) {
        if !environment.isKnown(spender) {
            warnings.append(
                "the approval goes to \(spender.checksummed), which is not one of your accounts or contacts")
        }
    }
}
