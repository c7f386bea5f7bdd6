import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

/// The Ethereum chain module: EIP-2718 transactions (legacy/EIP-155, EIP-2930, EIP-1559,
/// EIP-7702), EIP-7702 authorizations, EIP-191 personal messages and EIP-712 typed data, on
/// networks `eip155:<chainId>`.
///
/// Payloads (docs/formats.md):
/// - `{"type":"transaction","transaction":"0x<unsigned EIP-2718 bytes>"}`, optionally with
///   `"abi":{<one JSON ABI function fragment>}` naming the call's arguments (used only when its
///   selector is the call's, and shown as the request's unverified words)
/// - `{"type":"personal_message","message":"0x<bytes>"}`
/// - `{"type":"typed_data","typedData":{…EIP-712 JSON…}}`
/// - `{"type":"authorization","authorization":"0x05<rlp([chain_id, address, nonce])>"}`
/// - `{"type":"user_operation","entryPoint":"0x…","userOperation":{…PackedUserOperation…}}`
///   (EntryPoint v0.7 or v0.8)
///
/// Signatures are hex: 65 bytes r ‖ s ‖ v (v = 27/28) for messages and user operations, r ‖ s ‖ yParity (0/1) for
/// authorizations (whose result is the signed tuple in JSON-RPC form); for transactions r ‖ s
/// followed by the transaction's own v (yParity 0/1 for typed transactions, the EIP-155 value
/// 2·chainId + 35 + recid, minimal big-endian, for legacy), so the signature alone says exactly
/// what goes into the raw transaction.
public struct EthereumChain: ChainModule {
    public let chain = ChainID(Chain.ethereum)
    public let displayName = "Ethereum"
    /// Its accounts (Accounts.swift): networks, derivation and checks, address formats, and
    /// what the signer's account and key commands take.
    public var accounts: (any ChainAccounts)? { EthereumAccounts.shared }

    /// The descriptors and tokens the person installs (ClearSigning/InstalledKnowledge.swift).
    public var installedKnowledge: (any InstalledKnowledgeFormat)? { EthereumInstalledFormat() }

    /// The labels of the signing items, for the review; `sign` reads the items' typed values
    /// (`EthereumSignable`).
    package static let transactionLabel = "transaction"
    package static let personalMessageLabel = "personal message"
    package static let typedDataLabel = "typed data"
    package static let authorizationLabel = "EIP-7702 authorization"
    package static let userOperationLabel = "ERC-4337 user operation"

    /// The descriptors and tokens the person installed on the signer (none on the watch).
    public let knowledge: EthereumKnowledge

    public init(knowledge: EthereumKnowledge = .none) {
        self.knowledge = knowledge
    }

    /// ERC-4527 (`ur:eth-sign-request` → `ur:eth-signature`), as MetaMask and Keystone-style
    /// wallets speak it.
    public var foreignFormats: [any ForeignFormat] { [ERC4527Format()] }

    // MARK: review

    public func review(_ request: SignRequest, context: ReviewContext) throws -> Review {
        let decoded = try Self.decode(request)
        let from = decoded.from
        let key = KeyRequirement(request.account, scheme: .secp256k1)
        switch decoded.signable {
        case let .transaction(transaction):
            return try transactionReview(request, transaction, from: from, key: key, abi: decoded.abi, context: context)
        case let .personalMessage(message):
            let shown: ReviewLine
            var effects: [Effect] = []
            var warnings: [String] = []
            if let text = Self.readableText(message) {
                shown = ReviewLine("message", text)
            } else {
                shown = ReviewLine("message (hex)", Hex.encode(message, prefix: true))
                if message.count == 32 {
                    // A contract that checks personal signatures of a hash (many do) takes this
                    // as your signature of whatever that hash commits to.
                    effects.append(
                        .deferred(
                            DeferredSignature(
                                "a signature of a 32-byte hash, which a contract may take as your approval of what it commits to",
                                until: nil)))
                    warnings.append(
                        "the message is 32 bytes that are not text: a hash. A contract may accept this signature as your approval of whatever the hash stands for, which the signer cannot see"
                    )
                } else {
                    effects.append(.unknown(what: "a personal message of \(message.count) bytes that are not text"))
                }
            }
            return Review(
                request: request, title: "Ethereum personal message (EIP-191)",
                lines: [
                    ReviewLine("from", describe(from.checksummed, in: context)), shown,
                    ReviewLine("length", "\(message.count) bytes"),
                ],
                warnings: warnings, key: key, effects: effects, signing: [decoded.signable.item])
        case let .typedData(typed, _):
            let shown: TypedDataReview
            do { shown = try TypedDataReview(typed) } catch {
                throw EthereumChainError.unreadable(field: "payload.typedData", reason: "\(error)")
            }
            return try typedDataReview(
                request, typed, shown, item: decoded.signable.item, chainId: decoded.chainId, from: from, key: key,
                context: context)
        case let .authorization(authorization):
            return try authorizationReview(
                request, authorization, from: from, key: key, chainId: decoded.chainId, context: context)
        case let .userOperation(operation, version, _):
            return try userOperationReview(
                request, operation, version: version, item: decoded.signable.item, from: from, key: key,
                chainId: decoded.chainId, context: context)
        }
    }

