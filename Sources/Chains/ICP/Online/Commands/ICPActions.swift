import AirsignCLI
import AirsignCandid
import AirsignEncoding
import AirsignICP
import AirsignKeys
import AirsignMessages
import AirsignOnline
import AirsignWatch
import Foundation

/// The work behind `airsign-watch icp transfer|call`: build the request for a watch-only ICP
/// account, have `RequestIssuer` review and store it, write it to `out` and the QR outputs.
public enum ICPActions {
    /// The watch-only ICP account with principal `from`.
    static func account(_ from: String) throws -> MessageAccount {
        try WatchContext.store().requestAccount(from, chain: .icp)
    }

    public static func transfer(
        from: String, _ transfer: ICPRequestBuilder.Transfer, validFor: String?, consent: Consent? = nil,
        output: RequestOutputOptions, now: Int64 = Int64(Date().timeIntervalSince1970),
        transport: any HTTPTransport = URLSessionTransport()
    ) throws {
        let account = try account(from)
        let seconds = try validFor.map { (text: String) throws(ICPError) in try ICPRequestBuilder.duration(text) }
        let call = try ICPRequestBuilder.transferCall(transfer, createdAt: UInt64(max(0, now)) * ICPTime.nanosPerSecond)
        let attachment = try consent?.fetch(
            account: account, canister: call.canister, method: call.method, arg: call.arg, now: now,
            transport: transport)
        let request = try ICPRequestBuilder.request(
            account: account, canister: call.canister, method: call.method, arg: call.arg,
            now: now, validFor: seconds, consent: attachment, note: output.note)
        let symbol = transfer.symbol ?? ICPLedger.known(call.canister)?.symbol ?? "tokens"
        Console.info(
            "Transfer of \(transfer.amount) \(symbol) to \(transfer.to): \(call.method) on \(call.canister.text)"
                + (seconds.map { ", \(($0 + ICPRequestBuilder.window - 1) / ICPRequestBuilder.window) expiry windows" }
                    ?? ""))
        try issue([request], output: output, now: now)
    }

    /// The arguments of `icp call`: raw Candid bytes, or Candid text checked against the
    /// method's interface (from `did`, the signer's built-in interfaces, or the canister's
    /// `candid:service` metadata read from `url`, its certificate checked by `verifier`).
    public enum CallArguments: Sendable {
        case hex(String)
        case text(String, did: String?, url: String, verifier: ICPCertificateVerifier)
    }

    /// Where and how `icp call` asks a canister for its ICRC-21 consent message.
    public struct Consent: Sendable {
        public let url: String
        public let verifier: ICPCertificateVerifier
        public let language: String
        public let display: ICRC21ConsentRequest.Display

        public init(
            url: String, verifier: ICPCertificateVerifier, language: String, display: ICRC21ConsentRequest.Display
        ) {
            self.url = url
            self.verifier = verifier
            self.language = language
            self.display = display
        }

        /// The display form an option names (`fields`, `generic`, `lines`), or nil.
        public static func display(_ name: String) -> ICRC21ConsentRequest.Display? {
            switch name {
            case "fields": .fields
            case "generic": .generic
            case "lines": .lines(charactersPerLine: 40, linesPerPage: 8)
            default: nil
            }
        }

        /// The canister's consent message for the first window of the call `request` will
        /// build, checked; nil when the canister does not list ICRC-21.
        func fetch(
            account: MessageAccount, canister: Principal, method: String, arg: [UInt8], now: Int64,
            transport: any HTTPTransport
        ) throws -> ICRC21Attachment? {
            let client = try ICPClient(baseURL: url, verifier: verifier, transport: transport)
            Console.info("Asking \(canister.text) at \(url) for its ICRC-21 consent message (--no-consent skips it).")
            guard try client.supportsICRC21(canister, now: now) else {
                Console.info("\(canister.text) does not list ICRC-21: the request carries no consent message.")
                return nil
            }
            let first = try ICPRequestBuilder.firstCall(
                account: account, canister: canister, method: method, arg: arg, now: now)
            let attachment = try client.consentMessage(for: first, language: language, display: display, now: now)
            Console.info("Consent message of \(canister.text) for \(method) fetched, its certificate verified.")
            return attachment
        }
    }

