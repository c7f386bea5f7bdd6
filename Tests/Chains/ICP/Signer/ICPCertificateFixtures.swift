import AirsignCrypto
import AirsignEncoding

@testable import AirsignICP

/// Certificates built in the tests, for the verifier's logic (delegation, scope, time, lookups).
/// Their "signature" is a test scheme, SHA-256(key || message) padded to 48 bytes, checked by
/// `verifier`: it binds the signed bytes as a real signature does, so a flipped bit anywhere in
/// a tree fails, while the BLS12-381 check itself is proven on the real certificates
/// (ICPRealCertificateTests) and in AirsignBLS12381's own tests.
enum CertificateFixtures {
    static let now: Int64 = 1_700_000_000
    static let rootKey = ICPRootKey.mainnet
    static let subnetKey = [UInt8](repeating: 0x5B, count: 96)
    static let subnet = principal([UInt8](repeating: 0xD7, count: 29))
    /// The ICP ledger's canister id (ryjl3-tyaaa-aaaaa-aaaba-cai) and a range around it.
    static let canister = principal([0, 0, 0, 0, 0, 0, 0, 2, 1, 1])
    static let ranges: [([UInt8], [UInt8])] = [
        ([0, 0, 0, 0, 0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 0, 0xF, 0xFF, 0xFF, 1, 1])
    ]

    static func principal(_ bytes: [UInt8]) -> Principal { (try? Principal(bytes: bytes)) ?? .anonymous }

    static let verifier = ICPCertificateVerifier(rootKey: rootKey) { signature, message, key in
        signature == sign(message, key: key)
    }

    static func sign(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        SHA256.hash(key + message) + [UInt8](repeating: 0, count: 16)
    }

    static func labeled(_ label: String, _ tree: CBORValue) -> CBORValue { labeled(Array(label.utf8), tree) }
    static func labeled(_ label: [UInt8], _ tree: CBORValue) -> CBORValue {
        .array([.unsigned(2), .bytes(label), tree])
    }
    static func leaf(_ bytes: [UInt8]) -> CBORValue { .array([.unsigned(3), .bytes(bytes)]) }
    static func leaf(_ text: String) -> CBORValue { leaf(Array(text.utf8)) }
    static func fork(_ l: CBORValue, _ r: CBORValue) -> CBORValue { .array([.unsigned(1), l, r]) }
    static func pruned(_ byte: UInt8 = 0) -> CBORValue {
        .array([.unsigned(4), .bytes([UInt8](repeating: byte, count: 32))])
    }
    static let empty: CBORValue = .array([.unsigned(0)])

    /// `tree` with `/time` beside it (every top-level label of `tree` sorts before "time").
    static func withTime(_ tree: CBORValue, at seconds: Int64 = now) -> CBORValue {
        fork(tree, labeled("time", leaf(LEB128.encode(UInt64(seconds) * 1_000_000_000))))
    }

    static func rootHash(_ tree: CBORValue) throws -> [UInt8] { try ICPHashTree(cbor: tree).rootHash }

    /// A certificate's CBOR: `tree` (taken as is), signed under `key` unless `signature` is given.
    static func certificate(
        _ tree: CBORValue, key: [UInt8] = rootKey.publicKey, signature: [UInt8]? = nil,
        delegation: CBORValue? = nil, extra: [(key: CBORValue, value: CBORValue)] = []
    ) throws -> [UInt8] {
        let signed = try signature ?? sign(ICPHashTree.separator("ic-state-root") + rootHash(tree), key: key)
        var map: [(key: CBORValue, value: CBORValue)] = [(.text("tree"), tree), (.text("signature"), .bytes(signed))]
        if let delegation { map.append((.text("delegation"), delegation)) }
        return try CBOREncoder().encode(.tag(55799, .map(map + extra)))
    }

    static func rangesBlob(_ ranges: [([UInt8], [UInt8])]) throws -> [UInt8] {
        try CBOREncoder().encode(.tag(55799, .array(ranges.map { .array([.bytes($0.0), .bytes($0.1)]) })))
    }

    /// The root subnet's certificate for `subnet`: its key (DER) and ranges, and `/time`.
    static func delegationTree(
        key: [UInt8] = ICPRootKey.derPrefix + subnetKey, ranges: [([UInt8], [UInt8])] = ranges,
        subnet: Principal = subnet
    ) throws -> CBORValue {
        withTime(
            labeled(
                "subnet",
                labeled(
                    subnet.bytes,
                    fork(
                        labeled("canister_ranges", leaf(try rangesBlob(ranges))),
                        labeled("public_key", leaf(key))))))
    }

    static func delegation(_ tree: CBORValue, subnet: Principal = subnet, signature: [UInt8]? = nil) throws -> CBORValue
    {
        .map([
            (.text("subnet_id"), .bytes(subnet.bytes)),
            (.text("certificate"), .bytes(try certificate(tree, signature: signature))),
        ])
    }

    /// A certificate from `subnet`, delegated by the root key, holding `tree` and `/time`.
    static func delegated(_ tree: CBORValue, at seconds: Int64 = now) throws -> [UInt8] {
        try certificate(withTime(tree, at: seconds), key: subnetKey, delegation: try delegation(try delegationTree()))
    }

    /// `/request_status/<id>/…` with the leaves given (in label order).
    static func statusTree(_ id: [UInt8], _ leaves: [(String, [UInt8])]) -> CBORValue {
        let nodes = leaves.map { labeled($0.0, leaf($0.1)) }
        let inner = nodes.dropFirst().reduce(nodes[0]) { fork($0, $1) }
        return labeled("request_status", labeled(id, inner))
    }
}
