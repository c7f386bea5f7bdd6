import AirsignCrypto
import AirsignEncoding
import AirsignMessages

/// A Soroban authorization the request's key gives along with its transaction signature: an
/// address-credential entry for its account that carries no signature yet.
public struct AuthorizationToSign: Sendable, Equatable {
    /// The operation (0-based) and the entry in its `auth` list (0-based).
    public let operation: Int
    public let entry: Int
    /// The `HashIDPreimage` XDR (`ENVELOPE_TYPE_SOROBAN_AUTHORIZATION`) whose SHA-256 is signed.
    public let preimage: [UInt8]
    /// The last ledger in which whoever holds the signed entry can submit it.
    public var expirationLedger: UInt32 = 0
}

/// What one Soroban operation (invoke host function, extend footprint TTL, restore footprint)
/// shows and gives: its summary, its detail lines, the authorizations signed with it, the
/// token amounts it moves, and warnings.
struct SorobanOperationReview {
    var summary = ""
    var lines: [ReviewLine] = []
    var toSign: [AuthorizationToSign] = []
    var movements: [TokenMovement] = []
    /// What the operation's calls do that the signer cannot read.
    var unknowns: [String] = []
    var warnings: [String] = []

    init(_ operation: Operation, index: Int, tx: Transaction, knowledge: StellarKnowledge) throws(StellarError) {
        let footprint = tx.sorobanData?.resources.footprint ?? LedgerFootprint()
        switch operation.body {
        case .extendFootprintTTL(let to):
            summary =
                "extend the time to live of the \(footprint.readOnly.count) read-only footprint entries to \(to) ledgers from the ledger it runs in"
        case .restoreFootprint:
            summary = "restore the \(footprint.readWrite.count) read-write footprint entries from the archive"
        case let .invokeHostFunction(function, auth):
            try review(function, auth: auth, operation: operation, index: index, tx: tx, knowledge: knowledge)
        default:
            break
        }
    }

    private mutating func review(
        _ function: HostFunction, auth: [SorobanAuthorizationEntry], operation: Operation, index: Int,
        tx: Transaction, knowledge: StellarKnowledge
    ) throws(StellarError) {
        var calls: [InvokeContractArgs] = []
        switch function {
        case .invokeContract(let call):
            summary = "invoke contract \(knowledge.address(call.contract)): \(call.functionName)"
            lines.append(
                ReviewLine(
                    "contract", knowledge.address(call.contract), level: 1,
                    source: knowledge.token(call.contract)?.source ?? .signed))
            lines.append(ReviewLine("function", call.functionName, level: 1))
            lines += knowledge.argumentLines(call, level: 1)
            if call.args.isEmpty { lines.append(ReviewLine("arguments", "none", level: 1)) }
            calls.append(call)
        case .createContract(let create):
            let id = try HashIDPreimage.contractID(create.preimage, network: knowledge.network)
            summary = "create contract \(knowledge.address(.contract(id)))"
            lines += knowledge.creationLines(create, level: 1)
            if create.executable != .stellarAsset {
                unknowns.append("creating a contract whose constructor runs code the signer cannot read")
            }
            if case let .externalRef(owner, _) = create.executable {
                warnings.append(
                    "the new contract runs the Wasm that \(owner) names: that contract can change the code, and so take over "
                        + "the new contract, at any time (CAP-85)")
            }
        case .uploadWasm(let wasm):
            summary = "upload contract code: \(wasm.count) bytes of Wasm, hash \(Hex.encode(SHA256.hash(wasm)))"
        }
        let source = operation.source ?? tx.source
        for (entryIndex, entry) in auth.enumerated() {
            do {
                try authorization(
                    entry, entryIndex, of: auth.count, operationIndex: index, source: source, knowledge: knowledge,
                    calls: &calls)
            } catch { throw .inAuthorization(index: entryIndex, error) }
        }
        if auth.isEmpty, case .invokeContract = function {
            lines.append(ReviewLine("authorizations", "none", level: 1))
        }
        // Who authorizes each token call: the signing account, the operation's source (whose
        // signature of the transaction covers source-account entries), or another address by
        // an entry of its own; a call nobody in the transaction authorizes is unknown.
        let entries = auth.compactMap { $0.credentials.topLevel?.address }
        movements = knowledge.movements(calls).map {
            $0.inTransaction(source: source, entries: entries, signer: knowledge.context.signer)
        }
        unknowns += knowledge.unrecognized(calls)
        unknowns += movements.compactMap {
            TokenApprovals.unknownEffect($0, signer: knowledge.context.signer, label: knowledge.context.label)
        }
    }

