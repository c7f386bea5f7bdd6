import AirsignCrypto
import AirsignEncoding
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignICP

/// vectors/icp_certificates.json.
struct CertificateVectors: Decodable {
    struct HashTree: Decodable {
        struct Lookup: Decodable { let path: [String]; let result: String; let value: String? }
        let tree: String, pruned: String, rootHash: String
        let prunedLookups: [Lookup]
    }
    struct Delegated: Decodable {
        struct Canisters: Decodable { let inRange: [String]; let outOfRange: [String] }
        let certificate: String, time: String, timeNanos: UInt64, subnet: String, requestID: String
        let status: String, rejectCode: UInt64, rejectMessage: String
        let canisters: Canisters
    }
    struct RootKey: Decodable { let der: String }
    let hashTree: HashTree
    let mainnetRootKey: RootKey
    let delegated: Delegated

    static func load() throws -> CertificateVectors {
        try JSONDecoder().decode(
            Self.self, from: Data(contentsOf: Vectors.directory.appendingPathComponent("icp_certificates.json")))
    }
}

/// The hash tree against the interface spec's example, and the certificate decoder and
/// verifier's rules on certificates built here (CertificateFixtures).
@Suite struct ICPCertificateTests {
    typealias F = CertificateFixtures

    static func tree(_ hex: String) throws -> ICPHashTree {
        try ICPHashTree(cbor: try CBORDecoder().decode(testBytes(hex)))
    }

    @Test func specExampleTreeReconstructsAndLooksUp() throws {
        let v = try CertificateVectors.load().hashTree
        let full = try Self.tree(v.tree)
        let pruned = try Self.tree(v.pruned)
        #expect(Hex.encode(full.rootHash) == v.rootHash)
        #expect(Hex.encode(pruned.rootHash) == v.rootHash)
        for lookup in v.prunedLookups {
            let expected: ICPHashTree.Lookup =
                switch lookup.result {
                case "found": .found(Array((lookup.value ?? "").utf8))
                case "absent": .absent
                default: .unknown
                }
            #expect(pruned.lookup(lookup.path.map { Array($0.utf8) }) == expected, "\(lookup.path)")
        }
        // The full tree: the same values, `c` holds Empty (absent), a path through a leaf is absent.
        #expect(full.lookup([Array("a".utf8), Array("x".utf8)]) == .found(Array("hello".utf8)))
        #expect(full.lookup([Array("c".utf8)]) == .absent)
        #expect(full.lookup([Array("b".utf8), Array("z".utf8)]) == .absent)
        #expect(full.lookup([Array("a".utf8)]) == .error)
    }

    @Test func treesMustBeWellFormed() throws {
        func decode(_ value: CBORValue) throws(ICPCertificateError) -> ICPHashTree { try ICPHashTree(cbor: value) }
        let a = F.labeled("a", F.leaf("1")), b = F.labeled("b", F.leaf("2"))
        #expect(try decode(F.fork(a, b)).lookup([Array("b".utf8)]) == .found(Array("2".utf8)))
        for bad: CBORValue in [
            F.fork(b, a), F.fork(a, a),  // labels not strictly increasing
            F.fork(a, F.leaf("x")),  // a leaf beside a label
            .array([.unsigned(4), .bytes([1, 2])]),  // a pruned hash of 2 bytes
            .array([.unsigned(5), .bytes([])]), .array([.unsigned(3)]), .array([.unsigned(2), .text("a"), F.empty]),
            .array([.unsigned(0), .unsigned(0)]), .map([]), .bytes([]),
        ] {
            #expect(throws: ICPCertificateError.self, "\(bad)") { try decode(bad) }
        }
        var deep: CBORValue = F.leaf("x")
        for _ in 0..<ICPHashTree.maxDepth + 1 { deep = F.labeled("a", deep) }
        #expect(throws: ICPCertificateError.self) { try decode(deep) }
    }

