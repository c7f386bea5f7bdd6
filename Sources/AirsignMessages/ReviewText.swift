/// How reviews are shown: one shared layout for every chain, so a person learns one screen and
/// each chain adds only its lines. Every label and value passes through `MessageText.escaped`,
/// so no payload text can move the cursor or hide characters; a value wider than the screen
/// continues on lines marked `|` in the value column, so no text can draw a line that looks
/// like one of the review's own. Golden tests pin this layout.
public enum ReviewText {
    /// Width of the label column.
    static let labelWidth = 10
    /// Columns a review line may take, indent and label included (an 80-column terminal).
    static let screenWidth = 80
    /// The mark that starts every continuation line of a wrapped value and every line of the
    /// requester's own words. A value cut at a space goes on with that space after the mark
    /// ("| rest"); one cut inside a word goes on at once ("|rest").
    static let continuation = "|"
    /// Said after a line whose value comes from the signer's own tables.
    static let tableMark = " [signer's table]"
    /// Said on the line of a value that comes from the request, above the quoted text.
    static let requestMark = "from the request, not signed, not verified:"

    /// The review of one request: header, what it is, the chain's lines, total, approvals,
    /// warnings (with any contradiction between the note and the signed amounts), the watch's
    /// note (quoted, marked unverified), what will be signed and whether `--blind` is needed.
    public static func render(
        _ review: Review, position: Int, of count: Int, module: any ChainModule, context: ReviewContext
    ) -> String {
        let request = review.request
        var out = ReviewWriter()
        out.line(header(request, position: position, of: count))
        out.line("  " + MessageText.escaped(review.title))
        // Written as they come, not gathered into one array of copies first.
        out.line(ReviewLine("chain", "\(module.displayName) (\(request.chain))"))
        out.line(ReviewLine("network", request.network))
        out.line(ReviewLine("account", module.describe(request.account.address, in: context)))
        for index in review.lines.indices { out.line(review.lines[index]) }
        for line in effectLines(review.effects) { out.line(line) }
        for warning in review.warnings + NoteCheck.contradictions(review) { out.line(ReviewLine("warning", warning)) }
        if let note = request.note { out.line(ReviewLine("note", note, source: .request)) }
        let bytes = review.signing.reduce(0) { $0 + $1.bytes.count }
        // A long series (ICP expiry windows) names its first items and counts the rest.
        let shown = review.signing.prefix(4).map(\.label)
        let labels = (shown + (review.signing.count > 4 ? ["… (\(review.signing.count - 4) more)"] : [])).joined(
            separator: ", ")
        out.line(
            ReviewLine(
                "signs",
                "\(review.signing.count) message\(review.signing.count == 1 ? "" : "s"), \(bytes) bytes: \(labels)"))
        if case let .explicit(reason) = review.confirmation {
            out.line(
                ReviewLine(
                    "unknown",
                    "effects the signer does not understand: \(reason); read every line; signed only when --blind names this request"
                ))
        }
        return out.text
    }

    /// A refused request: its header and the reason, on one line (nothing of it is signed: the
    /// whole batch is refused).
    public static func renderRefusal(_ request: SignRequest?, _ error: MessagesError, position: Int, of count: Int)
        -> String
    {
        var out: [String] = []
        if let request { out.append(header(request, position: position, of: count)) }
        out.append("  REFUSED: " + MessageText.escaped(error.description))
        return out.joined(separator: "\n")
    }

    /// The lines every review shows from its effects: the totals, then each approval, control
    /// change, later submission and offer.
    static func effectLines(_ effects: [Effect]) -> [ReviewLine] {
        var lines = effects.totals.map { ReviewLine("total", $0.formatted) }
        lines += effects.approvals.map { ReviewLine("approval", approvalText($0)) }
        lines += effects.controlChanges.map { ReviewLine("control", controlText($0)) }
        lines += effects.deferredSignatures.map { ReviewLine("later", deferredText($0)) }
        lines += effects.offers.map { ReviewLine("offer", "\($0.selling.formatted) for \($0.buying)") }
        lines += effects.described.map { ReviewLine("described", $0 + "; not counted in the totals") }
        return lines
    }

