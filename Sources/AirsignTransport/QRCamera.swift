import AirsignMessages
internal import CZBar

/// Reads frames from a V4L2 camera (`/dev/videoN`) through zbar's video API, scanned in binary
/// mode, until the message is complete. Best effort: it depends on the camera and its driver and
/// is not exercised by the test suite (there is no camera on a build machine); image files are
/// the tested path.
///
/// It uses zbar's bare video API rather than its "processor": the processor drags in zbar's X11
/// window code, and the offline signer must link nothing that opens sockets (libX11, libxcb,
/// libdbus). libzbar is linked statically for the same reason (see Package.swift).
public enum QRCamera {
    /// The message read from `device`; progress and refused frames go to `log`.
    public static func read(device: String, limits: FountainLimits = .default, log: (String) -> Void)
        throws(TransportError) -> [UInt8]
    {
        try read(device: device, limits: limits, framings: [], log: log).bytes
    }

    /// As `read(device:limits:log:)`, with foreign `framings` assembled too (a frame one refuses
    /// ends the reading) and the message returned with how it came.
    public static func read(
        device: String, limits: FountainLimits = .default, framings: [any ForeignFraming],
        log: (String) -> Void
    ) throws(TransportError) -> SignerInput {
        guard let video = zbar_video_create() else {
            throw .cameraUnavailable(device: device, reason: "zbar could not start")
        }
        defer { zbar_video_destroy(video) }
        guard zbar_video_open(video, device) == 0,
            zbar_video_init(video, QRScanner.y800) == 0 || zbar_video_init(video, 0) == 0
        else {
            throw .cameraUnavailable(device: device, reason: errorText(video))
        }
        guard zbar_video_enable(video, 1) == 0 else {
            throw .cameraUnavailable(device: device, reason: errorText(video))
        }
        defer { zbar_video_enable(video, 0) }
        log("reading \(device): hold the QR code(s) in front of the camera; Ctrl-C stops")
        let scanner = QRScanner()
        var assembler = MessageAssembler(limits: limits, framings: framings)
        while true {
            // Blocks until the camera delivers a frame.
            guard let frame = zbar_video_next_image(video) else {
                throw .cameraUnavailable(device: device, reason: errorText(video))
            }
            defer { zbar_image_destroy(frame) }
            guard let gray = zbar_image_convert(frame, QRScanner.y800) else { continue }
            defer { zbar_image_destroy(gray) }
            for payload in scanner.payloads(of: gray) {
                do {
                    if try assembler.receive(payload) == .accepted, let progress = assembler.progress {
                        log(progress.description)
                    }
                } catch {
                    if case .refusedFrame = error { throw error }
                    log("\(error)")
                }
                if let input = assembler.input { return input }
            }
        }
    }

    private static func errorText(_ video: OpaquePointer) -> String {
        guard let text = _zbar_error_string(UnsafeRawPointer(video), 0) else { return "unknown zbar error" }
        return String(cString: text)
    }
}
