import AirsignCandid
import AirsignCrypto
import AirsignEncoding
import AirsignOnline
import Foundation
import Testing

@testable import AirsignICP
@testable import AirsignICPOnline

/// A scripted boundary node whose query answers carry an Ed25519 node signature, and whose
/// read_state of `/subnet` certifies the node's key; `lie` makes it misbehave one way.
struct SignedQueryNode: Sendable {
    enum Lie: Sendable { case none, noSignatures, forgedReply, unknownNode, badSignature, staleTimestamp }

    static let nodeKey = try! Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: 0x4E, count: 32)))
    static let stranger = try! Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: 0x53, count: 32)))
    static func der(_ key: Ed25519.PrivateKey) -> [UInt8] {
        try! SubjectPublicKeyInfo.ed25519(publicKey: key.publicKey)
    }
    static func id(_ key: Ed25519.PrivateKey) -> Principal { .selfAuthenticating(derPublicKey: der(key)) }

    /// Answers queries with `reply` (Candid bytes), signed per `lie`; with `delegated`, as a
    /// subnet the root key delegates to, else as the root subnet itself, whose certificate
    /// states `rootRanges` as its canister ranges (none: the leaf is left out).
    static func transport(
        reply: @escaping @Sendable (CBORValue) -> [UInt8], delegated: Bool = true, lie: Lie = .none,
        rootRanges: [([UInt8], [UInt8])]? = CertificateFixtures.ranges
    ) -> ScriptedTransport {
        ScriptedTransport { request in
            let now = Int64(Date().timeIntervalSince1970)
            guard let content = try? ICPPublicReadsTests.content(request), case let .map(entries) = content,
                let requestID = try? RepresentationIndependentHash.hashOfMap(entries)
            else { return HTTPResponse(status: 400, body: []) }
            if content["request_type"] == .text("read_state") {
                let subnet =
                    delegated
                    ? CertificateFixtures.subnet
                    : Principal.selfAuthenticating(derPublicKey: CertificateFixtures.rootKey.der)
                typealias F = CertificateFixtures
                let nodes = F.labeled(
                    "node", F.labeled(id(nodeKey).bytes, F.labeled("public_key", F.leaf(der(nodeKey)))))
                var tree = F.labeled("subnet", F.labeled(subnet.bytes, nodes))
                if !delegated, let rootRanges, let blob = try? F.rangesBlob(rootRanges) {
                    tree = F.labeled(
                        "subnet", F.labeled(subnet.bytes, F.fork(F.labeled("canister_ranges", F.leaf(blob)), nodes)))
                }
                let certificate =
                    delegated ? try? F.delegated(tree, at: now) : try? F.certificate(F.withTime(tree, at: now))
                return HTTPResponse(
                    status: 200,
                    body: (try? CBOREncoder().encode(.map([(.text("certificate"), .bytes(certificate ?? []))]))) ?? [])
            }
            let answer: CBORValue = .map([
                (.text("status"), .text("replied")), (.text("reply"), .map([(.text("arg"), .bytes(reply(content)))])),
            ])
            let timestamp = UInt64(now - (lie == .staleTimestamp ? 600 : 0)) * 1_000_000_000
            let key = lie == .unknownNode ? stranger : nodeKey
            guard
                let message = try? ICPQuerySignatures.signedMessage(
                    answer: answer, timestamp: timestamp, requestID: requestID)
            else {
                return HTTPResponse(status: 500, body: [])
            }
            var signature = key.sign(message)
            if lie == .badSignature { signature[5] ^= 1 }
            var sent = answer
            if lie == .forgedReply, let forged = try? CandidEncoder.encode([(.nat, .nat(10_000_000_000))]) {
                sent = .map([
                    (.text("status"), .text("replied")), (.text("reply"), .map([(.text("arg"), .bytes(forged))])),
                ])
            }
            guard case var .map(fields) = sent else { return HTTPResponse(status: 500, body: []) }
            if lie != .noSignatures {
                fields.append(
                    (
                        .text("signatures"),
                        .array([
                            .map([
                                (.text("timestamp"), .unsigned(timestamp)), (.text("signature"), .bytes(signature)),
                                (.text("identity"), .bytes(id(key).bytes)),
                            ])
                        ])
                    ))
            }
            return HTTPResponse(status: 200, body: (try? CBOREncoder().encode(.map(fields))) ?? [])
        }
    }
}

