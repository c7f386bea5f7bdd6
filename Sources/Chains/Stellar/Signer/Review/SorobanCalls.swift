import AirsignEncoding
import AirsignMessages
import BigInt

/// Contract calls in words: arguments as typed values, and for a token (a Stellar Asset
/// Contract, or a SEP-41 token registered on the signer) the SEP-41 interface's argument names
/// with amounts in whole tokens.
extension StellarKnowledge {
    /// One line per argument of `call`: `amount (i128)` → `12.5 XLM (125000000 base units)`.
    func argumentLines(_ call: InvokeContractArgs, level: Int) -> [ReviewLine] {
        let token = self.token(call.contract)
        let names = token == nil ? nil : TokenInterface.names(call)
        return call.args.enumerated().map { index, arg in
            let label = "\(names?[index] ?? "argument \(index + 1)") (\(arg.typeName))"
            if let token, names?[index] == "amount", let amount = SCValText.integer(arg) {
                return ReviewLine(label, Self.amount(amount, token), level: level, source: token.source)
            }
            // The label names the type; a value with no content (void) repeats it.
            let body = SCValText.body(arg, label: address)
            return ReviewLine(label, body.isEmpty ? arg.typeName : body, level: level)
        }
    }

    /// A call on one line: `C… (…) transfer(from: G… (…), to: G… (…), amount: 1 XLM)`.
    func inline(_ call: InvokeContractArgs) -> String {
        let token = self.token(call.contract)
        let names = token == nil ? nil : TokenInterface.names(call)
        let args = call.args.enumerated().map { index, arg -> String in
            if let token, names?[index] == "amount", let amount = SCValText.integer(arg) {
                return "amount: " + Self.amount(amount, token)
            }
            return names.map { "\($0[index]): \(SCValText.body(arg, label: address))" } ?? value(arg)
        }
        return "\(address(call.contract)): \(call.functionName)(\(args.joined(separator: ", ")))"
    }

    /// A value with its type; addresses inside it labelled.
    func value(_ value: SCVal) -> String {
        SCValText.inline(value, label: address)
    }

    /// `12.5 XLM (125000000 base units)`.
    static func amount(_ value: BigInt, _ token: StellarToken) -> String {
        let magnitude = AmountFormat.decimal(value.magnitude, decimals: token.decimals)
        return "\(value.sign == .minus ? "-" : "")\(magnitude) \(token.symbol) (\(value) base units)"
    }

    /// An invocation tree, one line per call (sub-invocations one level deeper); the contract
    /// calls in it are appended to `calls`.
    func invocationLines(
        _ invocation: SorobanAuthorizedInvocation, label: String, level: Int, calls: inout [InvokeContractArgs]
    ) -> [ReviewLine] {
        var lines: [ReviewLine] = []
        switch invocation.function {
        case .contract(let call):
            lines.append(ReviewLine(label, inline(call), level: level, source: token(call.contract)?.source ?? .signed))
            calls.append(call)
        case .createContract(let create):
            let id = (try? HashIDPreimage.contractID(create.preimage, network: network)).map { address(.contract($0)) }
            lines.append(ReviewLine(label, "create contract \(id ?? "?")", level: level))
            lines += creationLines(create, level: level + 1)
        }
        for sub in invocation.subInvocations {
            lines += invocationLines(sub, label: "sub-invocation", level: level + 1, calls: &calls)
        }
        return lines
    }

    /// A contract creation: deployer and salt (or asset), code, constructor arguments.
    func creationLines(_ create: CreateContractArgs, level: Int) -> [ReviewLine] {
        var out: [ReviewLine] = []
        switch create.preimage {
        case let .fromAddress(deployer, salt):
            out.append(ReviewLine("deployer", address(deployer), level: level))
            out.append(ReviewLine("salt", Hex.encode(salt), level: level))
        case .fromAsset(let asset):
            out.append(ReviewLine("asset", asset.description, level: level))
        }
        switch create.executable {
        case .wasm(let hash): out.append(ReviewLine("code", "Wasm with hash \(Hex.encode(hash))", level: level))
        case .stellarAsset: out.append(ReviewLine("code", "the built-in Stellar Asset Contract", level: level))
        case let .externalRef(owner, tag): out.append(ReviewLine("code", externalCode(owner, tag), level: level))
        }
        if let args = create.constructorArgs {
            out += args.enumerated().map {
                ReviewLine("constructor argument \($0 + 1) (\($1.typeName))", value($1), level: level)
            }
            if args.isEmpty { out.append(ReviewLine("constructor arguments", "none", level: level)) }
        }
        return out
    }

