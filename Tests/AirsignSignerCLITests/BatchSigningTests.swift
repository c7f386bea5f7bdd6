import AirsignCLI
import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignFiles
import AirsignKeystore
import AirsignMessages
import AirsignSignerCLI
import AirsignTestChain
import AirsignTransport
import Foundation
import Testing

/// The signer's pipeline end to end with the test chain and a real keystore.
@Suite struct BatchSigningTests {
    @Test func aThousandRequestsSignWithOnePINAndOneKeyDerivation() throws {
        let fixture = try SignerFixture()
        let baseline = fixture.pinStateWrites.count
        let requests = try (0..<1000).map { i in
            try TestChainFixtures.transfer(from: 1, to: 2, amount: .init(i + 1), fee: 10)
        }
        let entries = Counter()
        let responses = try fixture.sign(requests, pinEntries: entries)
        #expect(entries.count == 1)
        #expect(fixture.pinStateWrites.count - baseline == 2)  // one PIN try: one Argon2id run
        #expect(responses.count == 1000)
        for (request, response) in zip(requests, responses) {
            #expect(response.id == request.id)
            #expect(try TestChainFinalizer().finalize(response, for: request).response == response)
        }
    }

    @Test func twoKeysAreUnlockedOnceEach() throws {
        let fixture = try SignerFixture()
        let baseline = fixture.pinStateWrites.count
        let requests = try (0..<10).map { i in try TestChainFixtures.transfer(from: i % 2 == 0 ? 1 : 2, to: 3) }
        let responses = try fixture.sign(requests)
        #expect(responses.count == 10)
        #expect(fixture.pinStateWrites.count - baseline == 4)
    }

