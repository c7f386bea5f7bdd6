import AirsignEncoding
import AirsignICPOnline
import AirsignKeys
import AirsignMessages
import AirsignTestChain
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignICP

/// The signer binary with ICP requests: quill's test identity imported from its PEM, a ledger
/// transfer inspected, signed and checked, bad requests refused with nothing written. The
/// binary reads the real clock, so these requests expire a few minutes from now.
@Suite struct ICPSignerCLITests {
    static let pem = """
        -----BEGIN EC PRIVATE KEY-----
        MHQCAQEEIJuWMc4BX7LWlt0H384ByBfXIlE5TIRYDQ3VsMH0D5QhoAcGBSuBBAAK
        oUQDQgAEy7NOO4Y3IKw5bhaqYbWJUdb8jQFIKhS/2gyvtZLNEIABSBQATvpbB3/d
        vIBXddEaiMrQBLHAJ9aOZ2WumQFyqw==
        -----END EC PRIVATE KEY-----

        """

    typealias Home = ProgramHome

    static func requestFile(
        _ home: Home, _ name: String, expiresIn seconds: Int64, sender: Principal = ICPFixtures.sender,
        arg: [UInt8] = ICPFixtures.transferArg
    ) throws -> String {
        let expiry = UInt64(Int64(Date().timeIntervalSince1970) + seconds) * ICPTime.nanosPerSecond
        let request = try ICPFixtures.request([ICPFixtures.call(arg: arg, sender: sender, expiry: expiry)])
        return home.file(name, String(decoding: MessageFile.serialize([request]), as: UTF8.self))
    }

    @Test func importsQuillsPEMAndSignsATransfer() throws {
        let home = Home()
        let pin = home.file("pin", "correct horse\n")
        #expect(try home.signer(["init", "--kdf", "interactive", "--pin-file", pin]).status == 0)
        let imported = try home.signer([
            "key", "import", "quill", "--kind", "icp-pem", "--from", home.file("identity.pem", Self.pem), "--pin-file",
            pin,
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.all.contains(ICPFixtures.principalText), "\(imported.all)")

        let request = try Self.requestFile(home, "request.json", expiresIn: 240)
        let inspect = try home.signer(["inspect", request])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.all.contains("ICP transfer (ledger transfer)"))
        #expect(inspect.all.contains("0.000123 ICP"))
        #expect(
            unwrappedReview(inspect.all).contains(
                "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752 (your account"), "\(inspect.all)")

