import AirsignEthereum
import AirsignOnline

/// What an ERC-20 contract says about itself (`decimals()`, `symbol()` through `eth_call`).
/// The signer cannot check either, so the request carries them only in its note, which the
/// signer shows marked unverified.
public struct EthereumTokenInfo: Sendable, Equatable {
    public let decimals: Int
    /// Nil when the token has no `symbol()` or returns something that is not short printable text.
    public let symbol: String?

    static let decimalsSelector: [UInt8] = [0x31, 0x3c, 0xe5, 0x67]
    static let symbolSelector: [UInt8] = [0x95, 0xd8, 0x9b, 0x41]

    /// Asks the token. `decimals()` must answer one ABI word of at most 255.
    public static func read(_ token: EthereumAddress, rpc: EthereumRPC) throws -> EthereumTokenInfo {
        let word = try rpc.call(to: token.checksummed, data: decimalsSelector)
        guard word.count == 32, word.prefix(31).allSatisfy({ $0 == 0 }), let decimals = word.last else {
            throw OnlineError.unexpected(
                url: rpc.url, reason: "\(token) does not answer decimals() as an ERC-20 token (\(word.count) bytes)")
        }
        return EthereumTokenInfo(decimals: Int(decimals), symbol: try symbol(of: token, rpc: rpc))
    }

    /// `symbol()` is optional in ERC-20: a call the node reports as failed (a revert) means none.
    private static func symbol(of token: EthereumAddress, rpc: EthereumRPC) throws(OnlineError) -> String? {
        let reply: [UInt8]
        do {
            reply = try rpc.call(to: token.checksummed, data: symbolSelector)
        } catch {
            if case .rpcError = error { return nil }
            throw error
        }
        return symbol(reply)
    }

    /// An ABI `string` return (offset, length, bytes), or a `bytes32` one (older tokens), as
    /// printable ASCII of 1…32 characters; nil otherwise.
    static func symbol(_ bytes: [UInt8]) -> String? {
        var text: [UInt8]
        if bytes.count == 32 {
            text = Array(bytes.prefix { $0 != 0 })
        } else {
            guard bytes.count >= 64, bytes.count % 32 == 0, bytes.prefix(31).allSatisfy({ $0 == 0 }), bytes[31] == 32,
                bytes[32..<63].allSatisfy({ $0 == 0 })
            else { return nil }
            let length = Int(bytes[63])
            guard length <= bytes.count - 64 else { return nil }
            text = Array(bytes[64..<64 + length])
        }
        guard (1...32).contains(text.count), text.allSatisfy({ (0x21...0x7e).contains($0) }) else { return nil }
        return String(decoding: text, as: UTF8.self)
    }
}