    private func transactionReview(
        _ request: SignRequest, _ transaction: EthereumTransaction, from: EthereumAddress,
        key: KeyRequirement, abi: ABIFunction?, context: ReviewContext
    ) throws -> Review {
        let summary: TransactionReview
        do {
            summary = try TransactionReview(
                transaction, from: from, labels: labels(context), knowledge: knowledge, request: abi, now: context.now)
        } catch let error as EthereumError {
            throw EthereumChainError.unreadable(field: "payload.transaction", reason: "\(error)")
        }
        return Review(
            request: request, title: "Ethereum transaction, \(summary.type)", lines: summary.lines,
            warnings: summary.warnings,
            key: key, effects: summary.effects,
            // The strict decoder accepts only canonical bytes, so this is exactly the request's
            // transaction; `sign` hashes it itself (docs/security.md, signer rule 1).
            signing: [EthereumSignable.transaction(transaction).item], intent: summary.intent)
    }

    private func typedDataReview(
        _ request: SignRequest, _ typed: TypedData, _ shown: TypedDataReview, item: SigningItem, chainId: BigUInt,
        from: EthereumAddress, key: KeyRequirement, context: ReviewContext
    ) throws -> Review {
        var warnings: [String] = []
        if let domainChain = typed.domain["chainId"] {
            guard let id = Self.typedChainId(domainChain) else {
                throw EthereumChainError.notOfKind(field: "payload.typedData.domain.chainId", expected: "an integer")
            }
            guard id == chainId else {
                throw EthereumChainError.otherChain(
                    field: "payload.typedData.domain.chainId", chainId: "\(id)", network: request.network)
            }
        } else {
            warnings.append(
                "the typed data's domain has no chainId: the signature is valid on every chain, not only on \(request.network)"
            )
            if typed.domain["verifyingContract"] == nil {
                warnings.append(
                    "the typed data's domain names neither a chain nor a contract: any contract on any chain that accepts this type may take the signature"
                )
            }
        }
        for address in shown.badChecksums {
            warnings.append(
                "the typed data writes an address in a mixed case that is not its EIP-55 checksum (\(address)); EIP-712 signs its 20 bytes, shown here checksummed, so the case does not change what is signed, but check that the address is the one you expect"
            )
        }
        let labels = labels(context)
        var lines = [
            ReviewLine("from", labels.describe(from)), ReviewLine("primary type", shown.primaryType),
            ReviewLine("domain", ""),
        ]
        // Every address in the tree is labelled as a transaction's are (own, contact, or not in
        // your contacts): a spender, recipient or verifying contract is read the same way
        // wherever it sits.
        let tree = { (line: TypedDataReview.Line) in
            ReviewLine(
                "\(line.name) (\(line.type))", line.address.map(labels.describe) ?? line.value, level: line.depth + 1)
        }
        lines += shown.domain.map(tree)
        let environment = ClearSigningEnvironment(
            chainId: chainId, knowledge: knowledge, now: context.now, describe: labels.describe,
            isKnown: labels.isKnown, isOwn: labels.isOwn, contactName: labels.contactName)
        let described: (display: CallDisplay?, warnings: [String])
        let permit: PermitReview?
        let recognised: RecognisedTypedData?
        do {
            described = try MessageResolver(environment: environment).display(typed, account: from)
            permit = try PermitReview(
                typed, chainId: chainId, account: from, now: context.now, environment: environment)
            recognised =
                permit == nil ? try RecognisedTypedData.review(typed, account: from, environment: environment) : nil
        } catch {
            throw EthereumChainError.unreadable(field: "payload.typedData", reason: "\(error)")
        }
        warnings += described.warnings
        var blind: [String] = []
        var effects: [Effect] = []
        if let permit {
            effects += permit.approvals.map { .allowance($0) }
            effects.append(
                .deferred(
                    DeferredSignature("a \(shown.primaryType) signature the spender submits", until: permit.until)))
        }
        if let display = described.display, case .installed(let name) = display.source {
            lines.append(
                ReviewLine(
                    "clear signing", "descriptor \"\(SafeName.shown(name))\" installed on this signer",
                    source: .signerTable))
            lines.append(
                ReviewLine("Interaction with", SafeName.shown(display.descriptorName ?? name), source: .signerTable))
            lines += display.lines
            warnings += display.warnings
            blind = display.blindReasons
            if permit == nil, recognised == nil {
                blind.append(
                    "typed data \(shown.primaryType) described by the installed descriptor \"\(SafeName.shown(name))\": the signer shows it but does not count what it lets happen"
                )
            }
        } else {
            lines.append(ReviewLine("message", ""))
            lines += shown.message.map(tree)
            lines += permit?.lines ?? []
            lines += recognised?.lines ?? []
            if permit == nil, recognised == nil {
                blind.append(
                    "typed data \(shown.primaryType) that the signer cannot interpret: what a contract does with the signature is not counted"
                )
            }
        }
        warnings += permit?.warnings ?? []
        warnings += recognised?.warnings ?? []
        effects += recognised?.effects ?? []
        lines.append(ReviewLine("digest", shown.digest))
        return Review(
            request: request, title: "Ethereum typed data (EIP-712)", lines: lines, warnings: warnings,
            key: key, effects: effects + blind.map { .unknown(what: $0) },
            signing: [item], intent: described.display?.intent)
    }

