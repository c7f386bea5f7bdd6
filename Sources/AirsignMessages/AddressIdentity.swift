import AirsignEncoding
import AirsignKeys

/// Which account an address names, in a form two spellings of one account share: the review
/// compares destinations with the keystore's accounts and the contacts by it, so an Ethereum
/// address in lower case, or a Substrate address in another network's SS58 format, is still
/// recognised. Chain modules may refine it (`ChainModule.addressIdentity`).
public enum AddressIdentity {
    /// The identity of `address` on `chain` by the four chains' address formats, or nil when it
    /// is not a valid address there. Any other chain compares the text as it is.
    public static func builtIn(_ address: String, chain: ChainID) -> String? {
        guard let known = chain.knownChain else { return address.isEmpty ? nil : address }
        switch known {
        case .ethereum:
            guard let bytes = try? EIP55.decode(address) else { return nil }
            return ethereum(bytes)
        case .substrate:
            // The account id, whatever network prefix the address was written for.
            guard let decoded = try? SS58.decode(address) else { return nil }
            return substrate(accountID: decoded.payload)
        case .stellar:
            if let key = try? StrKey.decodeAccountID(address) { return "g:" + Hex.encode(key) }
            if let muxed = try? StrKey.decodeMuxedAccount(address) {
                return "g:" + Hex.encode(muxed.publicKey) + "/" + String(muxed.id)
            }
            return nil
        case .icp:
            if let principal = try? Principal(text: address.lowercased()) { return "principal:" + principal.text }
            // A ledger account identifier: 32 bytes as 64 hex digits.
            let utf8 = Array(address.utf8)
            if utf8.count == 64, let bytes = try? Hex.decode(address) { return "account:" + Hex.encode(bytes) }
            return nil
        }
    }

    /// The identity of the Ethereum address of these 20 bytes, however it is spelled: what a
    /// module that holds the bytes labels by, without hashing a text to get them back.
    public static func ethereum(_ bytes: [UInt8]) -> String { "eth:" + Hex.encode(bytes) }

    /// The identity of a Substrate account id, whatever prefix its address is written with.
    public static func substrate(accountID: [UInt8]) -> String { "ss58:" + Hex.encode(accountID) }

    /// The address written the way the chain's wallets show it, when `builtIn` knows a better
    /// form (EIP-55 checksum case); otherwise `address` unchanged.
    public static func display(_ address: String, chain: ChainID) -> String {
        if chain.knownChain == .ethereum, let bytes = try? EIP55.decode(address), let text = try? EIP55.encode(bytes) {
            return text
        }
        return address
    }
}
