import AirsignEncoding
import AirsignEthereum
import BigInt

/// Command-line arguments read as ABI values, in the syntax Foundry's `cast` takes: integers in
/// decimal or `0x` hex (negative for `intN`), optionally with a unit (`1.5ether`, `30gwei`);
/// addresses as `0x…` (EIP-55 checked when mixed case); `true`/`false`; `0x` hex for `bytes` and
/// `bytesN` (exactly N bytes); strings as they are (quoted with `"…"` inside a list when they
/// hold commas or brackets); arrays as `[a,b]` and tuples as `(a,b)`, nested. Every refusal is one
/// line naming the argument's position and type, and the element inside it.
public enum ABIArguments {
    /// The values of `arguments` for `parameters`, one argument each.
    public static func parse(_ arguments: [String], for parameters: [ABIParameter], what: String = "argument")
        throws(EthereumError) -> [ABIValue]
    {
        guard arguments.count == parameters.count else {
            let wanted = parameters.map { $0.described }.joined(separator: ", ")
            throw .invalidABI(
                "\(parameters.count) \(what)\(parameters.count == 1 ? "" : "s") expected (\(wanted)), \(arguments.count) given"
            )
        }
        return try zip(arguments, parameters).enumerated().map { index, pair throws(EthereumError) in
            let (text, parameter) = pair
            let place =
                "\(what) \(index + 1) (\(parameter.type.canonical)\(parameter.name.isEmpty ? "" : " " + parameter.name))"
            return try value(text, as: parameter.type, place: place, topLevel: true)
        }
    }

    private static func value(_ raw: String, as type: ABIType, place: String, topLevel: Bool = false)
        throws(EthereumError) -> ABIValue
    {
        // A top-level string is taken verbatim (the shell already split it); inside a list,
        // surrounding spaces go and quotes may protect commas and brackets.
        if case .string = type, topLevel { return .string(raw) }
        let text = trimmed(raw)
        switch type {
        case .uint(let bits):
            let number = try unsigned(text, place: place)
            guard number.bitWidth <= bits else { throw .invalidABI("\(place): \(number) does not fit uint\(bits)") }
            return .uint(number)
        case .int(let bits):
            let negative = text.hasPrefix("-")
            let magnitude = try unsigned(negative ? String(text.dropFirst()) : text, place: place)
            let number = negative ? -BigInt(magnitude) : BigInt(magnitude)
            let limit = BigInt(1) << (bits - 1)
            guard number >= -limit, number < limit else {
                throw .invalidABI("\(place): \(number) does not fit int\(bits)")
            }
            return .int(number)
        case .address:
            do { return .address(try EthereumAddress(unquoted(text))) } catch {
                throw .invalidABI("\(place): \(error.reason)")
            }
        case .bool:
            switch unquoted(text) {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw .invalidABI("\(place): \"\(shown(text))\" is not true or false")
            }
        case .fixedBytes(let n):
            let bytes = try hex(unquoted(text), place: place)
            guard bytes.count == n else {
                throw .invalidABI(
                    "\(place): bytes\(n) takes exactly \(n) bytes (\(2 * n) hex digits), not \(bytes.count)")
            }
            return .fixedBytes(bytes)
        case .bytes:
            return .bytes(try hex(unquoted(text), place: place))
        case .string:
            return .string(unquoted(text))
        case .array(let element):
            let items = try list(text, open: "[", close: "]", place: place)
            return .array(
                try items.enumerated().map { index, item throws(EthereumError) in
                    try value(item, as: element, place: "\(place) element \(index + 1)")
                })
        case let .fixedArray(element, length):
            let items = try list(text, open: "[", close: "]", place: place)
            guard items.count == length else {
                throw .invalidABI("\(place): \(type.canonical) takes \(length) elements, not \(items.count)")
            }
            return .array(
                try items.enumerated().map { index, item throws(EthereumError) in
                    try value(item, as: element, place: "\(place) element \(index + 1)")
                })
        case .tuple(let components):
            let items = try list(text, open: "(", close: ")", place: place)
            guard items.count == components.count else {
                throw .invalidABI(
                    "\(place): the tuple \(type.canonical) takes \(components.count) values, not \(items.count)")
            }
            return .tuple(
                try zip(items, components).enumerated().map { index, pair throws(EthereumError) in
                    let name =
                        pair.1.name.isEmpty ? "component \(index + 1)" : "component \(index + 1) (\(pair.1.name))"
                    return try value(pair.0, as: pair.1.type, place: "\(place) \(name)")
                })
        }
    }

    /// A non-negative integer: decimal, `0x` hex, or a decimal with a unit (`1.5ether`).
    private static func unsigned(_ text: String, place: String) throws(EthereumError) -> BigUInt {
        let digits = { (s: Substring) in
            !s.isEmpty && s.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            let body = text.dropFirst(2)
            guard !body.isEmpty, body.count <= 64, body.allSatisfy(\.isHexDigit), let number = BigUInt(body, radix: 16)
            else {
                throw .invalidABI("\(place): \"\(shown(text))\" is not a hex integer of at most 64 digits")
            }
            return number
        }
        if digits(Substring(text)) {
            guard text.count <= 78, let number = BigUInt(text, radix: 10) else {
                throw .invalidABI("\(place): \(shown(text)) is larger than 2^256")
            }
            return number
        }
        let compact = String(text.filter { $0 != " " })
        if EtherAmount.units.contains(where: { compact.hasSuffix($0.name) }) {
            do { return try EtherAmount.parse(compact) } catch { throw .invalidABI("\(place): \(error)") }
        }
        throw .invalidABI(
            "\(place): \"\(shown(text))\" is not an integer (decimal, 0x hex, or with a unit: 1.5ether, 30gwei)")
    }

    private static func hex(_ text: String, place: String) throws(EthereumError) -> [UInt8] {
        guard text.hasPrefix("0x") else { throw .invalidABI("\(place): \"\(shown(text))\" is not 0x hex") }
        do { return try Hex.decode(text) } catch { throw .invalidABI("\(place): \(error)") }
    }

    /// The top-level elements of `[a,b]` or `(a,b)`, split at commas outside brackets, parentheses
    /// and quotes.
    private static func list(_ text: String, open: Character, close: Character, place: String) throws(EthereumError)
        -> [String]
    {
        guard text.first == open, text.last == close, text.count >= 2 else {
            throw .invalidABI("\(place): \"\(shown(text))\" is not a list in \(open)…\(close)")
        }
        let inner = text.dropFirst().dropLast()
        guard !trimmed(String(inner)).isEmpty else { return [] }
        var items: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        var escaped = false
        for character in inner {
            if quoted {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted = false
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case "[", "(": depth += 1
            case "]", ")":
                depth -= 1
                guard depth >= 0 else {
                    throw .invalidABI("\(place): unbalanced \"\(character)\" in \"\(shown(text))\"")
                }
            case "," where depth == 0:
                items.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        guard depth == 0, !quoted else {
            throw .invalidABI("\(place): unbalanced brackets or quotes in \"\(shown(text))\"")
        }
        items.append(current)
        return items
    }

    private static func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }

    /// `"a,b"` → `a,b` (with `\"` and `\\` unescaped); anything else as it is.
    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        var out = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                out.append(character); escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Input echoed in an error, cut short.
    private static func shown(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}
