import AirsignEncoding

/// An `address` value of EIP-712 typed data. EIP-712 hashes an address as its 20 bytes, so the
/// case of its hex digits does not change what is signed, and eth-account (the reference) reads
/// any case. The signer reads it the same way and the review names each address whose mixed
/// case is not its EIP-55 checksum (`TypedDataReview.badChecksums`): that case was typed by
/// hand or altered, and deserves a look, but refusing it would refuse a signature that means
/// exactly what the review shows. Addresses the watch's own CLI reads keep refusing bad
/// checksums (`EthereumAddress(_:)`).
enum TypedDataAddress {
    /// The 20 bytes of `0x` + 40 hex digits in any case.
    static func bytes(_ text: String, path: String) throws(EthereumError) -> [UInt8] {
        guard text.utf8.count == 42, text.hasPrefix("0x") else {
            throw .invalidTypedData("\(path): an address is 0x and 40 hex digits")
        }
        do { return try Hex.decode(text) } catch { throw .invalidTypedData("\(path): \(error)") }
    }

    /// Whether `text` mixes upper and lower case digits other than as its EIP-55 checksum.
    static func hasBadChecksum(_ text: String) -> Bool {
        guard (try? EIP55.decode(text)) == nil, let bytes = try? Hex.decode(text), bytes.count == EIP55.addressLength
        else { return false }
        return true
    }
}
