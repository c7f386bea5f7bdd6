import AirsignEncoding
import AirsignTransport
import Foundation

/// QR and UR operations for Tests/interop/test_transport*.py.
let transportHandlers: [String: Handler] = [
    // Writes the frames of a message as PNG files (a directory, or one file for a single QR).
    "qr_write_frames": { request in
        var options = QROptions()
        if let ec = request.fields["ec"] as? String, let level = QRErrorCorrection(rawValue: ec) {
            options.correction = level
        }
        if let v = request.fields["maxVersion"] as? Int { options.maxVersion = v }
        if let v = request.fields["moduleSize"] as? Int { options.moduleSize = v }
        if let v = request.fields["fragmentSize"] as? Int { options.fragmentSize = v }
        var plan = try QRFramePlan(message: try request.bytes("hex"), options: options)
        let frames = try plan.frames(count: request.fields["frames"] as? Int)
        let dir = try request.string("dir")
        try QRImages.writeDirectory(frames, to: dir, plan: plan, fps: 4)
        let files = frames.indices.map { (dir as NSString).appendingPathComponent(QRImages.frameName($0 + 1)) }
        let kind: String
        switch plan.kind {
        case .single: kind = "single"
        case .multipart: kind = "multipart"
        }
        return ["files": files, "payloads": frames.map { Hex.encode($0.payload) }, "kind": kind]
    },
    // Every QR payload our scanner finds in one image file.
    "qr_scan": { request in
        let image = try ImageFiles.load(try request.string("path"))
        return ["payloads": QRScanner().scan(image).map { Hex.encode($0) }]
    },
    // The message in a list of image files (stops when complete), as `qr decode` reads it.
    "qr_decode_files": { request in
        guard let paths = request.fields["paths"] as? [String] else { throw TestkitError.badRequest("paths") }
        var log: [String] = []
        let message = try QRScanJob().run(paths: paths) { log.append($0) }
        return ["hex": Hex.encode(message), "log": log]
    },
    // Feeds UR strings in order until the message is complete: the message, how many strings
    // were used, and how many were refused as belonging to another message.
    "ur_decode_parts": { request in
        guard let parts = request.fields["parts"] as? [String] else { throw TestkitError.badRequest("parts") }
        var assembler = MessageAssembler()
        var used = 0, refused = 0
        var errors: [String] = []
        for part in parts where !assembler.isComplete {
            used += 1
            do { try assembler.receive(Array(part.utf8)) } catch {
                refused += 1
                errors.append(String(describing: error))
            }
        }
        guard let message = assembler.message else {
            return ["error": "incomplete after \(used) parts", "refused": refused, "errors": errors]
        }
        return [
            "hex": Hex.encode(message), "used": used, "refused": refused, "errors": errors,
            "type": assembler.urType ?? NSNull(),
        ]
    },
    // The first `count` multi-part UR strings for `ur:bytes` over the message (lower case): every
    // part in sequence, or with "shown": true the parts a screen shows (`nextShownPart`). With
    // "type" (e.g. eth-sign-request), the message is that UR's CBOR instead.
    "ur_encode_parts": { request in
        let message = try request.bytes("hex")
        let ur =
            try (request.fields["type"] as? String).map { type throws(TransportError) in
                try UR(type: type, cbor: message)
            } ?? UR.bytes(message)
        var encoder = try UREncoder(ur: ur, maxFragmentLen: try request.int("maxFragmentLen"))
        let count = try request.int("count")
        let shown = request.fields["shown"] as? Bool ?? false
        return [
            "parts": (0..<count).map { _ in shown ? encoder.nextShownPart() : encoder.nextPart() },
            "seqLen": encoder.seqLen,
        ]
    },
]
