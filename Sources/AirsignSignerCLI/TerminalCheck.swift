import Glibc

/// Whether the process has a controlling terminal to show a secret on and ask questions.
enum TerminalCheck {
    static var hasControllingTerminal: Bool {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }
}
