/// What a request does as a clear-signing descriptor states it (ERC-7730's intent, owner and
/// fields), kept apart from the review's lines so a program reads it whole (`inspect --json`):
/// the same values the lines show, each with the text the screen adds beside it.
public struct ReviewIntent: Sendable, Equatable {
    /// The action ("Swap", "Approve"): the descriptor's words.
    public let intent: String
    /// The descriptor's sentence with the formatted values put in ("Send 100 USDC to …"); nil
    /// when it has none or a value it names could not be formatted.
    public let interpolated: String?
    /// Whose descriptor it is (its `owner`, else its contract name).
    public let owner: String?
    /// Where the descriptor comes from: installed by the person or built into the signer.
    public let source: ReviewSource
    public let fields: [ReviewField]

    public init(
        intent: String, interpolated: String? = nil, owner: String?, source: ReviewSource, fields: [ReviewField]
    ) {
        self.intent = intent
        self.interpolated = interpolated
        self.owner = owner
        self.source = source
        self.fields = fields
    }
}

/// One field a descriptor shows.
public struct ReviewField: Sendable, Equatable {
    public let label: String
    /// The value as the field's format displays it: a trusted name for an address the signer
    /// knows (else the address), "100 USDC", a date in RFC 3339 ("2026-04-22 00:00:00Z").
    public let value: String
    /// The review line's text: the value with what the signer adds beside it (the address
    /// behind a name, base units, how far a date is from the signer's clock).
    public let text: String
    public let source: ReviewSource
    /// A nested call (ERC-7730's calldata format); stored as an array because a struct cannot
    /// hold itself.
    private let nested: [ReviewIntent]

    public var call: ReviewIntent? { nested.first }

    public init(label: String, value: String, text: String, source: ReviewSource, call: ReviewIntent? = nil) {
        self.label = label
        self.value = value
        self.text = text
        self.source = source
        self.nested = call.map { [$0] } ?? []
    }
}
