import AirsignCrypto

/// What a new PIN must be: valid UTF-8, 6 to 1024 bytes' worth of at least 6 characters
/// (Unicode scalars), no control characters. The check runs over the protected bytes without
/// ever making a `String` of the PIN, and its errors never quote it.
///
/// A PIN is used as its exact UTF-8 bytes, with no Unicode normalization: a non-ASCII PIN must
/// be typed the same way each time. Existing PINs are not re-checked when entered, so a future
/// stricter policy cannot lock anyone out.
public enum PINPolicy {
    public static let minimumCharacters = 6
    public static let maximumBytes = 1024

    /// Throws `.pinTooShort` or `.pinRejected` when `pin` may not be set as a new PIN.
    public static func checkNew(_ pin: SecureBytes) throws(KeystoreError) {
        guard pin.count <= maximumBytes else {
            throw .pinRejected(reason: "it is longer than \(maximumBytes) bytes")
        }
        let result: Result<Int, KeystoreError> = pin.withUnsafeBytes { bytes in
            var characters = 0
            var index = 0
            while index < bytes.count {
                guard let (scalar, length) = decodeScalar(bytes, at: index) else {
                    return .failure(.pinRejected(reason: "it is not valid UTF-8 text"))
                }
                if scalar < 0x20 || (0x7f...0x9f).contains(scalar) {
                    return .failure(.pinRejected(reason: "it contains a control character (a line break or tab?)"))
                }
                characters += 1
                index += length
            }
            return .success(characters)
        }
        let characters = try result.get()
        guard characters >= minimumCharacters else { throw .pinTooShort(minimum: minimumCharacters) }
    }

    /// The scalar value and byte length of the UTF-8 sequence at `index`, or nil when it is not
    /// well-formed (overlong forms, surrogates and values above U+10FFFF included).
    private static func decodeScalar(_ bytes: UnsafeRawBufferPointer, at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0x00...0x7f: return (UInt32(lead), 1)
        case 0xc2...0xdf: length = 2; scalar = UInt32(lead & 0x1f)
        case 0xe0...0xef: length = 3; scalar = UInt32(lead & 0x0f)
        case 0xf0...0xf4: length = 4; scalar = UInt32(lead & 0x07)
        default: return nil
        }
        guard bytes.count - index >= length else { return nil }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xc0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(next & 0x3f)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard scalar >= minimum, scalar <= 0x10ffff, !(0xd800...0xdfff).contains(scalar) else { return nil }
        return (scalar, length)
    }
}
