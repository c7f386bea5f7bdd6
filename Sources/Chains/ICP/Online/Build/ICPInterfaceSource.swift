import AirsignCandid
import AirsignEncoding
import AirsignICP
import AirsignOnline
import Foundation

/// Where `icp call --args` gets the interface its text is checked against, in this order: the
/// `--did` file, the signer's built-in interface of the canister, the canister's own
/// `candid:service` metadata read from the network in a certificate `verifier` accepts (the
/// signer checks the names it is given against the message's field ids anyway).
enum ICPInterfaceSource {
    static func interface(
        of canister: Principal, did: String?, url: String, verifier: ICPCertificateVerifier, now: Int64,
        transport: any HTTPTransport
    ) throws -> (CandidInterface, origin: String) {
        if let did {
            let text: String
            do { text = try String(contentsOfFile: did, encoding: .utf8) } catch {
                throw ICPError.malformed(field: "--did", reason: "cannot read \(did) as UTF-8 text")
            }
            return (try parse(text, origin: "--did \(did)"), "--did \(did)")
        }
        if let known = ICPBuiltinInterfaces.known(canister) {
            return (known.interface, "\(known.name)'s built-in interface")
        }
        let client = try ICPClient(baseURL: url, verifier: verifier, transport: transport)
        guard let text = try client.candidInterface(of: canister, now: now) else {
            throw ICPError.noPublishedInterface(canister: canister.text, url: url)
        }
        let origin = "the certified candid:service metadata of \(canister.text) from \(url)"
        return (try parse(text, origin: origin), origin)
    }

    /// The interface `text`; a refusal is ICP's, as every refusal of the watch's ICP commands is.
    static func parse(_ text: String, origin: String) throws(ICPError) -> CandidInterface {
        try ICPError.catchingCandid { () throws(CandidError) in try CandidInterface(parsing: text, origin: origin) }
    }
}
