import AirsignCrypto
import Glibc

/// Talks to the controlling terminal (`/dev/tty`) directly, so prompts work even when stdin and
/// stdout are redirected, and secrets are typed without echo.
///
/// For hidden input the terminal is put in non-canonical mode without echo and without signal
/// keys, and this code does the line editing itself: Backspace deletes, Ctrl-U clears the line,
/// Enter ends it, Ctrl-C cancels at once (no signal is raised, so the terminal is always
/// restored). Each byte is read straight into protected memory; nothing typed passes through a
/// Swift `String`. If the process is killed while a prompt is open, `stty sane` restores echo.
public enum TerminalInput {
    /// Asks for a secret without echo.
    public static func readHidden(prompt: String, maximumBytes: Int) throws(CLIError) -> SecureBytes {
        let fd = try openTerminal(hint: "use --pin-file FILE (or - for standard input)")
        defer { close(fd) }
        write(fd, prompt)
        // Runs after the mode is restored: the cursor moves on from the prompt.
        defer { write(fd, "\n") }
        return try withoutEcho(fd) { () throws(CLIError) in try readLine(fd, maximumBytes: maximumBytes) }
    }

    /// Runs `body` with the terminal in non-canonical mode without echo and without signal
    /// keys (one byte per read), restoring the previous mode afterwards whatever happens.
    static func withoutEcho<R>(_ fd: Int32, _ body: () throws(CLIError) -> R) throws(CLIError) -> R {
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { throw .terminal(operation: "reading the terminal mode", errno: errno) }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else { throw .terminal(operation: "turning echo off", errno: errno) }
        defer { tcsetattr(fd, TCSAFLUSH, &saved) }
        return try body()
    }

    /// The editing loop of `readHidden`: bytes land in `buffer[0..<length]`; every byte removed
    /// is zeroed in place.
    private static func readLine(_ fd: Int32, maximumBytes: Int) throws(CLIError) -> SecureBytes {
        var buffer = SecureBytes(count: maximumBytes + 1)
        var length = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.read(fd, base + length, 1)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .terminal(operation: "reading", errno: errno)
            }
            let byte: UInt8 = got == 0 ? 0x04 : buffer.withUnsafeBytes { $0[length] }
            switch byte {
            case 0x0a, 0x0d, 0x04:  // Enter, or Ctrl-D / end of input
                buffer.withUnsafeMutableBytes { $0[length] = 0 }
                return buffer.withUnsafeBytes { SecureBytes(copying: UnsafeRawBufferPointer(rebasing: $0[..<length])) }
            case 0x03:  // Ctrl-C
                buffer.withUnsafeMutableBytes { $0[length] = 0 }
                throw .cancelled
            case 0x7f, 0x08:  // Backspace
                buffer.withUnsafeMutableBytes { raw in
                    raw[length] = 0
                    if length > 0 {
                        length -= 1
                        raw[length] = 0
                    }
                }
            case 0x15:  // Ctrl-U
                buffer.withUnsafeMutableBytes { raw in
                    for index in 0...length { raw[index] = 0 }
                }
                length = 0
            case 0x00..<0x20:  // other control keys are ignored
                buffer.withUnsafeMutableBytes { $0[length] = 0 }
            default:
                length += 1
                guard length <= maximumBytes else {
                    throw .secretTooLong(source: "the terminal input", maximum: maximumBytes)
                }
            }
        }
    }

    /// Asks a yes/no question (echoed, answered with Enter); true only for `y` or `yes`.
    public static func confirm(_ question: String, hint: String) throws(CLIError) -> Bool {
        guard let fd = try? openTerminal(hint: hint) else { throw .confirmationRequired(hint: hint) }
        defer { close(fd) }
        write(fd, question + " [y/N] ")
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while answer.count < 16 {
            let got = Glibc.read(fd, &byte, 1)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 || byte == 0x0a { break }
            answer.append(byte)
        }
        let text = String(decoding: answer, as: UTF8.self).lowercased()
        return text == "y" || text == "yes"
    }

    /// The controlling terminal, opened for reading and writing; `hint` says what to use without one.
    static func openTerminal(hint: String) throws(CLIError) -> Int32 {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .noTerminal(hint: hint) }
        return fd
    }

    /// Writes text that is not secret (prompts, messages) to the terminal.
    static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }
}
