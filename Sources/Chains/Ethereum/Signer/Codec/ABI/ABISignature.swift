/// Reads Solidity types and function signatures as people write them: `uint256`,
/// `(address,uint256)[2]`, `tuple(uint8 a, bytes b)[]`, `deposit(address asset, uint256
/// amount)`, `function balanceOf(address owner) returns (uint256)` (return types are read and
/// dropped), with data locations (`memory`, `calldata`, `storage`) allowed after a type. `uint`
/// and `int` mean their 256-bit forms, as in Solidity. Anything else is refused with the place.
public struct ABISignature {
    private let text: [UInt8]
    private var position = 0
    private let source: String

    private init(_ source: String) {
        self.source = source
        text = Array(source.utf8)
    }

    /// Longest signature or type text read (a descriptor key, a `--sig`).
    public static let maxLength = 16 * 1024

    /// A function signature: its name and parameters (names when given).
    public static func function(_ source: String) throws(EthereumError) -> (name: String, inputs: [ABIParameter]) {
        var parser = ABISignature(source)
        try parser.checkLength()
        parser.skipSpace()
        if parser.keyword("function") { parser.skipSpace() }
        let name = try parser.identifier("a function name")
        parser.skipSpace()
        let inputs = try parser.parameterList(depth: 0)
        parser.skipSpace()
        // Return types: `returns (…)` or cast's bare `(…)` after the inputs.
        if parser.keyword("returns") { parser.skipSpace() }
        if parser.peek == UInt8(ascii: "(") {
            _ = try parser.parameterList(depth: 0)
            parser.skipSpace()
        }
        try parser.end()
        return (name, inputs)
    }

    /// One type, optionally followed by a name (`uint256`, `address to`).
    public static func parameter(_ source: String) throws(EthereumError) -> ABIParameter {
        var parser = ABISignature(source)
        try parser.checkLength()
        parser.skipSpace()
        let parameter = try parser.parameter(depth: 0)
        parser.skipSpace()
        try parser.end()
        return parameter
    }

    /// An elementary type name or `tuple` with its array suffix (`uint256[]`, `tuple[2]`) as a
    /// JSON ABI writes it, the tuple's components given apart: `components` is nil for a type
    /// that is not a tuple.
    static func jsonType(_ source: String, components: [ABIParameter]?) throws(EthereumError) -> ABIType {
        var parser = ABISignature(source)
        try parser.checkLength()
        let base: ABIType
        if parser.keyword("tuple") {
            guard let components else { throw .invalidABI("type \"\(source)\" is a tuple without \"components\"") }
            guard !components.isEmpty else {
                throw .invalidABI("type \"\(source)\": a tuple has at least one component")
            }
            base = .tuple(components)
        } else {
            base = try parser.elementary()
            if components != nil { throw .invalidABI("type \"\(source)\" has \"components\" but is not a tuple") }
        }
        let type = try parser.arraySuffixes(base, depth: base.depth)
        try parser.end()
        return type
    }

    // MARK: grammar

