import AirsignCrypto

/// A SEP-7 `web+stellar:tx?xdr=…` request: an envelope to sign plus the request's parameters.
/// Building writes the parameters in py-stellar-base's order with every byte outside
/// `A-Z a-z 0-9 - . _ ~` percent-encoded, so both produce the same text.
public struct SEP7TransactionRequest: Sendable, Hashable {
    public var envelope: TransactionEnvelope
    /// The callback URL, without SEP-7's `url:` prefix.
    public var callback: String?
    /// SEP-11 Txrep replacement list, kept verbatim.
    public var replace: String?
    /// Which key should sign (`G…`).
    public var pubkey: String?
    /// A message for the user (at most 300 characters); not authenticated.
    public var message: String?
    /// Absent means the public network.
    public var networkPassphrase: String?
    /// Shown only once its request signature is verified; an offline signer cannot, so it is unverified.
    public var originDomain: String?
    /// The request signature (base64), always the last parameter.
    public var signature: String?
    /// An embedded earlier SEP-7 request, kept verbatim.
    public var chain: String?

    public init(
        envelope: TransactionEnvelope, networkPassphrase: String? = nil, callback: String? = nil, pubkey: String? = nil,
        message: String? = nil, originDomain: String? = nil, replace: String? = nil, chain: String? = nil,
        signature: String? = nil
    ) {
        self.envelope = envelope
        self.networkPassphrase = networkPassphrase
        self.callback = callback
        self.pubkey = pubkey
        self.message = message
        self.originDomain = originDomain
        self.replace = replace
        self.chain = chain
        self.signature = signature
    }

    /// The network the request names (public when `network_passphrase` is absent).
    public var network: StellarNetwork {
        networkPassphrase.map(StellarNetwork.init(passphrase:)) ?? .public
    }

    /// Parses a `web+stellar:tx?…` URI strictly: known parameters only, each at most once, the
    /// envelope fully decoded.
    public init(uri: String) throws(StellarError) {
        let prefix = "web+stellar:tx?"
        guard uri.hasPrefix(prefix) else {
            if uri.hasPrefix("web+stellar:pay") {
                throw .invalidURI("pay requests are not supported; only tx requests are signed")
            }
            throw .invalidURI("it must start with \(prefix)")
        }
        var params: [String: String] = [:]
        for pair in uri.dropFirst(prefix.count).split(separator: "&", omittingEmptySubsequences: false) {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard kv.count == 2 else { throw .invalidURI("parameter \(String(pair).debugDescription) has no value") }
            let key = try percentDecode(kv[0]), value = try percentDecode(kv[1])
            guard Self.keys.contains(key) else { throw .invalidURI("unknown parameter \(key.debugDescription)") }
            guard params.updateValue(value, forKey: key) == nil else {
                throw .invalidURI("parameter \(key) appears twice")
            }
        }
        guard let xdr = params["xdr"] else { throw .invalidURI("the xdr parameter is missing") }
        envelope = try TransactionEnvelope(base64: xdr)
        if let cb = params["callback"] {
            guard cb.hasPrefix("url:") else { throw .invalidURI("callback must start with url:") }
            callback = String(cb.dropFirst(4))
        }
        replace = params["replace"]
        pubkey = params["pubkey"]
        message = params["msg"]
        networkPassphrase = params["network_passphrase"]
        originDomain = params["origin_domain"]
        signature = params["signature"]
        chain = params["chain"]
        // Code points, as py-stellar-base counts them.
        if let message, message.unicodeScalars.count > 300 { throw .invalidURI("msg is longer than 300 characters") }
        if originDomain != nil && signature == nil {
            throw .invalidURI("origin_domain without a signature is not allowed")
        }
        if let pubkey { _ = try AccountID(pubkey) }
    }

    private static let keys: Set<String> = [
        "xdr", "callback", "replace", "pubkey", "msg", "network_passphrase", "origin_domain", "signature", "chain",
    ]