    @Test func certificatesDecodeStrictly() throws {
        let tree = F.withTime(F.empty)
        _ = try ICPCertificate(cbor: try F.certificate(tree))
        // An unknown field, a signature that is not bytes, a missing tree, bad CBOR, trailing bytes.
        #expect(throws: ICPCertificateError.malformed(field: "certificate", reason: "unknown field \"extra\"")) {
            try ICPCertificate(cbor: try F.certificate(tree, extra: [(.text("extra"), .null)]))
        }
        #expect(throws: ICPCertificateError.self) {
            try ICPCertificate(
                cbor: try CBOREncoder().encode(.map([(.text("tree"), tree), (.text("signature"), .text("x"))])))
        }
        #expect(throws: ICPCertificateError.self) {
            try ICPCertificate(cbor: try CBOREncoder().encode(.map([(.text("signature"), .bytes([]))])))
        }
        #expect(throws: ICPCertificateError.self) { try ICPCertificate(cbor: [0xA1]) }
        #expect(throws: ICPCertificateError.self) { try ICPCertificate(cbor: try F.certificate(tree) + [0]) }
        // A delegation whose certificate has a delegation of its own.
        let inner = try F.certificate(try F.delegationTree(), delegation: try F.delegation(try F.delegationTree()))
        let nested: CBORValue = .map([
            (.text("subnet_id"), .bytes(F.subnet.bytes)), (.text("certificate"), .bytes(inner)),
        ])
        #expect(
            throws: ICPCertificateError.badDelegation(
                "the delegation's certificate carries a delegation of its own (the spec allows one level)")
        ) {
            try ICPCertificate(cbor: try F.certificate(tree, key: F.subnetKey, delegation: nested))
        }
    }

    @Test func rootSignedAndDelegatedCertificatesVerify() throws {
        let status = F.statusTree([7], [("status", Array("processing".utf8))])
        let root = try F.verifier.verify(try F.certificate(F.withTime(status)), canister: F.canister, now: F.now)
        #expect(try ICPRequestStatus(certificate: root, requestID: [7]) == .processing)
        let delegated = try F.verifier.verify(try F.delegated(status), canister: F.canister, now: F.now)
        #expect(try ICPRequestStatus(certificate: delegated, requestID: [7]) == .processing)
    }

    @Test func aFlippedBitAnywhereFails() throws {
        let good = try F.delegated(F.statusTree([7], [("reply", [1, 2, 3]), ("status", Array("replied".utf8))]))
        _ = try F.verifier.verify(good, canister: F.canister, now: F.now)
        // Every byte of the certificate, flipped in its low bit: refused, or (where the flip lands
        // in CBOR framing that still decodes to the same certificate) the same answer. Never a
        // different certificate accepted.
        let original = try ICPCertificate(cbor: good)
        var refused = 0
        for index in good.indices {
            var bad = good
            bad[index] ^= 1
            do {
                let accepted = try F.verifier.verify(bad, canister: F.canister, now: F.now)
                #expect(accepted == original, "byte \(index) flipped gave another certificate that verifies")
            } catch {
                refused += 1
            }
        }
        print("ICPCertificateTests: \(refused) of \(good.count) single-bit flips refused")
        #expect(refused > good.count * 9 / 10)
    }

    @Test func delegationsAreCheckedAndScoped() throws {
        let tree = F.statusTree([7], [("status", Array("done".utf8))])
        func verify(_ delegation: CBORValue, canister: Principal = F.canister) throws(ICPCertificateError) {
            _ = try F.verifier.verify(
                try! F.certificate(F.withTime(tree), key: F.subnetKey, delegation: delegation), canister: canister,
                now: F.now)
        }
        try verify(try F.delegation(try F.delegationTree()))
        // The canister outside the ranges; at both ends of a range it is inside.
        #expect(throws: ICPCertificateError.canisterOutOfRange(canister: "aaaaa-aa", subnet: F.subnet.text)) {
            try verify(try F.delegation(try F.delegationTree()), canister: Principal.managementCanister)
        }
        try verify(try F.delegation(try F.delegationTree()), canister: try Principal(bytes: F.ranges[0].1))
        try verify(try F.delegation(try F.delegationTree()), canister: try Principal(bytes: F.ranges[0].0))
        // The delegation's certificate not signed by the root key.
        #expect(
            throws: ICPCertificateError.badSignature(
                "the signature does not verify under the root key (the delegation's certificate)")
        ) {
            try verify(try F.delegation(try F.delegationTree(), signature: [UInt8](repeating: 1, count: 48)))
        }
        // A subnet id the delegation's tree does not describe.
        let other = try Principal(bytes: [1, 2, 3])
        #expect(throws: ICPCertificateError.badDelegation("it holds no public key for subnet \(other.text)")) {
            try verify(try F.delegation(try F.delegationTree(), subnet: other))
        }
        // A key that is not a DER BLS key; no ranges.
        #expect(throws: ICPCertificateError.self) {
            try verify(try F.delegation(try F.delegationTree(key: [UInt8](repeating: 0, count: 133))))
        }
        let keyOnly = F.withTime(
            F.labeled(
                "subnet", F.labeled(F.subnet.bytes, F.labeled("public_key", F.leaf(ICPRootKey.derPrefix + F.subnetKey)))
            ))
        #expect(throws: ICPCertificateError.self) { try verify(try F.delegation(keyOnly)) }
        // The outer certificate signed by the root key rather than the subnet's.
        #expect(throws: ICPCertificateError.self) {
            _ = try F.verifier.verify(
                try F.certificate(F.withTime(tree), delegation: try F.delegation(try F.delegationTree())),
                canister: F.canister, now: F.now)
        }
    }

    @Test func shardedCanisterRangesAreRead() throws {
        // /canister_ranges/<subnet>/<shard>: a revealed shard holds the canister; pruned ones are skipped.
        let blob = try F.rangesBlob(F.ranges)
        let shards = F.labeled(
            "canister_ranges",
            F.labeled(F.subnet.bytes, F.fork(F.labeled([0], F.leaf(blob)), F.labeled([9], F.pruned()))))
        let key = F.labeled(
            "subnet", F.labeled(F.subnet.bytes, F.labeled("public_key", F.leaf(ICPRootKey.derPrefix + F.subnetKey))))
        let inner = try ICPCertificate(cbor: try F.certificate(F.withTime(F.fork(shards, key))))
        let ranges = try ICPCanisterRanges(certificate: inner, subnet: F.subnet)
        #expect(ranges.contains(F.canister) && !ranges.contains(.managementCanister))
        let signed = try F.certificate(
            F.withTime(F.statusTree([7], [("status", Array("done".utf8))])), key: F.subnetKey,
            delegation: try F.delegation(F.withTime(F.fork(shards, key))))
        _ = try F.verifier.verify(signed, canister: F.canister, now: F.now)
        #expect(throws: ICPCertificateError.self) {
            _ = try ICPCanisterRanges(
                cbor: try CBOREncoder().encode(.array([.array([.bytes([2]), .bytes([1])])])), field: "r")
        }
    }

    @Test func timeMustBeWithinFiveMinutes() throws {
        let tree = F.statusTree([7], [("status", Array("done".utf8))])
        for offset: Int64 in [-300, 0, 300] {
            _ = try F.verifier.verify(try F.delegated(tree, at: F.now + offset), canister: F.canister, now: F.now)
        }
        for offset: Int64 in [-301, 301, -86_400] {
            #expect(throws: ICPCertificateError.self, "\(offset)") {
                _ = try F.verifier.verify(try F.delegated(tree, at: F.now + offset), canister: F.canister, now: F.now)
            }
        }
        #expect(throws: ICPCertificateError.stale("it has no /time")) {
            _ = try F.verifier.verify(try F.certificate(tree), canister: F.canister, now: F.now)
        }
        // /time must be exactly one LEB128 number: a byte after it, or no end to it, is refused.
        for (bytes, reason) in [
            (LEB128.encode(UInt64(F.now) * 1_000_000_000) + [0], "/time has trailing bytes"),
            ([0x80], "/time is not a LEB128 number of nanoseconds"),
        ] {
            let signed = try F.certificate(
                F.fork(tree, F.labeled("time", F.leaf(bytes))), key: F.subnetKey,
                delegation: try F.delegation(try F.delegationTree()))
            #expect(throws: ICPCertificateError.stale(reason)) {
                _ = try F.verifier.verify(signed, canister: F.canister, now: F.now)
            }
        }
    }

    @Test func statusLookupsNeverTakeUnknownForAbsent() throws {
        func status(_ tree: CBORValue) throws -> ICPRequestStatus {
            try ICPRequestStatus(
                certificate: try F.verifier.verify(try F.delegated(tree), canister: F.canister, now: F.now),
                requestID: [7])
        }
        #expect(
            try status(F.statusTree([7], [("reply", [1]), ("status", Array("replied".utf8))])) == .replied(reply: [1]))
        #expect(
            try status(
                F.statusTree(
                    [7],
                    [
                        ("error_code", Array("IC0503".utf8)), ("reject_code", [4]),
                        ("reject_message", Array("no".utf8)),
                        ("status", Array("rejected".utf8)),
                    ])) == .rejected(code: 4, message: "no", errorCode: "IC0503"))
        // Absent (provably): unknown. Pruned: not certified.
        #expect(try status(F.labeled("request_status", F.empty)) == .unknown)
        #expect(try status(F.statusTree([8], [("status", Array("done".utf8))])) == .unknown)
        #expect(throws: ICPCertificateError.self) { try status(F.labeled("request_status", F.pruned())) }
        #expect(throws: ICPCertificateError.self) {
            try status(F.labeled("request_status", F.fork(F.pruned(), F.labeled([8], F.leaf("x")))))
        }
        // replied without its reply, rejected without a code, an unknown status.
        #expect(throws: ICPCertificateError.self) { try status(F.statusTree([7], [("status", Array("replied".utf8))])) }
        #expect(throws: ICPCertificateError.self) {
            try status(F.statusTree([7], [("status", Array("rejected".utf8))]))
        }
        #expect(throws: ICPCertificateError.self) {
            try status(F.statusTree([7], [("status", Array("sleeping".utf8))]))
        }
        // reject_code is exactly one LEB128 number.
        for (code, reason) in [
            ([UInt8]([4, 0]), "trailing bytes after the LEB128 number"), ([0x80], "not a LEB128 number"),
        ] {
            let error = #expect(throws: ICPCertificateError.self) {
                try status(
                    F.statusTree(
                        [7],
                        [
                            ("reject_code", code), ("reject_message", Array("no".utf8)),
                            ("status", Array("rejected".utf8)),
                        ]))
            }
            guard case let .malformed(_, said)? = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(said == reason)
        }
    }

    @Test func rootKeysAreDERAndNeverGuessed() throws {
        let v = try CertificateVectors.load().mainnetRootKey
        #expect(Hex.encode(ICPRootKey.mainnet.der) == v.der)
        #expect(try ICPRootKey.resolve(option: nil, environment: [:]) == .mainnet)
        let test = ICPRootKey.derPrefix + F.subnetKey
        #expect(try ICPRootKey.resolve(option: Hex.encode(test), environment: [:]).publicKey == F.subnetKey)
        #expect(
            try ICPRootKey.resolve(option: nil, environment: [ICPRootKey.environmentVariable: Hex.encode(test)])
                .publicKey == F.subnetKey)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "airsign-root-key-\(UUID().uuidString).der")
        try Data(test).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try ICPRootKey.resolve(option: file.path, environment: [:]).publicKey == F.subnetKey)
        for bad in [Hex.encode(test.dropLast()), Hex.encode([0x31] + test.dropFirst()), "/nonexistent/key.der", "zz"] {
            #expect(throws: ICPCertificateError.self, "\(bad)") {
                try ICPRootKey.resolve(option: bad, environment: [:])
            }
        }
    }
}