    /// The batch summary, computed from the effects of every accepted request alone: how many
    /// requests, which have effects the signer does not understand (and which of those
    /// `--blind` names), the total per chain, network and asset, and every approval, control
    /// change, later submission and offer. "Nothing leaves the accounts" is said only when
    /// every effect is known and none moves value.
    public static func renderTotals(_ batch: BatchReview) -> String {
        let count = batch.outcomes.count
        let refused = batch.refusals.count
        let effects = batch.effects
        let approvals = effects.approvals
        let controls = effects.controlChanges
        let deferred = effects.deferredSignatures
        let offers = effects.offers
        let unknownPlaces = batch.unknownPlaces
        var head =
            "Batch: \(count) request\(count == 1 ? "" : "s")"
            + (refused > 0 ? ", \(refused) refused" : ", all reviewed")
        if !approvals.isEmpty {
            let unlimited = approvals.filter(\.isUnlimited).count
            head += ", \(counted(approvals.count, "approval"))" + (unlimited > 0 ? " (\(unlimited) unlimited)" : "")
        }
        if !controls.isEmpty { head += ", \(counted(controls.count, "control change"))" }
        if !deferred.isEmpty { head += ", \(counted(deferred.count, "signature"))" + " others may submit later" }
        if !offers.isEmpty { head += ", \(counted(offers.count, "offer"))" }
        var out = ReviewWriter()
        out.line(head)
        if refused > 0 {
            // The whole batch is refused; the totals that follow are of what was reviewed, not
            // of anything signed.
            let accepted = count - refused
            out.line(
                ReviewLine(
                    "refused",
                    "nothing in this batch is signed; what follows counts only the \(counted(accepted, "accepted request"))"
                ))
        }
        if !unknownPlaces.isEmpty {
            let places = unknownPlaces.map(String.init).joined(separator: ", ")
            out.line(
                ReviewLine(
                    "unknown",
                    "effects the signer does not understand: \(counted(unknownPlaces.count, "request")) (\(places)), read every line"
                ))
            out.line(
                ReviewLine(
                    "blind",
                    "signed only because --blind names \(unknownPlaces.count == 1 ? "it" : "each"): request\(unknownPlaces.count == 1 ? "" : "s") \(places)"
                ))
        }
        let described = effects.described
        for item in described { out.line(ReviewLine("described", item + "; not counted in the totals")) }
        let totals = effects.totals
        if totals.isEmpty {
            let grants = !approvals.isEmpty || !controls.isEmpty || !deferred.isEmpty
            let text: String
            if !described.isEmpty {
                text =
                    "no counted outflow; what the consent messages above describe is not counted"
                    + (unknownPlaces.isEmpty ? "" : ", nor what the signer does not understand")
            } else if !unknownPlaces.isEmpty {
                text = "no known outflow; what the requests above do that the signer does not understand is not counted"
            } else if refused > 0 {
                text =
                    "no outflow in the accepted requests"
                    + (grants ? "; the approvals, control changes or signatures below would let others act later" : "")
            } else if grants {
                text =
                    "nothing leaves the accounts when signed; the approvals, control changes or signatures below let others act later"
            } else {
                text = "nothing leaves the accounts"
            }
            out.line(ReviewLine("total", text))
        }
        for total in totals {
            out.line(
                ReviewLine(
                    "total",
                    "\(total.formatted) on \(total.asset.chain) \(total.asset.network)"
                        + (total.asset.id == "native" ? "" : " (\(total.asset.id))")))
        }
        if !totals.isEmpty, !described.isEmpty {
            out.line(
                ReviewLine(
                    "total",
                    "only what the signer counts: more may leave through the calls the consent messages describe"
                ))
        }
        if !totals.isEmpty, !unknownPlaces.isEmpty {
            out.line(
                ReviewLine(
                    "total",
                    "only what the signer understands: more may leave through the requests with unknown effects"))
        }
        for approval in approvals { out.line(ReviewLine("approval", approvalText(approval))) }
        for control in controls { out.line(ReviewLine("control", controlText(control))) }
        for item in deferred { out.line(ReviewLine("later", deferredText(item))) }
        for offer in offers { out.line(ReviewLine("offer", "\(offer.selling.formatted) for \(offer.buying)")) }
        return out.text
    }

    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    static func controlText(_ change: ControlChange) -> String {
        change.what + (change.party.map { (change.granted ? " to " : " from ") + $0 } ?? "")
    }

