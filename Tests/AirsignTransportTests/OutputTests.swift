import Foundation
import Testing

@testable import AirsignTransport

/// GIF, HTML, terminal and file outputs.
@Suite struct OutputTests {
    static func frames(_ size: Int) throws -> (QRFramePlan, [QRFrame]) {
        var plan = try QRFramePlan(
            message: (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }, options: QROptions(moduleSize: 2))
        return (plan, try plan.frames())
    }

    @Test func gifIsAnimatedAndLoops() throws {
        let (plan, frames) = try Self.frames(900)
        let gif = try GIFWriter.encode(frames, options: plan.options, fps: 5)
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        #expect(gif.last == 0x3b)
        let text = String(decoding: gif, as: UTF8.self)
        #expect(text.contains("NETSCAPE2.0"))
        // One graphic control extension (21 f9) per frame.
        let gce = zip(gif, gif.dropFirst()).filter { $0 == 0x21 && $1 == 0xf9 }.count
        #expect(gce >= frames.count)
        #expect(throws: TransportError.self) { try GIFWriter.encode(frames, options: plan.options, fps: 0) }
    }

    @Test func htmlIsSelfContained() throws {
        let (plan, frames) = try Self.frames(900)
        let html = try HTMLPage.render(frames, options: plan.options, fps: 4)
        #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("src=\"//"))
        #expect(html.contains("default-src 'none'"))
        #expect(html.components(separatedBy: "data:image/png;base64,").count - 1 == frames.count + 1)
    }

    @Test func terminalHalfBlocks() throws {
        var plan = try QRFramePlan(message: Array("hi".utf8))
        let code = try plan.nextFrame().code
        let lines = TerminalDisplay.lines(for: code, quietZone: 4)
        #expect(lines.count == (code.size + 8 + 1) / 2)
        #expect(TerminalDisplay.size(for: code, quietZone: 4) == (code.size + 8, lines.count + 1))
        let body = lines.map {
            $0.replacingOccurrences(of: "\u{1B}[30;107m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        }
        #expect(body.allSatisfy { $0.count == code.size + 8 })
        #expect(body.joined().allSatisfy { " ▀▄█".contains($0) })
        // Module rows 0 and 1 of the top-left finder pattern: a dark top edge over a ring.
        #expect(body[2].dropFirst(4).hasPrefix("█▀▀▀▀▀█"))
        #expect(body[0].allSatisfy { $0 == " " })
    }

    @Test func directoryOutputIsAtomicAndCareful() throws {
        let (plan, frames) = try Self.frames(900)
        let base = NSTemporaryDirectory() + "airsign-out-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        try QRImages.writeDirectory(frames, to: base + "/f", plan: plan, fps: 4)
        let names = try FileManager.default.contentsOfDirectory(atPath: base + "/f").sorted()
        #expect(names.count == frames.count + 1 && names.first == "frame-0001.png" && names.last == "index.json")
        // Replacing a frame set works; a directory with other files is left alone.
        try QRImages.writeDirectory(Array(frames.prefix(2)), to: base + "/f", plan: plan, fps: 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/f").count == 3)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: base + "/f/notes.txt"))
        #expect(throws: TransportError.self) {
            try QRImages.writeDirectory(frames, to: base + "/f", plan: plan, fps: 4)
        }
        #expect(FileManager.default.fileExists(atPath: base + "/f/notes.txt"))
        // A single PNG refuses a multi-frame message and leaves no file behind.
        #expect(throws: TransportError.needsSeveralFrames(count: frames.count)) {
            try QRImages.writePNG(frames, to: base + "/one.png", options: plan.options)
        }
        #expect(!FileManager.default.fileExists(atPath: base + "/one.png"))
        // No temporary files left over.
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).sorted() == ["f"])
        #expect(QRImages.frameName(12345) == "frame-12345.png")
    }

    @Test func sizePolicyFollowsMaxVersion() throws {
        // 287 bytes is the byte capacity of version 12 at level M.
        #expect(try QRFramePlan(message: [UInt8](repeating: 1, count: 287)).kind == .single)
        guard case let .multipart(_, fragment) = try QRFramePlan(message: [UInt8](repeating: 1, count: 288)).kind else {
            Issue.record("288 bytes should not fit version 12-M"); return
        }
        #expect(fragment <= 200)
        var plan = try QRFramePlan(message: [UInt8](repeating: 1, count: 5000))
        for frame in try plan.frames(count: 30) { #expect(frame.code.version <= 12) }
        #expect(throws: TransportError.self) { try QRFramePlan(message: []) }
        #expect(throws: TransportError.self) { try QRFramePlan(message: [1], options: QROptions(maxVersion: 41)) }
    }
}
