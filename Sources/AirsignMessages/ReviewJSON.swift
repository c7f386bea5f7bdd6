import AirsignEncoding

/// The reviews as one JSON document (`airsign-signer inspect --json`; its schema is in
/// docs/formats.md, "Review JSON"): what the text review shows, with every value's source, for a
/// program to read instead of a person. Built from the same `Review` the text is, so neither can
/// say what the other does not.
public enum ReviewJSON {
    /// The document's `airsign` value.
    public static let kind = "review"

    /// `{"airsign":"review","version":1,"reviews":[…],"batch":{…},"signable":…}`. `refusals`
    /// holds, by position (1-based), why a reviewed request would still not be signed (an
    /// account the keystore lacks).
    public static func document(
        _ batch: BatchReview, requests: [SignRequest], registry: ChainRegistry, context: ReviewContext,
        refusals: [Int: String]
    ) -> JSONValue {
        var reviews: [JSONValue] = []
        for (index, outcome) in batch.outcomes.enumerated() {
            let position = index + 1
            switch outcome {
            case .success(let review):
                let module = try? registry.module(for: review.request.chain)
                reviews.append(
                    Self.review(
                        review, position: position, module: module, context: context, refused: refusals[position]))
            case .failure(let error):
                var members: [(key: String, value: JSONValue)] = [(key: "position", value: .integer(position))]
                members += requestMembers(requests[index])
                members.append((key: "refused", value: .string(error.description)))
                reviews.append(.object(members))
            }
        }
        var members = MessageHeader.members(kind)
        members.append((key: "reviews", value: .array(reviews)))
        members.append((key: "batch", value: batchJSON(batch)))
        members.append((key: "signable", value: .bool(batch.refusals.isEmpty && refusals.isEmpty)))
        return .object(members)
    }

    /// One review: what it is, its intent, owner and fields, every line, warnings, effects and
    /// what is signed.
    public static func review(
        _ review: Review, position: Int, module: (any ChainModule)?, context: ReviewContext, refused: String? = nil
    ) -> JSONValue {
        let request = review.request
        var members: [(key: String, value: JSONValue)] = [(key: "position", value: .integer(position))]
        members += requestMembers(request)
        if let module {
            members.append((key: "accountLabel", value: .string(module.describe(request.account.address, in: context))))
        }
        members.append((key: "title", value: .string(review.title)))
        if let intent = review.intent {
            members += intentMembers(intent)
        } else {
            // Without a descriptor the chain module's own reading is the intent, and its lines
            // the fields.
            members.append((key: "intent", value: .string(review.title)))
            members.append((key: "owner", value: .null))
            members.append((key: "source", value: .string(sourceName(.signerTable))))
            members.append((key: "fields", value: .array(tree(review.lines))))
        }
        members.append(
            (
                key: "lines",
                value: .array(
                    review.lines.map { line in
                        .object([
                            (key: "label", value: .string(line.label)), (key: "value", value: .string(line.value)),
                            (key: "level", value: .integer(line.level)),
                            (key: "source", value: .string(sourceName(line.source))),
                        ])
                    })
            ))
        let warnings = review.warnings + NoteCheck.contradictions(review)
        members.append((key: "warnings", value: .array(warnings.map(JSONValue.string))))
        members.append((key: "effects", value: .array(review.effects.map(effectJSON))))
        members.append((key: "totals", value: .array(review.totals.map { .string($0.formatted) })))
        if let note = request.note {
            members.append(
                (
                    key: "note",
                    value: .object([
                        (key: "text", value: .string(note)), (key: "source", value: .string(sourceName(.request))),
                    ])
                ))
        }
        members.append(
            (
                key: "signs",
                value: .array(
                    review.signing.map { item in
                        .object([
                            (key: "label", value: .string(item.label)),
                            (key: "bytes", value: .integer(item.bytes.count)),
                        ])
                    })
            ))
        switch review.confirmation {
        case .standard:
            members.append((key: "confirmation", value: .string("standard")))
        case .explicit(let reason):
            members.append((key: "confirmation", value: .string("blind")))
            members.append((key: "unknown", value: .string(reason)))
        }
        if let refused { members.append((key: "refused", value: .string(refused))) }
        return .object(members)
    }

    /// "signed", "signer-table", "request" or "certified": where a value comes from (`ReviewSource`).
    public static func sourceName(_ source: ReviewSource) -> String {
        switch source {
        case .signed: return "signed"
        case .signerTable: return "signer-table"
        case .request: return "request"
        case .certified: return "certified"
        }
    }

    private static func requestMembers(_ request: SignRequest?) -> [(key: String, value: JSONValue)] {
        guard let request else { return [] }
        return [
            (key: "id", value: .string(request.id.description)), (key: "chain", value: .string(request.chain.rawValue)),
            (key: "network", value: .string(request.network)),
            (key: "account", value: .string(request.account.address)),
        ]
    }

