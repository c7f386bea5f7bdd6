import AirsignEncoding
import AirsignMessages

/// A token the review can put amounts of in whole units: a Stellar Asset Contract (whose asset
/// the signer derived from the contract id itself) or a SEP-41 token registered on the signer.
public struct StellarToken: Sendable, Hashable {
    /// The 32-byte contract id.
    public let contract: [UInt8]
    public let symbol: String
    public let decimals: Int
    /// The asset of a Stellar Asset Contract; nil for a registered SEP-41 token, which is the
    /// signer's table's word, not the signed bytes'.
    public let asset: Asset?

    /// A SEP-41 token the person registered, by its `C…` address. `symbol` is shown as given:
    /// the caller escapes what could pass for other text; control characters are refused here.
    public init(contract address: String, symbol: String, decimals: Int) throws(StellarError) {
        guard case let .contract(id) = try SCAddress(address) else {
            throw .invalidAddress(address, reason: "a token is a contract (C…)")
        }
        guard (0...38).contains(decimals) else { throw .tokenDecimals(symbol: symbol, decimals: decimals) }
        guard !symbol.isEmpty, !symbol.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw .tokenSymbol(symbol)
        }
        (self.contract, self.symbol, self.decimals, self.asset) = (id, symbol, decimals, nil)
    }

    /// A contract that answers the SEP-41 interface but is in no table of this signer: its
    /// amounts stay in base units, and still count as leaving.
    init(unknownContract id: [UInt8]) {
        (contract, symbol, decimals, asset) = (id, "base units of token \(SCAddress.contract(id))", 0, nil)
    }

    init(assetContract asset: Asset, network: StellarNetwork) throws(StellarError) {
        contract = try HashIDPreimage.assetContractID(asset, network: network)
        switch asset {
        case .native: symbol = "XLM"
        case .credit(let code, _): symbol = code.description
        }
        decimals = 7
        self.asset = asset
    }

    /// "the Stellar Asset Contract of USDC (issuer G…)", or "token ABC (installed on this signer, 6 decimals)".
    var name: String {
        asset.map { "the Stellar Asset Contract of \($0)" }
            ?? "token \(symbol) (installed on this signer, \(decimals) decimals)"
    }

    /// Where a line that names this token takes the name from: the signed bytes for an asset
    /// contract (its id is derived from the asset), the signer's table for an installed token.
    var source: ReviewSource { asset == nil ? .signerTable : .signed }
}

/// What a Stellar review knows besides the signed bytes: how to label addresses, the request's
/// key (whose Soroban authorizations the signature gives), and the facts that name contracts
/// and pools: assets and pool parameters the request offers (used only when their hash is an
/// id in the transaction) and the tokens registered on the signer.
public struct StellarReviewContext: Sendable {
    /// An address with its label ("G… (your account …)"); identity when there is none.
    public var label: @Sendable (String) -> String
    /// The key that signs: its address-credential authorizations are signed with the transaction.
    public var signer: [UInt8]?
    /// Assets whose Stellar Asset Contract the transaction may call (the request's hints).
    public var assets: [Asset]
    /// Pools the transaction may deposit to or withdraw from (the request's hints).
    public var pools: [LiquidityPoolParameters]
    /// SEP-41 tokens installed on the signer for the request's network.
    public var tokens: [StellarToken]
    /// List every footprint entry (`--details`), not only the counts and the signer's own writes.
    public var details = false

    public init(
        label: @escaping @Sendable (String) -> String = { $0 }, signer: [UInt8]? = nil, assets: [Asset] = [],
        pools: [LiquidityPoolParameters] = [], tokens: [StellarToken] = []
    ) {
        self.label = label
        self.signer = signer
        self.assets = assets
        self.pools = pools
        self.tokens = tokens
    }
}

/// The contracts and pools of one transaction, named where the review can name them.
struct StellarKnowledge {
    let network: StellarNetwork
    let context: StellarReviewContext
    /// By contract id: Stellar Asset Contracts first (derived), then registered tokens.
    private(set) var tokens: [[UInt8]: StellarToken] = [:]
    /// By pool id.
    private(set) var pools: [[UInt8]: LiquidityPoolParameters] = [:]

    /// Derives the asset contract of every asset the transaction names (classic operations,
    /// trust lines in the footprint, contracts it creates), of native lumens, and of the
    /// request's hints; a hint whose contract or pool the transaction never mentions is refused.
    init(_ tx: Transaction, network: StellarNetwork, context: StellarReviewContext) throws(StellarError) {
        try self.init(References(tx), network: network, context: context)
    }

    /// The knowledge for an authorization entry on its own.
    init(_ entry: SorobanAuthorizationEntry, network: StellarNetwork, context: StellarReviewContext)
        throws(StellarError)
    {
        var references = References()
        references.add(entry)
        try self.init(references, network: network, context: context)
    }

    private init(_ references: References, network: StellarNetwork, context: StellarReviewContext) throws(StellarError)
    {
        self.network = network
        self.context = context
        var candidates: [Asset] = [.native] + references.assets
        for (index, asset) in context.assets.enumerated() {
            let id = try HashIDPreimage.assetContractID(asset, network: network)
            guard references.contracts.contains(id) else {
                throw .payload(.unusedAsset(index: index, asset: "\(asset)"))
            }
            candidates.append(asset)
        }
        for asset in candidates {
            let token = try StellarToken(assetContract: asset, network: network)
            if tokens[token.contract] == nil { tokens[token.contract] = token }
        }
        for token in context.tokens where tokens[token.contract] == nil { tokens[token.contract] = token }
        var poolCandidates = references.poolParameters
        for (index, pool) in context.pools.enumerated() {
            guard references.pools.contains(try pool.poolID) else {
                throw .payload(.unusedPool(index: index, assetA: "\(pool.assetA)", assetB: "\(pool.assetB)"))
            }
            poolCandidates.append(pool)
        }
        for pool in poolCandidates { pools[try pool.poolID] = pool }
    }