    /// How this review names addresses: the context's own accounts and contacts.
    func labels(_ context: ReviewContext) -> AddressLabels {
        let chain = self.chain
        let identity: @Sendable (String) -> String? = { EthereumAccounts.shared.addressIdentity($0) }
        // The identity `identity` gives any spelling of the address: known from its bytes, so
        // labelling does not hash the checksummed text again (a batch labels thousands).
        let label: @Sendable (EthereumAddress) -> AddressLabel = { address in
            context.label(knownIdentity: EthereumAccounts.identity(address.bytes), chain: chain, identity: identity)
        }
        return AddressLabels(
            describe: { "\($0.checksummed) (\(label($0).text))" },
            isKnown: { label($0) != .unknown },
            isOwn: { if case .own = label($0) { return true } else { return false } },
            contactName: { if case .contact(let name) = label($0) { return name } else { return nil } })
    }

    /// The transaction hex and the optional ABI fragment of a `transaction` payload.
    static func transactionMembers(_ payload: JSONValue) throws -> (String, ABIFunction?) {
        guard case let .object(members) = payload, case let .string(hex)? = payload["transaction"],
            members.count == 2 || (members.count == 3 && payload["abi"] != nil)
        else {
            throw EthereumChainError.members(
                payloadType: "transaction", expected: "\"type\", \"transaction\" (a 0x string) and optionally \"abi\"")
        }
        guard let fragment = payload["abi"] else { return (hex, nil) }
        guard case .object = fragment, fragment["type"] == nil || fragment["type"] == .string("function") else {
            throw EthereumChainError.shape(
                field: "payload.abi",
                expected: "one JSON ABI function fragment ({\"type\":\"function\",\"name\":…,\"inputs\":[…]})")
        }
        do { return (hex, try ABIFunction.fragment(fragment, place: "payload.abi")) } catch {
            throw EthereumChainError.unreadable(field: "payload.abi", reason: "\(error)")
        }
    }

    // MARK: helpers

    /// `{"hash": "0x…", "rawTransaction": "0x…"}`, keys in the sorted order a stored response
    /// has, so the value `sign` returns equals the one read back.
    package static func result(_ signed: SignedEthereumTransaction) -> JSONValue {
        // `hash` is the Keccak of `encoded`; encoding once serves both.
        let raw = signed.encoded
        return .object([
            (key: "hash", value: .string(Hex.encode(Keccak256.hash(raw), prefix: true))),
            (key: "rawTransaction", value: .string(Hex.encode(raw, prefix: true))),
        ])
    }

