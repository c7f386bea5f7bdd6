import AirsignEncoding
import AirsignMessages
import AirsignTestChain
import Foundation
import Testing

/// The exchange format's envelope: strict parsing that names the field, canonical output.
@Suite struct MessageParsingTests {
    static let id = "6f1c0b7e-6a57-4c52-9d1e-1c5f8e0f3a10"

    func requestText(_ change: (inout [String: String]) -> Void = { _ in }) -> String {
        var fields = [
            "airsign": "\"sign-request\"", "version": "1", "id": "\"\(Self.id)\"", "chain": "\"ethereum\"",
            "network": "\"eip155:1\"",
            "account": "{\"address\":\"0x9858EfFD232B4033E47d90003D41EC34EcaEda94\",\"publicKey\":\"0x"
                + String(repeating: "04", count: 65) + "\"}",
            "payload": "{\"transaction\":\"0x02\",\"type\":\"transaction\"}",
        ]
        change(&fields)
        return "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    func parse(_ text: String) throws(MessagesError) -> [SignRequest] { try MessageFile.requests(Array(text.utf8)) }

    @Test func aRequestRoundTripsToCanonicalBytes() throws {
        let text = requestText()
        let requests = try parse(text)
        #expect(requests.count == 1)
        #expect(requests[0].id.text == Self.id)
        #expect(requests[0].chain.rawValue == "ethereum")
        #expect(requests[0].payloadType == "transaction")
        #expect(String(decoding: MessageFile.serialize(requests), as: UTF8.self) == text + "\n")
        // Another key order and whitespace give the same canonical bytes.
        let reordered = """
            {
              "version": 1, "payload": {"type": "transaction", "transaction": "0x02"}, "airsign": "sign-request",
              "id": "\(Self.id)", "network": "eip155:1", "chain": "ethereum",
              "account": {"publicKey": "0x\(String(repeating: "04", count: 65))", "address": "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"}
            }
            """
        #expect(MessageFile.serialize(try parse(reordered)) == MessageFile.serialize(requests))
    }

    @Test func envelopeErrorsNameTheField() {
        let cases: [(String, MessagesError)] = [
            (requestText { $0["extra"] = "1" }, .unknownField(message: nil, field: "extra")),
            (requestText { $0["version"] = "2" }, .unsupportedVersion(message: nil, found: "2")),
            (
                requestText { $0["version"] = "\"1\"" },
                .invalidField(message: nil, field: "version", reason: "must be the number 1, not a string")
            ),
            (
                requestText { $0["airsign"] = "\"sign-response\"" },
                .wrongMessageKind(message: nil, expected: "sign-request", found: "sign-response")
            ),
            (requestText { $0.removeValue(forKey: "network") }, .missingField(message: nil, field: "network")),
            (requestText { $0.removeValue(forKey: "airsign") }, .missingField(message: nil, field: "airsign")),
            (
                requestText { $0["account"] = "{\"address\":\"0x1\"}" },
                .missingField(message: nil, field: "account.publicKey")
            ),
            (
                requestText { $0["account"] = "{\"address\":\"0x1\",\"publicKey\":\"0x00\",\"x\":1}" },
                .unknownField(message: nil, field: "account.x")
            ),
            (
                requestText { $0["account"] = "{\"address\":\"0x1\",\"publicKey\":\"0x00\"}" },
                .invalidField(message: nil, field: "account.publicKey", reason: "must be 32, 33 or 65 bytes, not 1")
            ),
            (
                requestText { $0["payload"] = "{\"transaction\":\"0x02\"}" },
                .missingField(message: nil, field: "payload.type")
            ),
            (
                requestText { $0["payload"] = "[]" },
                .invalidField(message: nil, field: "payload", reason: "must be an object, not an array")
            ),
            (
                requestText { $0["chain"] = "\"Ethereum\"" },
                .invalidField(
                    message: nil, field: "chain",
                    reason: "must be a lower-case identifier such as \"ethereum\" (a-z, 0-9, -; at most 32)")
            ),
        ]
        for (text, expected) in cases {
            #expect(throws: expected) { try parse(text) }
        }
    }

    @Test func idsMustBeLowerCaseVersion4UUIDs() {
        for bad in [
            Self.id.uppercased(), "6f1c0b7e-6a57-1c52-9d1e-1c5f8e0f3a10", "6f1c0b7e-6a57-4c52-7d1e-1c5f8e0f3a10",
            "6f1c0b7e6a574c529d1e1c5f8e0f3a10", "",
        ] {
            #expect(throws: MessagesError.self) { try parse(requestText { $0["id"] = "\"\(bad)\"" }) }
            #expect(throws: MessagesError.self) { try RequestID(bad) }
        }
        for _ in 0..<100 { #expect((try? RequestID(RequestID.random().text)) != nil) }
    }

    /// The UUID's binary form (what ERC-4527 carries): the 16 bytes of its hex, both ways, with
    /// the text's rules.
    @Test func requestIDsAsUUIDBytes() throws {
        let id = try RequestID("9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d")
        #expect(
            id.uuidBytes == [
                0x9b, 0x1d, 0xeb, 0x4d, 0x3b, 0x7d, 0x4b, 0xad, 0x9b, 0xdd, 0x2b, 0x0d, 0x7b, 0x3d, 0xcb, 0x6d,
            ])
        #expect(try RequestID(uuidBytes: id.uuidBytes) == id)
        for _ in 0..<100 {
            let random = RequestID.random()
            #expect(try RequestID(uuidBytes: random.uuidBytes) == random)
        }
        #expect(throws: MessagesError.invalidField(message: nil, field: "id", reason: "a UUID is 16 bytes, not 15")) {
            try RequestID(uuidBytes: Array(id.uuidBytes.dropLast()))
        }
        var version1 = id.uuidBytes
        version1[6] = 0x1b
        #expect(throws: MessagesError.self) { try RequestID(uuidBytes: version1) }
    }

