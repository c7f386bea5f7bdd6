import AirsignEncoding
import AirsignMessages

/// Data the signer cannot interpret (an unknown call, init code), shown whole: such a request
/// is signed only with `--blind`, and then the person sees every byte, cut the way the ABI
/// lays arguments out, in 32-byte words, one per line, and any bytes left over.
enum DataWords {
    /// An unknown call: its selector and size, then the arguments word by word.
    static func call(_ data: [UInt8]) -> [ReviewLine] {
        guard data.count >= 4 else {
            return [
                ReviewLine(
                    "call",
                    "\(Hex.encode(data, prefix: true)): \(data.count) byte\(data.count == 1 ? "" : "s"), shorter than a selector"
                )
            ]
        }
        let arguments = Array(data.dropFirst(4))
        return [
            ReviewLine(
                "call",
                "selector \(Hex.encode(Array(data.prefix(4)), prefix: true)), not a known call, then \(size(arguments))"
            )
        ]
            + words(arguments)
    }

    /// Init code of a contract creation: its size, then the bytes word by word.
    static func code(_ data: [UInt8]) -> [ReviewLine] {
        [ReviewLine("init code", size(data))] + words(data)
    }

    /// "100 bytes: 3 words and 4 bytes".
    static func size(_ bytes: [UInt8]) -> String {
        let (whole, rest) = bytes.count.quotientAndRemainder(dividingBy: 32)
        var parts = ["\(whole) word\(whole == 1 ? "" : "s")"]
        if rest > 0 { parts.append("\(rest) byte\(rest == 1 ? "" : "s")") }
        return "\(bytes.count) byte\(bytes.count == 1 ? "" : "s"): " + parts.joined(separator: " and ")
    }

    /// "word 0  0x…" for each whole word, then "rest  0x… (n bytes)" for a trailing part.
    static func words(_ bytes: [UInt8]) -> [ReviewLine] {
        var lines: [ReviewLine] = []
        lines.reserveCapacity(bytes.count / 32 + 1)
        var start = 0
        while start + 32 <= bytes.count {
            lines.append(
                ReviewLine("word \(start / 32)", Hex.encode(Array(bytes[start..<start + 32]), prefix: true), level: 1))
            start += 32
        }
        if start < bytes.count {
            let rest = Array(bytes[start...])
            lines.append(
                ReviewLine(
                    "rest", "\(Hex.encode(rest, prefix: true)) (\(rest.count) byte\(rest.count == 1 ? "" : "s"))",
                    level: 1))
        }
        return lines
    }
}
