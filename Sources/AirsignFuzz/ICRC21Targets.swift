import AirsignEncoding
import AirsignICP
import AirsignKeys
import AirsignMessages
import BigInt

extension FuzzTarget {
    /// A canister's consent reply and a consent request's argument, as the signer reads them
    /// (Candid, within budgets, at ICRC-21's types by subtyping), then shown and compared with
    /// an outflow as the review does. A request that decodes must encode back to itself.
    static let icrc21ConsentMessage = FuzzTarget(
        name: "icrc21-consent-message",
        summary: "ICRC-21 consent replies and requests (Candid): decoded, shown, compared with an outflow"
    ) { input throws(FuzzViolation) in
        if let response = try? ICRC21ConsentResponse(candid: input), case let .ok(info) = response {
            let consent = VerifiedConsent(
                info: info, subnet: nil, certifiedAt: 1_700_000_000_000_000_000, askedAnonymously: true,
                mainnetRoot: true)
            let lines = ConsentReview(consent).lines
            try FuzzViolation.check(lines.first?.label == "consent", "a consent message shown without its heading")
            for line in lines.dropFirst(2) {
                try FuzzViolation.check(
                    line.source == .certified, "a line of the canister's words not marked certified")
            }
            let icp = Asset(chain: ChainID(Chain.icp), network: "icp:mainnet", id: "icp", symbol: "ICP", decimals: 8)
            _ = ConsentComparison.disagreements(
                consent, effects: [.outflow(Outflow(AssetAmount(asset: icp, amount: BigUInt(12_300)), to: "someone"))])
        }
        if let request = try? ICRC21ConsentRequest(candid: input) {
            let again = try? ICRC21ConsentRequest(candid: (try? request.argumentBytes()) ?? [])
            try FuzzViolation.check(again == request, "a consent request that does not encode back to itself")
        }
    }

    /// The signer's certificate path for a consent message: the attachment's checks against a
    /// fixed call, the certificate decoded, delegation and ranges, `/time` against the call's
    /// expiry, the request status and the reply. The input is the certificate, or (first byte
    /// odd) the reply inside a well-formed certificate, so the reply's decoding is reached too.
    /// The signature check accepts (BLS has its own target), so every later check is reached.
    static let icrc21ConsentCertificate = FuzzTarget(
        name: "icrc21-consent-certificate",
        summary: "ICRC-21 consent certificates on the signer: the checks, /time, status and reply"
    ) { input throws(FuzzViolation) in
        let expiry: UInt64 = 1_700_000_300_000_000_000
        let canister = Principal.managementCanister
        let call = ICPCallContent(
            sender: .anonymous, canisterID: canister, methodName: "greet", arg: Array("DIDL\u{0}\u{0}".utf8),
            ingressExpiry: expiry)
        guard
            let arg = try? ICRC21ConsentRequest(method: "greet", arg: call.arg, language: "en", display: .fields)
                .argumentBytes()
        else { throw FuzzViolation("the fixed consent request does not encode") }
        let request = ICPCallContent(
            sender: .anonymous, canisterID: canister, methodName: ICRC21ConsentRequest.consentMethod, arg: arg,
            ingressExpiry: expiry)
        var certificate = input
        if input.first.map({ $0 & 1 == 1 }) ?? false {
            certificate = Self.consentCertificate(
                reply: Array(input.dropFirst()), requestID: request.requestID, time: expiry - 60_000_000_000)
        }
        let accepting = ICPCertificateVerifier(rootKey: .mainnet) { _, _, _ in true }
        _ = try? ICRC21Attachment(request: request, certificate: certificate).verify(for: call, verifier: accepting)
    }

    /// A root-signed certificate (no delegation) whose tree holds `reply` as the replied status
    /// of `requestID`, and `/time`.
    static func consentCertificate(reply: [UInt8], requestID: [UInt8], time: UInt64) -> [UInt8] {
        func labeled(_ label: [UInt8], _ tree: CBORValue) -> CBORValue { .array([.unsigned(2), .bytes(label), tree]) }
        func leaf(_ bytes: [UInt8]) -> CBORValue { .array([.unsigned(3), .bytes(bytes)]) }
        func fork(_ l: CBORValue, _ r: CBORValue) -> CBORValue { .array([.unsigned(1), l, r]) }
        let status = labeled(
            Array("request_status".utf8),
            labeled(
                requestID,
                fork(
                    labeled(Array("reply".utf8), leaf(reply)),
                    labeled(Array("status".utf8), leaf(Array("replied".utf8))))))
        let tree = fork(status, labeled(Array("time".utf8), leaf(LEB128.encode(time))))
        let map: CBORValue = .tag(
            55799, .map([(.text("tree"), tree), (.text("signature"), .bytes([UInt8](repeating: 0, count: 48)))]))
        return (try? CBOREncoder().encode(map)) ?? []
    }
}
