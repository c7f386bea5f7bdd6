#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One HTTP exchange, reduced to what the chain clients need.
public struct HTTPRequest: Sendable, Equatable {
    public enum Method: String, Sendable { case get = "GET", post = "POST" }

    public var method: Method
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(method: Method, url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.url == b.url && a.body == b.body
            && a.headers.elementsEqual(b.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}

public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }

    /// The start of the body as text, for error messages: at most `limit` characters, one line.
    public func excerpt(limit: Int = 200) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let line = text.map { $0.isNewline ? " " : $0 }
        return String(line.prefix(limit))
    }
}

/// Sends HTTP requests. The watch uses `URLSessionTransport`; tests of request building and
/// reply parsing may supply their own, while end-to-end tests talk to real local servers.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) throws(OnlineError) -> HTTPResponse
}
