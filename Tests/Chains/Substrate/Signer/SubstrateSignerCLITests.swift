import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignTestChain
import AirsignTestSupport
import Foundation
import Testing

/// The built `airsign-signer` with a Substrate key: a bare SignerPayloadJSON and a sign request
/// are reviewed, signed and answered; a refused payload stops before the PIN with nothing written.
@Suite struct SubstrateSignerCLITests {
    typealias F = SubstrateFixtures
    /// The development phrase's mini-secret (substrate-bip39), imported as a seed.
    static let devSeed = "0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e"

    typealias Home = ProgramHome

    @Test(arguments: [KeyScheme.sr25519, .ed25519, .secp256k1])
    func signsABareSignerPayload(_ scheme: KeyScheme) throws {
        let home = Home()
        try home.withAlice()
        let key = try F.key("//Alice", scheme)
        let account = try F.account(key)
        let payload = F.payloadJSON(account, method: try F.transferCall())
        let input = home.file("payload.json", JSONSerializer().serialize(payload))
        let out = home.dir.path + "/response.json"
        let result = try home.signer(["sign", input, "--yes", "--pin-file", home.pinFile, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Balances.transfer_keep_alive"), "\(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let response = try SignResponse.parse(try JSONParser().parse(Array(text.utf8)))
        let signature = try MultiSignature(decoding: testBytes(try #require(response.signatures.first)))
        let built = try SigningPayload(trusting: try SignerPayload(json: payload))
        #expect(try SubstrateSigning.isValid(signature, message: built.bytes, publicKey: account.publicKey))
        guard case let .string(extrinsic)? = response.result?["extrinsic"] else {
            Issue.record("no extrinsic in \(text)")
            return
        }
        #expect(extrinsic.hasPrefix("0x"))
    }

    @Test func refusalsComeBeforeThePIN() throws {
        let home = Home()
        try home.withAlice()
        let account = try F.account(try F.key("//Alice", .sr25519))
        let out = home.dir.path + "/response.json"
        let unknown = F.payloadJSON(
            account, method: try F.transferCall(), extensions: F.polkadotExtensions + ["CheckSomethingElse"])
        let request = try F.request(
            account, payload: F.payloadJSON(account, method: try F.transferCall()),
            network: "polkadot:b0a8d493285c2df73290dfb7e61f870f")
        // The issue's attack: ChargeTransactionPayment moved before CheckNonce in the watch's output.
        var reordered = F.polkadotExtensions
        reordered.swapAt(5, 7)
        let attack = F.payloadJSON(account, method: try F.transferCall(), extensions: reordered)
        for (input, message) in [
            (JSONSerializer().serialize(unknown), "CheckSomethingElse"),
            (JSONSerializer().serialize(request.json), "genesisHash"),
            (JSONSerializer().serialize(try F.request(account, payload: attack).json), "but Polkadot's runtime"),
        ] {
            let result = try home.signer(["sign", "-", "--yes", "--out", out, "--pin-file", "-"], stdin: input)
            #expect(result.status == 3, "\(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    /// A bare SignerPayloadJSON that does not decode, or is for an account not held, is input
    /// refused (3), like a sign request, not an internal failure (1).
    @Test func bareFileRefusalsAreExitThree() throws {
        let home = Home()
        try home.withAlice()
        let alice = try F.account(try F.key("//Alice", .sr25519))
        let bob = try F.account(try F.key("//Bob", .sr25519))
        guard case var .object(members) = F.payloadJSON(alice, method: try F.transferCall()) else { return }
        members.removeAll { $0.key == "blockHash" }
        members.append((key: "blockHash", value: .string("0x12")))
        let out = home.dir.path + "/response.json"
        for (payload, message) in [
            (JSONValue.object(members), "blockHash is 1 bytes, not 32"),
            (F.payloadJSON(bob, method: try F.transferCall()), "is not one of your accounts"),
        ] {
            let input = home.file("payload.json", JSONSerializer().serialize(payload))
            let result = try home.signer(["sign", input, "--yes", "--pin-file", home.pinFile, "--out", out])
            #expect(result.status == 3, "\(result.stderr)")
            #expect(
                result.stderr.contains(message)
                    && result.stderr.hasPrefix("airsign-signer: error: field \"SignerPayloadJSON\": "),
                "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}

extension ProgramHome {
    /// A keystore holding the dev seed with //Alice in all three schemes.
    func withAlice() throws {
        pin()
        let seed = file("seed", SubstrateSignerCLITests.devSeed + "\n")
        for arguments in [
            ["init", "--kdf", "interactive", "--pin-file", pinFile],
            ["key", "import", "dev", "--kind", "substrate-seed", "--from", seed, "--pin-file", pinFile],
            ["account", "add", "dev", "--chain", "substrate", "--path", "//Alice", "--pin-file", pinFile],
            [
                "account", "add", "dev", "--chain", "substrate", "--scheme", "ed25519", "--path", "//Alice",
                "--pin-file", pinFile,
            ],
            [
                "account", "add", "dev", "--chain", "substrate", "--scheme", "ecdsa", "--path", "//Alice", "--pin-file",
                pinFile,
            ],
        ] {
            let result = try signer(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }
}
