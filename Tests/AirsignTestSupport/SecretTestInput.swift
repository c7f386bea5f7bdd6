import AirsignCrypto

/// The bytes of a `SecureBytes`, for comparisons in tests only.
public func contents(_ secure: SecureBytes) -> [UInt8] {
    secure.withUnsafeBytes { Array($0) }
}

/// Test input as protected UTF-8, the way production code receives secret text.
public func secret(_ text: String) -> SecureBytes {
    SecureBytes(copying: Array(text.utf8))
}

/// Test input from hex.
public func secretHex(_ hex: String) -> SecureBytes {
    SecureBytes(copying: testBytes(hex))
}
