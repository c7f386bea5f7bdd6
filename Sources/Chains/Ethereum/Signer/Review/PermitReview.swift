import AirsignEncoding
import AirsignMessages
import BigInt

/// Typed data that grants token allowances when signed, read the way the contracts read it: an
/// EIP-2612 `Permit`, DAI's older `Permit`, and Uniswap Permit2's allowances (`PermitSingle`,
/// `PermitBatch`) and signature transfers (`PermitTransferFrom`, `PermitBatchTransferFrom` and
/// their witness forms). A document is recognised by its exact type string, the one the
/// contract hashes (so a look-alike that the contract would refuse is shown as plain typed
/// data), and gets the lines an approval transaction gets: token, spender, allowance
/// ("Unlimited" at `Allowance.unlimitedThreshold`), deadline, a warning, and its approvals.
struct PermitReview {
    var lines: [ReviewLine] = []
    var warnings: [String] = []
    var approvals: [Approval] = []
    /// Until when the signature can be used, in words; nil when it never expires.
    var until: String?

    static let eip2612 = "Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)"
    static let dai = "Permit(address holder,address spender,uint256 nonce,uint256 expiry,bool allowed)"
    /// ERC-721 permits (EIP-4494 draft; Uniswap V3's position manager): one NFT, by id, of the
    /// collection that is the domain's verifying contract.
    static let erc721 = "Permit(address spender,uint256 tokenId,uint256 nonce,uint256 deadline)"
    static let permitDetails = "PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)"
    static let tokenPermissions = "TokenPermissions(address token,uint256 amount)"
    static let permitSingle = "PermitSingle(PermitDetails details,address spender,uint256 sigDeadline)" + permitDetails
    static let permitBatch = "PermitBatch(PermitDetails[] details,address spender,uint256 sigDeadline)" + permitDetails
    static let transferFrom =
        "PermitTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline)"
        + tokenPermissions
    static let batchTransferFrom =
        "PermitBatchTransferFrom(TokenPermissions[] permitted,address spender,uint256 nonce,uint256 deadline)"
        + tokenPermissions
    /// Witness forms: Permit2 hashes this stub followed by the caller's witness type string.
    static let witnessTransferFrom =
        "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,"
    static let batchWitnessTransferFrom =
        "PermitBatchWitnessTransferFrom(TokenPermissions[] permitted,address spender,uint256 nonce,uint256 deadline,"

    /// Uniswap's Permit2, at the same address on every chain it is deployed on.
    static let permit2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3"

    private let typed: TypedData
    private let chainId: BigUInt
    private let now: Int64
    private let describe: (EthereumAddress) -> String
    private let environment: ClearSigningEnvironment

    /// A permit valid for longer than this from the signer's clock is warned about: a
    /// signature that can be used for months is an allowance nobody remembers giving.
    static let farExpiry: Int64 = 30 * 86_400