    /// The entry's credentials and its invocation tree; an entry for the request's own account
    /// without a signature is queued for signing, one with a signature must verify.
    private mutating func authorization(
        _ entry: SorobanAuthorizationEntry, _ index: Int, of count: Int, operationIndex: Int,
        source: MuxedAccount, knowledge: StellarKnowledge,
        calls: inout [InvokeContractArgs]
    ) throws(StellarError) {
        let label = "authorization \(index + 1)/\(count)"
        switch entry.credentials {
        case .sourceAccount:
            lines.append(
                ReviewLine(
                    label,
                    "by the operation's source account \(knowledge.context.label(source.description)): "
                        + "the transaction's signature covers it", level: 1))
        case .address, .addressV2, .addressWithDelegates:
            try addressAuthorization(
                entry, label: label, index: index, operationIndex: operationIndex, knowledge: knowledge)
        }
        lines += knowledge.invocationLines(entry.rootInvocation, label: "invokes", level: 2, calls: &calls)
    }

    /// An entry with address credentials (`ADDRESS`, or CAP-71's `ADDRESS_V2` and
    /// `ADDRESS_WITH_DELEGATES`): each place of the request's own account without a signature
    /// queues the entry for signing (once: every place signs the same payload), each place of
    /// its with a signature must verify, the others are shown and left alone. Delegates are
    /// listed, each labelled, with what CAP-71 lets them do.
    private mutating func addressAuthorization(
        _ entry: SorobanAuthorizationEntry, label: String, index: Int, operationIndex: Int,
        knowledge: StellarKnowledge
    ) throws(StellarError) {
        guard let credentials = entry.credentials.topLevel else { return }
        let terms = "nonce \(credentials.nonce), valid until ledger \(credentials.signatureExpirationLedger)"
        let preimage = try entry.signaturePreimage(network: knowledge.network)
        let who = knowledge.context.label(credentials.address.description)
        let kind: String
        switch entry.credentials {
        case .addressV2: kind = " (address-bound credentials, CAP-71)"
        case .addressWithDelegates: kind = " (with \(entry.credentials.delegates.count) delegate(s), CAP-71)"
        default: kind = ""
        }
        let delegates = entry.credentials.delegates
        if knowledge.isSigner(credentials.address) {
            if case .void = credentials.signature {
                lines.append(
                    ReviewLine(label, "by \(who)\(kind): signed now with this request's key, \(terms)", level: 1))
            } else {
                try verifyOwn(
                    credentials.signature, at: "your account \(credentials.address)", preimage: preimage,
                    knowledge: knowledge)
                lines.append(
                    ReviewLine(label, "by \(who)\(kind): already signed by this key (verified), \(terms)", level: 1))
            }
        } else {
            let state: String
            if case .void = credentials.signature {
                if delegates.isEmpty {
                    state = "not signed yet"
                    warnings.append(
                        "operation \(operationIndex + 1), authorization \(index + 1) still needs a signature from "
                            + "\(credentials.address): the transaction fails without it")
                } else {
                    state = "no signature of its own (its account may rely on its delegates alone)"
                }
            } else {
                state = "carries a signature this signer does not check"
            }
            lines.append(ReviewLine(label, "by \(who)\(kind): \(state), left as it is; " + terms, level: 1))
        }
        if !delegates.isEmpty {
            lines.append(
                ReviewLine(
                    "delegates",
                    "per CAP-71 the account's own check (__check_auth) may hand its authorization of this "
                        + "exact invocation to a listed delegate: the delegate's signature, checked by the delegate's own rules, then counts as "
                        + "\(credentials.address)'s, for this network, nonce, expiration and invocation tree only",
                    level: 2))
            try delegateLines(delegates, prefix: "delegate ", level: 2, preimage: preimage, knowledge: knowledge)
        }
        if let signer = knowledge.context.signer, !knowledge.isSigner(credentials.address),
            entry.awaitsSignature(of: signer)
        {
            warnings.append(
                "operation \(operationIndex + 1), authorization \(index + 1): your key signs as a delegate of "
                    + "\(credentials.address): if that account accepts you as its delegate, your signature authorizes this invocation "
                    + "on its behalf until ledger \(credentials.signatureExpirationLedger) (CAP-71)")
        }
        if let signer = knowledge.context.signer, entry.awaitsSignature(of: signer) {
            toSign.append(
                AuthorizationToSign(
                    operation: operationIndex, entry: index, preimage: preimage,
                    expirationLedger: credentials.signatureExpirationLedger))
        }
    }

