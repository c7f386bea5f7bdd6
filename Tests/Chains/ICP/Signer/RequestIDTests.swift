import AirsignCrypto
import AirsignEncoding
import AirsignTestSupport
import Testing

@testable import AirsignICP

@Suite struct RequestIDTests {
    @Test func interfaceSpecAndAgentVectors() throws {
        let cases = ICPVectorFile.cases("request_id")
        #expect(cases.count == 6)
        for v in cases {
            guard let content = v["content"] as? [String: Any], case let .map(entries) = ICPVectorFile.cbor(content)
            else {
                Issue.record("unreadable case")
                continue
            }
            let id = try RepresentationIndependentHash.hashOfMap(entries)
            #expect(testHex(id) == ICPVectorFile.string(v, "request_id_hex"), "\(ICPVectorFile.string(v, "name"))")
        }
    }

    @Test func specExampleThroughTheContentModel() throws {
        let call = ICPCallContent(
            sender: .anonymous, canisterID: try Principal(bytes: testBytes("00000000000004d2")), methodName: "hello",
            arg: testBytes("4449444c00fd2a"), ingressExpiry: 1_685_570_400_000_000_000)
        #expect(testHex(call.requestID) == "1d1091364d6bb8a6c16b203ee75467d59ead468f523eb058880ae8ec80e2b101")
        // Key order of the CBOR does not change the id.
        let decoded = try ICPRequestContent.decode(ICPRequestContent.call(call).encoded)
        #expect(decoded == .call(call))
        #expect(decoded.requestID == call.requestID)
    }

    @Test func negativeIntegersHashTheirSignedLEB128() throws {
        // Spec: int values hash their shortest SLEB128; -123456 is c0 bb 78.
        #expect(try RepresentationIndependentHash.hashValue(.negative(123_455)) == SHA256.hash([0xc0, 0xbb, 0x78]))
        #expect(try RepresentationIndependentHash.hashValue(.unsigned(624_485)) == SHA256.hash([0xe5, 0x8e, 0x26]))
    }

    @Test func refusesValuesWithoutAHash() {
        #expect(throws: ICPError.self) { try RepresentationIndependentHash.hashValue(.bool(true)) }
        #expect(throws: ICPError.self) { try RepresentationIndependentHash.hashOfMap([(.unsigned(1), .unsigned(2))]) }
    }
}