    /// The review of `typed` as a permit, or nil when it is not one. `chainId` is the request's
    /// (the domain's, when it names one, was checked equal); `account` the signing account.
    init?(
        _ typed: TypedData, chainId: BigUInt, account: EthereumAddress, now: Int64,
        environment: ClearSigningEnvironment
    ) throws(EthereumError) {
        self.typed = typed
        self.chainId = chainId
        self.now = now
        self.describe = environment.describe
        self.environment = environment
        let describe = environment.describe
        let message = typed.message
        let type = try typed.encodeType(typed.primaryType)
        switch type {
        case Self.eip2612:
            let token = try domainToken()
            let owner = try address(message["owner"], "owner")
            let spenderAddress = try address(message["spender"], "spender")
            let spender = describe(spenderAddress)
            let value = try uint(message["value"], "value")
            let deadline = try uint(message["deadline"], "deadline")
            lines += [
                ReviewLine("permit", "EIP-2612 permit: the spender may set its allowance with this signature"),
                token.line(), ReviewLine("owner", describe(owner)), ReviewLine("spender", spender),
                token.allowanceLine("allowance", value),
                ReviewLine("deadline", DeadlineText.describe(deadline, now: now)),
            ]
            approve(value, of: token, to: spenderAddress)
            expires(deadline, "deadline")
            check(owner: owner, account: account)
        case Self.dai:
            let token = try domainToken()
            let holder = try address(message["holder"], "holder")
            let spenderAddress = try address(message["spender"], "spender")
            let spender = describe(spenderAddress)
            guard case let .bool(allowed)? = message["allowed"] else {
                throw .invalidTypedData("Permit.allowed must be true or false")
            }
            let expiry = try uint(message["expiry"], "expiry")
            lines += [
                ReviewLine(
                    "permit",
                    "DAI-style permit: \"allowed\" \(allowed ? "true gives the spender an unlimited allowance" : "false revokes the spender's allowance")"
                ),
                token.line(), ReviewLine("holder", describe(holder)), ReviewLine("spender", spender),
            ]
            if allowed { lines.append(token.allowanceLine("allowance", BigUInt.uint256Max)) }
            lines.append(ReviewLine("expiry", expiry == 0 ? "0 (no expiry)" : DeadlineText.describe(expiry, now: now)))
            if allowed { approve(BigUInt.uint256Max, of: token, to: spenderAddress) }
            if allowed, expiry == 0 {
                warnings.append("the permit has no expiry: it can be used at any time from now on")
            }
            if expiry > 0 { expires(expiry, "expiry") }
            check(owner: holder, account: account)
        case Self.erc721:
            let collection = try verifyingContract()
            let spenderAddress = try address(message["spender"], "spender")
            let spender = describe(spenderAddress)
            let tokenId = try uint(message["tokenId"], "tokenId")
            let deadline = try uint(message["deadline"], "deadline")
            let asset = "token id \(tokenId) of collection \(collection?.checksummed ?? "(no contract named)")"
            lines += [
                ReviewLine("permit", "ERC-721 permit: the spender may take this NFT with this signature"),
                ReviewLine(
                    "collection", collection.map(describe) ?? "none named in the domain: no collection accepts it"),
                ReviewLine("spender", spender), ReviewLine("token id", String(tokenId)),
                ReviewLine("deadline", DeadlineText.describe(deadline, now: now)),
            ]
            // One token, whatever its id: never "unlimited", however large the number.
            approvals.append(
                Approval(
                    asset: asset, spender: spender, allowance: "ERC-721", isUnlimited: false,
                    expiry: DeadlineText.describe(deadline, now: now)))
            stranger(spenderAddress)
            expires(deadline, "deadline")
        case Self.permitSingle, Self.permitBatch:
            let batch = type == Self.permitBatch
            let spenderAddress = try address(message["spender"], "spender")
            let spender = describe(spenderAddress)
            let sigDeadline = try uint(message["sigDeadline"], "sigDeadline")
            lines += [
                ReviewLine(
                    "permit",
                    "Permit2 allowance\(batch ? "s" : "") (\(typed.primaryType)): the spender may move these tokens until each allowance expires"
                ),
                try permit2Contract(), ReviewLine("spender", spender),
                ReviewLine("sig deadline", DeadlineText.describe(sigDeadline, now: now)),
            ]
            expires(sigDeadline, "sig deadline")
            for details in try items(message["details"], batch: batch, "details") {
                let token = try tokenAt(details["token"], "details.token")
                let amount = try uint(details["amount"], "details.amount")
                let expiration = try uint(details["expiration"], "details.expiration")
                lines += [
                    token.line(), token.allowanceLine("allowance", amount, level: 1),
                    ReviewLine(
                        "expires",
                        expiration == 0
                            ? "0 (the allowance ends with the block that sets it)"
                            : DeadlineText.describe(expiration, now: now), level: 1),
                ]
                approve(amount, of: token, to: spenderAddress)
                if expiration > 0 { expires(expiration, "allowance expiry") }
            }
        default:
            let witness = type.hasPrefix(Self.witnessTransferFrom) || type.hasPrefix(Self.batchWitnessTransferFrom)
            // A witness is exactly one more member; TokenPermissions must be Permit2's own.
            let permissions = typed.types["TokenPermissions"]?.map { "\($0.type) \($0.name)" }
            guard
                [Self.transferFrom, Self.batchTransferFrom].contains(type)
                    || (witness && typed.types[typed.primaryType]?.count == 5
                        && permissions == ["address token", "uint256 amount"])
            else { return nil }
            let batch = type.hasPrefix("PermitBatch")
            let spenderAddress = try address(message["spender"], "spender")
            let spender = describe(spenderAddress)
            let deadline = try uint(message["deadline"], "deadline")
            lines += [
                ReviewLine(
                    "permit",
                    "Permit2 signature transfer (\(typed.primaryType)): the spender may transfer up to these amounts once, to any address, before the deadline"
                ),
                try permit2Contract(), ReviewLine("spender", spender),
                ReviewLine("deadline", DeadlineText.describe(deadline, now: now)),
            ]
            expires(deadline, "deadline")
            for permitted in try items(message["permitted"], batch: batch, "permitted") {
                let token = try tokenAt(permitted["token"], "permitted.token")
                let amount = try uint(permitted["amount"], "permitted.amount")
                lines += [token.line(), token.allowanceLine("up to", amount, level: 1)]
                approve(amount, of: token, to: spenderAddress)
            }
        }
    }

