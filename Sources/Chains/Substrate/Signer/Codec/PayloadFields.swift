import AirsignEncoding

/// Reads the members of a polkadot-js JSON object with their hex conventions (polkadot-js/api:
/// `packages/types/src/extrinsic/SignerPayload.ts`, `toPayload`): byte
/// fields are `0x` hex copied verbatim, number fields are the big-endian hex text of an integer
/// (or a JSON integer, which polkadot-js's `createType` accepts too). `context` prefixes every
/// error ("signerPayload").
package struct PayloadFields {
    let members: [(key: String, value: JSONValue)]
    let context: String

    /// Refuses a non-object, a missing required member and any member not in `required` or
    /// `optional` (docs/security.md, signer rule 2: unknown fields are refused).
    init(_ value: JSONValue, context: String, required: [String], optional: [String]) throws(SubstrateError) {
        guard case let .object(members) = value else {
            throw SubstrateError.notOfKind(field: context, expected: "a JSON object")
        }
        for member in members where !required.contains(member.key) && !optional.contains(member.key) {
            throw SubstrateError.unknownField("\(context).\(member.key)")
        }
        for name in required where value[name] == nil {
            throw SubstrateError.missing("\(context).\(name)")
        }
        self.members = members
        self.context = context
    }

    func value(_ name: String) -> JSONValue? {
        members.first { $0.key.isSameUTF8(as: name) }?.value
    }

    /// An optional member that is absent or `null` is nil.
    func present(_ name: String) -> JSONValue? {
        guard let value = value(name), value != .null else { return nil }
        return value
    }

    func string(_ name: String) throws(SubstrateError) -> String {
        guard case let .string(text)? = value(name) else {
            throw SubstrateError.notOfKind(field: "\(context).\(name)", expected: "a string")
        }
        return text
    }

    /// `0x` hex of exactly `length` bytes (any length when nil).
    func bytes(_ name: String, length: Int? = nil) throws(SubstrateError) -> [UInt8] {
        try Self.hex(try string(name), field: "\(context).\(name)", length: length)
    }

    /// An unsigned integer of at most `T.bitWidth` bits: `0x` big-endian hex (any number of
    /// digits up to the width) or a JSON integer.
    func number<T: FixedWidthInteger & UnsignedInteger>(_ name: String, _: T.Type) throws(SubstrateError) -> T {
        let field = "\(context).\(name)"
        switch value(name) {
        case let .string(text)?:
            let utf8 = Array(text.utf8)
            guard utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "x") else {
                throw SubstrateError.notOfKind(field: field, expected: "0x-prefixed hex")
            }
            let digits = utf8.dropFirst(2)
            guard digits.count <= T.bitWidth / 4 else {
                throw SubstrateError.notUnsigned(field: field, bits: T.bitWidth, text: text)
            }
            var result: T = 0
            for digit in digits {
                guard let value = Self.hexDigit(digit) else {
                    throw SubstrateError.notHex(field: field, reason: "\"\(text)\"")
                }
                result = result << 4 | T(value)
            }
            return result
        case let .number(text)?:
            guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                text == "0" || !text.hasPrefix("0"),
                let value = T(text, radix: 10)
            else { throw SubstrateError.notUnsigned(field: field, bits: T.bitWidth, text: text) }
            return value
        default:
            throw SubstrateError.notOfKind(field: field, expected: "a 0x hex number or an integer")
        }
    }

    /// Strict `0x` hex: the prefix is required (polkadot-js always writes it), digits in pairs.
    package static func hex(_ text: String, field: String, length: Int? = nil) throws(SubstrateError) -> [UInt8] {
        guard text.hasPrefix("0x") else { throw SubstrateError.notOfKind(field: field, expected: "0x-prefixed hex") }
        let bytes: [UInt8]
        do { bytes = try Hex.decode(text) } catch { throw SubstrateError.notHex(field: field, reason: "\(error)") }
        if let length, bytes.count != length {
            throw SubstrateError.length(field: field, actual: bytes.count, expected: length)
        }
        return bytes
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x61...0x66: return c - 0x61 + 10
        case 0x41...0x46: return c - 0x41 + 10
        default: return nil
        }
    }
}