    /// The token amounts `calls` move or allow, each distinct call once (a transaction's call
    /// is usually also the root of its authorization).
    func movements(_ calls: [InvokeContractArgs]) -> [TokenMovement] {
        var seen: [InvokeContractArgs] = []
        var out: [TokenMovement] = []
        for call in calls where !seen.contains(call) {
            seen.append(call)
            if let movement = movement(call) { out.append(movement) }
        }
        return out
    }

    /// The distinct calls among `calls` that are not token transfers, burns or approvals the
    /// signer reads: what they do is an unknown effect.
    func unrecognized(_ calls: [InvokeContractArgs]) -> [String] {
        var out: [String] = []
        for call in calls where movement(call) == nil {
            let text =
                "\(call.functionName) on contract \(call.contract): the signer does not know what it moves or grants"
            if !out.contains(text) { out.append(text) }
        }
        return out
    }

    /// The token amounts `call` moves out of an address or allows a spender to move.
    private func movement(_ call: InvokeContractArgs) -> TokenMovement? {
        guard case .contract(let id) = call.contract, let names = TokenInterface.names(call) else { return nil }
        // A token call counts whether or not the signer knows the token.
        let token = token(call.contract) ?? StellarToken(unknownContract: id)
        func arg(_ name: String) -> SCVal? { names.firstIndex(of: name).map { call.args[$0] } }
        func caller(_ value: SCVal?) -> SCAddress? { if case .address(let a)? = value { a } else { nil } }
        guard case .address(let from)? = arg("from"), let amount = arg("amount").flatMap(SCValText.integer) else {
            return nil
        }
        switch call.functionName {
        case "transfer", "transfer_from":
            guard case .address(let to)? = arg("to") else { return nil }
            return TokenMovement(token: token, from: from, to: to, caller: caller(arg("spender")), amount: amount)
        case "burn", "burn_from":
            return TokenMovement(token: token, from: from, caller: caller(arg("spender")), amount: amount)
        case "approve":
            guard case .address(let spender)? = arg("spender"), case .u32(let ledger)? = arg("expiration_ledger") else {
                return nil
            }
            return TokenMovement(token: token, from: from, spender: spender, amount: amount, expirationLedger: ledger)
        default: return nil
        }
    }
}

/// A token amount leaving `from` (transfer to `to`, burn) or allowed to `spender` until
/// `expirationLedger` (approve).
struct TokenMovement: Sendable, Equatable {
    let token: StellarToken
    let from: SCAddress
    /// Where a transfer sends it; nil for a burn or an approval.
    var to: SCAddress? = nil
    var spender: SCAddress? = nil
    /// The spender of a `transfer_from` or `burn_from`: it takes `from`'s tokens within the
    /// allowance `from` gave it, by its own authorization; nil for the other calls.
    var caller: SCAddress? = nil
    let amount: BigInt
    /// The last ledger an approval holds (SEP-41 `expiration_ledger`).
    var expirationLedger: UInt32? = nil
    /// Whose authorization lets it happen, as the signed bytes show it: set by the review that
    /// read the call (a transaction's operation, or an authorization signed alone).
    var authority: MovementAuthority = .undetermined("the signer did not read who authorizes it")

    /// The address whose `require_auth` the call needs: the spender of `transfer_from` and
    /// `burn_from`, `from` for the others.
    var authorizer: SCAddress { caller ?? from }

    /// `transfer`, `transfer_from`, `burn`, `burn_from` or `approve`.
    var function: String {
        if spender != nil { return "approve" }
        return (to != nil ? "transfer" : "burn") + (caller != nil ? "_from" : "")
    }

    /// `1.5 XLM (C…)`: the exact amount in the token's units (base units of a token the
    /// signer has no table for) and the contract.
    var amountText: String {
        "\(AmountFormat.decimal(amount.magnitude, decimals: token.decimals)) \(token.symbol) (\(SCAddress.contract(token.contract)))"
    }

