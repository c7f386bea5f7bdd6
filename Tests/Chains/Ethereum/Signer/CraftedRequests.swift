import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import BigInt
import Foundation
import Testing

/// Requests made the way an attacker on the online side would make them (issue 18): take the
/// watch's output for the person's account, a valid request file, and edit its text (another
/// transaction, other typed data, another note, another network) before it crosses the gap.
enum Crafted {
    typealias T = EthereumChainTests

    static let usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
    static let dai = "0x6B175474E89094C44Da98b954EedeAC495271d0F"
    /// A contract the signer's token list does not have.
    static let unknownToken = "0x1111111111111111111111111111111111111111"
    static let permit2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3"
    /// Not one of the person's accounts or contacts.
    static let stranger = "0x4242424242424242424242424242424242424242"

    /// The watch's request file for a plain transfer from the person's account: the text the
    /// attacker starts from.
    static func watchOutput() throws -> String {
        String(decoding: MessageFile.serialize([try T.transactionRequest(T.plainTransfer())]), as: UTF8.self)
    }

    /// The watch's output with its payload replaced by `payload` (JSON text), and `network` and
    /// `note` set when given, re-read as the signer reads a file.
    static func edited(payload: String, network: String? = nil, note: String? = nil) throws -> SignRequest {
        var text = try watchOutput()
        // Canonical JSON: the payload is the member before "version", the last.
        let start = try #require(text.range(of: "\"payload\":"))
        let end = try #require(text.range(of: ",\"version\":1}", range: start.upperBound..<text.endIndex))
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: payload)
        if let network {
            text = text.replacingOccurrences(of: "\"network\":\"eip155:1\"", with: "\"network\":\"\(network)\"")
        }
        if let note {
            let escaped = String(decoding: try JSONSerialization.data(withJSONObject: [note]), as: UTF8.self)
                .dropFirst().dropLast()
            text = text.replacingOccurrences(of: "\"payload\":", with: "\"note\":\(escaped),\"payload\":")
        }
        return try #require(try MessageFile.requests(Array(text.utf8)).first)
    }

    /// The watch's output carrying `transaction` instead.
    static func transaction(_ transaction: EthereumTransaction, network: String? = nil, note: String? = nil) throws
        -> SignRequest
    {
        try edited(
            payload:
                "{\"transaction\":\"\(Hex.encode(transaction.unsignedEncoding, prefix: true))\",\"type\":\"transaction\"}",
            network: network, note: note)
    }

    /// The watch's output carrying typed data instead.
    static func typedData(_ json: String) throws -> SignRequest {
        try edited(payload: "{\"type\":\"typed_data\",\"typedData\":\(json)}")
    }

    /// An EIP-1559 transaction on mainnet to `to` with `data` (nonce 7, 1 and 30 gwei, 60000 gas).
    static func call(
        to: String?, data: [UInt8], value: BigUInt = 0, chainId: BigUInt = 1,
        accessList: [AccessListEntry] = []
    ) throws -> EthereumTransaction {
        try EthereumTransaction(
            type: .feeMarket, chainId: chainId, nonce: 7,
            fees: .feeMarket(maxPriorityFeePerGas: 1_000_000_000, maxFeePerGas: 30_000_000_000), gasLimit: 60000,
            to: try to.map { try EthereumAddress($0) }, value: value, data: data, accessList: accessList)
    }

    /// The 32-byte ABI word of an address.
    static func word(_ address: String) throws -> [UInt8] {
        [UInt8](repeating: 0, count: 12) + (try EthereumAddress(address)).bytes
    }

    /// The 32-byte ABI word of an integer (at most 256 bits).
    static func word(_ value: BigUInt) -> [UInt8] {
        let bytes = Array(value.serialize())
        return [UInt8](repeating: 0, count: 32 - bytes.count) + bytes
    }

    /// The review as the signer prints it, clock pinned.
    static func render(_ request: SignRequest) throws -> String {
        let context = try T.context()
        let review = try T.module.review(request, context: context)
        return ReviewText.render(review, position: 1, of: 1, module: T.module, context: context) + "\n"
    }

    /// The batch summary of `requests`, as the signer prints it under the reviews.
    static func summary(_ requests: [SignRequest], allowBlind: Bool = false) throws -> String {
        let registry = ChainRegistry([T.module])
        return ReviewText.renderTotals(
            BatchReview(
                requests, registry: registry, context: try T.context(),
                blind: allowBlind ? BlindConsent(onlyRequest: true) : .none))
    }

    /// An EIP-712 document: `types` (besides EIP712Domain) and `message` as JSON text, domain
    /// members given as JSON text in the declared order.
    static func typedJSON(
        domain: [(name: String, type: String, value: String)], types: String, primary: String, message: String
    ) -> String {
        let domainTypes = domain.map { "{\"name\":\"\($0.name)\",\"type\":\"\($0.type)\"}" }.joined(separator: ",")
        let domainValues = domain.map { "\"\($0.name)\":\($0.value)" }.joined(separator: ",")
        return
            "{\"types\":{\"EIP712Domain\":[\(domainTypes)],\(types)},\"primaryType\":\"\(primary)\",\"domain\":{\(domainValues)},\"message\":\(message)}"
    }
}
