import Foundation

/// Shows QR frames in a terminal with Unicode half blocks: each character cell holds two
/// modules stacked (▀ ▄ █ or space), black on white whatever the terminal's colours. On a
/// terminal, a multi-frame message cycles in place until Ctrl-C; otherwise (a pipe, a file)
/// each frame is printed once.
public enum TerminalDisplay {
    /// The lines for one code, with its quiet zone, colours set at the start and reset at the end
    /// of each line.
    public static func lines(for code: QRCode, quietZone: Int) -> [String] {
        let side = code.size + 2 * quietZone
        var out: [String] = []
        out.reserveCapacity((side + 1) / 2)
        for row in stride(from: 0, to: side, by: 2) {
            var line = "\u{1B}[30;107m"
            for col in 0..<side {
                let top = code.isDark(x: col - quietZone, y: row - quietZone)
                let bottom = row + 1 < side && code.isDark(x: col - quietZone, y: row + 1 - quietZone)
                line += top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
            }
            out.append(line + "\u{1B}[0m")
        }
        return out
    }

    /// Characters needed: columns × rows, including one status line.
    public static func size(for code: QRCode, quietZone: Int) -> (columns: Int, rows: Int) {
        let side = code.size + 2 * quietZone
        return (side, (side + 1) / 2 + 1)
    }

    /// The terminal's size, or nil when standard output is not a terminal.
    public static func terminalSize() -> (columns: Int, rows: Int)? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var ws = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return (Int(ws.ws_col), Int(ws.ws_row))
    }

    /// Shows the plan's frames. `maxFrames` stops a cycling display after that many frames
    /// (nil: until interrupted).
    public static func show(_ plan: inout QRFramePlan, fps: Int, maxFrames: Int? = nil) throws(TransportError) {
        guard (1...30).contains(fps) else { throw .invalidOption("--fps must be 1…30") }
        let quiet = plan.options.quietZone
        let first = try plan.nextFrame()
        let need = size(for: first.code, quietZone: quiet)
        guard let terminal = terminalSize() else {
            // Not a terminal: print frames one after another, once.
            let count = plan.kind == .single ? 1 : plan.defaultFrameCount
            var frame = first
            for i in 0..<min(count, maxFrames ?? count) {
                if i > 0 { frame = try plan.nextFrame() }
                emit(lines(for: frame.code, quietZone: quiet) + [status(frame, i, plan)])
            }
            return
        }
        guard terminal.columns >= need.columns, terminal.rows >= need.rows else {
            throw .terminalTooSmall(
                needColumns: need.columns, needRows: need.rows,
                columns: terminal.columns, rows: terminal.rows)
        }
        if plan.kind == .single {
            emit(lines(for: first.code, quietZone: quiet) + [status(first, 0, plan)])
            return
        }
        installInterruptHandler()
        emit(["\u{1B}[?25l\u{1B}[2J"])  // hide the cursor, clear once
        defer { emit(["\u{1B}[?25h"]) }
        var frame = first
        var shown = 0
        while maxFrames.map({ shown < $0 }) ?? true {
            if shown > 0 { frame = try plan.nextFrame() }
            var screen = lines(for: frame.code, quietZone: quiet)
            screen[0] = "\u{1B}[H" + screen[0]  // back to the top-left: draw over the last frame
            emit(screen + [status(frame, shown, plan) + " — Ctrl-C stops\u{1B}[K"])
            shown += 1
            usleep(useconds_t(1_000_000 / fps))
        }
    }

    private static func status(_ frame: QRFrame, _ i: Int, _ plan: QRFramePlan) -> String {
        switch plan.kind {
        case .single: return "single QR, \(plan.messageLength) bytes"
        case let .multipart(seqLen, _):
            let seq = frame.ur.flatMap { $0.split(separator: "/").dropFirst().first }.map(String.init) ?? "\(i + 1)"
            return "UR frame \(seq) (\(seqLen) fragments, \(plan.messageLength) bytes)"
        }
    }

    private static func emit(_ lines: [String]) {
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Ctrl-C restores the cursor before exiting.
    private static func installInterruptHandler() {
        signal(SIGINT) { _ in
            let reset: [UInt8] = Array("\u{1B}[?25h\u{1B}[0m\n".utf8)
            _ = reset.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            _exit(130)
        }
    }
}
