import Foundation

/// One self-contained offline HTML page that cycles the frames: every frame is a PNG data URI
/// inside the page, and a Content-Security-Policy forbids any other resource, so opening it
/// makes no network request. `page.html#frame=N` shows frame N (1-based) still; space pauses,
/// arrow keys step.
public enum HTMLPage {
    /// The page's HTML text; `fps` is 1…30.
    public static func render(_ frames: [QRFrame], options: QROptions, fps: Int, title: String = "Airsign QR")
        throws(TransportError) -> String
    {
        guard !frames.isEmpty else { throw .emptyMessage }
        guard (1...30).contains(fps) else { throw .invalidOption("--fps must be 1…30") }
        var uris: [String] = []
        for frame in frames {
            uris.append(
                "\"data:image/png;base64,\(Data(try QRImages.png(frame, options: options)).base64EncodedString())\"")
        }
        let side = frames.map { ($0.code.size + 2 * options.quietZone) * options.moduleSize }.max() ?? 0
        let safeTitle = title.unicodeScalars.filter {
            $0.isASCII && $0.value >= 0x20 && !"<>&\"'".unicodeScalars.contains($0)
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(String(String.UnicodeScalarView(safeTitle)))</title>
            <style>
            html, body { margin: 0; background: #fff; color: #222; font: 14px sans-serif; }
            main { display: flex; flex-direction: column; align-items: center; padding: 8px; }
            img { width: min(\(side)px, 96vw, 88vh); height: auto; image-rendering: pixelated; }
            p { margin: 4px; }
            </style>
            </head>
            <body>
            <main>
            <img id="qr" alt="QR frame" src=\(uris[0])>
            <p id="status">frame 1 of \(frames.count)</p>
            </main>
            <script>
            "use strict";
            const frames = [
            \(uris.joined(separator: ",\n"))
            ];
            const fps = \(fps);
            let index = 0, paused = false;
            const img = document.getElementById("qr"), status = document.getElementById("status");
            function show(i) {
              index = (i + frames.length) % frames.length;
              img.src = frames[index];
              status.textContent = "frame " + (index + 1) + " of " + frames.length + (paused ? " (paused: space resumes)" : "");
            }
            const fixed = /^#frame=(\\d+)$/.exec(location.hash);
            if (fixed) { paused = true; show(Number(fixed[1]) - 1); }
            if (frames.length > 1) {
              setInterval(function () { if (!paused) show(index + 1); }, 1000 / fps);
              document.addEventListener("keydown", function (e) {
                if (e.key === " ") { paused = !paused; show(index); e.preventDefault(); }
                else if (e.key === "ArrowRight") { paused = true; show(index + 1); }
                else if (e.key === "ArrowLeft") { paused = true; show(index - 1); }
              });
            }
            </script>
            </body>
            </html>

            """
    }
}
