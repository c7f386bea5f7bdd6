import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

/// An `eth-sign-request` turned into the sign request Airsign reviews and signs as any other,
/// with what the answer needs to echo.
///
/// The translation checks what ERC-4527 leaves to the signer (its "Security" section): the
/// derivation path must be one of this keystore's Ethereum accounts, the address (when sent)
/// must be that account's, and a transaction's own chain id must be the request's. What is
/// signed is then decided by Airsign's Ethereum review of `signRequest`, never by the wrapper.
public struct ERC4527Signing: Sendable {
    public let request: EthSignRequest
    /// Chain `ethereum`, network `eip155:<chain id>`, the keystore's account, the payload of
    /// the data type, a fresh id (the ERC's request id need not be a version 4 UUID) and a
    /// note naming the format, the requester's stated origin and the wallet's fingerprint.
    public let signRequest: SignRequest

    /// Reads the CBOR of a `ur:eth-sign-request` and matches it to one of `accounts`.
    public init(cbor: [UInt8], accounts: [OwnAccount]) throws(ERC4527Error) {
        try self.init(try EthSignRequest(cbor: cbor), accounts: accounts)
    }

    public init(_ request: EthSignRequest, accounts: [OwnAccount]) throws(ERC4527Error) {
        self.request = request
        let own = try Self.account(for: request, among: accounts)
        let (payload, network) = try Self.payload(request, account: own)
        var note = "ERC-4527 \(request.dataType.name) request"
        // The wallet's own words: escaped and cut short, so an odd or long origin is shown, not
        // turned into a refusal of the note.
        if let origin = request.origin { note += " from \"\(MessageText.escaped(String(origin.prefix(100))))\"" }
        // Which wallet it is for is checked when the PIN opens the key (`ForeignRequest`); the
        // review says which one the request names, so `inspect` shows it too.
        if let fingerprint = request.derivationPath.sourceFingerprint {
            note += ", for the wallet with fingerprint \(KeySecret.fingerprintText(fingerprint))"
        }
        do {
            signRequest = try SignRequest.make(
                chain: ChainID(Chain.ethereum), network: network,
                account: try MessageAccount(address: own.address, publicKey: own.publicKey),
                payload: payload, note: note)
        } catch {
            throw ERC4527Error("eth-sign-request: \(error)")
        }
    }

    /// The `eth-signature` answering the request, from the response Airsign's signer made for
    /// `signRequest`: its signature (r ‖ s ‖ v, v as ERC-4527 wants it for each data type:
    /// yParity for typed transactions, the EIP-155 value for legacy ones, 27/28 for messages).
    public func answer(_ response: SignResponse, origin: String = "airsign") throws(ERC4527Error) -> EthSignature {
        guard response.id == signRequest.id else {
            throw ERC4527Error("the response answers request \(response.id), not \(signRequest.id)")
        }
        guard response.signatures.count == 1, let hex = response.signatures.first else {
            throw ERC4527Error("the response holds \(response.signatures.count) signatures, not one")
        }
        let signature: [UInt8]
        do { signature = try Hex.decode(hex) } catch { throw ERC4527Error("the response's signature: \(error)") }
        guard signature.count >= 65 else {
            throw ERC4527Error("the response's signature is \(signature.count) bytes, not r ‖ s ‖ v")
        }
        return EthSignature(requestId: request.requestId, signature: signature, origin: origin)
    }

    // MARK: checks

