internal import CZBar

/// Reads frames from a V4L2 camera (`/dev/videoN`) through zbar's processor API, in binary mode,
/// until the message is complete. Best effort: it depends on the camera and its driver and is
/// not exercised by the test suite (there is no camera on a build machine); image files are the
/// tested path.
public enum QRCamera {
    /// The message read from `device`; progress and refused frames go to `log`.
    public static func read(device: String, limits: FountainLimits = .default, log: (String) -> Void) throws(TransportError) -> [UInt8] {
        // Unthreaded, no preview window: the signer has no GUI, and zbar's window needs X11.
        guard let processor = zbar_processor_create(0) else {
            throw .cameraUnavailable(device: device, reason: "zbar could not start")
        }
        defer { zbar_processor_destroy(processor) }
        zbar_processor_set_config(processor, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_processor_set_config(processor, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        zbar_processor_set_config(processor, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        guard zbar_processor_init(processor, device, 0) == 0 else {
            throw .cameraUnavailable(device: device, reason: errorText(processor))
        }
        guard zbar_processor_set_active(processor, 1) == 0 else {
            throw .cameraUnavailable(device: device, reason: errorText(processor))
        }
        defer { zbar_processor_set_active(processor, 0) }
        log("reading \(device): hold the QR code(s) in front of the camera; Ctrl-C stops")
        var assembler = MessageAssembler(limits: limits)
        while true {
            // Blocks until a frame with at least one code (or an error).
            let found = zbar_process_one(processor, -1)
            guard found >= 0 else { throw .cameraUnavailable(device: device, reason: errorText(processor)) }
            guard found > 0, let results = zbar_processor_get_results(processor) else { continue }
            defer { zbar_symbol_set_ref(results, -1) }
            var symbol = zbar_symbol_set_first_symbol(results)
            while let s = symbol {
                if zbar_symbol_get_type(s) == ZBAR_QRCODE, let data = zbar_symbol_get_data(s) {
                    let length = Int(zbar_symbol_get_data_length(s))
                    let payload = data.withMemoryRebound(to: UInt8.self, capacity: length) {
                        Array(UnsafeBufferPointer(start: $0, count: length))
                    }
                    do {
                        if try assembler.receive(payload) == .accepted, let progress = assembler.progress {
                            log(progress.description)
                        }
                    } catch {
                        log("\(error)")
                    }
                    if let message = assembler.message { return message }
                }
                symbol = zbar_symbol_next(s)
            }
        }
    }

    private static func errorText(_ processor: OpaquePointer) -> String {
        guard let text = _zbar_error_string(UnsafeRawPointer(processor), 0) else { return "unknown zbar error" }
        return String(cString: text)
    }
}