    @Test func oneBadRequestSignsNothingAndIsNamedBeforeThePIN() throws {
        let fixture = try SignerFixture()
        let baseline = fixture.pinStateWrites.count
        var requests = try (0..<5).map { _ in try TestChainFixtures.transfer() }
        let bad = try TestChainFixtures.transfer(network: "other:net")
        requests[2] = bad
        let entries = Counter()
        #expect(
            throws: MessagesError.requestRefused(
                message: 3, id: bad.id.text, reason: "payload.tx is for network other:net, the request for test:net")
        ) {
            try fixture.sign(requests, pinEntries: entries)
        }
        #expect(entries.count == 0)
        #expect(fixture.pinStateWrites.count == baseline)
    }

    @Test func anAccountTheKeystoreLacksIsRefusedBeforeThePIN() throws {
        let fixture = try SignerFixture()
        let stranger = try TestChainFixtures.transfer(from: 9)
        let entries = Counter()
        #expect(
            throws: MessagesError.accountNotInKeystore(
                message: 2, id: stranger.id.text, chain: "test-only-chain",
                address: TestChainFixtures.account(9).address)
        ) {
            try fixture.sign([try TestChainFixtures.transfer(), stranger], pinEntries: entries)
        }
        #expect(entries.count == 0)
    }

    @Test func blindRequestsNeedBlind() throws {
        let fixture = try SignerFixture()
        let raw = try TestChainFixtures.raw()
        #expect(throws: MessagesError.self) { try fixture.sign([raw]) }
        let signed = try fixture.sign([raw], allowBlind: true)
        #expect(try TestChainFinalizer().finalize(signed[0], for: raw).response.signatures == signed[0].signatures)
    }

    @Test func aWrongPINSignsNothing() throws {
        let fixture = try SignerFixture()
        #expect {
            try fixture.sign([try TestChainFixtures.transfer()], pin: SecureBytes(copying: Array("wrong pin".utf8)))
        } throws: { error in
            if case .wrongPIN = error as? KeystoreError { return true }
            return false
        }
    }

    @Test func aDeclinedConfirmationAsksNoPIN() throws {
        let fixture = try SignerFixture()
        let entries = Counter()
        #expect(throws: (any Error).self) {
            try fixture.job().sign(
                MessageFile.serialize([try TestChainFixtures.transfer()]), blind: .none, compact: false,
                confirmed: false,
                confirm: { _ in false },
                pin: {
                    entries.increment(); return testPIN
                })
        }
        #expect(entries.count == 0)
    }

    @Test func compactResponsesCarryIdAndSignatureOnly() throws {
        let fixture = try SignerFixture()
        let request = try TestChainFixtures.transfer()
        let response = try fixture.sign([request], compact: true)[0]
        #expect(response.isCompact)
        #expect(
            try TestChainFinalizer().finalize(try response.completed(from: request), for: request).response.result
                != nil)
    }

    @Test func anInterruptedWriteLeavesNoPartialResponseFile() throws {
        let fixture = try SignerFixture()
        let responses = try fixture.sign(try (0..<50).map { _ in try TestChainFixtures.transfer() })
        let out = fixture.dir.path + "/responses.jsonl"
        for step in ["atomic.tempCreated", "atomic.tempPartlyWritten", "atomic.tempWritten", "atomic.tempSynced"] {
            let job = fixture.job(outputFaults: FaultHook { crashAt, _ in crashAt == step })
            #expect(throws: FileError.writeInterrupted(step: step)) { try job.write(responses, out: out, qr: nil) }
            #expect(!FileManager.default.fileExists(atPath: out), "a partial file after a crash at \(step)")
        }
        // An earlier file stays whole when the new write is interrupted.
        try fixture.job().write(Array(responses.prefix(1)), out: out, qr: nil)
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        let crashing = fixture.job(outputFaults: FaultHook { step, _ in step == "atomic.tempPartlyWritten" })
        #expect(throws: FileError.self) { try crashing.write(responses, out: out, qr: nil) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
        try fixture.job().write(responses, out: out, qr: nil)
        #expect(try MessageFile.responses(Array(try Data(contentsOf: URL(fileURLWithPath: out)))) == responses)
    }

    @Test func aChainsNativeUnsignedFormIsAcceptedToo() throws {
        let fixture = try SignerFixture()
        let tx = TestChain.encodeTransfer(to: TestChainFixtures.key(3).publicKey, amount: 5, fee: 1)
        let input = Array("ATC-NATIVE \(TestChainFixtures.account(1).address) \(Hex.encode(tx, prefix: true))\n".utf8)
        let responses = try fixture.job().sign(
            input, blind: .none, compact: false, confirmed: true, confirm: { _ in true }, pin: { testPIN })
        #expect(responses.count == 1)
        #expect(responses[0].account == TestChainFixtures.account(1))
        // Neither our format nor a native one: the error is about the file as a request.
        #expect { try fixture.job().inspect(Array("hello".utf8), blind: .none) } throws: {
            ($0 as? MessagesError)?.description.hasPrefix("not JSON") == true
        }
    }

    @Test func aRefusedNativeFormIsRefusedInputWhateverTheModulesErrorType() throws {
        // TestChain throws its own TestChainError here; the signer must still report refused
        // input (a MessagesError, exit 3), not an internal failure (exit 1).
        let fixture = try SignerFixture()
        let input = Array("ATC-NATIVE not-an-account 0x00\n".utf8)
        #expect { try fixture.job().inspect(input, blind: .none) } throws: { error in
            guard let refusal = error as? MessagesError else { return false }
            return ExitStatus.of(refusal) == .invalidInput
                && refusal.description.contains("is not one of your accounts")
        }
    }

    @Test func responsesCrossAsQRCodes() throws {
        let fixture = try SignerFixture()
        let compact = try fixture.sign([try TestChainFixtures.transfer()], compact: true)
        let png = fixture.dir.path + "/response.png"
        try fixture.job().write(compact, out: nil, qr: try QROutputOptions.parse(["--qr", png]))
        let scanned = try QRScanJob().run(paths: [png]) { _ in }
        #expect(try MessageFile.responses(scanned) == compact)
        // A batch too large for one code goes as frames.
        let many = try fixture.sign(try (0..<20).map { _ in try TestChainFixtures.transfer() })
        let frames = fixture.dir.path + "/frames/"
        try fixture.job().write(many, out: nil, qr: try QROutputOptions.parse(["--qr", frames]))
        #expect(try MessageFile.responses(try QRScanJob().run(paths: [frames]) { _ in }) == many)
    }

    @Test func inspectShowsEveryRefusalAndThrowsTheFirst() throws {
        let fixture = try SignerFixture()
        let baseline = fixture.pinStateWrites.count
        let lines = LogLines()
        var job = fixture.job()
        job.log = { lines.append($0) }
        let bad = try TestChainFixtures.transfer(network: "other:net")
        let stranger = try TestChainFixtures.transfer(from: 9)
        #expect(throws: MessagesError.self) {
            try job.inspect(MessageFile.serialize([try TestChainFixtures.transfer(), bad, stranger]), blind: .none)
        }
        let text = lines.text
        #expect(text.contains("Request 1 of 3"))
        #expect(text.contains("REFUSED: request 2 (\(bad.id)) refused"))
        #expect(text.contains("which no key in the keystore holds"))
        #expect(text.contains("2 of 3 requests would be refused."))
        #expect(fixture.pinStateWrites.count == baseline)
        try job.inspect(MessageFile.serialize([try TestChainFixtures.transfer()]), blind: .none)
    }

    /// `inspect --json`: one document with a review per request and the refusals where the text
    /// has them, the notes still on the log, the same error thrown.
    @Test func inspectAsJSONWritesOneDocumentWithTheRefusals() throws {
        let fixture = try SignerFixture()
        let lines = LogLines()
        let documents = LogLines()
        var job = fixture.job()
        job.log = { lines.append($0) }
        let bad = try TestChainFixtures.transfer(network: "other:net")
        let stranger = try TestChainFixtures.transfer(from: 9)
        #expect(throws: MessagesError.self) {
            try job.inspect(
                MessageFile.serialize([try TestChainFixtures.transfer(), bad, stranger]), blind: .none,
                json: { documents.append($0) })
        }
        #expect(!lines.text.contains("Request 1 of 3"))
        #expect(lines.text.contains("2 of 3 requests would be refused."))
        let document = try JSONParser().parse(Array(documents.text.utf8))
        #expect(document["airsign"] == .string("review"))
        #expect(document["signable"] == .bool(false))
        guard case .array(let reviews)? = document["reviews"], reviews.count == 3 else {
            Issue.record("not three reviews: \(documents.text)")
            return
        }
        #expect(reviews[0]["refused"] == nil)
        #expect(reviews[0]["title"] != nil)
        #expect(reviews[1]["title"] == nil)
        #expect(reviews[1]["refused"].map { "\($0)".contains("refused") } == true)
        #expect(reviews[2]["title"] != nil)
        #expect(reviews[2]["refused"].map { "\($0)".contains("which no key in the keystore holds") } == true)
        #expect(document["batch"]?["requests"] == .integer(3))
    }

    @Test func reviewsLabelContactsFromTheAddressBook() throws {
        let fixture = try SignerFixture()
        try ContactStore(home: fixture.home).update { book in
            try book.add(
                Contact(
                    chain: TestChain.id, name: "Carol", address: TestChainFixtures.account(3).address, rules: .standard)
            )
        }
        let lines = LogLines()
        var job = fixture.job()
        job.log = { lines.append($0) }
        try job.inspect(
            MessageFile.serialize([
                try TestChainFixtures.transfer(to: 3), try TestChainFixtures.transfer(to: 2),
                try TestChainFixtures.transfer(to: 4),
            ]), blind: .none)
        #expect(lines.text.contains("(contact \"Carol\")"))
        #expect(lines.text.contains("(your account (key \"spare\"))"))
        #expect(lines.text.contains("(not in your contacts)"))
    }
}

/// Collects log lines from the job.
final class LogLines: @unchecked Sendable {
    private var lines: [String] = []
    private let lock = NSLock()
    func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return lines.joined(separator: "\n") }
}
