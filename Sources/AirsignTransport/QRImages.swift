/// Frames as pictures: PNG files, a directory of them with an index, and the shared rendering
/// settings.
public enum QRImages {
    /// The PNG of one frame at the plan's module size and quiet zone.
    public static func png(_ frame: QRFrame, options: QROptions) throws(TransportError) -> [UInt8] {
        try PNGCodec.encode(frame.code.render(moduleSize: options.moduleSize, quietZone: options.quietZone))
    }

    /// Writes the only frame of a single-QR message to `path`, atomically.
    public static func writePNG(_ frames: [QRFrame], to path: String, options: QROptions) throws(TransportError) {
        guard frames.count == 1, let frame = frames.first else { throw .needsSeveralFrames(count: frames.count) }
        try OutputFiles.write(try png(frame, options: options), to: path)
    }

    /// `frame-0001.png` … in order, plus `index.json` naming each file and its UR part, all
    /// written into place at once. An existing directory is replaced only if it holds nothing but
    /// such files.
    public static func writeDirectory(_ frames: [QRFrame], to path: String, plan: QRFramePlan, fps: Int)
        throws(TransportError)
    {
        var files: [(name: String, bytes: [UInt8])] = []
        var entries: [String] = []
        for (i, frame) in frames.enumerated() {
            let name = frameName(i + 1)
            files.append((name, try png(frame, options: plan.options)))
            let ur = frame.ur.map { "\"\($0)\"" } ?? "null"
            entries.append("    {\"file\": \"\(name)\", \"ur\": \(ur)}")
        }
        let kind: String
        switch plan.kind {
        case .single: kind = "\"kind\": \"single\""
        case let .multipart(seqLen, fragmentLength):
            kind = "\"kind\": \"ur-fountain\", \"seqLen\": \(seqLen), \"fragmentLength\": \(fragmentLength)"
        }
        let index = """
            {
              "airsign": "qr-frames", "version": 1,
              "messageLength": \(plan.messageLength), \(kind),
              "errorCorrection": "\(plan.options.correction.rawValue)", "fps": \(fps),
              "frames": [
            \(entries.joined(separator: ",\n"))
              ]
            }

            """
        files.append(("index.json", Array(index.utf8)))
        try OutputFiles.writeDirectory(files, to: path, replaceable: isFrameSetFile)
    }

    /// `frame-NNNN.png` with at least four digits.
    public static func frameName(_ n: Int) -> String {
        let digits = String(n)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    /// Files a previous frame set may hold (and that a new one may replace).
    static func isFrameSetFile(_ name: String) -> Bool {
        if name == "index.json" { return true }
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let middle = name.dropFirst(6).dropLast(4)
        return !middle.isEmpty && middle.allSatisfy(\.isASCII) && middle.allSatisfy(\.isNumber)
    }
}