    /// This movement with its authority in a transaction: `source` is the operation's source
    /// (its signature of the transaction covers source-account authorizations), `entries` the
    /// addresses with an address-credential entry of their own in the operation.
    func inTransaction(source: MuxedAccount, entries: [SCAddress], signer: [UInt8]?) -> TokenMovement {
        var out = self
        let who = authorizer
        if let signer, who.accountKey == signer {
            out.authority = .signer
        } else if who.accountKey == source.accountID.publicKey {
            out.authority = .source
        } else if entries.contains(where: { $0.isSameParty(as: who) }) {
            out.authority = .entry
        } else if who.canAuthorize {
            out.authority = .undetermined(
                "the transaction carries no authorization of \(who) (neither the operation's source nor "
                    + "an entry of its own)")
        } else {
            out.authority = .undetermined(
                "\(who) is a claimable balance or liquidity pool address, which cannot authorize a call")
        }
        return out
    }

    /// This movement with its authority in an authorization the request's key signs alone:
    /// that signature authorizes only calls whose authorizer is the request's own account.
    func inStandaloneAuthorization(signer: [UInt8]) -> TokenMovement {
        var out = self
        let who = authorizer
        if who.accountKey == signer {
            out.authority = .signer
        } else if who.canAuthorize {
            out.authority = .elsewhere
        } else {
            out.authority = .undetermined(
                "\(who) is a claimable balance or liquidity pool address, which cannot authorize a call")
        }
        return out
    }
}

/// Whose authorization lets a token call move or allow what `from` holds.
enum MovementAuthority: Sendable, Equatable {
    /// The request's own key: the call's authorizer is the signing account.
    case signer
    /// The operation's source, an account other than the signer's: its own signature of the
    /// transaction covers its source-account authorization.
    case source
    /// Another address's own authorization entry in the transaction (signed by it, or not yet).
    case entry
    /// In an authorization the request's key signs alone, a call another address authorizes:
    /// it happens only if that address authorizes it too.
    case elsewhere
    /// Nothing in the signed bytes says who authorizes it: an unknown effect, for the reason given.
    case undetermined(String)
}

extension SCAddress {
    /// The same account (a muxed address is its account) or the same contract.
    func isSameParty(as other: SCAddress) -> Bool {
        if let key = accountKey { return key == other.accountKey }
        return self == other
    }

    /// An account or a contract: the addresses that can authorize a call.
    var canAuthorize: Bool {
        switch self {
        case .account, .muxedAccount, .contract: return true
        case .claimableBalance, .liquidityPool: return false
        }
    }

    /// The account (`G…`, a muxed address's own account) or contract (`C…`) whose balance a
    /// token call moves, for labelling and totals.
    var holder: String {
        accountKey.map { AccountID(unchecked: $0).description } ?? description
    }
}

/// The SEP-41 token interface and the Stellar Asset Contract's admin functions: argument names
/// by function, used only when a call's arguments have exactly these types.
enum TokenInterface {
    enum Kind { case address, amount, ledger, bool }

    static let functions: [String: [(String, Kind)]] = [
        "transfer": [("from", .address), ("to", .address), ("amount", .amount)],
        "transfer_from": [("spender", .address), ("from", .address), ("to", .address), ("amount", .amount)],
        "approve": [("from", .address), ("spender", .address), ("amount", .amount), ("expiration_ledger", .ledger)],
        "burn": [("from", .address), ("amount", .amount)],
        "burn_from": [("spender", .address), ("from", .address), ("amount", .amount)],
        "mint": [("to", .address), ("amount", .amount)],
        "clawback": [("from", .address), ("amount", .amount)],
        "set_admin": [("new_admin", .address)],
        "set_authorized": [("id", .address), ("authorize", .bool)],
        "balance": [("id", .address)],
        "allowance": [("from", .address), ("spender", .address)],
        "decimals": [], "name": [], "symbol": [], "admin": [], "authorized": [("id", .address)],
    ]

    /// The argument names of a token call, nil unless the function and the argument types match.
    static func names(_ call: InvokeContractArgs) -> [String]? {
        guard let shape = functions[call.functionName], shape.count == call.args.count else { return nil }
        for ((_, kind), arg) in zip(shape, call.args) {
            switch (kind, arg) {
            case (.address, .address), (.amount, .i128), (.ledger, .u32), (.bool, .bool): continue
            default: return nil
            }
        }
        return shape.map(\.0)
    }
}
