import AirsignMessages
import Foundation

/// Image files for scanning: PNG, PGM and PPM, given one by one or as directories.
public enum ImageFiles {
    static let extensions: Set<String> = ["png", "pgm", "ppm", "pnm"]

    /// The files to scan for `paths`: files as given, directories expanded to their image files
    /// (by extension, not recursive) in name order with numbers compared by value, so
    /// frame-2 comes before frame-10.
    public static func expand(_ paths: [String]) throws(TransportError) -> [String] {
        let fm = FileManager.default
        var out: [String] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                throw .fileError(path: path, reason: "no such file or directory")
            }
            guard isDir.boolValue else { out.append(path); continue }
            guard let names = try? fm.contentsOfDirectory(atPath: path) else {
                throw .fileError(path: path, reason: "cannot list the directory")
            }
            let images = names.filter {
                extensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".")
            }
            let sorted = images.sorted { $0.compare($1, options: [.numeric]) == .orderedAscending }
            out += sorted.map { (path as NSString).appendingPathComponent($0) }
        }
        return out
    }

    /// Reads and decodes one image (the format is told by its first bytes, not its name).
    public static func load(_ path: String, limits: PNGCodec.Limits = .default) throws(TransportError) -> GrayImage {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .fileError(path: path, reason: "cannot open for reading")
        }
        defer { try? handle.close() }
        // Read one byte past the limit to tell "at the limit" from "over it" without reading more.
        let data: Data
        do { data = try handle.read(upToCount: limits.maxFileSize + 1) ?? Data() } catch {
            throw .fileError(path: path, reason: "read failed")
        }
        return try decode(Array(data), path: path, limits: limits)
    }

    /// Decodes PNG or PGM/PPM bytes.
    public static func decode(_ bytes: [UInt8], path: String = "image", limits: PNGCodec.Limits = .default)
        throws(TransportError) -> GrayImage
    {
        if bytes.starts(with: [0x89, 0x50, 0x4e, 0x47]) {
            return try PNGCodec.decode(bytes, path: path, limits: limits)
        }
        if PNMCodec.looksLikePNM(bytes) { return try PNMCodec.decode(bytes, path: path, limits: limits) }
        throw .unreadableImage(path: path, reason: "neither PNG nor PGM/PPM")
    }
}

/// Reads a message from image files: scans each for QR codes and feeds them to a
/// `MessageAssembler`, reporting progress and refused frames through `log` (one line each),
/// and stops as soon as the message is complete.
public struct QRScanJob {
    /// Bounds on the message and its parts.
    public var limits: FountainLimits
    /// Bounds on each image file.
    public var imageLimits: PNGCodec.Limits

    /// A job with the given limits.
    public init(limits: FountainLimits = .default, imageLimits: PNGCodec.Limits = .default) {
        self.limits = limits
        self.imageLimits = imageLimits
    }

    /// The message in `paths` (files or directories). Unreadable files and frames of other
    /// messages are reported and skipped; the error at the end says what is missing.
    public func run(paths: [String], log: (String) -> Void) throws(TransportError) -> [UInt8] {
        try scan(paths: paths, log: log).bytes
    }

    /// As `run`, with foreign `framings` (UOS multipart) assembled too, and the message
    /// returned with how it came: UR type, framing, frame count. A frame a framing refuses
    /// (`.refusedFrame`) ends the scan with that error. A framing's frames carry no message id,
    /// so for them every file is read, even after the message is complete: a frame of another
    /// message anywhere among them refuses the scan rather than depending on the files' order.
    public func scan(paths: [String], framings: [any ForeignFraming] = [], log: (String) -> Void) throws(TransportError)
        -> SignerInput
    {
        let files = try ImageFiles.expand(paths)
        let scanner = QRScanner()
        var assembler = MessageAssembler(limits: limits, framings: framings)
        var codes = 0
        var lastError: TransportError?
        for file in files {
            let image: GrayImage
            do { image = try ImageFiles.load(file, limits: imageLimits) } catch {
                log("\(error)")
                lastError = error
                continue
            }
            let payloads = scanner.scan(image)
            codes += payloads.count
            for payload in payloads {
                do {
                    if try assembler.receive(payload) == .accepted, let progress = assembler.progress {
                        log(progress.description)
                    }
                } catch {
                    if case .refusedFrame = error { throw error }
                    log("\((file as NSString).lastPathComponent): \(error)")
                    lastError = error
                }
                if let input = assembler.input, assembler.framing == nil { return input }
            }
        }
        try assembler.finish()
        if let input = assembler.input { return input }
        if let progress = assembler.progress {
            let expected = progress.framesEstimated
            throw .incompleteMessage(received: progress.framesReceived, expected: expected)
        }
        if codes == 0 {
            if let lastError, files.count == 1 { throw lastError }
            throw .noQRCodeFound
        }
        throw lastError ?? .noQRCodeFound
    }
}