    /// r ‖ s ‖ yParity (one byte, 0 or 1) of a signed authorization.
    package static func signatureBytes(_ signed: SignedSetCodeAuthorization) -> [UInt8] {
        signed.r.bigEndian(width: 32) + signed.s.bigEndian(width: 32) + [signed.yParity]
    }

    /// r ‖ s ‖ v, v as the transaction type carries it (see the type's comment).
    package static func signatureBytes(_ signed: SignedEthereumTransaction) -> [UInt8] {
        signed.signature.compact + signed.v.minimalBigEndian.withZeroAsByte
    }

    /// The request's account as an address, after checking its 65-byte uncompressed public key
    /// hashes to that address (the key the signer will use and the address shown must agree).
    package static func accountAddress(_ account: MessageAccount) throws -> EthereumAddress {
        guard account.publicKey.count == Secp256k1.uncompressedPublicKeyLength else {
            throw EthereumChainError.length(
                field: "account.publicKey", expected: "a 65-byte uncompressed secp256k1 key",
                actual: account.publicKey.count)
        }
        let publicKey: Secp256k1.PublicKey
        do { publicKey = try Secp256k1.PublicKey(parsing: account.publicKey) } catch {
            throw EthereumChainError.unreadable(field: "account.publicKey", reason: "\(error)")
        }
        let address = EthereumAddress(publicKey: publicKey)
        guard account.address == address.checksummed else {
            throw EthereumChainError.addressNotOfKey(derived: address.checksummed)
        }
        return address
    }

    /// The chain id of `eip155:<decimal>`.
    public static func chainId(of network: String) throws -> BigUInt {
        let prefix = "eip155:"
        let digits = network.dropFirst(prefix.count)
        guard network.hasPrefix(prefix), !digits.isEmpty, digits.count <= 78,
            digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            digits.first != "0", let id = BigUInt(digits, radix: 10)
        else { throw EthereumChainError.network(network) }
        return id
    }

    /// The string member `name` of a payload that has exactly `type` and `name`.
    package static func stringMember(_ payload: JSONValue, _ name: String) throws -> String {
        guard case let .object(members) = payload, members.count == 2, case let .string(value)? = payload[name] else {
            throw EthereumChainError.members(
                payloadType: payloadTypeName(payload), expected: "\"type\" and \"\(name)\" (a 0x string)")
        }
        return value
    }

    private static func payloadTypeName(_ payload: JSONValue) -> String {
        if case let .string(type)? = payload["type"] { return type }
        return "this payload"
    }

    /// The network typed data is signed on, from its domain's `chainId`: `eip155:<id>` for a
    /// chain id from 1 to 2^256 - 1 (EIP-712 types it `uint256`). The one rule of every path
    /// that picks a network from typed data (native JSON, ERC-4527).
    public static func typedDataNetwork(domainChainId value: JSONValue) throws(EthereumChainError) -> String {
        guard let id = typedChainId(value), id > 0, id < BigUInt(1) << 256 else {
            throw EthereumChainError.notOfKind(
                field: "domain.chainId", expected: "a chain id (an integer from 1 to 2^256 - 1)")
        }
        return "eip155:\(id)"
    }

    /// EIP-712 domains write chainId as a number, a decimal string or a 0x hex string.
    public static func typedChainId(_ value: JSONValue) -> BigUInt? {
        switch value {
        case let .number(text): return BigUInt(text, radix: 10)
        case let .string(text) where text.hasPrefix("0x"): return BigUInt(text.dropFirst(2), radix: 16)
        case let .string(text): return BigUInt(text, radix: 10)
        default: return nil
        }
    }

    /// The message as text when it is UTF-8 a person can read: no control characters except
    /// line feeds (sign-in messages are multi-line; the renderer shows them escaped). Else nil,
    /// and the review shows hex rather than guessing.
    package static func readableText(_ bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let readable = text.unicodeScalars.allSatisfy { $0 == "\n" || !($0.properties.generalCategory == .control) }
        return readable ? text : nil
    }
}

extension Array where Element == UInt8 {
    /// Zero is written as one 0x00 byte (a yParity of 0 is still a byte of the signature).
    fileprivate var withZeroAsByte: [UInt8] { isEmpty ? [0] : self }
}
