import AirsignEncoding
import AirsignMessages

extension EthereumChain {
    /// A bare unsigned transaction, as other Ethereum tools hand it over: one line of `0x` hex
    /// of the unsigned EIP-2718 bytes (DESIGN.md's unsigned form). The transaction names no
    /// sender, so it is signed by the one Ethereum account of the keystore added for its chain
    /// id's network (`eip155:<chainId>`); none or several such accounts is refused, as is a
    /// transaction that does not decode strictly. Input that is not `0x` hex is not ours (nil).
    public func nativeRequests(_ input: [UInt8], accounts: [OwnAccount]) throws -> [SignRequest]? {
        guard let text = String(validating: input, as: UTF8.self) else { return nil }
        var hex = Substring(text)
        while let last = hex.last, last == "\n" || last == "\r" || last == " " || last == "\t" { hex = hex.dropLast() }
        while let first = hex.first, first == " " || first == "\t" { hex = hex.dropFirst() }
        guard hex.hasPrefix("0x"), hex.count > 2, hex.dropFirst(2).allSatisfy(\.isHexDigit) else { return nil }
        let transaction: EthereumTransaction
        do { transaction = try EthereumTransaction.decodeUnsigned(try Hex.decode(hex)) } catch {
            throw Self.nativeRefusal("\(error)")
        }
        let network = "eip155:\(transaction.chainId)"
        let ethereum = accounts.filter { $0.chain == chain }
        let matching = ethereum.filter { $0.network == network }
        let addresses = Set(matching.map(\.address)).sorted()
        guard addresses.count == 1, let own = matching.first else {
            if addresses.isEmpty {
                let networks = Set(ethereum.compactMap(\.network)).sorted().joined(separator: ", ")
                throw Self.nativeRefusal("it is for chain id \(transaction.chainId) (\(network)), but no Ethereum account of this keystore is on that network"
                    + (networks.isEmpty ? "" : " (yours: \(networks))") + "; add one with: airsign-signer account add NAME --chain ethereum --network \(transaction.chainId)")
            }
            throw Self.nativeRefusal("it is for \(network), where this keystore has \(addresses.count) Ethereum accounts (\(addresses.joined(separator: ", "))); send a sign request naming the account instead")
        }
        let payload: JSONValue = .object([(key: "type", value: .string("transaction")),
                                          (key: "transaction", value: .string(Hex.encode(transaction.unsignedEncoding, prefix: true)))])
        return [try SignRequest.make(chain: chain, network: network, account: try MessageAccount(address: own.address, publicKey: own.publicKey), payload: payload)]
    }

    /// Refusals of native input are refused input, like a malformed request (exit 3).
    private static func nativeRefusal(_ reason: String) -> MessagesError {
        .invalidField(message: nil, field: "unsigned Ethereum transaction", reason: reason)
    }
}
