import AirsignEncoding
import BigInt

/// What the signer shows for EIP-712 typed data: the domain and the message as an indented tree
/// of `name: value` lines, values normalised (addresses EIP-55, integers decimal), plus the digest
/// computed here.
public struct TypedDataReview: Equatable, Sendable {
    /// One line of the tree: depth (0 = top level), the member name, its declared type and the
    /// shown value (empty for a struct or array, whose members follow one level deeper).
    public struct Line: Equatable, Sendable {
        public let depth: Int
        public let name: String
        public let type: String
        public let value: String
        /// An address's text as the typed data wrote it (for `badChecksums`).
        var typedAs: String? = nil
        /// The address an `address` member holds, for the review to label.
        var address: EthereumAddress? = nil
    }

    public let primaryType: String
    /// Network name for the domain's chainId, when it has a well-known one.
    public let networkName: String?
    public let domain: [Line]
    public let message: [Line]
    /// `0x` + hex of the digest that will be signed.
    public let digest: String
    /// Addresses written in a mixed case that is not their EIP-55 checksum, with the member
    /// that holds each ("message spender: 0x…"): signed as their bytes, but worth a warning.
    public let badChecksums: [String]

    /// Builds the review; the typed data must hash (so malformed values are refused here too).
    public init(_ typed: TypedData) throws(EthereumError) {
        digest = Hex.encode(try typed.digest(), prefix: true)
        primaryType = typed.primaryType
        var domainLines: [Line] = []
        try Self.walk(typed, "EIP712Domain", typed.domain, depth: 0, into: &domainLines)
        domain = domainLines
        var messageLines: [Line] = []
        if typed.primaryType != "EIP712Domain" {
            try Self.walk(typed, typed.primaryType, typed.message, depth: 0, into: &messageLines)
        }
        message = messageLines
        badChecksums = (domainLines.map { ("domain", $0) } + messageLines.map { ("message", $0) }).compactMap {
            part, line in
            line.typedAs.flatMap { TypedDataAddress.hasBadChecksum($0) ? "\(part) \(line.name): \($0)" : nil }
        }
        if case .number(let text)? = typed.domain["chainId"], let id = BigUInt(text, radix: 10) {
            networkName = ChainNames.name(for: id)
        } else if case .string(let text)? = typed.domain["chainId"], let id = BigUInt(text, radix: 10) {
            networkName = ChainNames.name(for: id)
        } else {
            networkName = nil
        }
    }

    private static func walk(
        _ typed: TypedData, _ name: String, _ value: JSONValue, depth: Int, into lines: inout [Line]
    ) throws(EthereumError) {
        guard let members = typed.types[name] else { throw .invalidTypedData("unknown type \"\(name)\"") }
        // The digest was computed first, so every key is a declared member name: hashed lookups.
        guard case .object(let given) = value else { throw .invalidTypedData("a \(name) value must be an object") }
        let fields = Dictionary(given.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for member in members {
            guard let field = fields[member.name] else { throw .invalidTypedData("\(name).\(member.name) is missing") }
            try show(typed, member.name, member.parsed, member.type, field, depth: depth, into: &lines)
        }
    }

    private static func show(
        _ typed: TypedData, _ label: String, _ type: TypedDataType, _ typeText: String, _ value: JSONValue,
        depth: Int, into lines: inout [Line]
    ) throws(EthereumError) {
        switch (type, value) {
        case (.structure(let name), _):
            lines.append(Line(depth: depth, name: label, type: typeText, value: ""))
            try walk(typed, name, value, depth: depth + 1, into: &lines)
        case (.array(let element, _), .array(let items)):
            lines.append(
                Line(
                    depth: depth, name: label, type: typeText,
                    value: "\(items.count) item\(items.count == 1 ? "" : "s")"))
            // The element type is everything before the last brackets ("uint8[2][]" → "uint8[2]").
            let elementText = typeText.lastIndex(of: "[").map { typeText[..<$0] } ?? Substring(typeText)
            for (i, item) in items.enumerated() {
                try show(typed, "[\(i)]", element, String(elementText), item, depth: depth + 1, into: &lines)
            }
        case (.address, .string(let text)):
            let bytes = try TypedDataAddress.bytes(text, path: label)
            let address = try? EthereumAddress(bytes: bytes)
            lines.append(
                Line(
                    depth: depth, name: label, type: typeText, value: address?.checksummed ?? text, typedAs: text,
                    address: address))
        case (.string, .string(let text)):
            lines.append(Line(depth: depth, name: label, type: typeText, value: text.debugDescription))
        case (.bool, .bool(let flag)):
            lines.append(Line(depth: depth, name: label, type: typeText, value: flag ? "true" : "false"))
        case (.uint, .string(let text)) where text.hasPrefix("0x"):
            lines.append(
                Line(
                    depth: depth, name: label, type: typeText,
                    value: BigUInt(text.dropFirst(2), radix: 16).map { String($0) } ?? text))
        case (_, .number(let text)), (_, .string(let text)):
            lines.append(Line(depth: depth, name: label, type: typeText, value: text))
        default:
            throw .invalidTypedData("\(label) has \(value.kindDescription) where \(typeText) belongs")
        }
    }
}
