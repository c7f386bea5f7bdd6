import AirsignCandid

/// The argument of `icrc21_canister_call_consent_message`: the call a consent message is
/// asked for (its method and exact argument bytes) and how the person wants it shown.
public struct ICRC21ConsentRequest: Equatable, Sendable {
    /// The consent method's name, on every canister that implements ICRC-21.
    public static let consentMethod = "icrc21_canister_call_consent_message"

    /// The display form asked for (`device_spec`); nil lets the canister choose.
    public enum Display: Equatable, Sendable {
        /// Free text (Markdown), for a screen.
        case generic
        /// Pages of at most `linesPerPage` lines of at most `charactersPerLine` characters.
        case lines(charactersPerLine: UInt16, linesPerPage: UInt16)
        /// An intent and labelled fields with typed values (amounts, times, durations, text).
        case fields
    }

    /// The method of the call the message is about, and its Candid argument bytes.
    public var method: String
    public var arg: [UInt8]
    /// A BCP-47 language tag ("en").
    public var language: String
    /// The offset from UTC the person wants times in, in minutes.
    public var utcOffsetMinutes: Int16?
    public var display: Display?

    public init(method: String, arg: [UInt8], language: String, utcOffsetMinutes: Int16? = nil, display: Display?) {
        self.method = method
        self.arg = arg
        self.language = language
        self.utcOffsetMinutes = utcOffsetMinutes
        self.display = display
    }

    /// The consent call's Candid argument bytes.
    public func argumentBytes() throws(ICPError) -> [UInt8] {
        let (interface, method) = try ICRC21Interface.method(Self.consentMethod)
        let spec: CandidValue? =
            switch display {
            case nil: nil
            case .generic: .variant(CandidFieldValue("GenericDisplay", .null))
            case .fields: .variant(CandidFieldValue("FieldsDisplay", .null))
            case let .lines(characters, lines):
                .variant(
                    CandidFieldValue(
                        "LineDisplay",
                        .record(
                            sortedFields([
                                CandidFieldValue("characters_per_line", .nat16(characters)),
                                CandidFieldValue("lines_per_page", .nat16(lines)),
                            ]))))
            }
        let metadata = CandidValue.record(
            sortedFields([
                CandidFieldValue("language", .text(language)),
                CandidFieldValue("utc_offset_minutes", .opt(utcOffsetMinutes.map { .int16($0) })),
            ]))
        let value = CandidValue.record(
            sortedFields([
                CandidFieldValue("method", .text(self.method)), CandidFieldValue("arg", .blob(arg)),
                CandidFieldValue(
                    "user_preferences",
                    .record(
                        sortedFields([
                            CandidFieldValue("metadata", metadata), CandidFieldValue("device_spec", .opt(spec)),
                        ]))),
            ]))
        return try ICPError.catchingCandid { () throws(CandidError) in
            try CandidEncoder.encode(
                method.arguments.map { (type: $0, value: value) }, environment: interface.environment)
        }
    }

    /// Reads the consent call's argument as a canister does: decoded within the signer's
    /// budgets, then read at ICRC-21's type by Candid subtyping (fields it does not define are
    /// skipped, as the canister skips them).
    public init(candid bytes: [UInt8]) throws(ICPError) {
        let (interface, method) = try ICRC21Interface.method(Self.consentMethod)
        let read = try ICPError.catchingCandid { () throws(CandidError) in
            try CandidDecoder().decode(bytes).coerced(to: method.arguments, in: interface.environment)
        }
        guard let value = read.values.first, case let .text(name)? = value["method"],
            case let .blob(arg)? = value["arg"], let preferences = value["user_preferences"],
            let metadata = preferences["metadata"], case let .text(language)? = metadata["language"]
        else { throw .incomplete("the consent request (icrc21_consent_message_request)") }
        self.method = name
        self.arg = arg
        self.language = language
        switch metadata["utc_offset_minutes"] {
        case let .opt(.int16(offset))?: utcOffsetMinutes = offset
        default: utcOffsetMinutes = nil
        }
        switch preferences["device_spec"] {
        case let .opt(.variant(choice))?:
            switch choice.id {
            case CandidLabel.hash("GenericDisplay"): display = .generic
            case CandidLabel.hash("FieldsDisplay"): display = .fields
            default:
                guard case let .nat16(characters)? = choice.value["characters_per_line"],
                    case let .nat16(lines)? = choice.value["lines_per_page"]
                else { throw .incomplete("the consent request's LineDisplay") }
                display = .lines(charactersPerLine: characters, linesPerPage: lines)
            }
        default: display = nil
        }
    }
}