    /// The URI text.
    public func uri() throws(StellarError) -> String {
        var pairs: [(String, String)] = [("xdr", try envelope.base64())]
        if let callback { pairs.append(("callback", "url:" + callback)) }
        if let replace { pairs.append(("replace", replace)) }
        if let pubkey { pairs.append(("pubkey", pubkey)) }
        if let message { pairs.append(("msg", message)) }
        if let networkPassphrase { pairs.append(("network_passphrase", networkPassphrase)) }
        if let originDomain { pairs.append(("origin_domain", originDomain)) }
        if let chain { pairs.append(("chain", chain)) }
        if let signature { pairs.append(("signature", signature)) }
        return "web+stellar:tx?" + pairs.map { "\($0)=\(percentEncode($1))" }.joined(separator: "&")
    }
}

/// SEP-7 request signing: the signed payload is 35 zero bytes, 0x04, the text
/// `stellar.sep.7 - URI Scheme`, then the URI up to (not including) `&signature=`.
public enum SEP7RequestSignature {
    /// The payload signed for `uriWithoutSignature`.
    public static func payload(uriWithoutSignature: String) -> [UInt8] {
        [UInt8](repeating: 0, count: 35) + [4] + Array("stellar.sep.7 - URI Scheme".utf8)
            + Array(uriWithoutSignature.utf8)
    }

    /// Whether `uri`'s last parameter is a valid request signature by `publicKey` (the origin
    /// domain's `URI_REQUEST_SIGNING_KEY`, which the caller must have obtained and trusted).
    public static func isValid(uri: String, publicKey: [UInt8]) throws(StellarError) -> Bool {
        // The first `&signature=`, as py-stellar-base cuts it; the parameter must be the last.
        let text = Array(uri.utf8), marker = Array("&signature=".utf8)
        guard let start = (0...max(0, text.count - marker.count)).first(where: { text[$0...].starts(with: marker) })
        else {
            throw .invalidURI("no signature parameter")
        }
        let value = String(decoding: text[(start + marker.count)...], as: UTF8.self)
        guard !value.contains("&") else { throw .invalidURI("signature must be the last parameter") }
        let sig = try StellarBase64.decode(try percentDecode(Substring(value)))
        return Ed25519.isValidSignature(
            sig, message: payload(uriWithoutSignature: String(decoding: text[..<start], as: UTF8.self)),
            publicKey: publicKey)
    }
}

private let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

/// Percent-encodes every UTF-8 byte outside the unreserved set (upper-case hex), as Python's
/// `urllib.parse.quote(v, safe="")` does.
func percentEncode(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for b in text.utf8 {
        if unreserved.contains(b) {
            out.append(b)
        } else {
            out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// Decodes `%XX` escapes (and `+` as a space, as form decoding does); the result must be UTF-8.
func percentDecode(_ text: Substring) throws(StellarError) -> String {
    var out: [UInt8] = []
    var bytes = Array(text.utf8)[...]
    while let b = bytes.popFirst() {
        switch b {
        case UInt8(ascii: "%"):
            guard bytes.count >= 2, let hi = hexValue(bytes[bytes.startIndex]),
                let lo = hexValue(bytes[bytes.startIndex + 1])
            else {
                throw .invalidURI("a % is not followed by two hex digits")
            }
            out.append(hi << 4 | lo)
            bytes = bytes.dropFirst(2)
        case UInt8(ascii: "+"): out.append(UInt8(ascii: " "))
        default: out.append(b)
        }
    }
    guard let s = String(validating: out, as: UTF8.self) else {
        throw .invalidURI("a parameter is not UTF-8 after decoding")
    }
    return s
}

private func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: return c - 0x30
    case 0x41...0x46: return c - 0x41 + 10
    case 0x61...0x66: return c - 0x61 + 10
    default: return nil
    }
}
