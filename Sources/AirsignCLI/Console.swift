import AirsignMessages
import Glibc

/// Where the programs write: human text to stderr, machine output (JSON) to stdout
/// (docs/keys-and-accounts.md), so `--json` output can be piped while messages still reach the
/// person.
public enum Console {
    /// A line for the person at the terminal, on stderr.
    public static func info(_ line: String) {
        write(2, line + "\n")
    }

    /// Machine-readable output, on stdout.
    public static func output(_ text: String) {
        write(1, text.hasSuffix("\n") ? text : text + "\n")
    }

    /// A one-line error on stderr, prefixed with the program name; line breaks inside are
    /// flattened so the message stays one line, and any other control or invisible character
    /// (errors can quote untrusted input: an ESC sequence, a bidi override) is shown escaped.
    public static func error(_ program: String, _ message: String) {
        let flat = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        write(2, "\(program): error: \(MessageText.escaped(flat))\n")
    }

    private static func write(_ fd: Int32, _ text: String) {
        var bytes = ArraySlice(Array(text.utf8))
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // Nowhere left to report a failing stdout/stderr.
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
