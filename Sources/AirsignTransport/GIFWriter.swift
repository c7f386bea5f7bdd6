internal import CGif

/// Animated GIF of the frames with giflib: two colours, every frame the full canvas, looping
/// forever (NETSCAPE2.0 extension), one frame every 1/`fps` seconds.
public enum GIFWriter {
    /// The GIF file's bytes; `fps` is 1…30.
    public static func encode(_ frames: [QRFrame], options: QROptions, fps: Int) throws(TransportError) -> [UInt8] {
        guard !frames.isEmpty else { throw .emptyMessage }
        guard (1...30).contains(fps) else { throw .invalidOption("--fps must be 1…30") }
        let images = frames.map { $0.code.render(moduleSize: options.moduleSize, quietZone: options.quietZone) }
        // Frames of one plan share a version, but centre any smaller one on the largest canvas.
        let side = images.map(\.width).max() ?? 0
        let sink = Sink()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        var error: Int32 = 0
        guard let gif = EGifOpen(context, gifWrite, &error) else {
            throw .qrEncodingFailed("giflib: cannot start (\(error))")
        }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &error) } }
        func check(_ status: Int32, _ what: String) throws(TransportError) {
            guard status == GIF_OK else { throw .qrEncodingFailed("giflib: \(what) failed") }
        }
        EGifSetGifVersion(gif, true)
        var colors = [GifColorType(Red: 0, Green: 0, Blue: 0), GifColorType(Red: 255, Green: 255, Blue: 255)]
        guard let map = GifMakeMapObject(2, &colors) else { throw .qrEncodingFailed("giflib: no colour map") }
        defer { GifFreeMapObject(map) }
        try check(EGifPutScreenDesc(gif, Int32(side), Int32(side), 1, 1, map), "screen descriptor")
        // Loop forever: application extension NETSCAPE2.0, sub-block [1, loop count 0 LE].
        var netscape = Array("NETSCAPE2.0".utf8)
        var loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "loop extension")
        try check(EGifPutExtensionBlock(gif, Int32(netscape.count), &netscape), "loop extension")
        try check(EGifPutExtensionBlock(gif, Int32(loop.count), &loop), "loop extension")
        try check(EGifPutExtensionTrailer(gif), "loop extension")
        let delay = Int32((100 + fps / 2) / fps)  // centiseconds
        for image in images {
            var gcb = GraphicsControlBlock(
                DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: delay,
                TransparentColor: NO_TRANSPARENT_COLOR)
            var ext = [GifByteType](repeating: 0, count: 4)
            _ = EGifGCBToExtension(&gcb, &ext)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &ext), "frame delay")
            try check(EGifPutImageDesc(gif, 0, 0, Int32(side), Int32(side), false, nil), "image descriptor")
            let offset = (side - image.width) / 2
            var row = [GifPixelType](repeating: 1, count: side)
            for y in 0..<side {
                for x in 0..<side { row[x] = 1 }
                let sy = y - offset
                if sy >= 0, sy < image.height {
                    for x in 0..<image.width where image.pixels[sy * image.width + x] < 128 { row[x + offset] = 0 }
                }
                try check(EGifPutLine(gif, &row, Int32(side)), "image row")
            }
        }
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw .qrEncodingFailed("giflib: finishing failed (\(error))")
        }
        return sink.bytes
    }

    private final class Sink {
        var bytes: [UInt8] = []
    }

    /// giflib's output callback: appends to the Sink behind UserData.
    private static let gifWrite: OutputFunc = { file, data, count in
        guard let file, let data, count > 0, let user = file.pointee.UserData else { return 0 }
        let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
        return count
    }
}
