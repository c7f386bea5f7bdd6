import AirsignEncoding
import AirsignMessages

extension EthereumChain {
    /// Unsigned Ethereum artifacts as other tools hand them over (the signer's native input,
    /// and what `airsign-watch import` turns into stored requests):
    /// - one line of `0x` hex of the unsigned EIP-2718 bytes (the unsigned form of docs/formats.md);
    /// - the JSON transaction dict of eth-account and `eth_sendTransaction` (`TransactionJSON`);
    /// - EIP-712 typed data as `eth_signTypedData_v4` takes it, alone or as its params
    ///   `[address, typedData]` (the typed data an object or a JSON string); without an
    ///   `EIP712Domain` type, the domain's type is the one eth-account derives
    ///   (`TypedDataDomain.withDomainType`).
    /// The account is `from` (or the params' address) when given, which must be one of
    /// `accounts`; otherwise the one Ethereum account added for the chain id's network
    /// (`eip155:<chainId>`), none or several being refused. Input that is none of these is not
    /// ours (nil); input that is one of them but does not read strictly is refused.
    public func nativeRequests(_ input: [UInt8], accounts: [OwnAccount]) throws -> [SignRequest]? {
        guard let text = String(validating: input, as: UTF8.self) else { return nil }
        var trimmed = Substring(text)
        while let last = trimmed.last, last == "\n" || last == "\r" || last == " " || last == "\t" {
            trimmed = trimmed.dropLast()
        }
        while let first = trimmed.first, first == " " || first == "\t" || first == "\n" || first == "\r" {
            trimmed = trimmed.dropFirst()
        }
        if trimmed.hasPrefix("0x"), trimmed.count > 2, trimmed.dropFirst(2).allSatisfy(\.isHexDigit) {
            let transaction: EthereumTransaction
            do { transaction = try EthereumTransaction.decodeUnsigned(try Hex.decode(trimmed)) } catch {
                throw Self.nativeRefusal("unsigned Ethereum transaction", "\(error)")
            }
            return [
                try transactionRequest(
                    transaction, from: nil, accounts: accounts, what: "unsigned Ethereum transaction")
            ]
        }
        guard trimmed.first == "{" || trimmed.first == "[", let json = try? JSONParser().parse(Array(trimmed.utf8))
        else { return nil }
        if TransactionJSON.looksLikeTransaction(json) {
            let read: TransactionJSON
            do { read = try TransactionJSON(json: json) } catch {
                throw Self.nativeRefusal("Ethereum transaction JSON", "\(error)")
            }
            return [
                try transactionRequest(
                    read.transaction, from: read.from, accounts: accounts, what: "Ethereum transaction JSON")
            ]
        }
        if let (address, typed) = Self.typedDataInput(json) {
            return [try typedDataRequest(typed, address: address, accounts: accounts)]
        }
        return nil
    }

    private func transactionRequest(
        _ transaction: EthereumTransaction, from: EthereumAddress?, accounts: [OwnAccount], what: String
    ) throws -> SignRequest {
        let network = "eip155:\(transaction.chainId)"
        let own = try Self.account(
            network: network, address: from, accounts: accounts.filter { $0.chain == chain }, what: what)
        let payload: JSONValue = .object([
            (key: "type", value: .string("transaction")),
            (key: "transaction", value: .string(Hex.encode(transaction.unsignedEncoding, prefix: true))),
        ])
        return try SignRequest.make(
            chain: chain, network: network, account: try MessageAccount(address: own.address, publicKey: own.publicKey),
            payload: payload)
    }

    private func typedDataRequest(_ json: JSONValue, address: String?, accounts: [OwnAccount]) throws -> SignRequest {
        let what = "EIP-712 typed data"
        let typed: JSONValue
        do { typed = try TypedDataDomain.withDomainType(json) } catch { throw Self.nativeRefusal(what, "\(error)") }
        let wanted: EthereumAddress?
        do { wanted = try address.map(EthereumAddress.init) } catch {
            throw Self.nativeRefusal(what, "the params' address: \(error)")
        }
        // The domain's chain id is the network; a domain without one is for the account's own.
        var network: String?
        if let id = typed["domain"]?["chainId"] {
            do { network = try Self.typedDataNetwork(domainChainId: id) } catch {
                throw Self.nativeRefusal(what, error.description)
            }
        }
        let ethereum = accounts.filter { $0.chain == chain }
        let own: OwnAccount
        if let network {
            own = try Self.account(network: network, address: wanted, accounts: ethereum, what: what)
        } else if let wanted, let match = ethereum.first(where: { (try? EthereumAddress($0.address)) == wanted }) {
            own = match
        } else {
            throw Self.nativeRefusal(
                what, "the domain names no chainId and no address of yours picks the account; give [address, typedData]"
            )
        }
        let payload: JSONValue = .object([
            (key: "type", value: .string("typed_data")), (key: "typedData", value: typed),
        ])
        return try SignRequest.make(
            chain: chain, network: network ?? own.network ?? "eip155:1",
            account: try MessageAccount(address: own.address, publicKey: own.publicKey), payload: payload)
    }

    /// Typed data alone, or `eth_signTypedData_v4`'s params `[address, typedData]` (the typed
    /// data an object or a JSON string); nil for other JSON.
    private static func typedDataInput(_ json: JSONValue) -> (String?, JSONValue)? {
        if case .object = json, json["types"] != nil, json["primaryType"] != nil { return (nil, json) }
        guard case let .array(params) = json, params.count == 2, case let .string(address) = params[0] else {
            return nil
        }
        switch params[1] {
        case .object: return (address, params[1])
        case let .string(text): return (try? JSONParser().parse(Array(text.utf8))).map { (address, $0) }
        default: return nil
        }
    }

    /// The account that signs on `network`: the one with `address` when given (refused when it
    /// is not ours), else the only one added for `network`.
    private static func account(
        network: String, address: EthereumAddress?, accounts ethereum: [OwnAccount], what: String
    ) throws -> OwnAccount {
        let matching = ethereum.filter { $0.network == network }
        if let address {
            let same = ethereum.filter { (try? EthereumAddress($0.address)) == address }
            guard
                let own = same.first(where: { $0.network == network }) ?? same.first(where: { $0.network == nil })
                    ?? same.first
            else {
                throw nativeRefusal(
                    what, "it is from \(address.checksummed), which is not one of your Ethereum accounts")
            }
            return own
        }
        let addresses = Set(matching.map(\.address)).sorted()
        guard addresses.count == 1, let own = matching.first else {
            if addresses.isEmpty {
                let networks = Set(ethereum.compactMap(\.network)).sorted().joined(separator: ", ")
                throw nativeRefusal(
                    what,
                    "it is for \(network), but no Ethereum account of yours is on that network"
                        + (networks.isEmpty ? "" : " (yours: \(networks))")
                        + "; add one with: airsign-signer account add NAME --chain ethereum --network \(network.dropFirst("eip155:".count))"
                )
            }
            throw nativeRefusal(
                what,
                "it is for \(network), where you have \(addresses.count) Ethereum accounts (\(addresses.joined(separator: ", "))); name one with \"from\""
            )
        }
        return own
    }

    /// Refusals of native input are refused input, like a malformed request (exit 3).
    private static func nativeRefusal(_ what: String, _ reason: String) -> MessagesError {
        .invalidField(message: nil, field: what, reason: reason)
    }
}
