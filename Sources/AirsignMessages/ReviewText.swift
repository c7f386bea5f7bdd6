/// How reviews are shown: one shared layout for every chain, so a person learns one screen and
/// each chain adds only its lines. Every value passes through `MessageText.escaped`, so no
/// payload text can move the cursor or hide characters. Golden tests pin this layout.
public enum ReviewText {
    /// Width of the label column.
    static let labelWidth = 10

    /// The review of one request: header, what it is, the chain's lines, total, warnings, the
    /// watch's note (marked unverified), what will be signed and whether `--blind` is needed.
    public static func render(_ review: Review, position: Int, of count: Int, module: any ChainModule, context: ReviewContext) -> String {
        let request = review.request
        var out = [header(request, position: position, of: count)]
        out.append("  " + MessageText.escaped(review.title))
        var lines = [
            ReviewLine("chain", "\(module.displayName) (\(request.chain))"),
            ReviewLine("network", request.network),
            ReviewLine("account", module.describe(request.account.address, in: context)),
        ]
        lines += review.lines
        for total in review.totals { lines.append(ReviewLine("total", total.formatted)) }
        for warning in review.warnings { lines.append(ReviewLine("warning", warning)) }
        if let note = request.note { lines.append(ReviewLine("note", "\"\(note)\" (from the watch, unverified)")) }
        let bytes = review.signing.reduce(0) { $0 + $1.bytes.count }
        // A long series (ICP expiry windows) names its first items and counts the rest.
        let shown = review.signing.prefix(4).map(\.label)
        let labels = (shown + (review.signing.count > 4 ? ["… (\(review.signing.count - 4) more)"] : [])).joined(separator: ", ")
        lines.append(ReviewLine("signs", "\(review.signing.count) message\(review.signing.count == 1 ? "" : "s"), \(bytes) bytes: \(labels)"))
        if case let .explicit(reason) = review.confirmation {
            lines.append(ReviewLine("blind", "not fully shown: \(reason); signed only with --blind"))
        }
        out += lines.map(line)
        return out.joined(separator: "\n")
    }

    /// A refused request: its header and the reason.
    public static func renderRefusal(_ request: SignRequest?, _ error: MessagesError, position: Int, of count: Int) -> String {
        var out: [String] = []
        if let request { out.append(header(request, position: position, of: count)) }
        out.append("  REFUSED: " + MessageText.escaped(error.description))
        return out.joined(separator: "\n")
    }

    /// The batch summary: how many requests, and the total per chain, network and asset.
    public static func renderTotals(_ batch: BatchReview) -> String {
        let count = batch.outcomes.count
        let refused = batch.refusals.count
        var out = ["Batch: \(count) request\(count == 1 ? "" : "s")" + (refused > 0 ? ", \(refused) refused" : ", all reviewed")]
        let totals = batch.totals
        if totals.isEmpty { out.append("  total     nothing leaves the accounts") }
        for total in totals {
            out.append(line(ReviewLine("total", "\(total.formatted) on \(total.asset.chain) \(total.asset.network)" + (total.asset.id == "native" ? "" : " (\(total.asset.id))"))))
        }
        return out.joined(separator: "\n")
    }

    static func header(_ request: SignRequest, position: Int, of count: Int) -> String {
        "Request \(position) of \(count)  id \(request.id)"
    }

    /// "  label     value", indented two spaces per level.
    static func line(_ item: ReviewLine) -> String {
        let indent = String(repeating: "  ", count: item.level + 1)
        let label = MessageText.escaped(item.label)
        // Escaped ASCII has no CR LF pair, so each byte is one character: skip grapheme breaking.
        let width = label.utf8.allSatisfy { $0 < 0x80 } ? label.utf8.count : label.count
        let pad = String(repeating: " ", count: max(1, labelWidth - width))
        return indent + label + pad + MessageText.escaped(item.value)
    }
}
