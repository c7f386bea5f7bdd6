import AirsignCLI
import AirsignEncoding
import AirsignICP
import Foundation

/// `airsign-watch icp quill`: writes one signed message as `quill send` reads it, the bare
/// `Vec<IngressWithRequestId>` quill prints. quill sends every message it is given, so an
/// expiry-window series is written one window at a time.
public enum ICPQuillExport {
    /// The index (0-based) of the window to write: `window` (1-based) when given, else the one
    /// valid now, as `icp send` picks it.
    public static func choose(_ messages: [QuillMessage], window: Int?, now: Int64) throws(ICPError) -> Int {
        guard let window else { return try ICPSend.pick(messages, now: now) }
        guard window >= 1, window <= messages.count else {
            throw .malformed(
                field: "--window", reason: "\(window) is not a window of this series (1…\(messages.count))")
        }
        return window - 1
    }

    /// quill's JSON for one message: compact, keys in its structs' field order
    /// (`ingress{call_type,request_id,content,role}`, `request_status{canister_id,request_id,content}`),
    /// lower-case hex without `0x`, and a newline as `println!` ends it.
    public static func file(_ message: QuillMessage) -> [UInt8] {
        let id = JSONValue.string(Hex.encode(message.requestID))
        var ingress: [(key: String, value: JSONValue)] = [
            ("call_type", .string("update")), ("request_id", id),
            ("content", .string(Hex.encode(message.call.encoded))),
        ]
        if let role = message.role { ingress.append(("role", .string(role))) }
        let element = JSONValue.object([
            ("ingress", .object(ingress)),
            (
                "request_status",
                .object([
                    ("canister_id", .string(message.canisterID.text)), ("request_id", id),
                    ("content", .string(Hex.encode(message.readState.encoded))),
                ])
            ),
        ])
        return Array((JSONSerializer(sortKeys: false).serialize(.array([element])) + "\n").utf8)
    }

    /// The CLI: reads a finalized sign response (or quill's array), checks every envelope's
    /// signature, and writes the chosen window to `out`.
    public static func run(
        _ bytes: [UInt8], window: Int?, out: String, now: Int64 = Int64(Date().timeIntervalSince1970)
    ) throws {
        let messages = try ICPSend.messages(bytes)
        try ICPSend.verify(messages)
        let index = try choose(messages, window: window, now: now)
        let message = messages[index]
        try MessageOutput.write(file(message), to: out)
        Console.info(
            "Window \(index + 1) of \(messages.count) (expires \(ICPTime.utc(nanos: message.call.content.ingressExpiry)))"
                + (out == "-" ? "" : ", written to \(out)") + "; send it with `quill send` before then.")
    }
}
