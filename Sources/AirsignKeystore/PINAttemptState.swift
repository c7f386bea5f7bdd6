import AirsignEncoding

/// The persisted PIN failure counter, `pin-state.json` in the keystore directory:
///
///     {"airsign":"pin-state","version":1,"failures":4,
///      "lastAttempt":{"wallClock":1735689600,"bootID":"<uuid>","sinceBoot":5120}}
///
/// `init` writes it, so from then on it is always there: a missing file is not a fresh count but
/// the worst case (`counterLost`: the longest wait before every try until a right PIN), and a
/// file that does not parse stops PIN entry with an error naming it.
///
/// It is written atomically but neither encrypted nor authenticated, and cannot be: the count
/// must be raised after a wrong PIN, when the signer holds no secret, and any key it could use
/// without the PIN would sit in this directory too. So whoever can write the directory can
/// still reset the count by writing a clean file or restoring an older copy of this one; and
/// whoever can read it can copy the keystore away and guess offline, where only the Argon2id
/// cost and the PIN's length help. The back-off slows guessing through airsign-signer.
struct PINAttemptState: Equatable, Sendable {
    static let maximumFailures = 1_000_000

    /// Wrong PINs in a row (a try counts as wrong from when it starts until it succeeds).
    var failures: Int
    /// When the last try started; nil when there is none to wait for.
    var lastAttempt: ClockReading?
    /// The file was missing from an initialized keystore: every try waits the longest wait,
    /// whatever `failures` says, until a right PIN writes a clean state. Written as
    /// `"counterLost":true`, absent otherwise.
    var counterLost = false

    init(failures: Int, lastAttempt: ClockReading?, counterLost: Bool = false) {
        self.failures = failures
        self.lastAttempt = lastAttempt
        self.counterLost = counterLost
    }

    static let clean = PINAttemptState(failures: 0, lastAttempt: nil)

    /// What a missing file stands for: no tries counted since, the longest wait from `now`.
    static func lost(at now: ClockReading) -> PINAttemptState {
        PINAttemptState(failures: 0, lastAttempt: now, counterLost: true)
    }

    var fileBytes: [UInt8] {
        var members: [(key: String, value: JSONValue)] = [
            ("airsign", .string("pin-state")),
            ("version", .integer(1)),
            ("failures", .integer(failures)),
        ]
        if let lastAttempt {
            members.append(
                (
                    "lastAttempt",
                    .object([
                        ("wallClock", .integer(lastAttempt.wallSeconds)),
                        ("bootID", .string(lastAttempt.bootID)),
                        ("sinceBoot", .integer(lastAttempt.secondsSinceBoot)),
                    ])
                ))
        }
        if counterLost { members.append(("counterLost", .bool(true))) }
        return KeystoreJSON.fileBytes(.object(members))
    }

    static func parse(_ bytes: [UInt8], path: String) throws(KeystoreError) -> PINAttemptState {
        let value: JSONValue
        do throws(EncodingError) {
            value = try KeystoreJSON.parse(bytes)
        } catch {
            if case .truncated = error { throw .keystoreFileTruncated(path: path) }
            throw .keystoreFileMalformed(
                path: path, field: "(syntax)",
                reason: "not JSON; delete the file to replace it (the next PIN try then waits the longest wait)")
        }
        let fields = try JSONFields(
            value, field: "", path: path, required: ["airsign", "version", "failures"],
            optional: ["lastAttempt", "counterLost"])
        guard try fields.string("airsign") == "pin-state" else {
            throw fields.malformed("airsign", "must be pin-state")
        }
        guard try fields.unsigned("version", in: 0...UInt64.max) == 1 else {
            throw .keystoreVersionUnsupported(
                path: path, version: String(try fields.unsigned("version", in: 0...UInt64.max)))
        }
        let failures = Int(try fields.unsigned("failures", in: 0...UInt64(maximumFailures)))
        var last: ClockReading?
        if fields.value("lastAttempt") != nil {
            let attempt = try fields.object("lastAttempt", required: ["wallClock", "bootID", "sinceBoot"])
            last = ClockReading(
                wallSeconds: try attempt.signed("wallClock"), bootID: try attempt.string("bootID"),
                secondsSinceBoot: Int64(try attempt.unsigned("sinceBoot", in: 0...UInt64(Int64.max))))
        }
        let lost = fields.value("counterLost")
        guard lost == nil || lost == .bool(true) else {
            throw fields.malformed("counterLost", "must be true when present")
        }
        return PINAttemptState(failures: failures, lastAttempt: last, counterLost: lost != nil)
    }
}
