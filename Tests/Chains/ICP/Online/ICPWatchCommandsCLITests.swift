import AirsignEncoding
import AirsignICPOnline
import AirsignMessages
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignICP

/// The watch's quill-level commands through both binaries: each request is built by
/// airsign-watch, reviewed by airsign-signer (the checked text) and signed.
@Suite struct ICPWatchCommandsCLITests {
    typealias Home = ICPSignerCLITests.Home
    static let from = ICPFixtures.principalText

    /// A signer with quill's test key and a watch that knows its account.
    static func setUp() throws -> (Home, pin: String) {
        let home = Home()
        let pin = home.file("pin", "correct horse\n")
        #expect(try home.signer(["init", "--kdf", "interactive", "--pin-file", pin]).status == 0)
        #expect(
            try home.signer([
                "key", "import", "quill", "--kind", "icp-pem", "--from",
                home.file("identity.pem", ICPSignerCLITests.pem), "--pin-file", pin,
            ]).status == 0)
        let account = home.dir.path + "/account.json"
        #expect(try home.signer(["account", "export", from, "--out", account]).status == 0)
        #expect(try home.watch(["account", "import", account]).status == 0)
        return (home, pin)
    }

    /// Builds with the watch, checks the review's text, signs; returns the signer's review text.
    static func buildAndSign(_ home: Home, pin: String, _ arguments: [String], blind: Bool = false, count: Int = 1)
        throws -> String
    {
        let request = home.dir.path + "/request-\(UUID().uuidString).json"
        let built = try home.watch(arguments + ["--out", request])
        #expect(built.status == 0, "\(arguments): \(built.stderr)")
        let requests = try MessageFile.requests(Array(try Data(contentsOf: URL(fileURLWithPath: request))))
        #expect(requests.count == count)
        let inspect = try home.signer(["inspect", request] + (blind ? ["--blind"] : []))
        #expect(inspect.status == 0, "\(inspect.stderr)")
        let out = home.dir.path + "/response-\(UUID().uuidString).json"
        let sign = try home.signer(
            ["sign", request, "--yes", "--pin-file", pin, "--out", out] + (blind ? ["--blind"] : []))
        #expect(sign.status == 0, "\(sign.stderr)")
        let responses = try MessageFile.responses(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(responses.count == count)
        for (response, request) in zip(responses, requests) {
            _ = try ICPFinalizer().finalize(response, for: request)
        }
        return unwrappedReview(inspect.all)
    }

    @Test func neuronStakeIsATransferToItsAccountThenTheClaim() throws {
        let (home, pin) = try Self.setUp()
        let review = try Self.buildAndSign(
            home, pin: pin, ["icp", "neuron", "stake", "--from", Self.from, "--amount", "1.5", "--name", "neuron"],
            count: 2)
        let nonce = try NeuronStake.nonce(name: "neuron")
        let account = try #require(NeuronStake.account(controller: ICPFixtures.sender, nonce: nonce))
        #expect(review.contains("to        \(account.hex)"), "\(review)")
        #expect(
            review.contains("purpose   stake for your neuron with nonce \(nonce): the NNS governance account for it"),
            "\(review)")
        #expect(
            review.contains(
                "summary   Claim or refresh the neuron staked with memo \(nonce) for controller \(Self.from)"),
            "\(review)")
    }

    @Test func neuronManageBuildsOneRequestPerOperation() throws {
        let (home, pin) = try Self.setUp()
        let review = try Self.buildAndSign(
            home, pin: pin,
            [
                "icp", "neuron", "manage", "1234", "--from", Self.from, "--additional-dissolve-delay", "1y",
                "--start-dissolving",
                "--follow", "4", "--followees", "27,28", "--add-hot-key", "2vxsx-fae", "--vote", "130000", "--reject",
            ], count: 5)
        for summary in [
            "Increase the dissolve delay of neuron 1234 by 1 year (31_557_600 s)", "Start dissolving neuron 1234",
            "Set neuron 1234 to follow neuron 27, neuron 28 on Governance (topic 4)",
            "Add hot key 2vxsx-fae (not in your contacts) to neuron 1234",
            "Vote no (reject) on proposal 130000 with neuron 1234",
        ] {
            #expect(review.contains("summary   \(summary)"), "\(summary)\n\(review)")
        }
        let list = try Self.buildAndSign(home, pin: pin, ["icp", "neuron", "list", "--from", Self.from])
        #expect(list.contains("NNS governance: list_neurons"), "\(list)")
    }

    @Test func approveAndTransferFromAreShownAsICRC2() throws {
        let (home, pin) = try Self.setUp()
        let approve = try Self.buildAndSign(
            home, pin: pin,
            [
                "icp", "approve", "--from", Self.from, "--spender", "2vxsx-fae", "--amount", "2.5",
                "--expected-allowance", "0", "--valid-for", "10m",
            ])
        #expect(approve.contains("ICP spending approval (ICRC-2)"), "\(approve)")
        #expect(approve.contains("allowance 2.5 ICP"), "\(approve)")
        #expect(approve.contains("2 expiry windows"), "\(approve)")
        let from = "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.1"
        let take = try Self.buildAndSign(
            home, pin: pin,
            [
                "icp", "transfer-from", "--from", Self.from, "--from-account", from, "--to", Self.from, "--amount",
                "0.001",
            ])
        #expect(take.contains("ICP transfer from an account that approved you (ICRC-2)"), "\(take)")
        #expect(take.contains("taken from \(from)"), "\(take)")
    }

    @Test func callWithCandidTextAndAnInterface() throws {
        let (home, pin) = try Self.setUp()
        // A built-in canister: governance's own interface names everything, no --blind.
        let governance = try Self.buildAndSign(
            home, pin: pin,
            [
                "icp", "call", "--no-consent", "rrkah-fqaaa-aaaaa-aaaaq-cai", "manage_neuron", "--from", Self.from,
                "--args",
                "(record { neuron_id_or_subaccount = opt variant { NeuronId = record { id = 77 } }; command = opt variant { Configure = record { operation = opt variant { StopDissolving = record {} } } } })",
            ])
        #expect(governance.contains("summary   Stop dissolving neuron 77"), "\(governance)")
        // Another canister with --did: the request carries the method's fragment; the signer
        // names the fields from it (labelled) and signs only with --blind.
        let did = home.file(
            "hello.did",
            "type Greeting = record { to : principal; times : nat8 };\nservice : { hello : (Greeting, text) -> (text); other : () -> () }\n"
        )
        let arguments = [
            "icp", "call", "--no-consent", "qoctq-giaaa-aaaaa-aaaea-cai", "hello", "--from", Self.from, "--did", did,
            "--args", "(record { to = principal \"2vxsx-fae\"; times = 3 }, \"hi\")",
        ]
        let request = home.dir.path + "/hello.json"
        #expect(try home.watch(arguments + ["--out", request]).status == 0)
        let stored = try #require(
            try MessageFile.requests(Array(try Data(contentsOf: URL(fileURLWithPath: request)))).first)
        #expect(
            stored.payload["interface"]
                == .string(
                    "type Greeting = record { to : principal; times : nat8 };\nservice : {\n  hello : (Greeting, text) -> (text);\n}\n"
                ))
        let unblind = try home.signer([
            "sign", request, "--yes", "--pin-file", pin, "--out", home.dir.path + "/refused.json",
        ])
        #expect(unblind.status != 0 && unblind.stderr.contains("--blind"), "\(unblind.stderr)")
        let review = try Self.buildAndSign(home, pin: pin, arguments, blind: true)
        #expect(review.contains("Canister call: hello (names from the request)"), "\(review)")
        #expect(
            review.contains("\n    to        2vxsx-fae (not in your contacts)\n    times     3\n  argument 2 \"hi\"\n"),
            "\(review)")
        #expect(review.contains("names     from the request, not signed, not verified"), "\(review)")
    }

    @Test func argumentsThatDoNotTypeCheckAreRefusedWithTheFieldAndType() throws {
        let (home, _) = try Self.setUp()
        let did = home.file(
            "hello.did",
            "type Greeting = record { to : principal; times : nat8 };\nservice : { hello : (Greeting) -> () }\n")
        let out = home.dir.path + "/refused.json"
        let cases: [(String, String)] = [
            ("(record { to = principal \"2vxsx-fae\"; times = 300 })", "times"),
            ("(record { to = \"2vxsx-fae\"; times = 3 })", "principal"),
            ("(record { times = 3 })", "to"),
            ("(record { to = principal \"2vxsx-fae\"; times = 3 }", "--args"),
        ]
        for (text, field) in cases {
            let result = try home.watch([
                "icp", "call", "--no-consent", "qoctq-giaaa-aaaaa-aaaea-cai", "hello", "--from", Self.from, "--did",
                did, "--args",
                text, "--out", out,
            ])
            #expect(result.status == 3, "\(text): \(result.stderr)")
            #expect(result.stderr.contains(field), "\(text): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let missing = try home.watch([
            "icp", "call", "--no-consent", "qoctq-giaaa-aaaaa-aaaea-cai", "bye", "--from", Self.from, "--did", did,
            "--args", "()",
            "--out", out,
        ])
        #expect(missing.status == 3 && missing.stderr.contains("no method bye"), "\(missing.stderr)")
    }
}
