import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignTestChain
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignEthereumOnline
@testable import AirsignWatch

/// The built `airsign-watch ethereum …`: malformed arguments are usage errors (2), refused
/// input is 3, and neither leaves an output file or a stored request.
@Suite struct EthereumCLITests {
    static let from = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    static let to = "0x4242424242424242424242424242424242424242"

    struct Home {
        let cli = ProgramHome()
        var out: String { cli.dir.path + "/out.json" }

        init() throws {
            _ = try WatchStore(directory: cli.watchHome).add(
                try WatchFixtures.descriptor(.ethereum(index: 0), network: "eip155:1"))
        }

        func run(_ arguments: [String], stdin: String = "") throws -> ProgramRun.Result {
            try cli.watch(arguments, stdin: stdin)
        }

        func file(_ name: String, _ text: String) throws -> String {
            let path = cli.dir.path + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// Nothing written, nothing stored.
        func expectNothing(
            _ result: ProgramRun.Result, status: Int32, _ text: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains(text), "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.hasPrefix("airsign-watch: error: "), sourceLocation: sourceLocation)
            #expect(!FileManager.default.fileExists(atPath: out), sourceLocation: sourceLocation)
            #expect(try cli.store.all().isEmpty, sourceLocation: sourceLocation)
        }
    }

    func transfer(_ extra: [String], to: String = to, value: String = "1.5ether") -> [String] {
        [
            "ethereum", "transfer", "--from", Self.from, "--to", to, "--value", value, "--nonce", "0", "--max-fee",
            "30gwei", "--priority-fee", "1gwei",
        ] + extra
    }

    @Test func malformedArgumentsAreUsageErrors() throws {
        let home = try Home()
        let out = ["--out", home.out]
        try home.expectNothing(try home.run(transfer(out, to: "0x1234")), status: 2, "--to")
        try home.expectNothing(
            // bad EIP-55
            try home.run(transfer(out, to: "0x9858efFD232B4033E47d90003D41EC34EcaEda94")), status: 2, "--to")
        try home.expectNothing(try home.run(transfer(out, value: "1.5")), status: 2, "needs a unit")
        try home.expectNothing(try home.run(transfer(out, value: "0.5wei")), status: 2, "decimal places")
        try home.expectNothing(try home.run(transfer(out, value: "1e18wei")), status: 2, "plain decimal")
        try home.expectNothing(try home.run(transfer(out + ["--chain-id", "01"])), status: 2, "--chain-id")
        try home.expectNothing(try home.run(transfer(out + ["--max-fee", "3"])), status: 2, "--max-fee")
        try home.expectNothing(
            try home.run(["ethereum", "call", "--from", Self.from, "--to", Self.to, "--data", "0xabc"] + out),
            status: 2, "--data")
        try home.expectNothing(
            try home.run(["ethereum", "deploy", "--from", Self.from, "--data", "0x"] + out), status: 2, "init code")
        try home.expectNothing(
            try home.run(["ethereum", "sign-message", "--from", Self.from, "--hex", "12"] + out), status: 2, "--hex")
        try home.expectNothing(
            try home.run(["ethereum", "sign-message", "--from", Self.from] + out), status: 2, "--message")
        try home.expectNothing(
            try home.run(["ethereum", "broadcast", "-", "--rpc", "http://127.0.0.1:9/", "--timeout", "0"]), status: 2,
            "--timeout")
    }