    static func deferredText(_ item: DeferredSignature) -> String {
        item.what + ": whoever holds it can submit it "
            + (item.until.map { "until " + $0 } ?? "with no end in the signed bytes")
    }

    static func approvalText(_ approval: Approval) -> String {
        "\(approval.allowance) \(approval.asset) to spender \(approval.spender)"
            + (approval.expiry.map { ", until " + $0 } ?? "")
    }

    static func header(_ request: SignRequest, position: Int, of count: Int) -> String {
        "Request \(position) of \(count)  id \(request.id)"
    }

    /// One review line as terminal lines: "  label     value", indented two spaces per level,
    /// the value wrapped at the screen's width on `|` continuation lines. A value from the
    /// signer's tables says so after it; the request's words are put below a line that says
    /// whose they are, every line of them quoted with `|`, runs of spaces collapsed.
    /// (What `render` writes: plain lines by `writePlain`, others by `laidOut`.)
    static func line(_ item: ReviewLine) -> [String] {
        var out = ReviewWriter(capacity: 256)
        out.line(item)
        return out.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `line` by the general rule, for any line.
    static func laidOut(_ item: ReviewLine) -> [String] {
        let indent = String(repeating: "  ", count: item.level + 1)
        let label = MessageText.escaped(item.label)
        let labelColumns = MessageText.columns(of: label)
        // A label too long for the screen goes on its own lines, and the value below it.
        let valueColumn =
            labelColumns > 40 ? indent.count + labelWidth : indent.count + max(labelWidth, labelColumns + 1)
        let valueIndent = String(repeating: " ", count: valueColumn)
        let width = max(24, screenWidth - valueColumn)
        var out: [String] = []
        var first: String
        if labelColumns > 40 {
            let pieces = MessageText.wrapped(label, width: max(24, screenWidth - indent.count))
            out.append(indent + (pieces.first ?? ""))
            out += pieces.dropFirst().map { indent + continuation + $0 }
            first = valueIndent
        } else {
            first = indent + label + String(repeating: " ", count: valueColumn - indent.count - labelColumns)
        }
        switch item.source {
        case .request:
            out.append(first + requestMark)
            // Every line of the requester's words starts with the mark, the first one too.
            let pieces = MessageText.wrapped(
                " " + MessageText.requesterText(item.value), width: width - continuation.count)
            out += pieces.map { valueIndent + continuation + $0 }
        case .certified:
            // Quoted from the first line on: the line above says whose words they are.
            let pieces = MessageText.wrapped(
                " " + MessageText.requesterText(item.value), width: width - continuation.count)
            out.append(first + continuation + (pieces.first ?? ""))
            out += pieces.dropFirst().map { valueIndent + continuation + $0 }
        case .signed, .signerTable:
            let value = MessageText.escaped(item.value) + (item.source == .signerTable ? tableMark : "")
            let pieces = MessageText.wrapped(value, width: width)
            out.append(first + (pieces.first ?? ""))
            // Continuations are one mark narrower, so they are cut again to fit.
            let rest = pieces.dropFirst().joined()
            if !rest.isEmpty {
                out += MessageText.wrapped(rest, width: width - continuation.count).map {
                    valueIndent + continuation + $0
                }
            }
        }
        // An empty value (a heading such as "domain") leaves no trailing spaces.
        if item.value.isEmpty, let only = out.last, out.count == 1 {
            return [String(only.reversed().drop(while: { $0 == " " }).reversed())]
        }
        return out
    }
}
