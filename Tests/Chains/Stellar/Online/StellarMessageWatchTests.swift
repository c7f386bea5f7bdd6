import AirsignEncoding
import AirsignMessages
import AirsignStellar
import AirsignStellarOnline
import AirsignTestChain
import AirsignWatch
import Foundation
import Testing

/// `airsign-watch stellar message sign`: the SEP-53 request it issues, and the binary refusing
/// bad input without writing or storing anything.
@Suite struct StellarMessageWatchTests {
    typealias W = StellarWatchTests

    @Test func requestForAWatchOnlyAccount() throws {
        let (dir, store) = try W.store()
        defer { _ = dir }
        let request = try StellarSignedMessage.request(
            Array("hello".utf8), from: W.account0, network: "testnet", note: "login", accounts: store)
        #expect(
            request.network == "stellar:testnet" && request.account.address == W.account0 && request.note == "login")
        #expect(
            request.payload
                == .object([(key: "message", value: .string("aGVsbG8=")), (key: "type", value: .string("message"))]))
        #expect(
            try StellarSignedMessage.request([0], from: W.account0, network: "public", note: nil, accounts: store)
                .network == "stellar:pubnet")

        #expect(throws: StellarError.option(.messageLength(bytes: 0))) {
            try StellarSignedMessage.request([], from: W.account0, network: "testnet", note: nil, accounts: store)
        }
        #expect(throws: StellarError.option(.messageLength(bytes: 8193))) {
            try StellarSignedMessage.request(
                [UInt8](repeating: 0x41, count: 8193), from: W.account0, network: "testnet", note: nil, accounts: store)
        }
        #expect(throws: StellarError.unknownNetwork("mainet")) {
            try StellarSignedMessage.request([1], from: W.account0, network: "mainet", note: nil, accounts: store)
        }
        #expect(throws: WatchError.accountNotFound(W.account1)) {
            try StellarSignedMessage.request([1], from: W.account1, network: "testnet", note: nil, accounts: store)
        }
    }

    @Test func cliIssuesTheRequestAndRefusesBadInput() throws {
        let dir = ScratchDirectory()
        let environment = ["AIRSIGN_WATCH_HOME": dir.path + "/watch"]
        let descriptorFile = dir.path + "/account.json"
        try Data(W.descriptor.utf8).write(to: URL(fileURLWithPath: descriptorFile))
        #expect(
            try ProgramHome.run("airsign-watch", ["account", "import", descriptorFile], environment: environment).status
                == 0)
        let out = dir.path + "/request.json"
        let base = ["stellar", "message", "sign", "--from", W.account0, "--network", "testnet", "--out", out]
        let cases: [([String], Int32, String)] = [
            ([], 2, "give the message with one of --text, --hex, --base64 or --file"),
            (["--text", "a", "--hex", "61"], 2, "give the message with one of --text, --hex, --base64 or --file"),
            (["--hex", "6"], 2, "--hex:"),
            (["--base64", "aGVsbG8"], 2, "--base64: invalid base64: length 7 is not a multiple of 4"),
            (["--text", ""], 2, "the message is 0 bytes; a SEP-53 message is 1 to 8192"),
            (["--file", dir.path + "/missing"], 1, "cannot open for reading"),
            (["--text", "a", "--network", "mainet"], 3, "unknown network \"mainet\""),
        ]
        for (arguments, status, message) in cases {
            let result = try ProgramHome.run("airsign-watch", base + arguments, environment: environment)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        #expect(try WatchRequestStore(home: dir.path + "/watch").all().isEmpty)

        let messageFile = dir.path + "/message.bin"
        try Data([0xdb, 0x36, 0x00, 0x0a]).write(to: URL(fileURLWithPath: messageFile))
        let good = try ProgramHome.run("airsign-watch", base + ["--file", messageFile], environment: environment)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stderr.contains("a SEP-53 message of 4 bytes."), "\(good.stderr)")
        let written = try SignRequest.parse(
            try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: out)))))
        #expect(
            written.payload
                == .object([(key: "message", value: .string("2zYACg==")), (key: "type", value: .string("message"))]))
        #expect(try WatchRequestStore(home: dir.path + "/watch").all().count == 1)
    }
}
