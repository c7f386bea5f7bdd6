/// A review as the signer prints it, with every wrapped value joined back onto its line: each
/// continuation line (spaces, then `|`) is appended, without its mark, to the line before it.
/// The renderer keeps the space it cut at after the mark, so the joined text is the value as
/// it was before wrapping; tests look for a phrase without depending on where the screen cut it.
public func unwrappedReview(_ text: String) -> String {
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.drop(while: { $0 == " " })
        if trimmed.hasPrefix("|"), trimmed.count < line.count, let previous = lines.popLast() {
            lines.append(previous + trimmed.dropFirst())
        } else {
            lines.append(String(line))
        }
    }
    return lines.joined(separator: "\n")
}
