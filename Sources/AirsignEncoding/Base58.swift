/// Base58 with the Bitcoin alphabet (no 0, O, I, l). Each leading zero byte is written as a
/// leading '1', so every byte string has exactly one encoding and every accepted text decodes to
/// bytes that encode back to that same text. One codec serves public text and secrets
/// (`SecretText.encodeBase58Check`/`decodeBase58Check`): the conversions below work on buffers
/// the caller provides, ordinary arrays or `SecureBytes`.
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
        let input = Array(bytes)
        var scratch = [UInt8](repeating: 0, count: digitCapacity(input.count))
        let text = input.withUnsafeBytes { source in
            scratch.withUnsafeMutableBytes { digits -> [UInt8] in
                let (zeros, used) = digitsOf(source, into: digits)
                var out = [UInt8](repeating: 0, count: zeros + used)
                out.withUnsafeMutableBytes {
                    write(zeros: zeros, digits: UnsafeRawBufferPointer(digits), used: used, into: $0)
                }
                return out
            }
        }
        return String(decoding: text, as: UTF8.self)
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
        var scratch = [UInt8](repeating: 0, count: numberCapacity(utf8.count))
        // `withUnsafeBytes` rethrows untyped errors, so the typed one travels in a Result.
        let result = utf8.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Result<[UInt8], EncodingError> in
            scratch.withUnsafeMutableBytes {
                (number: UnsafeMutableRawBufferPointer) -> Result<[UInt8], EncodingError> in
                do throws(EncodingError) {
                    let (zeros, used) = try numberOf(input, into: number) {
                        .invalidCharacter(codec: codec, in: text, utf8Offset: $0)
                    }
                    var out = [UInt8](repeating: 0, count: zeros + used)
                    out.withUnsafeMutableBytes {
                        bigEndian(zeros: zeros, number: UnsafeRawBufferPointer(number), used: used, into: $0)
                    }
                    return .success(out)
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    // MARK: conversions on caller-provided buffers

    /// Room for the base-58 digits of `count` bytes (log 256 / log 58 < 1.38).
    static func digitCapacity(_ count: Int) -> Int { count * 138 / 100 + 1 }

    /// Room for the base-256 digits of `count` characters (log 58 / log 256 < 0.733).
    static func numberCapacity(_ count: Int) -> Int { count * 733 / 1000 + 1 }

    /// The leading zero bytes of `input` and the little-endian base-58 digits of the number
    /// after them, written to `digits` (`digitCapacity` bytes); returns how many digits.
    static func digitsOf(_ input: UnsafeRawBufferPointer, into digits: UnsafeMutableRawBufferPointer) -> (
        zeros: Int, used: Int
    ) {
        let zeros = input.prefix { $0 == 0 }.count
        var used = 0
        for byte in input.dropFirst(zeros) {
            var carry = Int(byte)
            for i in 0..<used {
                carry += Int(digits[i]) << 8
                digits[i] = UInt8(carry % 58)
                carry /= 58
            }
            while carry > 0 {
                digits[used] = UInt8(carry % 58)
                used += 1
                carry /= 58
            }
        }
        return (zeros, used)
    }

    /// The text: a '1' per leading zero byte, then the digits most significant first.
    static func write(zeros: Int, digits: UnsafeRawBufferPointer, used: Int, into text: UnsafeMutableRawBufferPointer) {
        for i in 0..<zeros { text[i] = alphabet[0] }
        for i in 0..<used { text[zeros + i] = alphabet[Int(digits[used - 1 - i])] }
    }

    /// The leading '1's of `input` and the little-endian base-256 digits of the number the rest
    /// writes, into `number` (`numberCapacity` bytes); `badCharacter` makes the error for a
    /// character outside the alphabet at a byte offset (a secret's names no character).
    static func numberOf(
        _ input: UnsafeRawBufferPointer, into number: UnsafeMutableRawBufferPointer,
        badCharacter: (Int) -> EncodingError
    ) throws(EncodingError) -> (zeros: Int, used: Int) {
        var zeros = 0
        var used = 0
        var leading = true
        for (offset, character) in input.enumerated() {
            let value = character < 128 ? Int(values[Int(character)]) : -1
            guard value >= 0 else { throw badCharacter(offset) }
            if leading {
                if value == 0 { zeros += 1; continue }
                leading = false
            }
            var carry = value
            for i in 0..<used {
                carry += Int(number[i]) * 58
                number[i] = UInt8(truncatingIfNeeded: carry)
                carry >>= 8
            }
            while carry > 0 {
                number[used] = UInt8(truncatingIfNeeded: carry)
                used += 1
                carry >>= 8
            }
        }
        return (zeros, used)
    }

    /// The decoded bytes: the leading zeros, then the number big-endian.
    static func bigEndian(
        zeros: Int, number: UnsafeRawBufferPointer, used: Int, into bytes: UnsafeMutableRawBufferPointer
    ) {
        for i in 0..<zeros { bytes[i] = 0 }
        for i in 0..<used { bytes[zeros + i] = number[used - 1 - i] }
    }
}
