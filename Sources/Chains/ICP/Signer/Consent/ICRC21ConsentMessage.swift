import AirsignCandid

/// A canister's answer to `icrc21_canister_call_consent_message`: the consent message in one of
/// ICRC-21's three display forms with its language, or the canister's refusal.
public enum ICRC21ConsentResponse: Equatable, Sendable {
    case ok(ICRC21ConsentInfo)
    /// The canister declined: which of ICRC-21's errors, its description, and the code of a
    /// `GenericError`.
    case err(kind: String, description: String, code: String?)

    /// Reads the reply's Candid bytes as an agent does: decoded within the signer's budgets,
    /// then read at ICRC-21's response type by subtyping.
    public init(candid bytes: [UInt8]) throws(ICPError) {
        let (interface, method) = try ICRC21Interface.method(ICRC21ConsentRequest.consentMethod)
        let read = try ICPError.catchingCandid { () throws(CandidError) in
            try CandidDecoder().decode(bytes).coerced(to: method.results, in: interface.environment)
        }
        guard case let .variant(choice)? = read.values.first else {
            throw .incomplete("the consent message response")
        }
        if choice.id == CandidLabel.hash("Ok") {
            self = .ok(try ICRC21ConsentInfo(choice.value))
            return
        }
        guard case let .variant(error) = choice.value, case let .text(description)? = error.value["description"] else {
            throw .incomplete("the consent message error")
        }
        let kinds = ["UnsupportedCanisterCall", "ConsentMessageUnavailable", "InsufficientPayment", "GenericError"]
        let kind = kinds.first { CandidLabel.hash($0) == error.id } ?? "an error"
        var code: String?
        if case let .nat(number)? = error.value["error_code"] { code = String(number) }
        self = .err(kind: kind, description: description, code: code)
    }
}

/// The consent message and the language and UTC offset the canister wrote it for.
public struct ICRC21ConsentInfo: Equatable, Sendable {
    public var message: ICRC21ConsentMessage
    public var language: String
    public var utcOffsetMinutes: Int16?

    init(_ value: CandidValue) throws(ICPError) {
        guard case let .variant(form)? = value["consent_message"], let metadata = value["metadata"],
            case let .text(language)? = metadata["language"]
        else { throw .incomplete("the consent info") }
        self.language = language
        if case let .opt(.int16(offset))? = metadata["utc_offset_minutes"] { utcOffsetMinutes = offset }
        switch form.id {
        case CandidLabel.hash("GenericDisplayMessage"):
            guard case let .text(text) = form.value else { throw .incomplete("the generic display message") }
            message = .generic(text)
        case CandidLabel.hash("LineDisplayMessage"):
            guard case let .vec(pages)? = form.value["pages"] else { throw .incomplete("the line display message") }
            var out: [[String]] = []
            for page in pages {
                guard case let .vec(lines)? = page["lines"] else { throw .incomplete("a page of the line display") }
                var texts: [String] = []
                for line in lines {
                    guard case let .text(text) = line else { throw .incomplete("a line of the line display") }
                    texts.append(text)
                }
                out.append(texts)
            }
            message = .lines(pages: out)
        default:
            guard case let .text(intent)? = form.value["intent"], case let .vec(items)? = form.value["fields"] else {
                throw .incomplete("the fields display message")
            }
            var fields: [ICRC21ConsentMessage.Field] = []
            for item in items {
                // A tuple `record { text; value }` has fields 0 and 1.
                guard case let .record(pair) = item, pair.count == 2, case let .text(label) = pair[0].value,
                    case let .variant(typed) = pair[1].value
                else { throw .incomplete("a field of the fields display") }
                fields.append(ICRC21ConsentMessage.Field(label: label, value: try ICRC21Value(typed)))
            }
            message = .fields(intent: intent, fields: fields)
        }
    }

    public init(message: ICRC21ConsentMessage, language: String, utcOffsetMinutes: Int16? = nil) {
        self.message = message
        self.language = language
        self.utcOffsetMinutes = utcOffsetMinutes
    }
}

/// ICRC-21's three display forms.
public enum ICRC21ConsentMessage: Equatable, Sendable {
    /// Free text, Markdown.
    case generic(String)
    /// Pages of lines, for a small screen.
    case lines(pages: [[String]])
    /// What the call does, then labelled values.
    case fields(intent: String, fields: [Field])

    public struct Field: Equatable, Sendable {
        public let label: String
        public let value: ICRC21Value

        public init(label: String, value: ICRC21Value) {
            self.label = label
            self.value = value
        }
    }
}

/// A typed value of the fields display.
public enum ICRC21Value: Equatable, Sendable {
    case tokenAmount(amount: UInt64, decimals: UInt8, symbol: String)
    case timestamp(seconds: UInt64)
    case duration(seconds: UInt64)
    case text(String)

    init(_ choice: CandidFieldValue) throws(ICPError) {
        switch choice.id {
        case CandidLabel.hash("TokenAmount"):
            guard case let .nat64(amount)? = choice.value["amount"],
                case let .nat8(decimals)? = choice.value["decimals"],
                case let .text(symbol)? = choice.value["symbol"]
            else { throw .incomplete("a TokenAmount value") }
            self = .tokenAmount(amount: amount, decimals: decimals, symbol: symbol)
        case CandidLabel.hash("TimestampSeconds"):
            guard case let .nat64(seconds)? = choice.value["amount"] else {
                throw .incomplete("a TimestampSeconds value")
            }
            self = .timestamp(seconds: seconds)
        case CandidLabel.hash("DurationSeconds"):
            guard case let .nat64(seconds)? = choice.value["amount"] else {
                throw .incomplete("a DurationSeconds value")
            }
            self = .duration(seconds: seconds)
        default:
            guard case let .text(content)? = choice.value["content"] else { throw .incomplete("a Text value") }
            self = .text(content)
        }
    }
}