    public static func call(
        from: String, canister: String, method: String, arguments: CallArguments, validFor: String?,
        consent: Consent? = nil, output: RequestOutputOptions, now: Int64 = Int64(Date().timeIntervalSince1970),
        transport: any HTTPTransport = URLSessionTransport()
    ) throws {
        let account = try account(from)
        let principal: Principal
        do { principal = try Principal(text: canister) } catch {
            throw ICPError.malformed(field: "CANISTER", reason: "\(error)")
        }
        // Refused here with the reason; the signer would refuse the same series anyway.
        if validFor != nil, ICPLedger.known(principal) == nil || !deduplicatedMethods.contains(method) {
            throw ICPError.validForNotDeduplicated
        }
        let arg: [UInt8]
        var fragment: String?
        switch arguments {
        case let .hex(argHex):
            do { arg = try Hex.decode(argHex.hasPrefix("0x") ? String(argHex.dropFirst(2)) : argHex) } catch {
                throw ICPError.malformed(field: "--arg-hex", reason: "\(error)")
            }
        case let .text(text, did, url, verifier):
            let (interface, origin) = try ICPInterfaceSource.interface(
                of: principal, did: did, url: url, verifier: verifier, now: now, transport: transport)
            guard interface.method(method) != nil else {
                throw ICPError.malformed(field: origin, reason: "the interface has no method \(method)")
            }
            arg = try ICPError.catchingCandid { () throws(CandidError) in
                try interface.encodeArguments(of: method, text: text)
            }
            // The signer names a built-in canister's arguments itself; others get the fragment.
            if ICPBuiltinInterfaces.known(principal) == nil { fragment = interface.fragment(for: method) }
            Console.info("Arguments of \(method) checked against \(origin).")
        }
        let seconds = try validFor.map { (text: String) throws(ICPError) in try ICPRequestBuilder.duration(text) }
        let attachment = try consent?.fetch(
            account: account, canister: principal, method: method, arg: arg, now: now, transport: transport)
        let request = try ICPRequestBuilder.request(
            account: account, canister: principal, method: method, arg: arg, now: now,
            validFor: seconds, interface: fragment, consent: attachment, note: output.note)
        try issue([request], output: output, now: now)
    }

    /// The ledger methods with created_at_time, which may be signed for several windows.
    static let deduplicatedMethods = [
        ICPLedgerTransfer.method, ICRC1Transfer.method, ICRC2Approve.method, ICRC2TransferFrom.method,
    ]

    /// Issues one ledger call (`icp approve`, `icp transfer-from`), with `--valid-for` windows.
    public static func ledgerCall(
        from: String, _ call: (canister: Principal, method: String, arg: [UInt8]), validFor: String?,
        consent: Consent? = nil, output: RequestOutputOptions, now: Int64, summary: String,
        transport: any HTTPTransport = URLSessionTransport()
    ) throws {
        let account = try account(from)
        let seconds = try validFor.map { (text: String) throws(ICPError) in try ICPRequestBuilder.duration(text) }
        let attachment = try consent?.fetch(
            account: account, canister: call.canister, method: call.method, arg: call.arg, now: now,
            transport: transport)
        let request = try ICPRequestBuilder.request(
            account: account, canister: call.canister, method: call.method, arg: call.arg,
            now: now, validFor: seconds, consent: attachment, note: output.note)
        Console.info(
            "\(summary): \(call.method) on \(call.canister.text)"
                + (seconds.map { ", \(($0 + ICPRequestBuilder.window - 1) / ICPRequestBuilder.window) expiry windows" }
                    ?? ""))
        try issue([request], output: output, now: now)
    }

    /// Issues calls from `from`, one request each, in order (quill's neuron commands).
    public static func issueCalls(
        from: String, _ calls: [(canister: Principal, method: String, arg: [UInt8])],
        output: RequestOutputOptions, now: Int64, summary: String
    ) throws {
        let account = try account(from)
        let requests = try calls.map { call in
            try ICPRequestBuilder.request(
                account: account, canister: call.canister, method: call.method, arg: call.arg, now: now, validFor: nil,
                note: output.note)
        }
        Console.info(summary)
        try issue(requests, output: output, now: now)
    }

    static func issue(_ requests: [SignRequest], output: RequestOutputOptions, now: Int64) throws {
        try RequestIssuer(store: try RequestActions.store()).issue(requests, to: output.output(), now: now) { request in
            "Issued request \(request.id) for \(request.account.address)."
        }
    }
}
