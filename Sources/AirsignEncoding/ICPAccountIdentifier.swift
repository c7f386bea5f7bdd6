import AirsignCrypto

/// An ICP ledger account identifier: CRC32-BE(h) || h with
/// h = SHA-224("\x0Aaccount-id" || principal || subaccount), shown as 64 lower-case hex digits
/// (dfinity/ic-js `AccountIdentifier.fromPrincipal`, quill `candid/ledger.did`).
public struct ICPAccountIdentifier: Hashable, Sendable, CustomStringConvertible {
    public static let length = 32
    public static let subaccountLength = 32
    private static let domain: [UInt8] = [0x0A] + Array("account-id".utf8)
    private static let codec = "ICP account identifier"

    public let bytes: [UInt8]

    /// The account of `principal` under `subaccount` (32 bytes; all zeros is the default).
    public init(principal: Principal, subaccount: [UInt8] = [UInt8](repeating: 0, count: 32)) throws(EncodingError) {
        guard subaccount.count == Self.subaccountLength else {
            throw .invalidValue(
                codec: Self.codec, offset: 0, reason: "a subaccount is 32 bytes, not \(subaccount.count)")
        }
        let hash = SHA224.hash(Self.domain + principal.bytes + subaccount)
        let crc = CRC32.checksum(hash)
        bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32($0)) } + hash
    }

    /// The account whose 28-byte hash (the identifier without its CRC) is `hash`: NNS governance
    /// takes a disbursement's destination in this form too.
    public init(hash: [UInt8]) throws(EncodingError) {
        guard hash.count == Self.length - 4 else {
            throw .invalidValue(codec: Self.codec, offset: 0, reason: "an account hash is 28 bytes, not \(hash.count)")
        }
        let crc = CRC32.checksum(hash)
        bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32($0)) } + hash
    }

    /// Parses the 64-digit hex form (either case, no prefix) and checks the CRC.
    public init(hex: some StringProtocol) throws(EncodingError) {
        guard hex.utf8.count == 2 * Self.length else {
            throw .invalidValue(
                codec: Self.codec, offset: 0, reason: "an account identifier is 64 hex digits, not \(hex.utf8.count)")
        }
        let data: [UInt8]
        do {
            data = try Hex.decode(hex)
        } catch {
            throw error.renamed(Self.codec)
        }
        guard data.count == Self.length else {
            throw .invalidValue(codec: Self.codec, offset: 0, reason: "an account identifier is 64 hex digits")
        }
        let crc = data[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard crc == CRC32.checksum(data[4...]) else { throw .checksumMismatch(codec: Self.codec) }
        bytes = data
    }

    /// 64 lower-case hex digits.
    public var hex: String { Hex.encode(bytes) }
    public var description: String { hex }
}