    @Test func notJSONAndWrongShapesAreTold() {
        #expect(throws: MessagesError.emptyInput) { try parse("  \n") }
        #expect(throws: MessagesError.emptyInput) { try parse("[]") }
        #expect { try parse("hello") } throws: { ($0 as? MessagesError)?.description.hasPrefix("not JSON: ") == true }
        #expect { try parse("{\"a\":1,}") } throws: {
            ($0 as? MessagesError)?.description.hasPrefix("not JSON: ") == true
        }
        #expect(
            throws: MessagesError.wrongShape(
                message: nil, expected: "a JSON object (one message), an array of them, or JSON lines",
                found: "a number")
        ) { try parse("42") }
        #expect(
            throws: MessagesError.wrongShape(message: 2, expected: "a JSON object (one message)", found: "a string")
        ) { try parse("[\(requestText()), \"x\"]") }
    }

    @Test func batchesAreArraysOrJSONLines() throws {
        let second = requestText { $0["id"] = "\"0b7e6f1c-6a57-4c52-9d1e-1c5f8e0f3a10\"" }
        #expect(try parse("[\(requestText()),\(second)]").count == 2)
        #expect(try parse("\(requestText())\n\n\(second)\n").count == 2)
        // A bad line in JSON lines names the line; a bad message names its place.
        #expect { try parse("\(requestText())\n{oops}\n") } throws: {
            ($0 as? MessagesError)?.description.contains("JSON line 2") == true
        }
        #expect(throws: MessagesError.unknownField(message: 2, field: "x")) {
            try parse("\(requestText())\n\(second.dropLast()),\"x\":1}")
        }
        #expect(throws: MessagesError.duplicateID(id: Self.id, first: 1, second: 2)) {
            try parse("[\(requestText()),\(requestText())]")
        }
    }

    @Test func responsesFullAndCompact() throws {
        let request = try parse(requestText())[0]
        let full = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: ["0xabcd"], result: .object([(key: "hash", value: .string("0x01"))]))
        let bytes = MessageFile.serialize([full, full.compact].map(\.json))
        let back = try MessageFile.values(bytes).values.enumerated().map { try SignResponse.parse($1, message: $0 + 1) }
        #expect(back == [full, full.compact])
        #expect(
            String(decoding: MessageFile.serialize([full.compact]), as: UTF8.self)
                == "{\"airsign\":\"sign-response\",\"id\":\"\(Self.id)\",\"signature\":\"0xabcd\",\"version\":1}\n")
        #expect(
            try full.compact.completed(from: request)
                == SignResponse(
                    id: request.id, chain: request.chain, network: request.network, account: request.account,
                    signatures: ["0xabcd"], result: nil))
        // A response for another account than the request's is refused.
        let other = try SignResponse(
            id: request.id, chain: request.chain, network: request.network,
            account: TestChainFixtures.account(3), signatures: ["0xabcd"], result: nil)
        #expect(throws: MessagesError.self) { try other.completed(from: request) }
        // Half a full response (chain without account) is neither form.
        let half =
            "{\"airsign\":\"sign-response\",\"version\":1,\"id\":\"\(Self.id)\",\"chain\":\"ethereum\",\"signature\":\"0x00\"}"
        #expect(throws: MessagesError.missingField(message: nil, field: "network")) {
            try MessageFile.responses(Array(half.utf8))
        }
        let badSig = "{\"airsign\":\"sign-response\",\"version\":1,\"id\":\"\(Self.id)\",\"signature\":\"0xzz\"}"
        #expect(throws: MessagesError.self) { try MessageFile.responses(Array(badSig.utf8)) }
        let multi = try SignResponse(id: request.id, signatures: ["00", "11"])
        #expect(try MessageFile.responses(MessageFile.serialize([multi])) == [multi])
    }

    @Test func noteIsTextThatCannotRewriteTheScreen() throws {
        #expect(throws: MessagesError.self) { try parse(requestText { $0["note"] = "\"pay \\u001b[2Jnow\"" }) }
        #expect(throws: MessagesError.self) { try parse(requestText { $0["note"] = "\"abc\\u202edef\"" }) }
        #expect(try parse(requestText { $0["note"] = "\"rent for März\"" })[0].note == "rent for März")
    }
}
