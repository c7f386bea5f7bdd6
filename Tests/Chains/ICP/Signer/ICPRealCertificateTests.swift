import AirsignEncoding
import AirsignTestSupport
import Testing

@testable import AirsignICP

/// A certificate from the IC mainnet (vectors/icp_certificates.json, from agent-js/agent-rs):
/// verified with the mainnet root key built in and the real BLS12-381 check, through its
/// subnet's delegation. One flipped bit in the tree, the signature, the delegation's
/// certificate or its canister ranges fails it.
@Suite struct ICPRealCertificateTests {
    static let vectors = Result { try CertificateVectors.load().delegated }
    static let verifier = ICPCertificateVerifier(rootKey: .mainnet)

    static func now(_ v: CertificateVectors.Delegated) -> Int64 { Int64(v.timeNanos / 1_000_000_000) }

    @Test func aMainnetCertificateWithADelegationVerifies() throws {
        let v = try Self.vectors.get()
        let bytes = testBytes(v.certificate)
        for canister in v.canisters.inRange {
            let certificate = try Self.verifier.verify(
                bytes, canister: try Principal(bytes: testBytes(canister)), now: Self.now(v))
            #expect(certificate.delegation?.subnetID.text == v.subnet)
            #expect(
                try ICPRequestStatus(certificate: certificate, requestID: testBytes(v.requestID))
                    == .rejected(code: v.rejectCode, message: v.rejectMessage, errorCode: nil))
            let time = try #require(try certificate.value(at: [Array("time".utf8)]))
            #expect(try LEB128.decode(UInt64.self, from: time).value == v.timeNanos)
        }
        // The delegation's own certificate is the root subnet's: it verifies under the root key alone.
        let inner = try #require(try ICPCertificate(cbor: bytes).delegation).certificate
        try Self.verifier.verifySignature(inner, key: ICPRootKey.mainnet.publicKey, what: "the root key")
    }

    @Test func outOfRangeStaleAndWrongKeyAreRefused() throws {
        let v = try Self.vectors.get()
        let bytes = testBytes(v.certificate)
        let inRange = try Principal(bytes: testBytes(v.canisters.inRange[0]))
        for canister in v.canisters.outOfRange {
            #expect(
                throws: ICPCertificateError.canisterOutOfRange(
                    canister: try Principal(bytes: testBytes(canister)).text, subnet: v.subnet)
            ) {
                _ = try Self.verifier.verify(
                    bytes, canister: try Principal(bytes: testBytes(canister)), now: Self.now(v))
            }
        }
        #expect(throws: ICPCertificateError.self) {
            _ = try Self.verifier.verify(bytes, canister: inRange, now: Self.now(v) + 600)
        }
        // The subnet's key in place of the root key: the delegation does not verify.
        let subnetKey = try ICPRootKey(der: ICPRootKey.derPrefix + Self.subnetKey(bytes))
        #expect(throws: ICPCertificateError.self) {
            _ = try ICPCertificateVerifier(rootKey: subnetKey).verify(bytes, canister: inRange, now: Self.now(v))
        }
    }

    static func subnetKey(_ bytes: [UInt8]) throws -> [UInt8] {
        let delegation = try #require(try ICPCertificate(cbor: bytes).delegation)
        let der = try #require(
            try delegation.certificate.value(at: [
                Array("subnet".utf8), delegation.subnetID.bytes, Array("public_key".utf8),
            ]))
        return Array(der.suffix(ICPRootKey.keyLength))
    }

    /// The certificate rebuilt from its parts with one bit flipped in one of them.
    static func rebuilt(_ certificate: CBORValue, flipping part: String, byte: Int) throws -> [UInt8] {
        func flip(_ bytes: [UInt8], at index: Int) -> [UInt8] { var b = bytes; b[index % b.count] ^= 0x01; return b }
        func flipLeaf(_ tree: CBORValue, named label: [UInt8]) -> CBORValue {
            guard case let .array(node) = tree, case let .unsigned(kind)? = node.first else { return tree }
            switch kind {
            case 1: return .array([node[0], flipLeaf(node[1], named: label), flipLeaf(node[2], named: label)])
            case 2:
                if case .bytes(label) = node[1], case let .array(leaf) = node[2], leaf.count == 2,
                    case let .bytes(value) = leaf[1]
                {
                    return .array([node[0], node[1], .array([leaf[0], .bytes(flip(value, at: byte))])])
                }
                return .array([node[0], node[1], flipLeaf(node[2], named: label)])
            default: return tree
            }
        }
        guard case let .tag(tag, map) = certificate else {
            throw ICPCertificateError.malformed(field: "vector", reason: "untagged")
        }
        var tree = try #require(map["tree"]), signature = try #require(try map["signature"]?.asBytes())
        var delegation = try #require(map["delegation"])
        switch part {
        case "signature": signature = flip(signature, at: byte)
        case "tree": tree = flipLeaf(tree, named: Array("reject_message".utf8))
        case "delegation", "ranges":
            var inner = try CBORDecoder().decode(try #require(try delegation["certificate"]?.asBytes()))
            guard case let .tag(innerTag, innerMap) = inner else {
                throw ICPCertificateError.malformed(field: "vector", reason: "untagged")
            }
            var innerTree = try #require(innerMap["tree"]),
                innerSignature = try #require(try innerMap["signature"]?.asBytes())
            if part == "ranges" {
                innerTree = flipLeaf(innerTree, named: Array("canister_ranges".utf8))
            } else {
                innerSignature = flip(innerSignature, at: byte)
            }
            inner = .tag(innerTag, .map([(.text("tree"), innerTree), (.text("signature"), .bytes(innerSignature))]))
            delegation = .map([
                (.text("subnet_id"), try #require(delegation["subnet_id"])),
                (.text("certificate"), .bytes(try CBOREncoder().encode(inner))),
            ])
        default: break
        }
        return try CBOREncoder().encode(
            .tag(
                tag,
                .map([
                    (.text("tree"), tree), (.text("signature"), .bytes(signature)), (.text("delegation"), delegation),
                ])))
    }

    @Test func oneFlippedBitInAnyPartFails() throws {
        let v = try Self.vectors.get()
        let original = try CBORDecoder().decode(testBytes(v.certificate))
        let canister = try Principal(bytes: testBytes(v.canisters.inRange[0]))
        // Re-encoded untouched, it still verifies (so each failure below is the flip's).
        _ = try Self.verifier.verify(
            try Self.rebuilt(original, flipping: "none", byte: 0), canister: canister, now: Self.now(v))
        for part in ["tree", "signature", "delegation", "ranges"] {
            for byte in [0, 7, 20, 47] where part != "tree" || byte == 0 {
                let bad = try Self.rebuilt(original, flipping: part, byte: byte)
                #expect(throws: ICPCertificateError.self, "\(part) byte \(byte)") {
                    _ = try Self.verifier.verify(bad, canister: canister, now: Self.now(v))
                }
            }
        }
    }
}