@Suite struct ICPQuerySignatureTests {
    static let nat = { @Sendable (_: CBORValue) -> [UInt8] in
        (try? CandidEncoder.encode([(.nat, .nat(2_500_000))])) ?? []
    }

    func client(
        delegated: Bool = true, lie: SignedQueryNode.Lie = .none,
        rootRanges: [([UInt8], [UInt8])]? = CertificateFixtures.ranges
    ) throws -> ICPClient {
        try ICPClient(
            baseURL: "http://node", verifier: CertificateFixtures.verifier,
            transport: SignedQueryNode.transport(
                reply: Self.nat, delegated: delegated, lie: lie, rootRanges: rootRanges))
    }

    @Test func aSignedAnswerFromANodeOfTheCanistersSubnetIsBelieved() throws {
        for delegated in [true, false] {
            let reply = try client(delegated: delegated).query(
                canister: CertificateFixtures.canister, method: "icrc1_balance_of", arg: [])
            #expect(try CandidDecoder().decode(reply).values == [.nat(2_500_000)], "delegated: \(delegated)")
        }
    }

    @Test(arguments: [
        (SignedQueryNode.Lie.noSignatures, "carries no node signatures"),
        (.forgedReply, "signature does not verify over this answer"),
        (.badSignature, "signature does not verify over this answer"),
        (.unknownNode, "is not a node of subnet"),
        (.staleTimestamp, "more than 5 minutes from this machine's clock"),
    ])
    func answersTheNodeKeysDoNotVouchForAreRefused(lie: SignedQueryNode.Lie, reason: String) throws {
        let client = try client(lie: lie)
        do {
            _ = try client.query(canister: CertificateFixtures.canister, method: "icrc1_balance_of", arg: [])
            Issue.record("\(lie): the answer was believed")
        } catch let error as ICPCertificateError {
            guard case .badQuerySignature = error else { Issue.record("\(lie): \(error)"); return }
            #expect(error.description.contains(reason), "\(error)")
            #expect(error.exitStatus == .network)
        }
    }

    /// Without a delegation the node keys are the root subnet's, and its nodes vouch only for
    /// the canisters the root subnet hosts: the same certificate must place the canister there.
    @Test func aRootSubnetNodeIsBelievedOnlyForTheRootSubnetsCanisters() throws {
        let elsewhere = try Principal(text: "mxzaz-hqaaa-aaaar-qaada-cai")  // ckBTC's ledger, on another subnet
        #expect(!ICPCanisterRanges(ranges: CertificateFixtures.ranges).contains(elsewhere))
        let root = Principal.selfAuthenticating(derPublicKey: CertificateFixtures.rootKey.der)
        #expect(throws: ICPCertificateError.canisterOutOfRange(canister: elsewhere.text, subnet: root.text)) {
            _ = try client(delegated: false).query(canister: elsewhere, method: "icrc1_balance_of", arg: [])
        }
        // A root-subnet certificate that states no ranges vouches for no canister.
        do {
            _ = try client(delegated: false, rootRanges: nil).query(
                canister: CertificateFixtures.canister, method: "icrc1_balance_of", arg: [])
            Issue.record("a root-subnet answer without ranges was believed")
        } catch let error as ICPCertificateError {
            guard case .badDelegation = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains("no canister ranges for subnet \(root.text)"), "\(error)")
        }
    }

    @Test func theSignatureListIsDecodedStrictly() {
        let good: CBORValue = .map([
            (.text("timestamp"), .unsigned(1)), (.text("signature"), .bytes([1])), (.text("identity"), .bytes([4])),
        ])
        #expect((try? ICPQuerySignatures(.array([good])))?.signatures.count == 1)
        for bad: CBORValue? in [
            nil, .array([]), .map([]), .array([.unsigned(1)]), .array(Array(repeating: good, count: 65)),
            .array([.map([(.text("timestamp"), .unsigned(1)), (.text("signature"), .bytes([1]))])]),
            .array([
                .map([
                    (.text("timestamp"), .text("1")), (.text("signature"), .bytes([1])),
                    (.text("identity"), .bytes([4])),
                ])
            ]),
            .array([
                .map([
                    (.text("timestamp"), .unsigned(1)), (.text("signature"), .bytes([1])),
                    (.text("identity"), .bytes([4])),
                    (.text("extra"), .null),
                ])
            ]),
        ] {
            #expect(throws: ICPCertificateError.self) { try ICPQuerySignatures(bad) }
        }
    }
}