    private static func intentMembers(_ intent: ReviewIntent) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [(key: "intent", value: .string(intent.intent))]
        if let sentence = intent.interpolated { members.append((key: "interpolatedIntent", value: .string(sentence))) }
        members.append((key: "owner", value: intent.owner.map(JSONValue.string) ?? .null))
        members.append((key: "source", value: .string(sourceName(intent.source))))
        members.append(
            (
                key: "fields",
                value: .array(
                    intent.fields.map { field in
                        var members: [(key: String, value: JSONValue)] = [
                            (key: "label", value: .string(field.label)), (key: "value", value: .string(field.value)),
                            (key: "text", value: .string(field.text)),
                            (key: "source", value: .string(sourceName(field.source))),
                        ]
                        if let call = field.call { members.append((key: "call", value: .object(intentMembers(call)))) }
                        return .object(members)
                    })
            ))
        return members
    }

    /// Lines as fields, a deeper line under the one before it.
    private static func tree(_ lines: [ReviewLine]) -> [JSONValue] {
        var index = lines.startIndex
        return subtree(lines, &index, level: lines.first?.level ?? 0)
    }

    private static func subtree(_ lines: [ReviewLine], _ index: inout Int, level: Int) -> [JSONValue] {
        var out: [(members: [(key: String, value: JSONValue)], children: [JSONValue])] = []
        while index < lines.count, lines[index].level >= level {
            let line = lines[index]
            if line.level > level, !out.isEmpty {
                let children = subtree(lines, &index, level: line.level)
                out[out.count - 1].children += children
                continue
            }
            out.append(
                (
                    members: [
                        (key: "label", value: .string(line.label)), (key: "value", value: .string(line.value)),
                        (key: "text", value: .string(line.value)),
                        (key: "source", value: .string(sourceName(line.source))),
                    ], children: []
                ))
            index += 1
        }
        return out.map { entry in
            .object(entry.members + (entry.children.isEmpty ? [] : [(key: "fields", value: .array(entry.children))]))
        }
    }

    private static func effectJSON(_ effect: Effect) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        switch effect {
        case .outflow(let outflow):
            return .object([
                (key: "kind", value: .string("outflow")), (key: "amount", value: .string(outflow.amount.formatted)),
                (key: "asset", value: .string(outflow.amount.asset.symbol)),
                (key: "baseUnits", value: .string(String(outflow.amount.amount))),
                (key: "from", value: text(outflow.from)), (key: "to", value: text(outflow.to)),
            ])
        case .allowance(let approval):
            return .object([
                (key: "kind", value: .string("allowance")), (key: "asset", value: .string(approval.asset)),
                (key: "spender", value: .string(approval.spender)),
                (key: "allowance", value: .string(approval.allowance)),
                (key: "unlimited", value: .bool(approval.isUnlimited)), (key: "expiry", value: text(approval.expiry)),
            ])
        case .control(let change):
            return .object([
                (key: "kind", value: .string("control")), (key: "what", value: .string(change.what)),
                (key: "party", value: text(change.party)), (key: "granted", value: .bool(change.granted)),
            ])
        case .deferred(let signature):
            return .object([
                (key: "kind", value: .string("deferred")), (key: "what", value: .string(signature.what)),
                (key: "until", value: text(signature.until)),
            ])
        case .offer(let offer):
            return .object([
                (key: "kind", value: .string("offer")), (key: "selling", value: .string(offer.selling.formatted)),
                (key: "buying", value: .string(offer.buying)),
            ])
        case .unknown(let what):
            return .object([(key: "kind", value: .string("unknown")), (key: "what", value: .string(what))])
        case .described(let what):
            return .object([(key: "kind", value: .string("described")), (key: "what", value: .string(what))])
        }
    }

    private static func batchJSON(_ batch: BatchReview) -> JSONValue {
        let effects = batch.effects
        return .object([
            (key: "requests", value: .integer(batch.outcomes.count)),
            (key: "refused", value: .integer(batch.refusals.count)),
            (key: "totals", value: .array(batch.totals.map { .string($0.formatted) })),
            (key: "approvals", value: .integer(effects.approvals.count)),
            (key: "unlimitedApprovals", value: .integer(effects.approvals.filter(\.isUnlimited).count)),
            (key: "controlChanges", value: .integer(effects.controlChanges.count)),
            (key: "laterSignatures", value: .integer(effects.deferredSignatures.count)),
            (key: "offers", value: .integer(effects.offers.count)),
            (key: "unknownAt", value: .array(batch.unknownPlaces.map { .integer($0) })),
        ])
    }
}
