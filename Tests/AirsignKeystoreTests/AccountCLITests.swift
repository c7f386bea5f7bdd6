import AirsignTestSupport
import Foundation
import Testing

/// `key generate|import` and `account add|list|show|export` on the built airsign-signer, and the
/// export read back by airsign-watch, against published keys and addresses.
@Suite struct AccountCLITests {
    static let abandon = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    static let devPhrase = "bottom drive obey lake curtain smoke basket hold race lonely fit walk"

    static func start() throws -> AccountCLISession {
        let session = try AccountCLISession()
        let result = try session.signer(["init", "--kdf", "interactive"], pin: true)
        #expect(result.status == 0, "\(result.stderr)")
        return session
    }

    @Test func keyImportReadsEveryKindWithItsPublishedAddress() throws {
        let s = try Self.start()
        let imports = try vectorJSON("key_import")
        let accounts = try vectorJSON("accounts")
        let substrate = try vectorJSON("substrate_keys")

        // A phrase from a file: an account on every chain.
        var result = try s.signer(
            ["key", "import", "main", "--kind", "phrase", "--from", s.secretFile("abandon", Self.abandon + "\n")],
            pin: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("0x9858EfFD232B4033E47d90003D41EC34EcaEda94"))
        let main = try s.signerAccounts().filter { $0["key"] as? String == "main" }
        #expect(main.compactMap { $0["chain"] as? String } == ["ethereum", "icp", "stellar", "substrate"])
        #expect(
            main.compactMap { $0["network"] as? String } == [
                "eip155:1", "icp:mainnet", "stellar:pubnet", "polkadot:91b171bb158e2d3848fa23a9f1c25182",
            ])

