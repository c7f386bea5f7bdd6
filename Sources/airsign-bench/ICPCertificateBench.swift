import AirsignEncoding
import AirsignICP
import AirsignICPOnline
import Foundation

/// `icp_certificate_verify`: the watch's whole check of one read_state certificate, the
/// published mainnet one of vectors/icp_certificates.json (a subnet certificate with its
/// delegation): CBOR decoding, two hash-tree reconstructions, two BLS12-381 signature checks
/// (each a product of two Miller loops and one final exponentiation: 4 Miller loops, 2 final
/// exponentiations in all), the canister ranges and /time. bench/icp_certificate.py times py_ecc
/// on the same two signatures as the reference.
enum ICPCertificateBench {
    static func run(_ options: Options) throws {
        // Found from this source file, not the working directory: the bench runs from anywhere in a checkout.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("vectors/icp_certificates.json")
        guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
            let delegated = object["delegated"] as? [String: Any], let hex = delegated["certificate"] as? String,
            let nanos = delegated["timeNanos"] as? UInt64, let canisters = delegated["canisters"] as? [String: Any],
            let inRange = (canisters["inRange"] as? [String])?.first
        else {
            throw ICPCertificateError.malformed(
                field: "vectors/icp_certificates.json", reason: "no delegated certificate")
        }
        let certificate = try Hex.decode(hex)
        let canister = try Principal(bytes: try Hex.decode(inRange))
        let verifier = ICPCertificateVerifier(rootKey: .mainnet)
        let now = Int64(nanos / 1_000_000_000)
        try measure(
            "icp_certificate_verify", options, unit: "certificates/s",
            details: [
                "signatures": 2, "miller_loops": 4, "final_exponentiations": 2,
                "note": "mainnet certificate with a delegation",
            ]
        ) { _ in
            _ = try verifier.verify(certificate, canister: canister, now: now)
        }
    }
}
