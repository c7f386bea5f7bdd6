import AirsignEncoding

/// Files of messages: one message, a JSON array of messages, or JSON lines (one message per
/// line), read strictly; and the one canonical way this program writes them.
///
/// Canonical output: each message is one line of compact JSON with object keys sorted by code
/// point (at every level, so a payload written by another tool comes out the same whatever
/// order it had) and a final newline. One message is one line; a batch is JSON lines. Equal
/// messages give equal bytes, so files diff cleanly and a line is a request.
public enum MessageFile {
    /// Most messages in one file.
    public static let maximumMessages = 100_000

    /// The messages in `bytes`, with whether the file was a batch (array or several lines).
    /// Errors say whether the bytes are no JSON at all or JSON of the wrong shape.
    public static func values(_ bytes: [UInt8]) throws(MessagesError) -> (values: [JSONValue], isBatch: Bool) {
        guard bytes.contains(where: { !(MessageFile.isWhitespace($0)) }) else { throw .emptyInput }
        let parser = JSONParser()
        let whole: JSONValue
        do throws(EncodingError) {
            whole = try parser.parse(bytes)
        } catch {
            // Not one JSON text: JSON lines, or not JSON. A file whose first line is a JSON
            // value is taken as JSON lines, so its error names the bad line.
            let lines: [JSONValue]
            do throws(EncodingError) {
                lines = try parser.parseSequence(bytes)
            } catch let lineError {
                let firstLine = bytes.split(separator: 0x0a, omittingEmptySubsequences: true).first {
                    !$0.allSatisfy(isWhitespace)
                }
                let firstParses = firstLine.map { (try? parser.parse(Array($0))) != nil } ?? false
                throw .notJSON(reason: (firstParses ? lineError : error).description)
            }
            try checkCount(lines.count)
            return (lines, true)
        }
        switch whole {
        case .object:
            return ([whole], false)
        case let .array(items):
            guard !items.isEmpty else { throw .emptyInput }
            try checkCount(items.count)
            return (items, true)
        default:
            throw .wrongShape(
                message: nil, expected: "a JSON object (one message), an array of them, or JSON lines",
                found: whole.kindDescription)
        }
    }

    /// The sign requests in `bytes`. Ids must differ within a batch.
    public static func requests(_ bytes: [UInt8]) throws(MessagesError) -> [SignRequest] {
        let (values, isBatch) = try values(bytes)
        var requests: [SignRequest] = []
        requests.reserveCapacity(values.count)
        var seen: [RequestID: Int] = [:]
        for (index, value) in values.enumerated() {
            let request = try SignRequest.parse(value, message: isBatch ? index + 1 : nil)
            if let first = seen[request.id] { throw .duplicateID(id: request.id.text, first: first, second: index + 1) }
            seen[request.id] = index + 1
            requests.append(request)
        }
        return requests
    }

    /// The sign responses in `bytes`. Ids must differ within a batch.
    public static func responses(_ bytes: [UInt8]) throws(MessagesError) -> [SignResponse] {
        let (values, isBatch) = try values(bytes)
        var responses: [SignResponse] = []
        var seen: [RequestID: Int] = [:]
        for (index, value) in values.enumerated() {
            let response = try SignResponse.parse(value, message: isBatch ? index + 1 : nil)
            if let first = seen[response.id] {
                throw .duplicateID(id: response.id.text, first: first, second: index + 1)
            }
            seen[response.id] = index + 1
            responses.append(response)
        }
        return responses
    }

    /// The canonical bytes of `messages`: one line each, keys sorted, final newline.
    public static func serialize(_ messages: [JSONValue]) -> [UInt8] {
        let serializer = JSONSerializer(sortKeys: true, pretty: false)
        var out: [UInt8] = []
        for message in messages {
            serializer.serialize(message, into: &out)
            out.append(0x0a)
        }
        return out
    }

    /// The canonical bytes of requests.
    public static func serialize(_ requests: [SignRequest]) -> [UInt8] { serialize(requests.map(\.json)) }

    /// The canonical bytes of responses.
    public static func serialize(_ responses: [SignResponse]) -> [UInt8] { serialize(responses.map(\.json)) }

    /// `value` with every object's members sorted by key (code point order, as `serialize`
    /// writes them), so a payload compares equal however the writer ordered it.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .array(items): return .array(items.map(canonical))
        case let .object(members):
            return .object(
                members.sorted { $0.key.isUTF8Before($1.key) }.map {
                    (key: $0.key, value: canonical($0.value))
                })
        default: return value
        }
    }

    private static func checkCount(_ count: Int) throws(MessagesError) {
        guard count > 0 else { throw .emptyInput }
        guard count <= maximumMessages else { throw .tooManyMessages(count: count, limit: maximumMessages) }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d }
}
