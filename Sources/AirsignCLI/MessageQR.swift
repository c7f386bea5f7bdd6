import AirsignTransport

/// Writes a short message (an account descriptor) as QR images for `--qr`, the way `qr encode`
/// does: `DIR/` (or an existing directory) gets PNG frames and `index.json` at the transport
/// defaults; any other path one PNG holding the whole message as a single QR code.
public enum MessageQR {
    /// A single printed or displayed code is read from close up, not as a stream of frames, so it
    /// may use any QR version: then every account descriptor fits one code.
    static let singleCodeOptions = QROptions(maxVersion: 40)

    /// Writes `message` to `path` (atomically).
    public static func write(_ message: [UInt8], to path: String) throws(TransportError) {
        if QREncodeCommand.isDirectory(path) {
            var plan = try QRFramePlan(message: message, options: QROptions())
            try QRImages.writeDirectory(try plan.frames(), to: path, plan: plan, fps: 4)
        } else {
            var plan = try QRFramePlan(message: message, options: singleCodeOptions)
            try QRImages.writePNG(try plan.frames(), to: path, options: singleCodeOptions)
        }
    }
}