    @Test func refusedInputIsExitThree() throws {
        let home = try Home()
        let out = ["--out", home.out]
        try home.expectNothing(try home.run(transfer(out + ["--chain-id", "5"])), status: 3, "not for chain id 5")
        try home.expectNothing(
            try home.run(
                [
                    "ethereum", "transfer", "--from", Self.to, "--to", Self.to, "--value", "1wei", "--nonce", "0",
                    "--gas-price", "1gwei",
                ] + out),
            status: 3, "no watch-only account")
        try home.expectNothing(try home.run(transfer(out + ["--legacy"])), status: 3, "--legacy takes --gas-price")
        try home.expectNothing(
            try home.run(
                transfer(
                    out + ["--access-list", try home.file("al.json", "[{\"address\":\"0x12\",\"storageKeys\":[]}]")])),
            status: 3, "--access-list")
        try home.expectNothing(try home.run(transfer(out + ["--rpc", "ftp://node"])), status: 3, "not an http")
        try home.expectNothing(
            try home.run(
                [
                    "ethereum", "erc20-transfer", "--from", Self.from, "--token", Self.to, "--to", Self.to, "--amount",
                    "1",
                    "--nonce", "0", "--gas", "60000", "--max-fee", "1gwei", "--priority-fee", "1gwei",
                ] + out), status: 3, "--decimals")
        // Typed data the signer would refuse is refused before it is issued.
        let unknownType =
            #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"Mail":[{"name":"x","type":"Strange"}]},"primaryType":"Mail","domain":{"name":"a"},"message":{"x":1}}"#
        let cyclic =
            #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"A":[{"name":"b","type":"B"}],"B":[{"name":"a","type":"A"}]},"primaryType":"A","domain":{"name":"a"},"message":{"b":{"a":{}}}}"#
        let otherChain =
            #"{"types":{"EIP712Domain":[{"name":"chainId","type":"uint256"}],"M":[{"name":"x","type":"uint8"}]},"primaryType":"M","domain":{"chainId":5},"message":{"x":1}}"#
        for (name, text, reason) in [
            ("u.json", unknownType, "would be refused"), ("c.json", cyclic, "would be refused"),
            ("n.json", "{", "not JSON"),
            ("o.json", otherChain, "chain id 5"),
        ] {
            try home.expectNothing(
                try home.run(["ethereum", "sign-typed-data", try home.file(name, text), "--from", Self.from] + out),
                status: 3, reason)
        }
    }

    @Test func requestsAreWrittenAndAResponseFromAnotherKeyIsRejected() throws {
        let home = try Home()
        let built = try home.run(transfer(["--out", home.out]))
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("value     1.5 ETH") && built.stderr.contains("max fee   30 gwei"))
        let request = try #require(
            try MessageFile.requests(Array(try String(contentsOfFile: home.out, encoding: .utf8).utf8)).first)
        #expect(try home.cli.store.record(request.id).status == .issued)
        let tx = try EthereumTransaction.decodeUnsigned(
            try Hex.decode(try request.payload["transaction"]?.asString() ?? ""))
        #expect(tx.type == .feeMarket && tx.chainId == 1 && tx.gasLimit == 21_000)

        // Signed by a key that is not the account's: finalize refuses, writes nothing, records nothing.
        let stranger = try Secp256k1.PrivateKey(SecureBytes(copying: [UInt8](repeating: 7, count: 32)))
        let signed = try tx.signed(with: stranger)
        let signature = Hex.encode(signed.signature.compact + [UInt8(signed.v)], prefix: true)
        let response = try SignResponse(id: request.id, signatures: [signature])
        let final = home.cli.dir.path + "/final.json"
        let refused = try home.run(
            ["ethereum", "finalize", "-", "--out", final],
            stdin: String(decoding: MessageFile.serialize([response]), as: UTF8.self))
        #expect(
            refused.status == 3 && refused.stderr.contains("is rejected") && refused.stderr.contains("not from"),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: final))
        #expect(try home.cli.store.record(request.id).status == .issued)

        // Broadcast takes only what this watch finalized.
        let notFinal = try home.run(
            ["ethereum", "broadcast", "-", "--rpc", "http://127.0.0.1:9/"],
            stdin: String(decoding: MessageFile.serialize([response]), as: UTF8.self))
        #expect(notFinal.status == 3 && notFinal.stderr.contains("finalize"), "\(notFinal.stderr)")
    }

    @Test func messagesAreBuilt() throws {
        let home = try Home()
        let text = try home.run([
            "ethereum", "sign-message", "--from", Self.from, "--message", "hello", "--out", home.out,
        ])
        #expect(text.status == 0 && text.stderr.contains("message   hello"), "\(text.stderr)")
        let request = try #require(
            try MessageFile.requests(Array(try String(contentsOfFile: home.out, encoding: .utf8).utf8)).first)
        #expect(request.payload["message"] == .string("0x68656c6c6f") && request.network == "eip155:1")
        let hex = try home.run(["ethereum", "sign-message", "--from", Self.from, "--hex", "0x00ff", "--out", "-"])
        #expect(hex.status == 0 && hex.stdout.contains("\"message\":\"0x00ff\""))
        let mail =
            #"{"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],"M":[{"name":"x","type":"uint8"}]},"primaryType":"M","domain":{"name":"t","chainId":1},"message":{"x":1}}"#
        let typed = try home.run([
            "ethereum", "sign-typed-data", try home.file("m.json", mail), "--from", Self.from, "--out", "-",
        ])
        #expect(
            typed.status == 0 && typed.stdout.contains("\"type\":\"typed_data\"") && typed.stderr.contains("digest"),
            "\(typed.stderr)")
    }
}
