import AirsignCrypto
import AirsignEncoding

/// RFC 7468 PEM blocks read from text held in protected memory. The base64 body (the key)
/// is decoded straight into SecureBytes; only the labels, which are public, become strings.
struct PEMBlock {
    let label: String
    let der: SecureBytes

    /// Every `-----BEGIN X-----` … `-----END X-----` block of `text`. Text outside blocks is
    /// ignored (RFC 7468 allows explanatory lines, and quill's test files have them); encrypted
    /// PEM (header lines such as `Proc-Type:`) is refused.
    static func parse(_ text: SecureBytes) throws(KeysError) -> [PEMBlock] {
        // Line boundaries only; no line's content is copied out until it is known to be public.
        let lines: [Range<Int>] = text.withUnsafeBytes { bytes in
            var lines: [Range<Int>] = []
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "\n") {
                var end = i
                while end > start,
                    bytes[end - 1] == UInt8(ascii: "\r") || bytes[end - 1] == UInt8(ascii: " ")
                        || bytes[end - 1] == UInt8(ascii: "\t")
                {
                    end -= 1
                }
                lines.append(start..<end)
                start = i + 1
            }
            return lines
        }
        var blocks: [PEMBlock] = []
        var index = 0
        while index < lines.count {
            guard let label = boundary(text, lines[index], "BEGIN") else { index += 1; continue }
            var body: [Range<Int>] = []
            index += 1
            var closed = false
            while index < lines.count {
                if let endLabel = boundary(text, lines[index], "END") {
                    guard endLabel == label else { throw .invalidKeyFile("a \(label) block ends with END \(endLabel)") }
                    closed = true
                    break
                }
                let hasHeader = text.withUnsafeBytes { bytes in bytes[lines[index]].contains(UInt8(ascii: ":")) }
                guard !hasHeader else {
                    throw .invalidKeyFile("encrypted or annotated PEM is not supported; export the key unencrypted")
                }
                body.append(lines[index])
                index += 1
            }
            guard closed else { throw .invalidKeyFile("the \(label) block has no END line") }
            index += 1
            let base64 = SecureBytes.joining(body.map { range in text.slice(range) })
            let der: SecureBytes
            do {
                der = try SecretText.decodeBase64(base64)
            } catch {
                throw .invalidKeyFile("the \(label) block is not valid base64 (\(error.description))")
            }
            blocks.append(PEMBlock(label: label, der: der))
        }
        return blocks
    }

    /// The label of a `-----BEGIN label-----` / `-----END label-----` line, else nil. Labels
    /// are upper-case ASCII words, so reading one reveals nothing secret.
    private static func boundary(_ text: SecureBytes, _ line: Range<Int>, _ kind: String) -> String? {
        text.withUnsafeBytes { bytes -> String? in
            let prefix = Array("-----\(kind) ".utf8)
            let suffix = Array("-----".utf8)
            let content = bytes[line]
            guard content.count > prefix.count + suffix.count, content.starts(with: prefix),
                content.suffix(suffix.count).elementsEqual(suffix)
            else { return nil }
            let label = content.dropFirst(prefix.count).dropLast(suffix.count)
            guard label.allSatisfy({ (0x41...0x5a).contains($0) || $0 == 0x20 || (0x30...0x39).contains($0) }) else {
                return nil
            }
            return String(decoding: label, as: UTF8.self)
        }
    }
}
