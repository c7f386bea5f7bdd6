// The QR transport's benchmarks: encode+PNG per frame, scan per frame, and the fountain code's
// overhead under loss. bench/reference.py times the `qrencode` and `zbarimg` CLIs on the same
// frames, so both sides read the fixture set written here:
//
//   DIR/manifest.json           one entry per case: size, what the size policy chose, QR version
//                               and mode, module size, quiet zone, PNG side in pixels
//   DIR/CASE/message.bin        the message (random bytes)
//   DIR/CASE/frame-NNNN.bin     the exact payload of each frame (raw bytes, or an upper-case UR part)
//   DIR/CASE/frame-NNNN.png     our PNG of that frame: what both scanners read
//   DIR/out-airsign/, DIR/out-qrencode/   where the encode rows write their files (overwritten)
//
// Cases: 100 B (one binary QR), 1 KB = 1000 B and 10 KB = 10000 B (UR fountain sequences under
// the default policy: version ≤ 12, level M). A sequence's frames are its default frame set, every
// fragment once and as many mixed parts again (what `qr encode --qr DIR/` writes), cycled in order.
import AirsignCrypto
import AirsignTransport
import Foundation

enum QRFixtures {
    static let cases: [(name: String, bytes: Int)] = [("100B", 100), ("1KB", 1000), ("10KB", 10000)]

    /// One case as read back from the fixture directory.
    struct Case {
        let name: String
        let dir: String
        let message: [UInt8]
        let payloads: [[UInt8]]
        let details: [String: Any]

        func png(_ n: Int) -> String { dir + "/" + QRImages.frameName(n + 1) }
    }

    /// Writes a fresh set into `dir` (created; must not hold a set already) and checks that our
    /// scanner reads every PNG back to its payload.
    static func write(to dir: String) throws {
        let fm = FileManager.default
        guard !fm.fileExists(atPath: dir + "/manifest.json") else { fail("\(dir) already holds a fixture set") }
        for sub in ["out-airsign", "out-qrencode"] + cases.map(\.name) {
            try fm.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
        }
        let options = QROptions()
        let scanner = QRScanner()
        var entries: [[String: Any]] = []
        for (name, bytes) in cases {
            let message = SecureRandom.bytes(bytes)
            var plan = try QRFramePlan(message: message, options: options)
            let frames = try plan.frames()
            writeFile(message, to: "\(dir)/\(name)/message.bin")
            var side = 0
            for (i, frame) in frames.enumerated() {
                let png = try QRImages.png(frame, options: options)
                let path = "\(dir)/\(name)/" + QRImages.frameName(i + 1)
                writeFile(png, to: path)
                writeFile(frame.payload, to: (path as NSString).deletingPathExtension + ".bin")
                let image = try ImageFiles.load(path)
                guard scanner.scan(image) == [frame.payload] else { fail("our scanner misread \(path)") }
                side = image.width
            }
            var entry: [String: Any] = [
                "name": name, "message_bytes": bytes, "frames": frames.count,
                "qr_version": frames[0].code.version, "mode": frames[0].ur == nil ? "byte" : "alphanumeric",
                "ec": options.correction.rawValue, "max_version": options.maxVersion,
                "module_size": options.moduleSize, "quiet_zone": options.quietZone, "png_side": side,
            ]
            switch plan.kind {
            case .single: entry["kind"] = "single"
            case let .multipart(seqLen, fragmentLength):
                entry["kind"] = "ur-fountain"
                entry["seq_len"] = seqLen
                entry["fragment_length"] = fragmentLength
            }
            entries.append(entry)
        }
        let manifest = try JSONSerialization.data(
            withJSONObject: ["cases": entries], options: [.sortedKeys, .prettyPrinted])
        writeFile(Array(manifest), to: dir + "/manifest.json")
    }

    /// The set in `dir`.
    static func load(from dir: String) throws -> [Case] {
        guard let data = FileManager.default.contents(atPath: dir + "/manifest.json"),
            let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = manifest["cases"] as? [[String: Any]]
        else { fail("\(dir)/manifest.json is missing or unreadable: write it with --write-qr-fixtures") }
        return entries.map { entry in
            guard let name = entry["name"] as? String, let count = entry["frames"] as? Int else {
                fail("bad manifest entry")
            }
            let caseDir = dir + "/" + name
            let payloads = (1...count).map { n in
                readFile(caseDir + "/" + (QRImages.frameName(n) as NSString).deletingPathExtension + ".bin")
            }
            return Case(
                name: name, dir: caseDir, message: readFile(caseDir + "/message.bin"), payloads: payloads,
                details: entry.filter { $0.key != "name" })
        }
    }
}

enum QRBench {
    static func run(_ options: Options) throws {
        let dir: String
        var temporary: String?
        if let given = options.qrDir {
            dir = given
        } else {
            var template = Array((NSTemporaryDirectory() + "/airsign-bench-qr-XXXXXX").utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                fail("cannot create a temporary directory")
            }
            dir = String(cString: made)
            temporary = dir
            try QRFixtures.write(to: dir)
        }
        defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }

        let cases = try QRFixtures.load(from: dir)
        let scanner = QRScanner()
        for c in cases {
            let n = c.payloads.count
            let base = try QRFramePlan(message: c.message)
            func details(_ measures: String) -> [String: Any] {
                c.details.merging(["case": c.name, "measures": measures]) { a, _ in a }
            }
            // One frame: for a single QR the whole message → QR → PNG path (size policy and
            // encoding, as `qr encode` does it); for a sequence the next fountain part → QR → PNG
            // (the policy and fragment size are chosen once per message, before the frames). Frame
            // i is the fixture's frame i, checked byte for byte, so both sides encode the same
            // payloads; a batch is whole passes over the sequence, each starting from frame 1.
            var plan = base
            func frame(_ i: Int) throws -> (QRFrame, [UInt8]) {
                let f: QRFrame
                if base.kind == .single {
                    var fresh = try QRFramePlan(message: c.message)
                    f = try fresh.nextFrame()
                } else {
                    if i % n == 0 { plan = base }
                    f = try plan.nextFrame()
                }
                guard f.payload == c.payloads[i % n] else {
                    fail("\(c.name): frame \(i % n + 1) differs from the fixture")
                }
                return (f, try QRImages.png(f, options: base.options))
            }
            try measure(
                "qr_encode_png_mem_\(c.name)", options, unit: "frames/s", cycle: n,
                details: details("message → QR → PNG bytes in memory, per frame")
            ) { i in
                _ = try frame(i)
            }
            try measure(
                "qr_encode_png_file_\(c.name)", options, unit: "frames/s", cycle: n,
                details: details("message → QR → PNG written to a file (open/write/close, no fsync), per frame")
            ) { i in
                let (_, png) = try frame(i)
                writeFile(png, to: "\(dir)/out-airsign/\(c.name)-" + QRImages.frameName(i % n + 1))
            }
            if base.kind == .single {
                try measure(
                    "qr_encode_png_atomic_\(c.name)", options, unit: "frames/s", cycle: n,
                    details: details("as `qr encode --qr FILE.png`: PNG to a temporary file, fsync, rename")
                ) { i in
                    let (_, png) = try frame(i)
                    try OutputFiles.write(png, to: "\(dir)/out-airsign/\(c.name)-atomic.png")
                }
            }
            try measure(
                "qr_scan_file_\(c.name)", options, unit: "frames/s", cycle: n,
                details: details("PNG file → read, decode PNG, zbar scan → payload (checked), per frame")
            ) { i in
                let image = try ImageFiles.load(c.png(i % n))
                guard scanner.scan(image) == [c.payloads[i % n]] else { fail("\(c.name): frame \(i % n + 1) misread") }
            }
        }
        if let big = cases.last { try fountainOverhead(big) }
    }

    /// Frames needed ÷ k (k = fragments) to rebuild a message of the largest case's size from its
    /// UR parts when each frame shown is lost with probability 0, 10 % or 30 %, over 100 trials
    /// with a fresh random message each. The parts are the exact payloads `QRFramePlan` shows
    /// (upper-case UR text at the same fragment length), fed to the `MessageAssembler` a scan
    /// feeds; QR encoding and scanning are left out, they do not change which frames are needed.
    /// "received" counts the frames the decoder was given; "shown" also counts the lost ones a
    /// display went through, which is what a user waits for.
    static func fountainOverhead(_ c: QRFixtures.Case) throws {
        guard case let .multipart(_, fragmentLength) = try QRFramePlan(message: c.message).kind else { return }
        let trials = 100
        var rng = SystemRandomNumberGenerator()
        for loss in [0.0, 0.1, 0.3] {
            var received: [Double] = [], shown: [Double] = [], k = 0
            for _ in 0..<trials {
                let message = SecureRandom.bytes(c.message.count)
                var encoder = try UREncoder(ur: UR.bytes(message), maxFragmentLen: fragmentLength)
                guard encoder.fountain.fragmentLen == fragmentLength else {
                    fail("fragment length differs from the plan's")
                }
                k = encoder.seqLen
                var assembler = MessageAssembler()
                var given = 0, displayed = 0
                while assembler.message == nil {
                    displayed += 1
                    guard displayed <= 100 * k else { fail("fountain: no message after \(displayed) frames") }
                    let payload = Array(encoder.nextShownPart().uppercased().utf8)
                    if Double.random(in: 0..<1, using: &rng) < loss { continue }
                    given += 1
                    try assembler.receive(payload)
                }
                guard assembler.message == message else { fail("fountain: wrong message") }
                received.append(Double(given) / Double(k))
                shown.append(Double(displayed) / Double(k))
            }
            emit([
                "bench": "fountain_frames_per_k_loss_\(Int(loss * 100))", "impl": "airsign", "unit": "frames/k",
                "loss": loss, "trials": trials, "k": k, "message_bytes": c.message.count,
                "fragment_length": fragmentLength,
                "received_per_k": received, "shown_per_k": shown,
                "measures": "frames needed ÷ fragments, random loss, fresh message per trial",
            ])
        }
    }
}

/// Writes `bytes` to `path` as a plain file (open, write, close; no fsync), as the CLIs do.
func writeFile(_ bytes: [UInt8], to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { fail("cannot write \(path)") }
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { fail("write to \(path) failed") }
        done += n
    }
    guard close(fd) == 0 else { fail("close of \(path) failed") }
}

func readFile(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return Array(data)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("airsign-bench: \(message)\n".utf8))
    exit(1)
}
