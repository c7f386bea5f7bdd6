import AirsignCrypto
import AirsignEncoding
import AirsignStellar
import AirsignTestChain
import AirsignTestSupport
import Foundation
import Testing

/// The built `airsign-signer` with Stellar input: a bare envelope (with `--network`) and a SEP-7
/// URI are inspected and signed from a keystore holding SEP-5's first test
/// phrase; bad input is refused with exit status 3 before the PIN, and nothing is written.
@Suite struct StellarSignerCLITests {
    /// SEP-5 test 1 (stellar-protocol ecosystem/sep-0005.md) and its account 0.
    static let phrase = "illness spike retreat truth genius clock brain pass fit cave bargain toe"
    static let account0 = "GDRXE2BQUC3AZNPVFSCEZ76NJ3WWL25FYFK6RGZGIEKWE4SOOHSUJUJ6"
    static let destination = "GBAW5XGWORWVFE2XTJYDTLDHXTY2Q2MO73HYCGB3XMFMQ562Q2W2GJQX"

    typealias Home = SignerCLITests.Home

    /// A keystore holding the phrase as key "sep5".
    static func keystore() throws -> Home {
        let home = Home()
        try home.initialize()
        let phraseFile = home.file("phrase", phrase + "\n")
        chmod(phraseFile, 0o600)
        let imported = try home.signer([
            "key", "import", "sep5", "--kind", "phrase", "--from", phraseFile, "--pin-file", home.pinFile,
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        return home
    }

    /// 10 XLM from account 0 to account 1 of the phrase, sequence 103, fee 100, memo id 42.
    static func envelope() throws -> TransactionEnvelope {
        let tx = Transaction(
            source: try MuxedAccount(account0), fee: 100, sequence: 103,
            preconditions: .time(TimeBounds(minTime: 0, maxTime: 4_102_444_800)),
            memo: .id(42),
            operations: [
                Operation(
                    body: .payment(destination: try MuxedAccount(destination), asset: .native, amount: 100_000_000))
            ])
        return .v1(tx, signatures: [])
    }

    @Test func bareEnvelopeIsInspectedAndSignedWithANetwork() throws {
        let home = try Self.keystore()
        let input = home.file("tx.b64", try Self.envelope().base64() + "\n")
        let noNetwork = try home.signer(["inspect", input])
        #expect(noNetwork.status == 3)
        #expect(noNetwork.stderr.contains("does not name its network: give --network"), "\(noNetwork.stderr)")

        let inspect = try home.signer(["inspect", input, "--network", "testnet"])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stderr.contains("Stellar transaction"))
        #expect(unwrappedReview(inspect.stderr).contains("pay 10 XLM to \(Self.destination)"), "\(inspect.stderr)")
        #expect(
            unwrappedReview(inspect.stderr).contains("to        \(Self.destination) (not in your contacts)"),
            "\(inspect.stderr)")
        #expect(inspect.stderr.contains("memo      id 42"), "\(inspect.stderr)")

        let out = home.dir.path + "/response.json"
        let sign = try home.signer([
            "sign", input, "--network", "testnet", "--yes", "--pin-file", home.pinFile, "--out", out,
        ])
        #expect(sign.status == 0, "\(sign.stderr)")
        let response =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        let result = try #require(response?["result"] as? [String: Any])
        #expect(response?["network"] as? String == "stellar:testnet")
        let signed = try TransactionEnvelope(base64: try #require(result["envelope"] as? String))
        let signature = try #require(signed.signatures.first)
        #expect(signed.signatures.count == 1)
        #expect(try signed.verify(signature, publicKey: StrKey.decodeAccountID(Self.account0), network: .testnet))
        #expect(try !signed.verify(signature, publicKey: StrKey.decodeAccountID(Self.account0), network: .public))
        #expect(result["hash"] as? String == Hex.encode(try Self.envelope().hash(network: .testnet)))

        // Signing the signed envelope again with the same key is refused before the PIN.
        let again = home.file("signed.b64", try signed.base64())
        let refused = try home.signer(
            ["sign", again, "--network", "testnet", "--yes", "--pin-file", "-"], stdin: "correct horse\n")
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("has already signed this transaction"), "\(refused.stderr)")
    }

    @Test func sep7URICarriesItsNetwork() throws {
        let home = try Self.keystore()
        let uri = try SEP7TransactionRequest(
            envelope: Self.envelope(), networkPassphrase: StellarNetwork.testnet.passphrase, message: "rent"
        ).uri()
        let input = home.file("tx.uri", uri)
        let inspect = try home.signer(["inspect", input])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stderr.contains("network   stellar:testnet"), "\(inspect.stderr)")
        #expect(
            inspect.stderr.contains("SEP-7 request, message \\\"rent\\\"")
                || inspect.stderr.contains("SEP-7 request, message \"rent\""), "\(inspect.stderr)")
        let mismatch = try home.signer(["inspect", input, "--network", "pubnet"])
        #expect(mismatch.status == 3)
        #expect(mismatch.stderr.contains("testnet"), "\(mismatch.stderr)")
    }

    @Test func badInputIsRefusedAndNothingWritten() throws {
        let home = try Self.keystore()
        let good = try Self.envelope().xdr()
        var padded = try Self.envelope().with(signatures: []).xdr()
        // Memo text "ab": make one of its two padding bytes non-zero.
        let memoTx = Transaction(
            source: try MuxedAccount(Self.account0), fee: 100, sequence: 103, memo: try Memo.text("ab"),
            operations: [Operation(body: .bumpSequence(bumpTo: 200))])
        padded = try TransactionEnvelope.v1(memoTx, signatures: []).xdr()
        let memoEnd = 4 + 36 + 4 + 8 + 4 + 4 + 4 + 2
        padded[memoEnd] = 1
        // Operation 0's type: after the envelope type, source, fee, sequence, time bounds, memo id,
        // operation count and the operation's source flag.
        var unknownOperation = good
        let opType = 4 + 36 + 4 + 8 + 4 + 16 + 12 + 4 + 4
        #expect(unknownOperation[opType..<opType + 4] == [0, 0, 0, 1])
        unknownOperation[opType + 3] = 99
        // A sign request whose passphrase is another network's than the request's.
        let wrongNetwork = """
            {"airsign":"sign-request","version":1,"id":"6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10","chain":"stellar","network":"stellar:testnet",\
            "account":{"address":"\(Self.account0)","publicKey":"\(Hex.encode(try StrKey.decodeAccountID(Self.account0), prefix: true))"},\
            "payload":{"type":"transaction","envelope":"\(try Self.envelope().base64())","networkPassphrase":"\(StellarNetwork.public.passphrase)"}}
            """
        let cases: [(String, String, String)] = [
            ("unknownOperation", StellarBase64.encode(unknownOperation), "unknown or unsupported operation type 99"),
            ("wrongNetwork", wrongNetwork, "public"),
            ("truncated", StellarBase64.encode(Array(good.dropLast(3))), "XDR"),
            ("padding", StellarBase64.encode(padded), "padding"),
            ("unknownNetwork", try Self.envelope().base64(), "\"mainet\""),
        ]
        for (name, text, reason) in cases {
            let input = home.file(name, text)
            let out = home.dir.path + "/\(name).json"
            let network = name == "unknownNetwork" ? "mainet" : "testnet"
            let result = try home.signer([
                "sign", input, "--network", network, "--yes", "--pin-file", home.pinFile, "--out", out,
            ])
            #expect(result.status == 3, "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix("airsign-signer: error: "), "\(name): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(name)")
        }
    }
}
