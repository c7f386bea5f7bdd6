import Foundation

/// Reads known-answer vector files from the repository's `vectors/` directory.
///
/// Every file is a JSON object with a top-level `"source"` and the cases the test runner reads;
/// each case may carry a `"source"` of its own.
public enum Vectors {
    /// `vectors/` at the root of the package, found from this file's location so tests work from
    /// any working directory.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // AirsignTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("vectors")

    /// Decodes `vectors/<name>.json` into `T`.
    public static func load<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        let url = directory.appendingPathComponent("\(name).json")
        let data = try Data(contentsOf: url)
        return try JSONDecoder().decode(T.self, from: data)
    }
}

/// Lower-case hex without a prefix, for test messages and comparisons; deliberately independent
/// of the production hex codec so a bug there cannot hide itself.
public func testHex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef")
    var out = ""
    for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 0x0f)]) }
    return out
}

/// Parses hex written in a vector file (optional `0x`). Vector files are ours and trusted, so a
/// malformed one is a broken test, reported by the `precondition`.
public func testBytes(_ hex: String) -> [UInt8] {
    var s = Substring(hex)
    if s.hasPrefix("0x") || s.hasPrefix("0X") { s = s.dropFirst(2) }
    precondition(s.count % 2 == 0, "odd-length hex in a vector file: \(hex)")
    var out: [UInt8] = []
    out.reserveCapacity(s.count / 2)
    var i = s.startIndex
    while i < s.endIndex {
        let j = s.index(i, offsetBy: 2)
        guard let b = UInt8(s[i..<j], radix: 16) else { preconditionFailure("bad hex in a vector file: \(hex)") }
        out.append(b)
        i = j
    }
    return out
}