    /// One line per delegate (`delegate 1`, nested `delegate 1.2`), labelled, with its state.
    private mutating func delegateLines(
        _ delegates: [SorobanDelegateSignature], prefix: String, level: Int, preimage: [UInt8],
        knowledge: StellarKnowledge
    ) throws(StellarError) {
        for (i, delegate) in delegates.enumerated() {
            let name = "\(prefix)\(i + 1)"
            let state: String
            if knowledge.isSigner(delegate.address) {
                if case .void = delegate.signature {
                    state = "signed now with this request's key"
                } else {
                    try verifyOwn(
                        delegate.signature, at: "your account \(delegate.address) as \(name)", preimage: preimage,
                        knowledge: knowledge)
                    state = "already signed by this key (verified)"
                }
            } else if case .void = delegate.signature {
                state = "not signed yet"
            } else {
                state = "carries a signature this signer does not check"
            }
            let nested =
                delegate.nestedDelegates.isEmpty
                ? "" : ", with \(delegate.nestedDelegates.count) delegate(s) of its own"
            lines.append(
                ReviewLine(
                    name, "\(knowledge.context.label(delegate.address.description)): \(state)\(nested)", level: level))
            try delegateLines(
                delegate.nestedDelegates, prefix: name + ".", level: level + 1, preimage: preimage, knowledge: knowledge
            )
        }
    }

    private func verifyOwn(_ signature: SCVal, at place: String, preimage: [UInt8], knowledge: StellarKnowledge)
        throws(StellarError)
    {
        guard let key = knowledge.context.signer,
            AuthorizationSignature.verifies(signature, publicKey: key, preimage: preimage)
        else {
            throw .soroban(.signatureDoesNotVerify(place: place, network: "\(knowledge.network)"))
        }
    }
}

/// The transaction-wide Soroban lines: the fee split, resources and footprint. Refuses what
/// the network refuses: Soroban data without a Soroban operation (or the reverse), a Soroban
/// operation beside others, a resource fee outside 0…fee, an archived index outside the
/// read-write footprint.
func sorobanTransactionLines(_ tx: Transaction, knowledge: StellarKnowledge) throws(StellarError) -> [ReviewLine] {
    let sorobanOps = tx.operations.filter(\.body.isSoroban).count
    guard let data = tx.sorobanData else {
        guard sorobanOps == 0 else {
            throw .soroban(.missingData)
        }
        return []
    }
    guard sorobanOps > 0 else { throw .soroban(.dataWithoutOperation) }
    guard tx.operations.count == 1 else { throw .soroban(.notOnlyOperation(count: tx.operations.count)) }
    guard data.resourceFee >= 0, data.resourceFee <= Int64(tx.fee) else {
        throw .soroban(.resourceFee(resourceFee: data.resourceFee, fee: tx.fee))
    }
    let footprint = data.resources.footprint
    let archived = data.archivedEntries ?? []
    for (i, index) in archived.enumerated() {
        guard Int(index) < footprint.readWrite.count else {
            throw .soroban(.archivedOutsideFootprint(index: index, readWrite: footprint.readWrite.count))
        }
        guard i == 0 || index > archived[i - 1] else { throw .soroban(.archivedUnordered) }
    }
    let signersWrites = writesOfSigner(footprint, knowledge)
    let everyEntryShown =
        knowledge.context.details || signersWrites.count == footprint.readOnly.count + footprint.readWrite.count
    let listed = everyEntryShown ? "" : " (each listed with --details)"
    var lines = [
        ReviewLine(
            "fee split",
            "inclusion fee \(stroops(Int64(tx.fee) - data.resourceFee)) + resource fee \(stroops(data.resourceFee)) "
                + "(the most charged; the unused refundable part is returned)"),
        ReviewLine(
            "resources",
            "\(data.resources.instructions) instructions, \(data.resources.diskReadBytes) bytes read from disk, "
                + "\(data.resources.writeBytes) bytes written"),
        ReviewLine(
            "footprint",
            "\(footprint.readOnly.count) read-only, \(footprint.readWrite.count) read-write entries"
                + (archived.isEmpty ? "" : ", \(archived.count) of them archived and restored first") + listed),
    ]
    func written(_ index: Int, _ key: LedgerKey) -> ReviewLine {
        ReviewLine(
            "read-write",
            describe(key, knowledge) + (archived.contains(UInt32(index)) ? " (archived: restored first)" : ""), level: 1
        )
    }
    guard knowledge.context.details else {
        // By default only what concerns the signer most: the entries of its own it lets the call write.
        return lines + signersWrites.map { written($0, footprint.readWrite[$0]) }
    }
    lines += footprint.readOnly.map { ReviewLine("read-only", describe($0, knowledge), level: 1) }
    lines += footprint.readWrite.enumerated().map { written($0, $1) }
    return lines
}

