import AirsignEncoding
import AirsignMessages

/// The status of a request in the state tree (`/request_status/<id>/…`, interface spec
/// "Request status"), read from a verified certificate.
public enum ICPRequestStatus: Equatable, Sendable {
    case unknown
    case received
    case processing
    case replied(reply: [UInt8])
    case rejected(code: UInt64, message: String, errorCode: String?)
    case done

    public var name: String {
        switch self {
        case .unknown: return "unknown"
        case .received: return "received"
        case .processing: return "processing"
        case .replied: return "replied"
        case .rejected: return "rejected"
        case .done: return "done"
        }
    }

    /// Reads the status. A status the tree proves absent is `unknown` (the IC has not seen the
    /// request, or forgot it); one pruned away is an error, never taken for absent.
    public init(certificate: ICPCertificate, requestID: [UInt8]) throws(ICPCertificateError) {
        let base: [[UInt8]] = [Array("request_status".utf8), requestID]
        func leaf(_ name: String) throws(ICPCertificateError) -> [UInt8]? {
            try certificate.value(at: base + [Array(name.utf8)])
        }
        func required(_ name: String) throws(ICPCertificateError) -> [UInt8] {
            guard let value = try leaf(name) else {
                throw .notCertified(
                    path: ICPCertificate.describe(base + [Array(name.utf8)]),
                    reason: "the status needs it and the tree proves it absent")
            }
            return value
        }
        guard let status = try leaf("status") else {
            self = .unknown
            return
        }
        switch String(decoding: status, as: UTF8.self) {
        case "received": self = .received
        case "processing": self = .processing
        case "done": self = .done
        case "replied": self = .replied(reply: try required("reply"))
        case "rejected":
            let codeBytes = try required("reject_code")
            let field = ICPCertificate.describe(base + [Array("reject_code".utf8)])
            let decoded: (value: UInt64, bytesRead: Int)
            do { decoded = try LEB128.decode(UInt64.self, from: codeBytes) } catch {
                throw .malformed(field: field, reason: "not a LEB128 number")
            }
            guard decoded.bytesRead == codeBytes.count else {
                throw .malformed(field: field, reason: "trailing bytes after the LEB128 number")
            }
            let code = decoded.value
            let message = String(decoding: try required("reject_message"), as: UTF8.self)
            let errorCode = try leaf("error_code").map { String(decoding: $0, as: UTF8.self) }
            self = .rejected(code: code, message: message, errorCode: errorCode)
        case let other:
            throw .malformed(
                field: ICPCertificate.describe(base + [Array("status".utf8)]),
                reason: "unknown status \"\(MessageText.escaped(String(other.prefix(40))))\"")
        }
    }
}
