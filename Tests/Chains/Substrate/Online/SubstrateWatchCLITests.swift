import AirsignEncoding
import AirsignMessages
import AirsignSubstrate
import AirsignTestChain
import AirsignTestSupport
import Foundation
import Testing

/// The built `airsign-watch substrate transfer|call` without a node: the SignerPayloadJSON it
/// issues, and its refusals (exit 3 or 2, nothing written). The --rpc path runs against the
/// fixture node in Tests/interop/substrate/test_substrate_node.py.
@Suite struct SubstrateWatchCLITests {
    typealias F = SubstrateFixtures
    static let alice = "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5"
    static let bob = "14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3"
    static let checkpoint = "0x" + String(repeating: "22", count: 32)

    /// A watch holding //Alice (sr25519, Polkadot) as exported by the signer.
    static func watchWithAlice() throws -> ProgramHome {
        let home = ProgramHome()
        try home.withAlice()
        let exported = try home.signer(["account", "export", "dev", "--out", home.dir.path + "/accounts.json"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let imported = try home.watch(["account", "import", home.dir.path + "/accounts.json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        return home
    }

    static func watch(_ home: ProgramHome, _ arguments: [String]) throws -> ProgramRun.Result {
        try home.watch(arguments)
    }

    static let polkadot = [
        "--network", "polkadot", "--spec-version", "1002005", "--tx-version", "26", "--nonce", "9",
        "--block-hash", checkpoint, "--block-number", "1000",
    ]

    @Test func transferRequestIsTheExpectedSignerPayload() throws {
        let home = try Self.watchWithAlice()
        let out = home.dir.path + "/request.json"
        let result = try Self.watch(
            home,
            [
                "substrate", "transfer", "--from", Self.alice, "--to", Self.bob, "--amount", "2.5", "--tip", "0.01",
                "--out", out,
            ] + Self.polkadot)
        #expect(result.status == 0, "\(result.stderr)")
        let request = try SignRequest.parse(
            try JSONParser().parse(Array(try String(contentsOfFile: out, encoding: .utf8).utf8)))
        #expect(request.network == F.polkadotNetwork)
        let payload = try #require(request.payload["signerPayload"])
        let expected = """
            {"address":"15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5","assetId":null,\
            "blockHash":"0x2222222222222222222222222222222222222222222222222222222222222222","blockNumber":"0x000003e8",\
            "era":"0x8502","genesisHash":"0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3","metadataHash":null,\
            "method":"0x0503008eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a480700ba1dd205",\
            "mode":0,"nonce":"0x00000009","signedExtensions":["CheckNonZeroSender","CheckSpecVersion","CheckTxVersion","CheckGenesis",\
            "CheckMortality","CheckNonce","CheckWeight","ChargeTransactionPayment","PrevalidateAttests","CheckMetadataHash"],\
            "specVersion":"0x000f4a15","tip":"0x00000000000000000000000005f5e100","transactionVersion":"0x0000001a","version":4,\
            "withSignedTransaction":true}
            """
        #expect(JSONSerializer().serialize(payload) == expected)
        // Era 64 from block 1000: phase 1000 % 64 = 40 → (40 << 4) | 5 = 0x0285, little-endian 85 02;
        // 2.5 DOT = 25_000_000_000 = compact 07 00ba1dd205; tip 0.01 DOT = 100_000_000.
        #expect(try SignerPayload(json: payload).era == .mortal(period: 64, phase: 40))
    }

    @Test func transferAllAndAllowDeathAndCall() throws {
        let home = try Self.watchWithAlice()
        for (extra, method) in [
            (["--all", "--keep-alive"], "0x0504008eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a4801"),
            (
                ["--allow-death", "--amount", "1"],
                "0x0500008eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a480700e40b5402"
            ),
        ] {
            let out = home.dir.path + "/r.json"
            let result = try Self.watch(
                home,
                ["substrate", "transfer", "--from", Self.alice, "--to", Self.bob, "--out", out] + extra + Self.polkadot)
            #expect(result.status == 0, "\(result.stderr)")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.contains("\"method\":\"\(method)\""), "\(text)")
        }
        let out = home.dir.path + "/call.json"
        let call = try Self.watch(
            home,
            ["substrate", "call", "--from", Self.alice, "--call", "0x0000081234", "--immortal", "--out", out]
                + Self.polkadot.prefix(8))
        #expect(call.status == 0, "\(call.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("\"era\":\"0x00\""))
    }

    /// A known genesis hash given alone names its network: SS58 prefix, decimals and call table.
    @Test func genesisAloneNamesAKnownNetwork() throws {
        let home = try Self.watchWithAlice()
        let out = home.dir.path + "/request.json"
        let arguments = Self.polkadot.map {
            $0 == "--network" ? "--genesis" : $0 == "polkadot" ? F.polkadotGenesis : $0
        }
        let result = try Self.watch(
            home,
            ["substrate", "transfer", "--from", Self.alice, "--to", Self.bob, "--amount", "1", "--out", out] + arguments
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("\"method\":\"0x050300"), "\(result.stderr)")
    }

    /// For a runtime in the signer's table the watch builds the table's list and call indices:
    /// Kusama 1002006 has Balances at 4 and no PrevalidateAttests.
    @Test func knownRuntimeUsesTheSignersTable() throws {
        let home = try Self.watchWithAlice()
        let out = home.dir.path + "/request.json"
        let kusama = [
            "--network", "kusama", "--spec-version", "1002006", "--tx-version", "26", "--nonce", "1", "--immortal",
        ]
        let result = try Self.watch(
            home,
            ["substrate", "transfer", "--from", Self.alice, "--to", Self.bob, "--amount", "1", "--out", out] + kusama)
        #expect(result.status == 0, "\(result.stderr)")
        let request = try SignRequest.parse(
            try JSONParser().parse(Array(try String(contentsOfFile: out, encoding: .utf8).utf8)))
        let payload = try SignerPayload(json: try #require(request.payload["signerPayload"]))
        #expect(payload.signedExtensions == RuntimeTable.kusamaExtensions)
        #expect(payload.method.prefix(2) == [4, 3])
    }

    @Test func refusalsWriteNothing() throws {
        let home = try Self.watchWithAlice()
        let out = home.dir.path + "/request.json"
        let base = ["substrate", "transfer", "--from", Self.alice, "--to", Self.bob, "--out", out]
        let cases: [([String], Int32, String)] = [
            (
                base + ["--amount", "1"] + Self.polkadot.map { $0 == "polkadot" ? "moonbase" : $0 }, 3,
                "--network moonbase is unknown"
            ),
            (base + ["--amount", "1.00000000001"] + Self.polkadot, 3, "more than 10 decimal places"),
            (
                base + [
                    "--amount", "1", "--genesis", "0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe",
                ] + Self.polkadot, 3,
                "is not Polkadot's genesis hash"
            ),
            (base + ["--amount", "x"] + Self.polkadot, 3, "not a decimal amount"),
            (
                base + [
                    "--amount", "1", "--network", "kusama", "--spec-version", "1", "--tx-version", "1", "--nonce", "0",
                    "--immortal",
                ], 3,
                "no built-in call indices"
            ),
            (
                base + [
                    "--amount", "1", "--network", "polkadot", "--spec-version", "1002005", "--tx-version", "26",
                    "--immortal",
                ], 3, "--nonce is needed"
            ),
            (
                ["substrate", "transfer", "--from", Self.bob, "--to", Self.alice, "--amount", "1", "--out", out]
                    + Self.polkadot, 3, "no watch-only account"
            ),
            (
                ["substrate", "transfer", "--from", Self.alice, "--to", "5Nope", "--amount", "1", "--out", out]
                    + Self.polkadot, 3, "--to 5Nope is not an SS58 address"
            ),
            (base + ["--all", "--amount", "1"] + Self.polkadot, 2, "--all takes no --amount"),
            (base + ["--amount", "1", "--immortal"] + Self.polkadot, 2, "--immortal takes no --block-hash"),
            (
                ["substrate", "call", "--from", Self.alice, "--call", "0xzz", "--out", out] + Self.polkadot, 2,
                "--call is 0x"
            ),
            (
                [
                    "substrate", "call", "--from", Self.alice, "--call", "0x0000", "--extensions", "CheckNonce",
                    "CheckNew", "--out", out,
                ] + Self.polkadot, 3,
                "CheckNew"
            ),
        ]
        for (arguments, status, message) in cases {
            let result = try Self.watch(home, arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(arguments)")
        }
        // Nothing was stored as issued either.
        let list = try Self.watch(home, ["requests", "list", "--json"])
        #expect(
            list.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || list.stdout.contains("[]"),
            "\(list.stdout)")
    }
}
