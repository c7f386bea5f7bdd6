import AirsignCandid
import AirsignEncoding
import AirsignMessages
import AirsignOnline
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignICP
@testable import AirsignICPOnline

/// The watch's unsigned reads (a canister's candid:service metadata, balance queries) against
/// a scripted boundary node, and replies decoded with the method's return types.
@Suite struct ICPPublicReadsTests {
    static let canister = UnknownCanister.id

    /// Decodes the posted envelope's content map.
    static func content(_ request: HTTPRequest) throws -> CBORValue {
        let envelope = try CBORDecoder().decode(request.body).untagged(55799)
        return try #require(envelope["content"])
    }

    @Test func readsTheCandidServiceMetadata() throws {
        let did = "service : { hello : (text) -> (text) }"
        let path = ["canister", "metadata", "candid:service"]
        typealias F = CertificateFixtures
        let tree = F.labeled(
            path[0], F.labeled(Self.canister.bytes, F.labeled(path[1], F.labeled(path[2], F.leaf(did)))))
        // A certificate of the root subnet (no delegation), as the NNS subnet answers.
        let body = try CBOREncoder().encode(
            .map([(.text("certificate"), .bytes(try F.certificate(F.withTime(tree, at: 1_700_000_000))))]))
        let client = try ICPClient(
            baseURL: "http://node", verifier: F.verifier,
            transport: ScriptedTransport { request in
                guard request.url == "http://node/api/v2/canister/\(Self.canister.text)/read_state",
                    let content = try? Self.content(request),
                    content["request_type"] == .text("read_state"), content["sender"] == .bytes([4]),
                    content["paths"]
                        == .array([
                            .array([
                                .bytes(Array("canister".utf8)), .bytes(Self.canister.bytes),
                                .bytes(Array("metadata".utf8)),
                                .bytes(Array("candid:service".utf8)),
                            ])
                        ])
                else { return HTTPResponse(status: 400, body: []) }
                return HTTPResponse(status: 200, body: body)
            })
        #expect(try client.candidInterface(of: Self.canister, now: 1_700_000_000) == did)
        // A canister without the metadata: nil, and `icp call --args` asks for --did.
        let none = try CBOREncoder().encode(
            .map([(.text("certificate"), .bytes(try F.certificate(F.withTime(F.empty, at: 1_700_000_000))))]))
        let empty = try ICPClient(
            baseURL: "http://node", verifier: F.verifier,
            transport: ScriptedTransport { _ in HTTPResponse(status: 200, body: none) })
        #expect(try empty.candidInterface(of: Self.canister, now: 1_700_000_000) == nil)
        // The same metadata in a certificate that does not verify: an error, not an interface.
        let forged = try CBOREncoder().encode(
            .map([
                (
                    .text("certificate"),
                    .bytes(
                        try F.certificate(
                            F.withTime(tree, at: 1_700_000_000), signature: [UInt8](repeating: 0, count: 48)))
                )
            ]))
        let lying = try ICPClient(
            baseURL: "http://node", verifier: F.verifier,
            transport: ScriptedTransport { _ in HTTPResponse(status: 200, body: forged) })
        #expect(throws: ICPCertificateError.self) { try lying.candidInterface(of: Self.canister, now: 1_700_000_000) }
        #expect(throws: ICPError.noPublishedInterface(canister: Self.canister.text, url: "http://node")) {
            _ = try ICPInterfaceSource.interface(
                of: Self.canister, did: nil, url: "http://node", verifier: F.verifier, now: 1_700_000_000,
                transport: empty.transport)
        }
    }

    @Test func balancesOfAccountIdsAndICRC1Accounts() throws {
        let tokens = try CandidEncoder.encode([
            (.record([("e8s", .nat64)]), .record([CandidFieldValue("e8s", .nat64(150_000_000))]))
        ])
        let nat = try CandidEncoder.encode([(.nat, .nat(2_500_000))])
        // The root subnet answers, its certificate placing every canister in its ranges (the test
        // asks about the ICP ledger and ckBTC's; a real root subnet hosts only the first).
        let every: [([UInt8], [UInt8])] = [([0], [UInt8](repeating: 0xFF, count: 10))]
        let transport = SignedQueryNode.transport(
            reply: { content in content["method_name"] == .text("account_balance") ? tokens : nat },
            delegated: false, rootRanges: every)
        let client = try ICPClient(baseURL: "http://node", verifier: CertificateFixtures.verifier, transport: transport)
        let icp = try ICPBalance.query(
            account: "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752", ledger: nil, decimals: nil,
            client: client)
        #expect(
            icp.contains("\"balance\":\"150000000\"") && icp.contains("\"formatted\":\"1.5 ICP\"")
                && icp.contains("\"method\":\"account_balance\""), "\(icp)")
        let ck = try ICPBalance.query(
            account: "2vxsx-fae", ledger: "mxzaz-hqaaa-aaaar-qaada-cai", decimals: nil, client: client)
        #expect(ck.contains("\"formatted\":\"0.025 ckBTC\"") && ck.contains("\"method\":\"icrc1_balance_of\""), "\(ck)")
        let rejecting = try ICPClient(
            baseURL: "http://node", verifier: CertificateFixtures.verifier,
            transport: ScriptedTransport { _ in
                HTTPResponse(
                    status: 200,
                    body: (try? CBOREncoder().encode(
                        .map([
                            (.text("status"), .text("rejected")), (.text("reject_code"), .unsigned(3)),
                            (.text("reject_message"), .text("no such method")),
                        ]))) ?? [])
            })
        // A reject no node signed is refused as unsigned, before its words are shown.
        #expect(throws: ICPCertificateError.badQuerySignature("the answer carries no node signatures")) {
            _ = try ICPBalance.query(account: "2vxsx-fae", ledger: nil, decimals: nil, client: rejecting)
        }
    }

    @Test func repliesAreNamedByTheMethodsReturnTypes() throws {
        // The ICP ledger's transfer: TransferResult = variant { Ok : nat64; Err : TransferError }.
        let ok = try CandidEncoder.encode([
            (.variant([("Ok", .nat64), ("Err", .null)]), .variant(CandidFieldValue("Ok", .nat64(1_234))))
        ])
        let read = try CandidReply.decode(ok, canister: ICPLedger.icp.canister, method: "transfer")
        #expect(read.text == "(variant { Ok = 1_234 })")
        #expect(read.json == .object([("Ok", .string("1234"))]))
        let errType = CandidType.variant([
            ("Ok", .nat64),
            ("Err", .variant([("InsufficientFunds", .record([("balance", .record([("e8s", .nat64)]))]))])),
        ])
        let err = try CandidEncoder.encode([
            (
                errType,
                .variant(
                    CandidFieldValue(
                        "Err",
                        .variant(
                            CandidFieldValue(
                                "InsufficientFunds",
                                .record([CandidFieldValue("balance", .record([CandidFieldValue("e8s", .nat64(5))]))]))))
                )
            )
        ])
        let refused = try CandidReply.decode(err, canister: ICPLedger.icp.canister, method: "transfer")
        #expect(
            refused.text.contains("Err = variant { InsufficientFunds = record { balance = record { e8s = 5 } } }"),
            "\(refused.text)")
        #expect(
            refused.json
                == .object([
                    ("Err", .object([("InsufficientFunds", .object([("balance", .object([("e8s", .string("5"))]))]))]))
                ]))
        // An unknown canister: the message's own types, field ids for names.
        let other = try CandidReply.decode(
            try CandidEncoder.encode([(.record([("n", .nat8)]), .record([CandidFieldValue("n", .nat8(1))]))]),
            canister: UnknownCanister.id, method: "x")
        #expect(other.json == .object([(String(CandidLabel.hash("n")), .number("1"))]))
    }
}

/// A canister no interface is built in for.
enum UnknownCanister {
    static let id: Principal = {
        guard let p = try? Principal(text: "qoctq-giaaa-aaaaa-aaaea-cai") else {
            preconditionFailure("fixed principal")
        }
        return p
    }()
}