        // A phrase on standard input (quill's published phrase and principal).
        let icp = try #require(accounts["icp"] as? [String: Any])
        let icpPhrase = try #require(icp["mnemonic"] as? String)
        s.remember(icpPhrase)
        result = try s.signer(
            ["key", "import", "quill", "--kind", "phrase", "--from", "-", "--pin-file", "-"], stdin: icpPhrase + "\n")
        #expect(result.status == 2, "standard input cannot carry both")
        result = try s.signer(
            ["key", "import", "quill", "--kind", "phrase", "--from", "-"], stdin: icpPhrase + "\n", pin: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try s.signerAddresses().contains(try #require(icp["principal"] as? String)))

        // A Stellar S… secret (SEP-5 test 1, account 0).
        let sep5 = try #require((accounts["stellar_sep5"] as? [[String: Any]])?.first)
        let stellar0 = try #require((sep5["accounts"] as? [[String: Any]])?.first)
        result = try s.signer(
            [
                "key", "import", "stellar", "--kind", "stellar-secret",
                "--from", s.secretFile("stellar", try #require(stellar0["secret_seed"] as? String)),
            ], pin: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try s.signerAddresses().contains(try #require(stellar0["account_id"] as? String)))

        // Ethereum hex keys (EIP-155's example key and eth-account's).
        for (n, item) in try #require(imports["ethereum_hex"] as? [[String: Any]]).enumerated() {
            let key = try #require(item["private_key"] as? String)
            result = try s.signer(
                ["key", "import", "eth\(n)", "--kind", "ethereum-key", "--from", s.secretFile("eth\(n)", key + "\n")],
                pin: true)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try s.signerAddresses().contains(try #require(item["address"] as? String)))
        }

        // ICP PEM files: quill's secp256k1 identity and a PKCS#8 Ed25519 key.
        for (n, item) in try #require(imports["icp_pem"] as? [[String: Any]]).enumerated() {
            let pem = try #require(item["pem"] as? String)
            result = try s.signer(
                ["key", "import", "pem\(n)", "--kind", "icp-pem", "--from", s.secretFile("pem\(n)", pem)], pin: true)
            #expect(result.status == 0, "\(result.stderr)")
            let listed = try s.signerAccounts().filter { $0["key"] as? String == "pem\(n)" }
            if let principal = item["principal"] as? String {
                #expect(listed.first?["address"] as? String == principal)
            }
            if let key = item["public_key"] as? String { #expect(listed.first?["publicKey"] as? String == "0x" + key) }
        }
        // A PEM cannot be typed at a one-line prompt.
        result = try s.signer(["key", "import", "pem9", "--kind", "icp-pem"], pin: true)
        #expect(result.status == 3 && result.stderr.contains("--from"))

        // Substrate 0x seeds: the ed25519 and ecdsa //Alice seeds give //Alice's accounts.
        for item in try #require(substrate["dev_accounts"] as? [[String: Any]])
        where item["uri"] as? String == "//Alice" {
            let scheme = try #require(item["scheme"] as? String)
            let seed = "0x" + (try #require(item["seed"] as? String))
            result = try s.signer(
                [
                    "key", "import", "alice-\(scheme)", "--kind", "substrate-seed", "--from",
                    s.secretFile("seed-\(scheme)", seed),
                ], pin: true)
            #expect(result.status == 0, "\(result.stderr)")
            result = try s.signer(
                [
                    "account", "add", "alice-\(scheme)", "--chain", "substrate", "--scheme", scheme, "--network",
                    "westend",
                ], pin: true)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try s.signerAddresses().contains(try #require(item["ss58_42"] as? String)), "\(scheme)")
        }

        // A phrase with a passphrase: for Substrate it is the ///password (published SURI vector).
        result = try s.signer(
            [
                "key", "import", "dev-pw", "--kind", "phrase", "--from", s.secretFile("dev", Self.devPhrase),
                "--passphrase-file", s.secretFile("password", "password\n"),
            ], pin: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("public development phrase"))
        result = try s.signer(["account", "add", "dev-pw", "--chain", "substrate", "--network", "westend"], pin: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try s.signerAddresses().contains("5GC6LfpV352HtJPySfAecb5JdePtf4R9Vq49NUU8RhzgBqgq"))

        // Refusals: a secret of another kind, a taken name, a passphrase for a single key.
        result = try s.signer(
            [
                "key", "import", "bad", "--kind", "ethereum-key", "--from",
                s.secretFile("bad", "SBGWSG6BTNCKCOB3DIFBGCVMUPQFYPA2G4O34RMTB343OYPXU5DJDVMN"),
            ], pin: true)
        #expect(result.status == 3)
        result = try s.signer(
            ["key", "import", "main", "--kind", "phrase", "--from", s.secretFile("again", Self.abandon)], pin: true)
        #expect(result.status == 7)
        result = try s.signer(
            [
                "key", "import", "x", "--kind", "ethereum-key", "--from",
                s.secretFile("x", "0x" + String(repeating: "46", count: 32)),
                "--passphrase-file", s.secretFile("pp", "pp"),
            ], pin: true)
        #expect(result.status == 2)
        result = try s.signer([
            "key", "import", "nopin", "--kind", "phrase", "--from", s.secretFile("nopin", Self.abandon),
        ])
        #expect(result.status == 3, "no terminal for the PIN")
        #expect(try s.signerAccounts().allSatisfy { ($0["key"] as? String) != "nopin" })

        result = try s.signer(["key", "show", "main"])
        #expect(result.status == 0 && result.stderr.contains("kind:     bip39"))
        s.expectNoSecrets()
    }

    @Test func accountAddDerivesEveryChainAtThePublishedAddresses() throws {
        let s = try Self.start()
        let accounts = try vectorJSON("accounts")
        var result = try s.signer(
            ["key", "import", "main", "--kind", "phrase", "--from", s.secretFile("abandon", Self.abandon)], pin: true)
        #expect(result.status == 0, "\(result.stderr)")

        // Ethereum m/44'/60'/0'/0/i for the published indexes.
        let ethereum = try #require(accounts["ethereum"] as? [String: Any])
        for item in try #require(ethereum["accounts"] as? [[String: Any]]).prefix(3) {
            let index = try #require(item["index"] as? Int)
            if index > 0 {
                result = try s.signer(
                    ["account", "add", "main", "--chain", "ethereum", "--index", String(index)], pin: true)
                #expect(result.status == 0, "\(result.stderr)")
            }
            #expect(try s.signerAddresses().contains(try #require(item["address"] as? String)))
        }
        result = try s.signer(["account", "add", "main", "--chain", "ethereum", "--index", "1"], pin: true)
        #expect(result.status == 7 && result.stderr.contains("already has"))
        result = try s.signer(
            ["account", "add", "main", "--chain", "ethereum", "--index", "1", "--network", "sepolia"], pin: true)
        #expect(result.status == 0, "the same address on another network is another account")

        // Stellar SEP-5 m/44'/148'/i'.
        let sep5 = try #require((accounts["stellar_sep5"] as? [[String: Any]])?.first)
        let sepPhrase = try #require(sep5["mnemonic"] as? String)
        result = try s.signer(
            ["key", "import", "sep5", "--kind", "phrase", "--from", s.secretFile("sep5", sepPhrase)], pin: true)
        #expect(result.status == 0)
        for item in try #require(sep5["accounts"] as? [[String: Any]]).prefix(3) {
            let index = try #require(item["index"] as? Int)
            if index > 0 {
                #expect(
                    try s.signer(["account", "add", "sep5", "--chain", "stellar", "--index", String(index)], pin: true)
                        .status == 0)
            }
            #expect(try s.signerAddresses().contains(try #require(item["account_id"] as? String)))
        }

        // ICP m/44'/223'/0'/0/0 from quill's phrase (with its ledger account identifier shown).
        let icp = try #require(accounts["icp"] as? [String: Any])
        result = try s.signer(
            [
                "key", "import", "quill", "--kind", "phrase", "--from",
                s.secretFile("quill", try #require(icp["mnemonic"] as? String)),
            ], pin: true)
        #expect(result.status == 0)
        let principal = try #require(icp["principal"] as? String)
        result = try s.signer(["account", "show", principal])
        let accountID = try #require(icp["account_id"] as? String)
        #expect(result.status == 0 && result.stderr.contains("account id: " + accountID))

        // Substrate: the dev phrase's //Alice in each scheme, on Westend (SS58 42) and Polkadot (0).
        result = try s.signer(
            ["key", "import", "dev", "--kind", "phrase", "--from", s.secretFile("dev", Self.devPhrase)], pin: true)
        #expect(result.status == 0)
        for (arguments, address) in [
            (["--path", "//Alice", "--network", "westend"], "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY"),
            (
                ["--path", "//Alice", "--scheme", "ed25519", "--network", "westend"],
                "5FA9nQDVg267DEd8m1ZypXLBnvN7SFxYwV7ndqSYGiN9TTpu"
            ),
            (["--path", "//Alice", "--scheme", "ecdsa"], "13VAtLwNPFNMpqRJ6yzU4cwe3w4eyS9pDaLVW5DFzdvFwWa"),
            (
                ["--path", "//foo/bar", "--network", "42", "--genesis", "0x" + String(repeating: "5a", count: 32)],
                "5DLU27is5iViNopQb2KxsTyPx6j4vCu8X3sk3j3NNLkPCqKM"
            ),
        ] {
            result = try s.signer(["account", "add", "dev", "--chain", "substrate"] + arguments, pin: true)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(try s.signerAddresses().contains(address), "\(arguments)")
        }
        let custom = try s.signerAccounts().first {
            $0["address"] as? String == "5DLU27is5iViNopQb2KxsTyPx6j4vCu8X3sk3j3NNLkPCqKM"
        }
        #expect(custom?["network"] as? String == "polkadot:" + String(repeating: "5a", count: 16))

        // A ///password is never stored in a path; usage mistakes are exit 2.
        let before = try s.signerAccounts().count
        for arguments in [
            ["--chain", "substrate", "--path", "//Alice///secret"], ["--chain", "ethereum", "--path", "//x"],
            ["--chain", "substrate", "--index", "1"], ["--chain", "substrate", "--network", "7"],
            ["--chain", "stellar", "--network", "kusama"],
        ] {
            result = try s.signer(["account", "add", "dev"] + arguments, pin: true)
            #expect(result.status == 2, "\(arguments)")
        }
        // A wrong PIN changes nothing.
        result = try s.signer([
            "account", "add", "dev", "--chain", "stellar", "--pin-file", pinFile(s.dir, "in/wrong", "wrong PIN 000"),
        ])
        #expect(result.status == 4)
        #expect(try s.signerAccounts().count == before)
        let keyFile = try String(contentsOfFile: s.dir.home + "/keys/dev.json", encoding: .utf8)
        #expect(!keyFile.contains("///") && !keyFile.contains("secret"))
        s.expectNoSecrets()
    }

    @Test func exportedAccountsReadBackOnTheWatch() throws {
        let s = try Self.start()
        var result = try s.signer(
            ["key", "import", "main", "--kind", "phrase", "--from", s.secretFile("abandon", Self.abandon)], pin: true)
        #expect(result.status == 0)
        result = try s.signer(["account", "add", "main", "--chain", "substrate", "--path", "//Alice"], pin: true)
        #expect(result.status == 0)

        let file = s.outDirectory + "/main.accounts"
        result = try s.signer(["account", "export", "main", "--out", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        result = try s.watch(["account", "import", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "Imported:").count == 6)

        // The watch lists the same addresses and public keys the signer holds.
        let signed = try s.signerAccounts().map {
            "\($0["address"] ?? "") \($0["publicKey"] ?? "") \($0["network"] ?? "")"
        }
        result = try s.watch(["account", "list", "--json"])
        #expect(result.status == 0)
        let watched = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(
            Set(watched.map { "\($0["address"] ?? "") \($0["publicKey"] ?? "") \($0["network"] ?? "")" }) == Set(signed)
        )
        #expect(watched.allSatisfy { $0["airsign"] as? String == "account" && $0["name"] as? String == "main" })

        result = try s.watch(["account", "show", "0x9858effd232b4033e47d90003d41ec34ecaeda94"])
        #expect(result.status == 0 && result.stderr.contains("path:       m/44'/60'/0'/0/0"))
        result = try s.watch(["account", "show", "0x0000000000000000000000000000000000000000"])
        #expect(result.status == 3)

        // One account on standard output, and as a QR code scanned back.
        result = try s.signer(["account", "export", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"])
        #expect(result.status == 0 && result.stdout.hasPrefix(#"{"airsign":"account","version":1,"chain":"ethereum""#))
        let one = result.stdout
        let png = s.outDirectory + "/alice.png"
        result = try s.signer(["account", "export", "16eoG4rmW1wVm6RMMMcEyJ6qhxTS9XBdoABhFhib9mfdeWdL", "--qr", png])
        #expect(result.status == 0, "\(result.stderr)")
        result = try s.watch(["account", "import", "--scan", png])
        #expect(
            result.status == 0
                && result.stderr.contains(
                    "Already imported: substrate 16eoG4rmW1wVm6RMMMcEyJ6qhxTS9XBdoABhFhib9mfdeWdL"),
            "\(result.stderr)")

        // `account show --qr` on either side is a receive code: the address itself.
        for name in ["signer", "watch"] {
            let receive = s.outDirectory + "/receive-\(name).png"
            let show = ["account", "show", "16eoG4rmW1wVm6RMMMcEyJ6qhxTS9XBdoABhFhib9mfdeWdL", "--qr", receive]
            result = name == "signer" ? try s.signer(show) : try s.watch(show)
            #expect(result.status == 0, "\(result.stderr)")
            result = try s.watch(["qr", "decode", "--scan", receive, "--out", "-"])
            #expect(
                result.status == 0 && result.stdout == "16eoG4rmW1wVm6RMMMcEyJ6qhxTS9XBdoABhFhib9mfdeWdL",
                "\(name): \(result.stdout)")
        }
        // A key name matches several addresses; a receive code holds one.
        result = try s.signer(["account", "show", "main", "--qr", s.outDirectory + "/many.png"])
        #expect(result.status == 3 && result.stderr.contains("a receive QR code holds one"), "\(result.stderr)")

        // Tampered descriptors are refused and nothing is stored.
        let other = "0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0"
        for tampered in [
            one.replacingOccurrences(of: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", with: other),
            one.replacingOccurrences(of: #""version":1"#, with: #""version":1,"extra":true"#),
            one.replacingOccurrences(of: "eip155:1", with: "eip155:5")
                .replacingOccurrences(of: "m/44'/60'/0'/0/0", with: "m/44'/60'/0'/0/1"),
        ] {
            result = try s.watch(["account", "import", "-"], stdin: tampered)
            #expect(result.status == 3, "\(result.stderr)")
            #expect(result.stderr.contains("account descriptor field"))
        }
        result = try s.watch(["account", "show", other])
        #expect(result.status == 3)

        // A damaged store file is named, and left as it is.
        let stored = s.watchHome + "/accounts/eip155-1_0x9858EfFD232B4033E47d90003D41EC34EcaEda94.json"
        try Data("{\"airsign\":".utf8).write(to: URL(fileURLWithPath: stored))
        result = try s.watch(["account", "list"])
        #expect(result.status == 5 && result.stderr.contains(stored))
        result = try s.watch(["account", "import", file])
        #expect(result.status == 5)
        #expect(try String(contentsOfFile: stored, encoding: .utf8) == "{\"airsign\":")
        s.expectNoSecrets()
    }

    @Test func generateWritesThePhraseOnlyWhereAsked() throws {
        let s = try Self.start()
        // No terminal: the phrase cannot be shown, so nothing happens.
        var result = try s.signer(["key", "generate", "g"], pin: true)
        #expect(result.status == 3 && result.stderr.contains("--phrase-out"))
        result = try s.signer(["key", "generate", "g", "--skip-verify"], pin: true)
        #expect(result.status == 3)
        result = try s.signer(["key", "generate", "g", "--phrase-out", s.dir.path + "/in/p"], pin: true)
        #expect(result.status == 2)
        result = try s.signer(
            ["key", "generate", "g", "--words", "13", "--skip-verify", "--phrase-out", s.dir.path + "/in/p"], pin: true)
        #expect(result.status == 2)

        let phraseFile = s.dir.path + "/in/phrase.txt"
        result = try s.signer(
            ["key", "generate", "g", "--words", "12", "--skip-verify", "--phrase-out", phraseFile], pin: true)
        #expect(result.status == 0, "\(result.stderr)")
        let phrase = try String(contentsOfFile: phraseFile, encoding: .utf8)
        s.remember(phrase)
        #expect(phrase.hasSuffix("\n") && phrase.split(separator: " ").count == 12)
        let mode = try FileManager.default.attributesOfItem(atPath: phraseFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let generated = try s.signerAccounts().filter { $0["key"] as? String == "g" }
        #expect(generated.count == 4)

        // The file is never overwritten.
        result = try s.signer(["key", "generate", "h", "--skip-verify", "--phrase-out", phraseFile], pin: true)
        #expect(result.status == 3 && result.stderr.contains("exists"))
        #expect(try String(contentsOfFile: phraseFile, encoding: .utf8) == phrase)

        // The phrase is the key: imported elsewhere it gives the same accounts.
        let again = try s.signer(["key", "import", "g2", "--kind", "phrase", "--from", phraseFile], pin: true)
        #expect(again.status == 0)
        let reimported = try s.signerAccounts().filter { $0["key"] as? String == "g2" }
        #expect(reimported.map { $0["address"] as? String } == generated.map { $0["address"] as? String })
        // And its payload is the entropy, not the words: the key file has neither.
        let keyFile = try String(contentsOfFile: s.dir.home + "/keys/g.json", encoding: .utf8)
        #expect(!keyFile.contains(String(phrase.split(separator: " ")[0]) + " "))
        s.expectNoSecrets()
    }
}
