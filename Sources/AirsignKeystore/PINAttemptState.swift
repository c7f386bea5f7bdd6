import AirsignEncoding

/// The persisted PIN failure counter, `pin-state.json` in the keystore directory:
///
///     {"airsign":"pin-state","version":1,"failures":4,
///      "lastAttempt":{"wallClock":1735689600,"bootID":"<uuid>","sinceBoot":5120}}
///
/// It is written atomically. It is not encrypted or authenticated: anyone who can write the
/// keystore directory can also copy it away and guess offline, so protecting this file would add
/// nothing. A damaged state file stops PIN entry with an error naming it, rather than silently
/// resetting the count.
struct PINAttemptState: Equatable, Sendable {
    static let maximumFailures = 1_000_000

    /// Wrong PINs in a row (a try counts as wrong from when it starts until it succeeds).
    var failures: Int
    /// When the last try started; nil when there is none to wait for.
    var lastAttempt: ClockReading?

    static let clean = PINAttemptState(failures: 0, lastAttempt: nil)

    var fileBytes: [UInt8] {
        var members: [(key: String, value: JSONValue)] = [
            ("airsign", .string("pin-state")),
            ("version", .integer(1)),
            ("failures", .integer(failures)),
        ]
        if let lastAttempt {
            members.append(("lastAttempt", .object([
                ("wallClock", .integer(lastAttempt.wallSeconds)),
                ("bootID", .string(lastAttempt.bootID)),
                ("sinceBoot", .integer(lastAttempt.secondsSinceBoot)),
            ])))
        }
        return KeystoreJSON.fileBytes(.object(members))
    }

    static func parse(_ bytes: [UInt8], path: String) throws(KeystoreError) -> PINAttemptState {
        let value: JSONValue
        do throws(EncodingError) {
            value = try KeystoreJSON.parse(bytes)
        } catch {
            if case .truncated = error { throw .keystoreFileTruncated(path: path) }
            throw .keystoreFileMalformed(path: path, field: "(syntax)", reason: "not JSON; delete the file to reset the PIN failure count")
        }
        let fields = try JSONFields(value, field: "", path: path, required: ["airsign", "version", "failures"], optional: ["lastAttempt"])
        guard try fields.string("airsign") == "pin-state" else { throw fields.malformed("airsign", "must be pin-state") }
        guard try fields.unsigned("version", in: 0 ... UInt64.max) == 1 else {
            throw .keystoreVersionUnsupported(path: path, version: String(try fields.unsigned("version", in: 0 ... UInt64.max)))
        }
        let failures = Int(try fields.unsigned("failures", in: 0 ... UInt64(maximumFailures)))
        var last: ClockReading?
        if fields.value("lastAttempt") != nil {
            let attempt = try fields.object("lastAttempt", required: ["wallClock", "bootID", "sinceBoot"])
            last = ClockReading(
                wallSeconds: try attempt.signed("wallClock"), bootID: try attempt.string("bootID"),
                secondsSinceBoot: Int64(try attempt.unsigned("sinceBoot", in: 0 ... UInt64(Int64.max))))
        }
        return PINAttemptState(failures: failures, lastAttempt: last)
    }
}