    /// The keystore's Ethereum account at the request's path (and address, when sent).
    static func account(for request: EthSignRequest, among accounts: [OwnAccount]) throws(ERC4527Error) -> OwnAccount {
        let path = try request.derivationPath.concretePath(field: "eth-sign-request.derivation-path")
        let ethereum = ChainID(Chain.ethereum)
        let atPath = accounts.filter { account in
            guard account.chain == ethereum, let text = account.path, let own = try? DerivationPath(text) else {
                return false
            }
            return own == path
        }
        if let address = request.address {
            let wanted: EthereumAddress
            do { wanted = try EthereumAddress(bytes: address) } catch {
                throw ERC4527Error("eth-sign-request.address: \(error)")
            }
            guard let own = atPath.first(where: { (try? EthereumAddress($0.address)) == wanted }) else {
                let reason =
                    atPath.first.map { "this keystore's account at \(path) is \($0.address)" }
                    ?? "this keystore has no Ethereum account at \(path)"
                throw ERC4527Error("eth-sign-request is for \(wanted.checksummed) at \(path), not ours: \(reason)")
            }
            return own
        }
        let addresses = Set(atPath.map(\.address))
        guard addresses.count == 1, let own = atPath.first else {
            if addresses.isEmpty {
                // MetaMask asks for m/44'/60'/0'/0/i (i not hardened), which `account add --index i` adds.
                let h = DerivationPath.hardenedOffset
                let c = path.components
                let hint =
                    c.count == 5 && c.prefix(4).elementsEqual([44 + h, 60 + h, h, 0]) && c[4] < h
                    ? " (add it with: airsign-signer account add KEY --chain ethereum --index \(c[4]))" : ""
                throw ERC4527Error("eth-sign-request is for \(path), which is not an account of this keystore\(hint)")
            }
            throw ERC4527Error(
                "eth-sign-request names \(path) without an address, and \(addresses.count) keys of this keystore have an account there"
            )
        }
        return own
    }

    /// The Airsign payload for the data type and the network it is for.
    static func payload(_ request: EthSignRequest, account: OwnAccount) throws(ERC4527Error) -> (JSONValue, String) {
        let data = request.signData
        switch request.dataType {
        case .transaction, .typedTransaction:
            let transaction: EthereumTransaction
            do { transaction = try EthereumTransaction.decodeUnsigned(data) } catch {
                throw ERC4527Error("eth-sign-request.sign-data (\(request.dataType.name)): \(error)")
            }
            let isLegacy = transaction.type == .legacy
            guard isLegacy == (request.dataType == .transaction) else {
                throw ERC4527Error(
                    "eth-sign-request.data-type is \(request.dataType.rawValue) (\(request.dataType.name)) but sign-data is a \(transaction.type.name) transaction"
                )
            }
            // A legacy transaction without EIP-155 replay protection is refused by the decoder.
            guard transaction.chainId == BigUInt(request.effectiveChainId) else {
                throw ERC4527Error(
                    "eth-sign-request.chain-id is \(request.effectiveChainId)\(request.chainId == nil ? " (the default)" : ""), but the transaction is for chain id \(transaction.chainId)"
                )
            }
            let payload: JSONValue = .object([
                (key: "type", value: .string("transaction")),
                (key: "transaction", value: .string(Hex.encode(transaction.unsignedEncoding, prefix: true))),
            ])
            return (payload, "eip155:\(transaction.chainId)")
        case .typedData:
            let json: JSONValue
            do { json = try JSONParser().parse(data) } catch {
                throw ERC4527Error("eth-sign-request.sign-data (typed data JSON): \(error)")
            }
            // The review checks the domain's chain id against the network; a request that
            // names one must agree with it, one that does not is for the domain's chain.
            var network = request.chainId.map { "eip155:\($0)" }
            if let domainChain = json["domain"]?["chainId"] {
                let domainNetwork: String
                do { domainNetwork = try EthereumChain.typedDataNetwork(domainChainId: domainChain) } catch {
                    throw ERC4527Error("eth-sign-request.sign-data: \(error)")
                }
                if let chainId = request.chainId, network != domainNetwork {
                    throw ERC4527Error(
                        "eth-sign-request.chain-id is \(chainId), but the typed data's domain is for chain id \(domainNetwork.dropFirst("eip155:".count))"
                    )
                }
                network = network ?? domainNetwork
            }
            let payload: JSONValue = .object([
                (key: "type", value: .string("typed_data")), (key: "typedData", value: json),
            ])
            return (payload, network ?? account.network ?? "eip155:1")
        case .personalMessage:
            let payload: JSONValue = .object([
                (key: "type", value: .string("personal_message")),
                (key: "message", value: .string(Hex.encode(data, prefix: true))),
            ])
            // A personal message names no chain; sign it on the network the request or the
            // account names.
            return (payload, request.chainId.map { "eip155:\($0)" } ?? account.network ?? "eip155:1")
        }
    }
}
