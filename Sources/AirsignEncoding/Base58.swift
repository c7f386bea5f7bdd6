/// Base58 with the Bitcoin alphabet (no 0, O, I, l). Each leading zero byte is written as a
/// leading '1', so every byte string has exactly one encoding and every accepted text decodes to
/// bytes that encode back to that same text.
public enum Base58 {
    /// Longest text `decode` accepts. Base conversion is quadratic in the length; real inputs
    /// (addresses, WIF keys, extended keys at 111 characters) are far shorter.
    public static let maxEncodedLength = 1024

    static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

    /// Digit value of each ASCII byte, or -1.
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = Int8(value) }
        return table
    }()

    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let zeros = bytes.prefix { $0 == 0 }.count
        // Little-endian base-58 digits of the big-endian number after the leading zeros.
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes.count * 138 / 100 + 1)
        for byte in bytes.dropFirst(zeros) {
            var carry = Int(byte)
            for i in digits.indices {
                carry += Int(digits[i]) << 8
                digits[i] = UInt8(carry % 58)
                carry /= 58
            }
            while carry > 0 {
                digits.append(UInt8(carry % 58))
                carry /= 58
            }
        }
        var out = [UInt8](repeating: alphabet[0], count: zeros)
        out.reserveCapacity(zeros + digits.count)
        for digit in digits.reversed() { out.append(alphabet[Int(digit)]) }
        return String(decoding: out, as: UTF8.self)
    }

    public static func decode(_ text: some StringProtocol) throws(EncodingError) -> [UInt8] {
        try decode(text, codec: "base58")
    }

    /// `codec` lets Base58Check report errors under its own name.
    static func decode(_ text: some StringProtocol, codec: String) throws(EncodingError) -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard utf8.count <= maxEncodedLength else {
            throw .limitExceeded(codec: codec, limit: "at most \(maxEncodedLength) characters")
        }
        var zeros = 0
        var leading = true
        // Little-endian 32-bit limbs of the number; each step multiplies by 58 and adds a digit.
        var limbs: [UInt32] = []
        limbs.reserveCapacity(utf8.count * 733 / 4000 + 1)
        for (offset, character) in utf8.enumerated() {
            let value = character < 128 ? values[Int(character)] : -1
            guard value >= 0 else { throw .invalidCharacter(codec: codec, in: text, utf8Offset: offset) }
            if leading {
                if value == 0 { zeros += 1; continue }
                leading = false
            }
            var carry = UInt64(value)
            for i in limbs.indices {
                let x = UInt64(limbs[i]) * 58 + carry  // < 2^32 * 58 + 2^32: no overflow
                limbs[i] = UInt32(truncatingIfNeeded: x)
                carry = x >> 32
            }
            if carry > 0 { limbs.append(UInt32(truncatingIfNeeded: carry)) }
        }
        var out = [UInt8](repeating: 0, count: zeros)
        out.reserveCapacity(zeros + limbs.count * 4)
        var started = false
        for limb in limbs.reversed() {
            for shift in stride(from: 24, through: 0, by: -8) {
                let byte = UInt8(truncatingIfNeeded: limb >> UInt32(shift))
                if byte != 0 { started = true }
                if started { out.append(byte) }
            }
        }
        return out
    }
}
