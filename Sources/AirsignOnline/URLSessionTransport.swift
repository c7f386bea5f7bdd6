import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP through Foundation's URLSession (libcurl on Linux), made synchronous for the CLI: the
/// watch does one exchange at a time and a command has nothing else to do while it waits.
public struct URLSessionTransport: HTTPTransport {
    /// Seconds before a request without an answer counts as unreachable.
    public var timeout: Double

    public init(timeout: Double = 30) {
        self.timeout = timeout
    }

    public func send(_ request: HTTPRequest) throws(OnlineError) -> HTTPResponse {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { throw .badURL(request.url) }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        for header in request.headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        if request.method == .post {
            urlRequest.httpBody = Data(request.body)
        }

        let outcome = Outcome()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            outcome.set(data: data, response: response, error: error)
        }
        task.resume()
        outcome.wait()
        session.finishTasksAndInvalidate()

        let (data, response, error) = outcome.get()
        if let error {
            throw .unreachable(url: request.url, reason: error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .unreachable(url: request.url, reason: "no HTTP response")
        }
        return HTTPResponse(status: http.statusCode, body: Array(data ?? Data()))
    }
}

/// The completion handler's result, handed from URLSession's queue to the waiting caller.
private final class Outcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var data: Data?
    private var response: URLResponse?
    private var error: (any Error)?

    func set(data: Data?, response: URLResponse?, error: (any Error)?) {
        lock.lock()
        self.data = data
        self.response = response
        self.error = error
        lock.unlock()
        done.signal()
    }

    func wait() {
        done.wait()
    }

    func get() -> (Data?, URLResponse?, (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        return (data, response, error)
    }
}
