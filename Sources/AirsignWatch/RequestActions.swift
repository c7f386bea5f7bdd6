import AirsignCLI
import AirsignChains
import AirsignMessages
import Foundation

/// The work behind `requests list|show` and `finalize` on the watch.
public enum RequestActions {
    /// The store of this process's environment.
    public static func store(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> WatchRequestStore
    {
        WatchRequestStore(home: try WatchRequestStore.defaultHome(environment: environment))
    }

    /// `requests list [--json]`: every issued request, oldest first.
    public static func list(json: Bool) throws {
        let records = try store().all()
        if json {
            Console.output(String(decoding: MessageFile.serialize(records.map(\.json)), as: UTF8.self))
            return
        }
        guard !records.isEmpty else {
            Console.info("No requests issued yet.")
            return
        }
        let rows =
            [["ID", "CREATED", "STATUS", "CHAIN", "NETWORK", "TYPE", "ACCOUNT"]]
            + records.map {
                [
                    $0.request.id.text, $0.created, $0.status.rawValue, $0.request.chain.rawValue, $0.request.network,
                    $0.request.payloadType, $0.request.account.address,
                ]
            }
        Console.info(table(rows))
    }

    /// `requests show ID [--json]`: one request, its status and the responses received.
    public static func show(_ id: RequestID, json: Bool) throws {
        let record = try store().record(id)
        if json {
            Console.output(String(decoding: record.fileBytes, as: UTF8.self))
            return
        }
        var lines = [
            "id:       \(record.request.id)",
            "created:  \(record.created)",
            "status:   \(record.status.rawValue)",
            "chain:    \(record.request.chain)",
            "network:  \(record.request.network)",
            "account:  \(record.request.account.address)",
            "type:     \(record.request.payloadType)",
        ]
        if let note = record.request.note { lines.append("note:     \(MessageText.escaped(note))") }
        lines.append("request:  " + String(decoding: MessageFile.serialize([record.request]), as: UTF8.self).dropLast())
        for received in record.responses {
            lines.append("response received \(received.received):")
            lines.append("  " + String(decoding: MessageFile.serialize([received.response]), as: UTF8.self).dropLast())
        }
        Console.info(lines.joined(separator: "\n"))
    }

    /// `finalize RESP|-|--scan …`: verifies every response against its stored request,
    /// completes compact ones, records them, and writes the full responses (with the chain's
    /// artifact) to `out`.
    public static func finalize(_ input: [UInt8], out: String, finalizers: FinalizerRegistry) throws {
        let responses = try MessageFile.responses(input)
        let finalizer = ResponseFinalizer(store: try store(), finalizers: finalizers)
        let outcomes = try finalizer.finalize(responses, now: Int64(Date().timeIntervalSince1970))
        for outcome in outcomes {
            Console.info(
                "Response for \(outcome.request.id) (\(outcome.request.chain), \(outcome.request.account.address)): verified"
            )
            for line in outcome.finalized.lines {
                Console.info("  \(MessageText.escaped(line.label)): \(MessageText.escaped(line.value))")
            }
        }
        try MessageOutput.write(MessageFile.serialize(outcomes.map(\.finalized.response)), to: out)
        if out != "-" { Console.info("Finalized responses written to \(out).") }
    }

    private static func table(_ rows: [[String]]) -> String {
        var widths = [Int](repeating: 0, count: rows.first?.count ?? 0)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
            }.joined()
        }.joined(separator: "\n")
    }
}
