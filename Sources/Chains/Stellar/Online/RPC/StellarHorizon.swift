import AirsignEncoding
import AirsignOnline

/// A Horizon server, as far as the watch needs one: an account's sequence number, the network's
/// base fee, and transaction submission (`POST /transactions`, form field `tx`).
public struct StellarHorizon: Sendable {
    public let baseURL: String
    public let transport: any HTTPTransport

    /// `url` without a trailing slash is used as given; the paths are appended to it.
    public init(url: String, transport: any HTTPTransport) throws(OnlineError) {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else { throw .badURL(url) }
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        baseURL = base
        self.transport = transport
    }

    /// The account's current sequence number (`GET /accounts/<G…>`, field `sequence`).
    public func sequence(of account: String) throws(OnlineError) -> Int64 {
        let url = baseURL + "/accounts/" + account
        let reply = try json(HTTPRequest(method: .get, url: url), url: url, expect: [200])
        guard case let .string(text)? = reply["sequence"], let sequence = Int64(text), sequence >= 0 else {
            throw .badReply(url: url, reason: "no sequence (a decimal string) in the account")
        }
        return sequence
    }

    /// The base fee per operation in stroops: `GET /fee_stats` (`last_ledger_base_fee`), or when
    /// the server has no fee stats, the latest ledger's `base_fee_in_stroops`.
    public func baseFee() throws(OnlineError) -> UInt32 {
        let url = baseURL + "/fee_stats"
        let response = try transport.send(HTTPRequest(method: .get, url: url))
        if response.status == 200 {
            let reply = try Self.parse(response.body, url: url)
            guard case let .string(text)? = reply["last_ledger_base_fee"], let fee = UInt32(text) else {
                throw .badReply(url: url, reason: "no last_ledger_base_fee (a decimal string)")
            }
            return fee
        }
        guard response.status == 404 else {
            throw .httpStatus(url: url, status: response.status, body: response.excerpt())
        }
        let ledgers = baseURL + "/ledgers?order=desc&limit=1"
        let reply = try json(HTTPRequest(method: .get, url: ledgers), url: ledgers, expect: [200])
        guard case let .array(records)? = reply["_embedded"]?["records"], let latest = records.first,
            case let .number(text)? = latest["base_fee_in_stroops"], let fee = UInt32(text)
        else {
            throw .badReply(url: ledgers, reason: "no base_fee_in_stroops in the latest ledger")
        }
        return fee
    }

    /// What Horizon said about a submitted transaction. `resultXDR` is the base64
    /// `TransactionResult` when Horizon sent one (the caller decodes it); `resultCodes` are
    /// Horizon's own names (`tx_bad_seq`, `op_underfunded`, …) for a rejection.
    public struct Submission: Sendable, Equatable {
        public let accepted: Bool
        public let hash: String?
        public let ledger: Int64?
        public let resultXDR: String?
        public let resultCodes: [String]
        public let title: String?
    }

    /// `POST /transactions` with the signed envelope. A 200 is accepted; a 400 with Horizon's
    /// problem document is a rejection with its result (not an error: the caller reports it).
    public func submit(envelope base64: String) throws(OnlineError) -> Submission {
        let url = baseURL + "/transactions"
        let body = Array(("tx=" + Self.formEncode(base64)).utf8)
        let response = try transport.send(
            HTTPRequest(
                method: .post, url: url,
                headers: [(name: "Content-Type", value: "application/x-www-form-urlencoded")], body: body))
        guard response.status == 200 || response.status == 400 else {
            throw .httpStatus(url: url, status: response.status, body: response.excerpt())
        }
        let reply = try Self.parse(response.body, url: url)
        if response.status == 200 {
            guard case let .string(hash)? = reply["hash"] else {
                throw .badReply(url: url, reason: "no hash in the accepted transaction")
            }
            var ledger: Int64?
            if case let .number(text)? = reply["ledger"] { ledger = Int64(text) }
            var result: String?
            if case let .string(text)? = reply["result_xdr"] { result = text }
            return Submission(
                accepted: true, hash: hash, ledger: ledger, resultXDR: result, resultCodes: [], title: nil)
        }
        let extras = reply["extras"]
        var codes: [String] = []
        if case let .string(code)? = extras?["result_codes"]?["transaction"] { codes.append(code) }
        if case let .array(ops)? = extras?["result_codes"]?["operations"] {
            for case let .string(code) in ops { codes.append(code) }
        }
        var result: String?
        if case let .string(text)? = extras?["result_xdr"] { result = text }
        var hash: String?
        if case let .string(text)? = extras?["hash"] { hash = text }
        var title: String?
        if case let .string(text)? = reply["title"] { title = text }
        return Submission(accepted: false, hash: hash, ledger: nil, resultXDR: result, resultCodes: codes, title: title)
    }

    private func json(_ request: HTTPRequest, url: String, expect: Set<Int>) throws(OnlineError) -> JSONValue {
        let response = try transport.send(request)
        guard expect.contains(response.status) else {
            throw .httpStatus(url: url, status: response.status, body: response.excerpt())
        }
        return try Self.parse(response.body, url: url)
    }

    static func parse(_ body: [UInt8], url: String) throws(OnlineError) -> JSONValue {
        do { return try JSONParser().parse(body) } catch { throw .badReply(url: url, reason: "not JSON (\(error))") }
    }

    /// `application/x-www-form-urlencoded` for base64 text: `+`, `/` and `=` escaped.
    static func formEncode(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~": out.unicodeScalars.append(scalar)
            default:
                for byte in String(scalar).utf8 { out += "%" + String(byte, radix: 16, uppercase: true).leftPadded }
            }
        }
        return out
    }
}

extension String {
    fileprivate var leftPadded: String { count < 2 ? "0" + self : self }
}