    func token(_ address: SCAddress) -> StellarToken? {
        guard case .contract(let id) = address else { return nil }
        return tokens[id]
    }

    /// An address with its label, and for a contract the token it is when known.
    func address(_ address: SCAddress) -> String {
        let text = context.label(address.description)
        guard let token = token(address) else { return text }
        return "\(text), \(token.name)"
    }

    /// A pool by its id: `L…` and its assets when known.
    func pool(_ id: [UInt8]) -> String {
        let strKey = SCAddress.liquidityPool(id).description
        guard let pool = pools[id] else { return "\(strKey) (its assets are not in this request)" }
        return "\(strKey) (\(pool.assetA) / \(pool.assetB), fee \(pool.fee) bp)"
    }

    /// A CAP-85 executable reference in words: whose tag names the code, and that it can change.
    func externalCode(_ owner: SCAddress, _ tag: [UInt8]) -> String {
        "the Wasm that contract \(address(owner)) names by tag \(showText(tag)) (CAP-85): that contract can change it at any time"
    }

    /// Whether `address` is the request's own account.
    func isSigner(_ address: SCAddress) -> Bool {
        guard let key = address.accountKey, let signer = context.signer else { return false }
        return key == signer
    }
}

/// Everything a transaction names that can identify a contract or a pool.
private struct References {
    var assets: [Asset] = []
    var contracts: Set<[UInt8]> = []
    var pools: Set<[UInt8]> = []
    var poolParameters: [LiquidityPoolParameters] = []

    init() {}

    init(_ tx: Transaction) {
        for operation in tx.operations { add(operation.body) }
        if let data = tx.sorobanData {
            for key in data.resources.footprint.readOnly + data.resources.footprint.readWrite { add(key) }
        }
    }

    private mutating func add(_ body: OperationBody) {
        switch body {
        case let .payment(_, asset, _), let .createClaimableBalance(asset, _, _), let .clawback(asset, _, _),
            let .setTrustLineFlags(_, asset, _, _):
            assets.append(asset)
        case .pathPaymentStrictReceive(let p), .pathPaymentStrictSend(let p):
            assets += [p.sendAsset, p.destAsset] + p.path
        case .manageSellOffer(let o), .manageBuyOffer(let o), .createPassiveSellOffer(let o):
            assets += [o.selling, o.buying]
        case .changeTrust(.asset(let asset), _): assets.append(asset)
        case .changeTrust(.poolShare(let pool), _):
            poolParameters.append(pool)
            assets += [pool.assetA, pool.assetB]
        case .liquidityPoolDeposit(let d): pools.insert(d.poolID)
        case .liquidityPoolWithdraw(let w): pools.insert(w.poolID)
        case .revokeSponsorship(.ledgerEntry(let key)): add(key)
        case let .invokeHostFunction(function, auth):
            switch function {
            case .invokeContract(let call): add(call)
            case .createContract(let create): add(create)
            case .uploadWasm: break
            }
            for entry in auth { add(entry) }
        default: break
        }
    }

    mutating func add(_ entry: SorobanAuthorizationEntry) {
        if let credentials = entry.credentials.topLevel { add(credentials.address); add(credentials.signature) }
        for delegate in entry.credentials.delegates { add(delegate) }
        add(entry.rootInvocation)
    }

    private mutating func add(_ delegate: SorobanDelegateSignature) {
        add(delegate.address)
        add(delegate.signature)
        for nested in delegate.nestedDelegates { add(nested) }
    }

    private mutating func add(_ invocation: SorobanAuthorizedInvocation) {
        switch invocation.function {
        case .contract(let call): add(call)
        case .createContract(let create): add(create)
        }
        for sub in invocation.subInvocations { add(sub) }
    }

    private mutating func add(_ call: InvokeContractArgs) {
        add(call.contract)
        for arg in call.args { add(arg) }
    }

    private mutating func add(_ create: CreateContractArgs) {
        switch create.preimage {
        case .fromAsset(let asset): assets.append(asset)
        case .fromAddress(let address, _): add(address)
        }
        if case .externalRef(let owner, _) = create.executable { add(owner) }
        for arg in create.constructorArgs ?? [] { add(arg) }
    }

    private mutating func add(_ key: LedgerKey) {
        switch key {
        case let .trustLine(_, .asset(asset)): assets.append(asset)
        case let .trustLine(_, .poolShare(id)), let .liquidityPool(id): pools.insert(id)
        case let .contractData(contract, key, _): add(contract); add(key)
        default: break
        }
    }

    private mutating func add(_ address: SCAddress) {
        switch address {
        case .contract(let id): contracts.insert(id)
        case .liquidityPool(let id): pools.insert(id)
        default: break
        }
    }

    private mutating func add(_ value: SCVal) {
        switch value {
        case .address(let a): add(a)
        case .vec(let items): for item in items { add(item) }
        case .map(let entries): for entry in entries { add(entry.key); add(entry.val) }
        case .contractInstance(let instance):
            if case .externalRef(let owner, _) = instance.executable { add(owner) }
            for entry in instance.storage ?? [] { add(entry.key); add(entry.val) }
        default: break
        }
    }
}