    private mutating func parameterList(depth: Int) throws(EthereumError) -> [ABIParameter] {
        try expect(UInt8(ascii: "("))
        skipSpace()
        var parameters: [ABIParameter] = []
        if peek == UInt8(ascii: ")") {
            position += 1
            return parameters
        }
        while true {
            skipSpace()
            parameters.append(try parameter(depth: depth))
            skipSpace()
            if peek == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: ")"))
            return parameters
        }
    }

    private mutating func parameter(depth: Int) throws(EthereumError) -> ABIParameter {
        let type = try type(depth: depth)
        let afterType = position
        skipSpace()
        guard position > afterType, let first = peek, Self.isIdentifierStart(first) else {
            position = afterType
            return ABIParameter(type: type)
        }
        var name = try identifier("a parameter name")
        if ["memory", "calldata", "storage", "indexed"].contains(name) {
            let afterLocation = position
            skipSpace()
            if position > afterLocation, let next = peek, Self.isIdentifierStart(next) {
                name = try identifier("a parameter name")
            } else {
                position = afterLocation
                name = ""
            }
        }
        return ABIParameter(name: name, type: type)
    }

    private mutating func type(depth: Int) throws(EthereumError) -> ABIType {
        guard depth < ABIType.maxDepth else {
            throw .invalidABI("\(place): types nest deeper than \(ABIType.maxDepth) levels")
        }
        let base: ABIType
        if keyword("tuple") { skipSpace() }
        if peek == UInt8(ascii: "(") {
            let components = try parameterList(depth: depth + 1)
            guard !components.isEmpty else {
                throw .invalidABI("\(place): an empty tuple \"()\" is not a Solidity type")
            }
            base = .tuple(components)
        } else {
            base = try elementary()
        }
        return try arraySuffixes(base, depth: depth + base.depth)
    }

    private mutating func arraySuffixes(_ base: ABIType, depth: Int) throws(EthereumError) -> ABIType {
        var type = base
        var level = depth
        while peek == UInt8(ascii: "[") {
            position += 1
            level += 1
            guard level <= ABIType.maxDepth else {
                throw .invalidABI("\(place): types nest deeper than \(ABIType.maxDepth) levels")
            }
            let digits = take { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            try expect(UInt8(ascii: "]"))
            if digits.isEmpty {
                type = .array(type)
            } else {
                guard digits.first != UInt8(ascii: "0"), digits.count <= 7,
                    let length = Int(String(decoding: digits, as: UTF8.self)),
                    length <= ABIType.maxFixedLength
                else {
                    throw .invalidABI(
                        "\(place): array length \"\(String(decoding: digits, as: UTF8.self))\" is not 1…\(ABIType.maxFixedLength) in canonical decimal"
                    )
                }
                type = .fixedArray(type, length)
            }
        }
        return type
    }

    private mutating func elementary() throws(EthereumError) -> ABIType {
        let start = position
        let word = String(decoding: take { Self.isIdentifierPart($0) }, as: UTF8.self)
        guard !word.isEmpty else { throw .invalidABI("\(place): a type is expected") }
        switch word {
        case "address":
            // `address payable` is an address.
            let after = position
            skipSpace()
            if !keyword("payable") { position = after }
            return .address
        case "bool": return .bool
        case "bytes": return .bytes
        case "string": return .string
        case "uint": return .uint(256)
        case "int": return .int(256)
        case "byte": return .fixedBytes(1)
        default: break
        }
        if let bits = Self.size(word, prefix: "uint"), bits % 8 == 0, (8...256).contains(bits) { return .uint(bits) }
        if let bits = Self.size(word, prefix: "int"), bits % 8 == 0, (8...256).contains(bits) { return .int(bits) }
        if let n = Self.size(word, prefix: "bytes"), (1...32).contains(n) { return .fixedBytes(n) }
        position = start
        if word.hasPrefix("fixed") || word.hasPrefix("ufixed") || word == "function" {
            throw .invalidABI("\(place): type \"\(word)\" is not supported")
        }
        throw .invalidABI("\(place): unknown type \"\(word)\"")
    }

    /// The canonical decimal after `prefix` ("uint64" → 64), nil otherwise.
    private static func size(_ word: String, prefix: String) -> Int? {
        guard word.hasPrefix(prefix) else { return nil }
        let digits = word.utf8.dropFirst(prefix.utf8.count)
        guard !digits.isEmpty, digits.count <= 3, digits.first != UInt8(ascii: "0"),
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    private mutating func identifier(_ what: String) throws(EthereumError) -> String {
        guard let first = peek, Self.isIdentifierStart(first) else {
            throw .invalidABI("\(place): \(what) is expected")
        }
        return String(decoding: take { Self.isIdentifierPart($0) }, as: UTF8.self)
    }

    // MARK: scanning

    private var peek: UInt8? { position < text.count ? text[position] : nil }

    /// "at character 12 of \"…\"" for errors.
    private var place: String {
        let shown = source.count > 80 ? String(source.prefix(77)) + "…" : source
        return "\"\(shown)\" at character \(position + 1)"
    }

    private func checkLength() throws(EthereumError) {
        guard text.count <= Self.maxLength else {
            throw .invalidABI("a signature of \(text.count) bytes is longer than \(Self.maxLength)")
        }
    }

    private mutating func skipSpace() {
        while let c = peek,
            c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
        {
            position += 1
        }
    }

    /// Consumes `word` when it stands whole here (not the start of a longer identifier).
    private mutating func keyword(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        guard text.count - position >= bytes.count, Array(text[position..<position + bytes.count]) == bytes else {
            return false
        }
        let after = position + bytes.count
        if after < text.count, Self.isIdentifierPart(text[after]) { return false }
        position = after
        return true
    }

    private mutating func take(while accept: (UInt8) -> Bool) -> [UInt8] {
        let start = position
        while let c = peek, accept(c) { position += 1 }
        return Array(text[start..<position])
    }

    private mutating func expect(_ byte: UInt8) throws(EthereumError) {
        guard peek == byte else {
            throw .invalidABI("\(place): \"\(Character(Unicode.Scalar(byte)))\" is expected")
        }
        position += 1
    }

    private func end() throws(EthereumError) {
        guard position == text.count else { throw .invalidABI("\(place): unexpected text after the signature") }
    }

    private static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "$")
    }

    private static func isIdentifierPart(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }
}
