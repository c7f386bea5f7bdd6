import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSignerCLI
import AirsignTestChain
import Foundation
import Testing

/// Issue 18 item 9: an Ethereum account the keystore added for one network does not silently
/// sign for another chain id; it is refused before the PIN, saying how to add the account
/// there. Accounts of the other chains keep signing wherever their requests say.
@Suite struct NetworkBindingTests {
    /// The EIP-155 example key (0x46…46) and its address.
    static let address = "0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F"
    static let publicKey =
        "0x044bc2a31265153f07e70e0bab08724e6b85e217f8cd628ceb62974247bb493382ce28cab79ad7119ee1ad3ebcdb98a16805211530ecc6cfefa1b88e6dff99232a"

    /// `SignerCLITests.ethereumRequest` (1 ETH to 0x3535…, chain id 1) moved to Polygon: the
    /// transaction's chain id and the request's network both say 137, so the review accepts
    /// it; only the account's network can refuse it.
    static let polygonRequest = SignerCLITests.ethereumRequest
        .replacingOccurrences(of: "eip155:1\"", with: "eip155:137\"")
        .replacingOccurrences(
            of: "0xec098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080018080",
            with: "0xed098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008081898080")

    static func ethereum(network: String?, path: String? = "m/44'/60'/0'/0/3", key: String = "main") throws
        -> OwnAccount
    {
        OwnAccount(
            chain: ChainID(Chain.ethereum), address: address, publicKey: try Hex.decode(publicKey), keyName: key,
            path: path, network: network)
    }

    static func review(network: String) throws -> Review {
        let account = try MessageAccount(address: address, publicKey: try Hex.decode(publicKey))
        let request = try SignRequest(
            id: RequestID("6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10"), chain: ChainID(Chain.ethereum), network: network,
            account: account, payload: .object([(key: "type", value: .string("transaction"))]))
        return Review(
            request: request, title: "", lines: [], key: KeyRequirement(account, scheme: .secp256k1), effects: [],
            signing: [SigningItem(label: "transaction", value: TestChain.Signed(signedBytes: [1]))])
    }

    @Test func anAccountSignsOnlyOnTheNetworksItWasAddedFor() throws {
        let mainnet = try Self.ethereum(network: "eip155:1")
        let index = AccountIndex([mainnet], registry: .standard)
        #expect(try index.signer(for: Self.review(network: "eip155:1"), position: 1) == mainnet)
        #expect(
            throws: SignerError.accountNotOnNetwork(
                message: 2, id: "6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10", address: Self.address, network: "eip155:137",
                registered: ["eip155:1"],
                add: "airsign-signer account add main --chain ethereum --network eip155:137 --index 3")
        ) {
            try index.signer(for: Self.review(network: "eip155:137"), position: 2)
        }
        #expect(
            SignerError.accountNotOnNetwork(
                message: 2, id: "6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10", address: Self.address, network: "eip155:137",
                registered: ["eip155:1"], add: "airsign-signer account add main --chain ethereum --network eip155:137"
            )
            .description
                == "request 2 (6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10) is for eip155:137, but the account \(Self.address) is added for eip155:1 only; nothing was signed (to sign on eip155:137 with it, add it there first: airsign-signer account add main --chain ethereum --network eip155:137)"
        )
        // Added for Polygon as well (the same key and index): each network finds its own record.
        let polygon = try Self.ethereum(network: "eip155:137")
        let both = AccountIndex([mainnet, polygon], registry: .standard)
        #expect(try both.signer(for: Self.review(network: "eip155:137"), position: 1) == polygon)
        #expect(try both.signer(for: Self.review(network: "eip155:1"), position: 1) == mainnet)
        // An account recorded without a network (older keystores) is not bound to one.
        let unbound = try Self.ethereum(network: nil)
        #expect(
            try AccountIndex([mainnet, unbound], registry: .standard).signer(
                for: Self.review(network: "eip155:10"), position: 1) == unbound)
    }

    @Test func theOtherChainsAreNotBound() throws {
        // SEP-5's account 0 of the StellarSignerCLITests phrase, added for pubnet, signs testnet.
        let stellar = OwnAccount(
            chain: ChainID(Chain.stellar), address: "GDRXE2BQUC3AZNPVFSCEZ76NJ3WWL25FYFK6RGZGIEKWE4SOOHSUJUJ6",
            publicKey: try StrKey.decodeAccountID("GDRXE2BQUC3AZNPVFSCEZ76NJ3WWL25FYFK6RGZGIEKWE4SOOHSUJUJ6"),
            keyName: "sep5", path: "m/44'/148'/0'", network: "stellar:pubnet")
        let account = try MessageAccount(address: stellar.address, publicKey: stellar.publicKey)
        let request = try SignRequest(
            id: RequestID("6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10"), chain: stellar.chain, network: "stellar:testnet",
            account: account, payload: .object([(key: "type", value: .string("transaction"))]))
        let review = Review(
            request: request, title: "", lines: [], key: KeyRequirement(account, scheme: .ed25519), effects: [],
            signing: [SigningItem(label: "transaction", value: TestChain.Signed(signedBytes: [1]))])
        #expect(try AccountIndex([stellar], registry: .standard).signer(for: review, position: 1) == stellar)
    }

    /// The built signer: an imported Ethereum key is added for mainnet; a request for Polygon is
    /// refused before the PIN (exit 7, nothing written) until the account is added there.
    @Test func theSignerRefusesAnotherChainIdBeforeThePIN() throws {
        let home = SignerCLITests.Home()
        try home.initialize()
        let keyFile = home.file("key", "0x" + String(repeating: "46", count: 32) + "\n")
        chmod(keyFile, 0o600)
        let imported = try home.signer([
            "key", "import", "eip155", "--kind", "ethereum-key", "--from", keyFile, "--pin-file", home.pinFile,
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        let request = home.file("polygon.json", Self.polygonRequest)
        let out = home.dir.path + "/response.json"
        // The PIN would come from standard input, which is left unread: nothing gets that far.
        let refused = try home.signer(
            ["sign", request, "--yes", "--pin-file", "-", "--out", out], stdin: "correct horse\n")
        #expect(refused.status == 7, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "is for eip155:137, but the account \(Self.address) is added for eip155:1 only; nothing was signed (to sign on eip155:137 with it, add it there first: airsign-signer account add eip155 --chain ethereum --network eip155:137)"
            ), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let inspect = try home.signer(["inspect", request])
        #expect(inspect.status == 7)
        #expect(
            inspect.stderr.contains("REFUSED: request 1 (6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10) is for eip155:137"),
            "\(inspect.stderr)")
        // The way forward the message names.
        let added = try home.signer([
            "account", "add", "eip155", "--chain", "ethereum", "--network", "eip155:137", "--pin-file", home.pinFile,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let signed = try home.signer(["sign", request, "--yes", "--pin-file", home.pinFile, "--out", out])
        #expect(signed.status == 0, "\(signed.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("\"network\":\"eip155:137\""))
    }
}