    private mutating func approve(_ amount: BigUInt, of token: ReviewToken, to spenderAddress: EthereumAddress) {
        guard amount > 0 else { return }
        let spender = describe(spenderAddress)
        approvals.append(token.approval(amount, spender: spender))
        warnings += token.allowanceWarnings(amount, spender: spender)
        stranger(spenderAddress)
    }

    /// A permit to an address that is neither an account of this signer nor a contact, said once.
    private mutating func stranger(_ spenderAddress: EthereumAddress) {
        let stranger = "the permit goes to \(spenderAddress.checksummed), which is not one of your accounts or contacts"
        if !environment.isKnown(spenderAddress), !warnings.contains(stranger) { warnings.append(stranger) }
    }

    /// A far expiry (beyond `farExpiry` from the signer's clock) is warned about once.
    private mutating func expires(_ seconds: BigUInt, _ what: String) {
        if until == nil { until = DeadlineText.describe(seconds, now: now) }
        let limit = BigUInt(max(0, now)) + BigUInt(Self.farExpiry)
        guard seconds > limit, !warnings.contains(where: { $0.hasPrefix("FAR EXPIRY") }) else { return }
        warnings.append(
            "FAR EXPIRY: the permit's \(what) is \(DeadlineText.describe(seconds, now: now)); a signature valid that long is an allowance that is easily forgotten"
        )
    }

    /// A permit names its owner; signed by another account it is refused by the token, and a
    /// requester who asks for it is confused or probing.
    private mutating func check(owner: EthereumAddress, account: EthereumAddress) {
        if owner != account {
            warnings.append(
                "the permit's owner \(describe(owner)) is not the signing account: the token will refuse this signature"
            )
        }
    }

    /// The domain's `verifyingContract` when it declares one of type address; nil otherwise (a
    /// domain that names no contract, or names it as something else, binds no contract, and no
    /// token or Permit2 would accept the signature: it is still shown as what it asks for).
    private func verifyingContract() throws(EthereumError) -> EthereumAddress? {
        let declared = typed.types["EIP712Domain"]?.first { $0.name == "verifyingContract" }
        guard declared?.type == "address", let value = typed.domain["verifyingContract"] else { return nil }
        return try address(value, "domain.verifyingContract")
    }

    /// EIP-2612 and DAI permits are verified by the token itself: its contract is the domain's.
    private func domainToken() throws(EthereumError) -> ReviewToken {
        ReviewToken(contract: try verifyingContract(), chainId: chainId, knowledge: environment.knowledge)
    }

    /// The verifying contract of a Permit2 message, named when it is Uniswap's.
    private func permit2Contract() throws(EthereumError) -> ReviewLine {
        guard let contract = try verifyingContract() else {
            return ReviewLine("contract", "none named in the domain: not Uniswap's Permit2 (\(Self.permit2))")
        }
        guard contract.checksummed == Self.permit2 else {
            return ReviewLine("contract", "\(describe(contract)), not Uniswap's Permit2 (\(Self.permit2))")
        }
        return ReviewLine("contract", "\(contract.checksummed) (Uniswap Permit2)", source: .signerTable)
    }

    private func tokenAt(_ value: JSONValue?, _ path: String) throws(EthereumError) -> ReviewToken {
        ReviewToken(contract: try address(value, path), chainId: chainId, knowledge: environment.knowledge)
    }

    /// One struct, or the array of them a batch holds.
    private func items(_ value: JSONValue?, batch: Bool, _ path: String) throws(EthereumError) -> [JSONValue] {
        guard batch else {
            guard let value else { throw .invalidTypedData("\(path) is missing") }
            return [value]
        }
        guard case let .array(items)? = value else { throw .invalidTypedData("\(path) must be an array") }
        return items
    }

    /// An address member, read as the digest reads it.
    private func address(_ value: JSONValue?, _ path: String) throws(EthereumError) -> EthereumAddress {
        guard case let .string(text)? = value else { throw .invalidTypedData("\(path) must be an address string") }
        let bytes = try TypedDataAddress.bytes(text, path: path)
        do { return try EthereumAddress(bytes: bytes) } catch { throw .invalidTypedData("\(path): \(error)") }
    }

    /// An unsigned integer member, read as the digest reads it.
    private func uint(_ value: JSONValue?, _ path: String) throws(EthereumError) -> BigUInt {
        guard let value else { throw .invalidTypedData("\(path) is missing") }
        let (negative, magnitude) = try typed.integer(value, path: path)
        guard !negative || magnitude == 0 else { throw .invalidTypedData("\(path) is negative") }
        return magnitude
    }
}
