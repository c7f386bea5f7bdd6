import AirsignEncoding

/// A JSON-RPC 2.0 client over HTTP POST (Ethereum and Substrate nodes both speak it).
public struct JSONRPCClient: Sendable {
    public let url: String
    public let transport: any HTTPTransport

    public init(url: String, transport: any HTTPTransport = URLSessionTransport()) {
        self.url = url
        self.transport = transport
    }

    /// Calls `method` and returns its `result`; a JSON-RPC `error` becomes `OnlineError.rpcError`.
    public func call(_ method: String, _ params: [JSONValue] = []) throws(OnlineError) -> JSONValue {
        try call(method, params: .array(params))
    }

    /// Calls `method` with `params` as given: an array, or an object of named parameters (as
    /// Stellar RPC takes them).
    public func call(_ method: String, params: JSONValue) throws(OnlineError) -> JSONValue {
        let body: JSONValue = .object([
            (key: "jsonrpc", value: .string("2.0")),
            (key: "id", value: .number("1")),
            (key: "method", value: .string(method)),
            (key: "params", value: params),
        ])
        let request = HTTPRequest(
            method: .post, url: url, headers: [(name: "Content-Type", value: "application/json")],
            body: Array(JSONSerializer(sortKeys: false).serialize(body).utf8))
        let response = try transport.send(request)
        guard (200..<300).contains(response.status) else {
            throw .httpStatus(url: url, status: response.status, body: response.excerpt())
        }
        let reply: JSONValue
        do {
            reply = try JSONParser().parse(response.body)
        } catch {
            throw .badReply(url: url, reason: "not JSON (\(error))")
        }
        if let error = reply["error"], error != .null {
            // A node's error object is reported as well as it reads; an odd one is shown whole.
            var code: Int64 = 0
            if let value = error["code"], let number = try? value.asInt64() { code = number }
            var message = JSONSerializer().serialize(error)
            if let value = error["message"], let text = try? value.asString() { message = text }
            throw .rpcError(method: method, code: code, message: message)
        }
        guard let result = reply["result"] else {
            throw .badReply(url: url, reason: "\(method): no result and no error")
        }
        return result
    }
}
