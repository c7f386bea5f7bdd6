import AirsignMessages
import AirsignTestChain
import Foundation
import Testing

/// The built `airsign-signer`: a request for a chain with no module in this build is refused
/// with a clear message and the input-refused exit code, before any PIN is read, and nothing is
/// written; an Ethereum request is shown by `inspect`. (The full flow runs at library level with the test chain: BatchSigningTests.)
@Suite struct SignerCLITests {
    /// A request for a chain that has no module yet (ICP), for the "no chain module" refusals.
    static let noModuleRequest = """
        {"airsign":"sign-request","version":1,"id":"6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10","chain":"cardano","network":"cardano:mainnet",\
        "account":{"address":"0x9858EfFD232B4033E47d90003D41EC34EcaEda94","publicKey":"0x04\(String(repeating: "11", count: 64))"},\
        "payload":{"type":"transaction","transaction":"0x02"}}
        """

    typealias Home = ProgramHome

    @Test func notJSONAndWrongShapesAreRefused() throws {
        let home = Home()
        for (input, message) in [
            ("hello", "not JSON"), ("42", "expected a JSON object"), ("[1]", "message 1: expected a JSON object"),
            ("{\"airsign\":\"sign-request\",\"version\":2}", "version 2 is not supported"),
            (
                Self.noModuleRequest.replacingOccurrences(of: "\"note\"", with: "").dropLast() + ",\"extra\":1}",
                "unknown field \"extra\""
            ),
        ] {
            for command in ["inspect", "sign"] {
                let result = try home.signer([command, "-"], stdin: String(input))
                #expect(result.status == 3, "\(command) \(input): \(result.stderr)")
                #expect(result.stderr.contains(message), "\(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
        }
    }

    @Test func aChainWithoutAModuleIsRefusedByName() throws {
        let home = Home()
        let request = home.file("request.json", Self.noModuleRequest)
        let inspect = try home.signer(["inspect", request])
        #expect(inspect.status == 3)
        #expect(inspect.stderr.contains("airsign-signer: error: no chain module for cardano yet"))
        // Without a keystore, the refusal comes first.
        let bare = try home.signer(["sign", request, "--yes"])
        #expect(bare.status == 3)
        #expect(bare.stderr.contains("no chain module for cardano yet"))

        try home.initialize()
        let out = home.dir.path + "/response.json"
        // The PIN comes from standard input, which must be left unread: nothing gets that far.
        let sign = try home.signer(
            ["sign", request, "--yes", "--pin-file", "-", "--out", out], stdin: "correct horse\n")
        #expect(sign.status == 3)
        #expect(sign.stderr.contains("no chain module for cardano yet"))
        #expect(!sign.stderr.contains("PIN"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// The EIP-155 example transaction (1 ETH to 0x3535…, nonce 9, 20 gwei, chain 1), from the
    /// account of the example's key 0x4646…: a request the Ethereum module can show in full.
    static let ethereumRequest = """
        {"airsign":"sign-request","version":1,"id":"6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10","chain":"ethereum","network":"eip155:1",\
        "account":{"address":"0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F",\
        "publicKey":"0x044bc2a31265153f07e70e0bab08724e6b85e217f8cd628ceb62974247bb493382ce28cab79ad7119ee1ad3ebcdb98a16805211530ecc6cfefa1b88e6dff99232a"},\
        "payload":{"type":"transaction","transaction":"0xec098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080018080"}}
        """

    @Test func inspectShowsAnEthereumTransaction() throws {
        let home = Home()
        let request = home.file("request.json", Self.ethereumRequest)
        let inspect = try home.signer(["inspect", request])
        // The review is shown in full; with no keystore the account cannot be one of the
        // signer's, so inspect then says the request would be refused (the keystore's status).
        #expect(inspect.status == 7, "\(inspect.stderr)")
        #expect(inspect.stderr.contains("no keystore"), "\(inspect.stderr)")
        let shown = inspect.stdout + inspect.stderr
        #expect(shown.contains("Ethereum transaction, legacy (EIP-155)"), "\(shown)")
        #expect(shown.contains("0x3535353535353535353535353535353535353535 (not in your contacts)"), "\(shown)")
        #expect(shown.contains("1 ETH"), "\(shown)")
        #expect(shown.contains("max total cost 1.00042 ETH"), "\(shown)")
        // The same request for another chain id than its transaction is refused.
        let other = home.file(
            "other.json", Self.ethereumRequest.replacingOccurrences(of: "eip155:1\"", with: "eip155:5\""))
        let refused = try home.signer(["inspect", other])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("chain id 1"), "\(refused.stderr)")
    }

    @Test func usageMistakes() throws {
        let home = Home()
        #expect(try home.signer(["sign"]).status == 2)
        #expect(try home.signer(["inspect", "a", "--scan", "b"]).status == 2)
        let missing = try home.signer(["inspect", home.dir.path + "/nope.json"])
        #expect(missing.status == 1)  // an I/O error, naming the file
        #expect(missing.stderr.contains("nope.json"))
    }

    @Test func contacts() throws {
        let home = Home()
        let address = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
        // no signer home yet
        #expect(try home.signer(["contact", "add", "--chain", "ethereum", "Alice", address]).status == 7)
        try home.initialize()
        let added = try home.signer(["contact", "add", "--chain", "ethereum", "Alice", address.lowercased()])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try home.signer(["contact", "add", "--chain", "ethereum", "Alice", address]).status == 3)
        let bad = try home.signer(["contact", "add", "--chain", "stellar", "Bob", "GABC"])
        #expect(bad.status == 3)
        #expect(bad.stderr.contains("is not a valid stellar address"))
        #expect(try home.signer(["contact", "add", "--chain", "bitcoin", "Bob", "x"]).status == 2)
        let list = try home.signer(["contact", "list", "--json"])
        #expect(
            list.stdout
                == "{\"airsign\":\"contacts\",\"contacts\":[{\"address\":\"\(address)\",\"chain\":\"ethereum\",\"name\":\"Alice\"}],\"version\":1}\n"
        )
        #expect(try home.signer(["contact", "remove", "--chain", "ethereum", "Nobody"]).status == 3)
        #expect(try home.signer(["contact", "remove", "--chain", "ethereum", "Alice"]).status == 0)
        #expect(
            try home.signer(["contact", "list", "--json"]).stdout
                == "{\"airsign\":\"contacts\",\"contacts\":[],\"version\":1}\n")
        // A damaged address book is reported by name and left as it is.
        let path = home.signerHome + "/contacts.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data("{oops".utf8))
        let damaged = try home.signer(["contact", "list"])
        #expect(damaged.status == 3)
        #expect(damaged.stderr.contains(path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{oops")
    }
}

extension ProgramHome {
    /// A keystore with the cheapest KDF preset.
    func initialize() throws {
        pin()
        let result = try signer(["init", "--kdf", "interactive", "--pin-file", pinFile])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