/// The mainnet certificate's structure (delegation, ranges, /time, status) read by the
/// verifier's logic with the signature check stood in by one that accepts: the scope and time
/// rules on real data, whatever the BLS module says (ICPRealCertificateTests checks the
/// signatures).
@Suite struct ICPRealCertificateStructureTests {
    @Test func rangesTimeAndStatusOfTheMainnetCertificate() throws {
        let v = try CertificateVectors.load().delegated
        let bytes = testBytes(v.certificate)
        let accepting = ICPCertificateVerifier(rootKey: .mainnet) { signature, _, key in
            signature.count == 48 && key.count == 96
        }
        let now = Int64(v.timeNanos / 1_000_000_000)
        for canister in v.canisters.inRange {
            let certificate = try accepting.verify(bytes, canister: try Principal(bytes: testBytes(canister)), now: now)
            #expect(
                try ICPRequestStatus(certificate: certificate, requestID: testBytes(v.requestID))
                    == .rejected(code: v.rejectCode, message: v.rejectMessage, errorCode: nil))
        }
        for canister in v.canisters.outOfRange {
            #expect(
                throws: ICPCertificateError.canisterOutOfRange(
                    canister: try Principal(bytes: testBytes(canister)).text, subnet: v.subnet)
            ) {
                _ = try accepting.verify(bytes, canister: try Principal(bytes: testBytes(canister)), now: now)
            }
        }
        let inRange = try Principal(bytes: testBytes(v.canisters.inRange[0]))
        for late: Int64 in [301, 600] {
            #expect(throws: ICPCertificateError.self) {
                _ = try accepting.verify(bytes, canister: inRange, now: now + late)
            }
        }
        #expect(throws: ICPCertificateError.self) { _ = try accepting.verify(bytes, canister: inRange, now: now - 301) }
    }
}
