import AirsignEncoding

/// One EIP-2930 access list entry: an address and the 32-byte storage keys it will touch.
public struct AccessListEntry: Equatable, Sendable {
    public let address: EthereumAddress
    /// Full 32-byte keys (never shortened like integers); duplicates are allowed, as in EIP-2930.
    public let storageKeys: [[UInt8]]

    /// Refuses storage keys that are not exactly 32 bytes.
    public init(address: EthereumAddress, storageKeys: [[UInt8]]) throws(EthereumError) {
        for key in storageKeys where key.count != 32 {
            throw .invalidField("accessList", reason: "a storage key is 32 bytes, not \(key.count)")
        }
        self.address = address
        self.storageKeys = storageKeys
    }

    var rlp: RLPItem {
        .list([.bytes(address.bytes), .list(storageKeys.map { .bytes($0) })])
    }

    /// `[[address, [key, …]], …]` exactly as EIP-2930 lays it out.
    static func decodeList(_ item: RLPItem) throws(EthereumError) -> [AccessListEntry] {
        guard case .list(let entries) = item else {
            throw .invalidField("accessList", reason: "expected a list, found a byte string")
        }
        var out: [AccessListEntry] = []
        for entry in entries {
            guard case .list(let pair) = entry, pair.count == 2,
                case .bytes(let address) = pair[0], case .list(let keys) = pair[1]
            else { throw .invalidField("accessList", reason: "an entry is [address, [storage keys]]") }
            var storageKeys: [[UInt8]] = []
            for key in keys {
                guard case .bytes(let bytes) = key else {
                    throw .invalidField("accessList", reason: "a storage key is a byte string, not a list")
                }
                storageKeys.append(bytes)
            }
            out.append(try AccessListEntry(address: try EthereumAddress(bytes: address), storageKeys: storageKeys))
        }
        return out
    }
}
