import AirsignEncoding

/// Seed inputs made from the known-answer vectors: every string in every `vectors/*.json`
/// file, as its UTF-8 text and, where it reads as hex or base64, as those bytes too. A seed is
/// a valid (or deliberately invalid) encoding someone else published, which gets the fuzzer
/// past the first byte of each format at once.
public enum FuzzSeeds {
    /// Distinct seeds from the vector files at `paths`, in a stable order.
    public static func fromVectorFiles(_ paths: [String]) -> [[UInt8]] {
        var seen = Set<[UInt8]>()
        var seeds: [[UInt8]] = []
        func add(_ bytes: [UInt8]) {
            guard !bytes.isEmpty, bytes.count <= 1 << 16, seen.insert(bytes).inserted else { return }
            seeds.append(bytes)
        }
        for path in paths.sorted() {
            guard let bytes = FuzzInputFiles.read(path), let value = try? JSONParser().parse(bytes) else { continue }
            for text in strings(in: value) {
                add(Array(text.utf8))
                var hex = Substring(text)
                if hex.hasPrefix("0x") { hex = hex.dropFirst(2) }
                if let decoded = try? Hex.decode(hex) { add(decoded) }
                if let decoded = base64(text) { add(decoded) }
            }
        }
        return seeds
    }

    private static func strings(in value: JSONValue) -> [String] {
        switch value {
        case let .string(text): return [text]
        case let .array(items): return items.flatMap(strings(in:))
        case let .object(members): return members.flatMap { strings(in: $0.value) }
        default: return []
        }
    }

    /// Standard base64 with padding, or nil: enough to recognise the envelopes in the vectors.
    private static let base64Digits: [Int] = {
        var table = [Int](repeating: -1, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = index
        }
        return table
    }()

    private static func base64(_ text: String) -> [UInt8]? {
        let table = base64Digits
        let bytes = Array(text.utf8)
        guard bytes.count >= 8, bytes.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        var accumulator = 0
        var bits = 0
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "=") {
                guard index >= bytes.count - 2 else { return nil }
                continue
            }
            let digit = table[Int(byte)]
            guard digit >= 0 else { return nil }
            accumulator = (accumulator << 6 | digit) & 0xFFFFFF
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> bits))
            }
        }
        return out
    }
}
