/// polkadot-js `signRaw` data (`SignerPayloadRaw`): `bytes` are signed wrapped in
/// `<Bytes>…</Bytes>` (polkadot-js/common `u8aWrapBytes`), so a signed message can never be a
/// valid transaction payload.
public enum RawMessage {
    static let open = Array("<Bytes>".utf8)
    static let close = Array("</Bytes>".utf8)
    static let ethereumPrefix = Array("\u{19}Ethereum Signed Message:\n".utf8)

    /// `data` wrapped once: unchanged when it already carries both tags or starts with the
    /// Ethereum message prefix (as `u8aWrapBytes` does).
    public static func wrapBytes(_ data: [UInt8]) -> [UInt8] {
        if isWrapped(data) || isEthereumPrefixed(data) { return data }
        return open + data + close
    }

    public static func isWrapped(_ data: [UInt8]) -> Bool {
        data.count >= open.count + close.count && data.starts(with: open)
            && data.suffix(close.count).elementsEqual(close)
    }

    public static func isEthereumPrefixed(_ data: [UInt8]) -> Bool { data.starts(with: ethereumPrefix) }

    /// Data that must not be signed as a plain message without `--blind`.
    public enum Disguise: Sendable, Equatable {
        /// It starts with the Ethereum message prefix, so it is signed as given, with no tags.
        case ethereumPrefix
        /// It holds this network's genesis hash, as a transaction's signing payload does.
        case transactionPayload(network: String)

        /// The review's warning.
        public var warning: String {
            switch self {
            case .ethereumPrefix:
                return
                    "the data starts with the Ethereum message prefix, so it is signed as given, without <Bytes> tags"
            case let .transactionPayload(network):
                return
                    "the data holds \(network)'s genesis hash, as a transaction's signing payload does: it may be a transaction shown as a message"
            }
        }

        /// What could not be shown, for the `--blind` line.
        public var reason: String {
            switch self {
            case .ethereumPrefix: return "Ethereum-prefixed data, signed as given without <Bytes> tags"
            case .transactionPayload: return "a message that may be a transaction's signing payload"
            }
        }
    }

    /// Why `data` is not signed as a plain message without `--blind`, or nil when it may be.
    ///
    /// The rule: data that starts with the Ethereum message prefix (it is signed as given,
    /// with no tags, so the signature covers bytes a dApp chose outright), or data that holds
    /// the genesis hash of a network this signer knows anywhere in it, tags or not. Every
    /// signing payload of a runtime in the signer's table carries its network's genesis hash
    /// in its additional data (CheckGenesis is in every table's list), so a transaction of
    /// such a runtime cannot pass as a message; a message a person reads has no reason to
    /// hold 32 raw bytes that match a genesis hash, so nothing honest is caught by chance.
    public static func disguise(in data: [UInt8]) -> Disguise? {
        if isEthereumPrefixed(data) { return .ethereumPrefix }
        for network in SubstrateNetwork.known where contains(data, network.genesisHash) {
            return .transactionPayload(network: network.name)
        }
        return nil
    }

    package static func contains(_ data: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, data.count >= needle.count else { return false }
        var start = 0
        while start <= data.count - needle.count {
            if data[start] == first, data[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }
}
