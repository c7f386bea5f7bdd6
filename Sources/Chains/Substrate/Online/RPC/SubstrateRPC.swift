import AirsignEncoding
import AirsignOnline

/// The Substrate node calls the watch needs (HTTP JSON-RPC): genesis hash, runtime version,
/// the account's next nonce, the finalized head for a mortal era's checkpoint, the runtime
/// metadata, and extrinsic submission. Replies are checked for shape; meaning (metadata) is
/// decoded by AirsignSubstrate.
public struct SubstrateRPC: Sendable {
    public let client: JSONRPCClient

    public init(client: JSONRPCClient) {
        self.client = client
    }

    /// `chain_getBlockHash(0)`.
    public func genesisHash() throws(OnlineError) -> [UInt8] {
        try hash(try client.call("chain_getBlockHash", [.number("0")]), what: "chain_getBlockHash")
    }

    /// `state_getRuntimeVersion`: specVersion and transactionVersion.
    public func runtimeVersion() throws(OnlineError) -> (specVersion: UInt32, transactionVersion: UInt32) {
        let reply = try client.call("state_getRuntimeVersion")
        guard let spec = reply["specVersion"], let tx = reply["transactionVersion"],
            let specVersion = try? spec.asUInt64(), let txVersion = try? tx.asUInt64(),
            let specValue = UInt32(exactly: specVersion), let txValue = UInt32(exactly: txVersion)
        else {
            throw .badReply(
                url: client.url, reason: "state_getRuntimeVersion: no 32-bit specVersion and transactionVersion")
        }
        return (specValue, txValue)
    }

    /// `system_accountNextIndex(address)`: the nonce the next transaction must use.
    public func nextIndex(_ address: String) throws(OnlineError) -> UInt32 {
        let reply = try client.call("system_accountNextIndex", [.string(address)])
        guard let value = try? reply.asUInt64(), let nonce = UInt32(exactly: value) else {
            throw .badReply(url: client.url, reason: "system_accountNextIndex: not a 32-bit nonce")
        }
        return nonce
    }

    /// The finalized head's hash and number (`chain_getFinalizedHead`, `chain_getHeader`).
    public func finalizedHead() throws(OnlineError) -> (hash: [UInt8], number: UInt32) {
        let hashValue = try client.call("chain_getFinalizedHead")
        let blockHash = try hash(hashValue, what: "chain_getFinalizedHead")
        let header = try client.call("chain_getHeader", [hashValue])
        // Hex digits only: UInt32(_:radix:) alone would take a sign ("0x+1").
        guard case let .string(text)? = header["number"], text.hasPrefix("0x"), text.count > 2, text.count <= 10,
            text.dropFirst(2).allSatisfy(\.isHexDigit), let number = UInt32(text.dropFirst(2), radix: 16)
        else { throw .badReply(url: client.url, reason: "chain_getHeader: no 32-bit block number") }
        return (blockHash, number)
    }

    /// `state_getMetadata`: the SCALE `RuntimeMetadataPrefixed` bytes.
    public func metadata() throws(OnlineError) -> [UInt8] {
        guard case let .string(text) = try client.call("state_getMetadata"), text.hasPrefix("0x"),
            let bytes = try? Hex.decode(text)
        else {
            throw .badReply(url: client.url, reason: "state_getMetadata: not 0x hex")
        }
        return bytes
    }

    /// `state_call("Metadata_metadata_at_version", 15)`: the V15 metadata (the `Option<Vec<u8>>`
    /// the runtime API returns), or nil when the node does not serve it (an RPC error, or `None`
    /// from a runtime without V15): the caller then falls back to `state_getMetadata`.
    public func metadataV15() throws(OnlineError) -> [UInt8]? {
        let reply: JSONValue
        do {
            reply = try client.call("state_call", [.string("Metadata_metadata_at_version"), .string("0x0f000000")])
        } catch {
            if case .rpcError = error { return nil }
            throw error
        }
        guard case let .string(text) = reply, text.hasPrefix("0x"), let bytes = try? Hex.decode(text),
            let flag = bytes.first, flag <= 1
        else {
            throw .badReply(url: client.url, reason: "state_call Metadata_metadata_at_version: not 0x hex of an Option")
        }
        return flag == 1 ? bytes : nil
    }

    /// `system_properties`: the token's decimals and symbol (the first of each when the chain
    /// lists several), or nil for what the node does not state (or an RPC error).
    public func tokenProperties() throws(OnlineError) -> (decimals: Int?, symbol: String?) {
        let reply: JSONValue
        do { reply = try client.call("system_properties") } catch {
            if case .rpcError = error { return (nil, nil) }
            throw error
        }
        func first(_ value: JSONValue?) -> JSONValue? {
            if case let .array(items)? = value { return items.first }
            return value
        }
        var decimals: Int?
        if let value = first(reply["tokenDecimals"]), let number = try? value.asUInt64(), number <= 38 {
            decimals = Int(number)
        }
        var symbol: String?
        if case let .string(text)? = first(reply["tokenSymbol"]), !text.isEmpty, text.count <= 32 { symbol = text }
        return (decimals, symbol)
    }

    /// `author_submitExtrinsic`: the extrinsic's hash as the node reports it.
    public func submit(_ extrinsic: [UInt8]) throws(OnlineError) -> [UInt8] {
        try hash(
            try client.call("author_submitExtrinsic", [.string(Hex.encode(extrinsic, prefix: true))]),
            what: "author_submitExtrinsic")
    }

    private func hash(_ value: JSONValue, what: String) throws(OnlineError) -> [UInt8] {
        guard case let .string(text) = value, text.hasPrefix("0x"), let bytes = try? Hex.decode(text), bytes.count == 32
        else {
            throw .badReply(url: client.url, reason: "\(what): not a 32-byte 0x hash")
        }
        return bytes
    }
}
