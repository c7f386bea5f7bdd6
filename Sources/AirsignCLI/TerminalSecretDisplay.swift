import AirsignCrypto
import Glibc

/// Shows a secret (a new recovery phrase) on the controlling terminal and nowhere else: it is
/// written to `/dev/tty` straight from protected memory, never to standard output or error,
/// so redirections, pipes and logs never see it. After the person confirms with Enter the
/// screen and the scrollback are cleared.
public enum TerminalSecretDisplay {
    /// Writes `heading`, the secret, then `footer`, waits for Enter (Ctrl-C cancels), and
    /// clears the screen. `hint` says what to use when there is no terminal.
    public static func show(heading: String, secret: SecureBytes, footer: String, hint: String) throws(CLIError) {
        let fd = try TerminalInput.openTerminal(hint: hint)
        defer { close(fd) }
        TerminalInput.write(fd, heading + "\n\n")
        secret.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Glibc.write(fd, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
        TerminalInput.write(fd, "\n\n" + footer)
        defer { clear(fd) }
        try waitForEnter(fd)
    }

    /// Reads until Enter without echo, so a stray key press does not land on screen; Ctrl-C
    /// cancels (the terminal is restored either way).
    private static func waitForEnter(_ fd: Int32) throws(CLIError) {
        try TerminalInput.withoutEcho(fd) { () throws(CLIError) in
            var byte: UInt8 = 0
            while true {
                let got = Glibc.read(fd, &byte, 1)
                if got < 0 && errno == EINTR { continue }
                if got <= 0 { return }
                switch byte {
                case 0x0a, 0x0d: return
                case 0x03: throw .cancelled
                default: continue
                }
            }
        }
    }

    /// Clears the screen and the scrollback (xterm's `ESC [3J`, which most terminals honour)
    /// and puts the cursor home.
    private static func clear(_ fd: Int32) {
        TerminalInput.write(fd, "\u{1B}[H\u{1B}[2J\u{1B}[3J")
    }
}