/// The indices of the read-write entries that belong to the signing account: its account,
/// trust lines, offers and data entries, and contract data keyed by its address (a token
/// balance, an allowance).
private func writesOfSigner(_ footprint: LedgerFootprint, _ knowledge: StellarKnowledge) -> [Int] {
    guard let signer = knowledge.context.signer else { return [] }
    func mentions(_ value: SCVal) -> Bool {
        switch value {
        case .address(.account(let a)): return a.publicKey == signer
        case .address(.muxedAccount(_, let key)): return key == signer
        case .vec(let items): return items.contains(where: mentions)
        case .map(let entries): return entries.contains { mentions($0.key) || mentions($0.val) }
        default: return false
        }
    }
    return footprint.readWrite.indices.filter { index in
        switch footprint.readWrite[index] {
        case .account(let a), .trustLine(let a, _), .offer(let a, _), .data(let a, _): return a.publicKey == signer
        case let .contractData(contract, key, _): return mentions(.address(contract)) || mentions(key)
        default: return false
        }
    }
}

/// A footprint entry, its contract or pool named when known.
private func describe(_ key: LedgerKey, _ knowledge: StellarKnowledge) -> String {
    switch key {
    case let .contractData(contract, key, durability):
        let what: String
        switch key {
        case .ledgerKeyContractInstance: what = "instance"
        case .ledgerKeyNonce(let n): what = "nonce \(n)"
        default: what = "data \(knowledge.value(key))"
        }
        return
            "contract \(knowledge.address(contract)) \(what) (\(durability == .temporary ? "temporary" : "persistent"))"
    case .liquidityPool(let id): return "liquidity pool \(knowledge.pool(id))"
    case let .trustLine(account, .poolShare(id)):
        return "trust line of \(knowledge.context.label(account.description)) for pool shares of \(knowledge.pool(id))"
    case let .trustLine(account, .asset(asset)):
        return "trust line of \(knowledge.context.label(account.description)) for \(asset)"
    case .account(let account): return "account \(knowledge.context.label(account.description))"
    default: return key.description
    }
}

/// The signature a Stellar account gives a Soroban authorization: the default account's
/// `Vec<Map{public_key: Bytes, signature: Bytes}>` (stellar-sdk `_default_account_signature_scval`).
public enum AuthorizationSignature {
    /// The signature value for `signature` by `publicKey`.
    public static func value(publicKey: [UInt8], signature: [UInt8]) -> SCVal {
        .vec([
            .map([
                SCMapEntry(key: .symbol(Array("public_key".utf8)), val: .bytes(publicKey)),
                SCMapEntry(key: .symbol(Array("signature".utf8)), val: .bytes(signature)),
            ])
        ])
    }

    /// Whether `value` is `publicKey`'s valid signature of `sha256(preimage)`.
    static func verifies(_ value: SCVal, publicKey: [UInt8], preimage: [UInt8]) -> Bool {
        guard case .vec(let items) = value, items.count == 1, case .map(let entries) = items[0], entries.count == 2,
            entries[0].key == .symbol(Array("public_key".utf8)), entries[0].val == .bytes(publicKey),
            entries[1].key == .symbol(Array("signature".utf8)), case .bytes(let signature) = entries[1].val
        else { return false }
        return Ed25519.isValidSignature(signature, message: SHA256.hash(preimage), publicKey: publicKey)
    }
}

extension OperationBody {
    /// Invoke host function, extend footprint TTL or restore footprint.
    public var isSoroban: Bool {
        switch self {
        case .invokeHostFunction, .extendFootprintTTL, .restoreFootprint: return true
        default: return false
        }
    }
}
