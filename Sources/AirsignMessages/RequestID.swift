import AirsignCrypto
import AirsignEncoding

/// A request's `id`: a random (version 4) UUID in its canonical lower-case text form, chosen by
/// the watch. The response carries it back, and the watch finds its stored request by it.
public struct RequestID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`, lower-case.
    public let text: String

    /// Validates the canonical form of a version 4, RFC 4122 variant UUID. Upper case is refused
    /// rather than folded, so one id has one spelling (ids are also file names in the watch store).
    public init(_ text: String) throws(MessagesError) {
        let bytes = Array(text.utf8)
        let reason =
            "must be a version 4 UUID in lower case (xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx, y one of 8, 9, a, b)"
        guard bytes.count == 36 else { throw .invalidField(message: nil, field: "id", reason: reason) }
        for (index, byte) in bytes.enumerated() {
            let isHex = (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
            switch index {
            case 8, 13, 18, 23:
                guard byte == UInt8(ascii: "-") else { throw .invalidField(message: nil, field: "id", reason: reason) }
            case 14:
                guard byte == UInt8(ascii: "4") else { throw .invalidField(message: nil, field: "id", reason: reason) }
            case 19:
                guard "89ab".utf8.contains(byte) else { throw .invalidField(message: nil, field: "id", reason: reason) }
            default: guard isHex else { throw .invalidField(message: nil, field: "id", reason: reason) }
            }
        }
        self.text = text
    }

    /// The id whose UUID is these 16 bytes (the binary form ERC-4527 carries); refused, as the
    /// text is, unless they are a version 4 UUID.
    public init(uuidBytes bytes: [UInt8]) throws(MessagesError) {
        guard bytes.count == 16 else {
            throw .invalidField(message: nil, field: "id", reason: "a UUID is 16 bytes, not \(bytes.count)")
        }
        let hex = Array(Hex.encode(bytes))
        try self.init(
            String(hex[0..<8]) + "-" + String(hex[8..<12]) + "-" + String(hex[12..<16]) + "-"
                + String(hex[16..<20]) + "-" + String(hex[20..<32]))
    }

    /// The UUID's 16 bytes.
    public var uuidBytes: [UInt8] {
        // `init` admitted only lower-case hex digits and 4 dashes, so the digits always decode.
        (try? Hex.decode(text.filter { $0 != "-" })) ?? []
    }

    /// A fresh id from the system's random number generator.
    public static func random() -> RequestID {
        var bytes = SecureRandom.bytes(16)
        bytes[6] = bytes[6] & 0x0f | 0x40
        bytes[8] = bytes[8] & 0x3f | 0x80
        // The form is right by construction; a failure here is a bug, not bad input.
        guard let id = try? RequestID(uuidBytes: bytes) else { preconditionFailure("generated an invalid UUID") }
        return id
    }

    /// The first 8 characters, enough to tell requests apart on screen.
    public var short: String { String(text.prefix(8)) }

    public var description: String { text }

    public static func < (lhs: RequestID, rhs: RequestID) -> Bool { lhs.text < rhs.text }
}