        let out = home.dir.path + "/response.json"
        let sign = try home.signer(["sign", request, "--yes", "--pin-file", pin, "--out", out])
        #expect(sign.status == 0, "\(sign.stderr)")
        let responses = try MessageFile.responses(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        let response = try #require(responses.first)
        let stored = try MessageFile.requests(Array(try Data(contentsOf: URL(fileURLWithPath: request))))
        let finalized = try ICPFinalizer().finalize(response, for: try #require(stored.first))
        #expect(finalized.response.result == response.result)
        let messages = try QuillMessage.parseArray(try #require(response.result))
        #expect(messages.count == 1)
    }

    @Test func refusesBadRequestsAndWritesNothing() throws {
        let home = Home()
        let pin = home.file("pin", "correct horse\n")
        #expect(try home.signer(["init", "--kdf", "interactive", "--pin-file", pin]).status == 0)
        #expect(
            try home.signer([
                "key", "import", "quill", "--kind", "icp-pem", "--from", home.file("identity.pem", Self.pem),
                "--pin-file", pin,
            ]).status == 0)
        let other = try Principal(text: "pnf55-r7gzn-s3oqn-ah2v7-r6b63-a2ma2-wyzhb-dzbwb-sghid-lzcxh-4ae")
        let cases: [(String, String)] = [
            (try Self.requestFile(home, "expired.json", expiresIn: -10), "the request expired at"),
            (
                try Self.requestFile(home, "sender.json", expiresIn: 240, sender: other),
                "is not the signing key's principal"
            ),
            (
                try Self.requestFile(home, "candid.json", expiresIn: 240, arg: [0x44, 0x49, 0x44, 0x4c, 0x00]),
                "Candid, at byte 5"
            ),
        ]
        for (request, reason) in cases {
            let out = home.dir.path + "/out.json"
            let sign = try home.signer(["sign", request, "--yes", "--pin-file", pin, "--out", out])
            #expect(sign.status == 3, "\(sign.stderr)")
            #expect(sign.stderr.contains(reason), "\(sign.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    /// watch builds → signer signs → watch finalizes, for a one-hour series of windows.
    @Test func watchBuildsSignerSignsWatchFinalizes() throws {
        let home = Home()
        let pin = home.file("pin", "correct horse\n")
        #expect(try home.signer(["init", "--kdf", "interactive", "--pin-file", pin]).status == 0)
        #expect(
            try home.signer([
                "key", "import", "quill", "--kind", "icp-pem", "--from", home.file("identity.pem", Self.pem),
                "--pin-file", pin,
            ]).status == 0)
        let account = home.dir.path + "/account.json"
        #expect(try home.signer(["account", "export", ICPFixtures.principalText, "--out", account]).status == 0)
        #expect(try home.watch(["account", "import", account]).status == 0)

        let from = ICPFixtures.principalText
        let request = home.dir.path + "/request.json"
        let built = try home.watch([
            "icp", "transfer", "--from", from, "--to", "2vxsx-fae", "--amount", "0.5", "--valid-for", "1h", "--out",
            request,
        ])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(
            built.stderr.contains(
                "Transfer of 0.5 ICP to 2vxsx-fae: icrc1_transfer on ryjl3-tyaaa-aaaaa-aaaba-cai, 12 expiry windows"),
            "\(built.stderr)")
        let inspect = try home.signer(["inspect", request])
        #expect(inspect.all.contains("12 expiry windows"), "\(inspect.all)")
        #expect(inspect.all.contains("0.5 ICP"))
        let response = home.dir.path + "/response.json"
        #expect(try home.signer(["sign", request, "--yes", "--pin-file", pin, "--out", response]).status == 0)
        let final = home.dir.path + "/final.json"
        let finalized = try home.watch(["finalize", response, "--out", final])
        #expect(finalized.status == 0, "\(finalized.stderr)")
        let messages = try QuillMessage.parseArray(
            try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: final)))))
        #expect(messages.count == 12)

        // Refusals: nothing written.
        let out = home.dir.path + "/refused.json"
        let refusals: [([String], String)] = [
            (
                [
                    "icp", "call", "--no-consent", "--from", from, "--canister", "rrkah-fqaaa-aaaaa-aaaaq-cai",
                    "--method",
                    "manage_neuron", "--arg-hex", "4449444c0000",
                    "--valid-for", "1h", "--out", out,
                ], "--valid-for is only for ledger transfers"
            ),
            (
                [
                    "icp", "transfer", "--from", from, "--to",
                    "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866753", "--amount", "1", "--out", out,
                ],
                "checksum"
            ),
            (
                [
                    "icp", "transfer", "--from", from, "--to", "2vxsx-fae", "--amount", "1", "--valid-for", "24h",
                    "--out", out,
                ], "at most 23h"
            ),
            (
                [
                    "icp", "call", "--no-consent", "--from", from, "--canister", "rrkah-fqaaa-aaaaa-aaaaq-cai",
                    "--method", "x",
                    "--arg-hex", "4449444c00", "--out", out,
                ],
                "Candid"
            ),
            (
                ["icp", "transfer", "--from", "2vxsx-fae", "--to", "2vxsx-fae", "--amount", "1", "--out", out],
                "no watch-only account"
            ),
        ]
        for (arguments, reason) in refusals {
            let result = try home.watch(arguments)
            #expect(result.status == 3, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        // A call the signer cannot interpret is issued, then signed only with --blind.
        let call = home.dir.path + "/call.json"
        #expect(
            try home.watch([
                "icp", "call", "--no-consent", "--from", from, "--canister", "qoctq-giaaa-aaaaa-aaaea-cai", "--method",
                "get_neuron_ids",
                "--arg-hex", "4449444c0000", "--out", call,
            ]).status == 0)
        let unblind = try home.signer(["sign", call, "--yes", "--pin-file", pin, "--out", out])
        #expect(unblind.status != 0 && !FileManager.default.fileExists(atPath: out), "\(unblind.stderr)")
        #expect(try home.signer(["sign", call, "--yes", "--blind", "--pin-file", pin, "--out", out]).status == 0)
    }
}
