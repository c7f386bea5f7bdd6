import AirsignCrypto
import AirsignEncoding
import BigInt

/// EIP-712 encodeData / hashStruct / domain separator / digest, with strict value checks.
extension TypedData {
    /// hashStruct(EIP712Domain, domain).
    public func domainSeparator() throws(EthereumError) -> [UInt8] {
        try hashStruct("EIP712Domain", domain)
    }

    /// keccak256(typeHash ‖ encodeData(value)).
    public func hashStruct(_ name: String, _ value: JSONValue) throws(EthereumError) -> [UInt8] {
        Keccak256.hash(try encodeData(name, value))
    }

    /// typeHash ‖ the 32-byte encoding of each member, in declared order. Every declared member
    /// must be present and no other.
    public func encodeData(_ name: String, _ value: JSONValue) throws(EthereumError) -> [UInt8] {
        guard let members = types[name] else { throw .invalidTypedData("unknown type \"\(name)\"") }
        guard case .object(let given) = value else {
            throw .invalidTypedData("a \(name) value must be an object, not \(value.kindDescription)")
        }
        // Keys compared as UTF-8 bytes, as the JSON parser tells them apart (Swift's `==` would
        // take "\u{212A}ey", Kelvin sign, for "Key"); looked up by hash, so a struct of many
        // members costs linear time, not quadratic.
        let declared = Set(members.map { Array($0.name.utf8) })
        var fields: [String: JSONValue] = [:]
        for member in given {
            guard declared.contains(Array(member.key.utf8)) else {
                throw .invalidTypedData("\(name) has no member \"\(member.key)\"")
            }
            fields[member.key] = member.value
        }
        var out = try typeHash(name)
        for member in members {
            guard let field = fields[member.name] else { throw .invalidTypedData("\(name).\(member.name) is missing") }
            out += try encodeValue(member.parsed, field, path: "\(name).\(member.name)")
        }
        return out
    }

    /// The digest to sign: keccak256(0x19 ‖ 0x01 ‖ domainSeparator ‖ hashStruct(message)), or
    /// without the message hash when the primary type is EIP712Domain itself.
    public func digest() throws(EthereumError) -> [UInt8] {
        var preimage: [UInt8] = [0x19, 0x01] + (try domainSeparator())
        if primaryType != "EIP712Domain" { preimage += try hashStruct(primaryType, message) }
        return Keccak256.hash(preimage)
    }

    /// Signs `digest()` with v = 27 + recid (eth_signTypedData_v4's r ‖ s ‖ v).
    public func sign(with key: Secp256k1.PrivateKey) throws(EthereumError) -> [UInt8] {
        try MessageSignature.sign(digest: try digest(), with: key)
    }

    /// One member's 32-byte word.
    private func encodeValue(_ type: TypedDataType, _ value: JSONValue, path: String) throws(EthereumError) -> [UInt8] {
        switch type {
        case .structure(let name):
            return try hashStruct(name, value)
        case .array(let element, let length):
            guard case .array(let items) = value else {
                throw .invalidTypedData("\(path) must be an array, not \(value.kindDescription)")
            }
            if let length, items.count != length {
                throw .invalidTypedData("\(path) must have \(length) elements, not \(items.count)")
            }
            var concatenated: [UInt8] = []
            for (i, item) in items.enumerated() {
                concatenated += try encodeValue(element, item, path: "\(path)[\(i)]")
            }
            return Keccak256.hash(concatenated)
        case .string:
            guard case .string(let text) = value else {
                throw .invalidTypedData("\(path) must be a string, not \(value.kindDescription)")
            }
            return Keccak256.hash(Array(text.utf8))
        case .bytes:
            return Keccak256.hash(try hexBytes(value, path: path))
        case .fixedBytes(let n):
            let bytes = try hexBytes(value, path: path)
            guard bytes.count == n else { throw .invalidTypedData("\(path) must be \(n) bytes, not \(bytes.count)") }
            return bytes + [UInt8](repeating: 0, count: 32 - n)
        case .bool:
            guard case .bool(let flag) = value else {
                throw .invalidTypedData("\(path) must be true or false, not \(value.kindDescription)")
            }
            return [UInt8](repeating: 0, count: 31) + [flag ? 1 : 0]
        case .address:
            guard case .string(let text) = value else {
                throw .invalidTypedData("\(path) must be an address string, not \(value.kindDescription)")
            }
            return [UInt8](repeating: 0, count: 12) + (try TypedDataAddress.bytes(text, path: path))
        case .uint(let bits):
            let (negative, magnitude) = try integer(value, path: path)
            guard !negative || magnitude == 0 else {
                throw .invalidTypedData("\(path) is negative but its type is uint\(bits)")
            }
            guard magnitude.bitWidth <= bits else { throw .invalidTypedData("\(path) does not fit uint\(bits)") }
            return magnitude.bigEndian(width: 32)
        case .int(let bits):
            let (negative, magnitude) = try integer(value, path: path)
            let limit = BigUInt(1) << (bits - 1)
            guard negative ? magnitude <= limit : magnitude < limit else {
                throw .invalidTypedData("\(path) does not fit int\(bits)")
            }
            guard negative, magnitude > 0 else { return magnitude.bigEndian(width: 32) }
            // Two's complement over 256 bits: 2^256 − |v|.
            return ((BigUInt(1) << 256) - magnitude).bigEndian(width: 32)
        }
    }

    /// `0x` + hex (an even number of digits).
    func hexBytes(_ value: JSONValue, path: String) throws(EthereumError) -> [UInt8] {
        guard case .string(let text) = value, text.hasPrefix("0x") else {
            throw .invalidTypedData("\(path) must be a 0x-hex string")
        }
        // Decoded with its prefix so that a second "0x" is an invalid digit, not another prefix.
        do { return try Hex.decode(text) } catch { throw .invalidTypedData("\(path): \(error)") }
    }

    /// An integer written as a JSON integer, a decimal string (optionally negative) or a
    /// `0x` hex string; fractions, exponents and other text are refused. At most 78 digits.
    func integer(_ value: JSONValue, path: String) throws(EthereumError) -> (negative: Bool, magnitude: BigUInt) {
        let text: String
        switch value {
        case .number(let t), .string(let t): text = t
        default: throw .invalidTypedData("\(path) must be an integer, not \(value.kindDescription)")
        }
        let negative = text.hasPrefix("-")
        let body = negative ? text.dropFirst() : Substring(text)
        let isDigit = { (c: UInt8) in c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        let isHex = { (c: UInt8) in
            isDigit(c) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f"))
                || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F"))
        }
        var magnitude: BigUInt?
        if !negative, case .string = value, body.hasPrefix("0x") {
            let digits = body.dropFirst(2)
            if !digits.isEmpty, digits.count <= 64, digits.utf8.allSatisfy(isHex) {
                magnitude = BigUInt(digits, radix: 16)
            }
        } else if !body.isEmpty, body.count <= 78, body.utf8.allSatisfy(isDigit) {
            magnitude = BigUInt(body, radix: 10)
        }
        guard let magnitude else { throw .invalidTypedData("\(path) is not an integer: \"\(text.prefix(80))\"") }
        return (negative, magnitude)
    }
}
