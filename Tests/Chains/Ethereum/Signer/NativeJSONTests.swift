import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import BigInt
import Testing

/// The JSON forms other tools give (eth-account's transaction dict, eth_signTypedData_v4) read
/// strictly, and typed data without an EIP712Domain type gets the one eth-account derives.
@Suite struct NativeJSONTests {
    func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Array(text.utf8)) }

    @Test func transactionDictsReadAsEthAccountInfersThem() throws {
        let base =
            #""chainId":"0x1","nonce":"7","gas":21000,"to":"0x4242424242424242424242424242424242424242","value":"0x10""#
        let feeMarket = try TransactionJSON(json: json("{\(base),\"maxFeePerGas\":2,\"maxPriorityFeePerGas\":1}"))
            .transaction
        #expect(feeMarket.type == .feeMarket && feeMarket.chainId == 1 && feeMarket.nonce == 7 && feeMarket.value == 16)
        let legacy = try TransactionJSON(json: json("{\(base),\"gasPrice\":5,\"input\":\"0xabcd\"}")).transaction
        #expect(legacy.type == .legacy && legacy.data == [0xab, 0xcd])
        let accessList = try TransactionJSON(json: json("{\(base),\"gasPrice\":5,\"accessList\":[]}")).transaction
        #expect(accessList.type == .accessList)
        let creation = try TransactionJSON(
            json: json(#"{"chainId":1,"nonce":0,"gas":90000,"gasPrice":1,"to":null,"data":"0x6000"}"#)
        ).transaction
        #expect(creation.to == nil)
    }

    @Test func badDictsAreRefusedNamingTheMember() throws {
        let base = #""chainId":1,"nonce":0,"gas":21000"#
        let cases: [(String, String)] = [
            ("{\(base),\"gasPrice\":1,\"maxFeePerGas\":2,\"maxPriorityFeePerGas\":1}", "gasPrice"),
            ("{\(base)}", "gasPrice"),
            ("{\(base),\"gasPrice\":-1}", "gasPrice"),
            ("{\(base),\"gasPrice\":1.5}", "gasPrice"),
            ("{\(base),\"gasPrice\":\"0x\(String(repeating: "f", count: 65))\"}", "gasPrice"),
            ("{\"nonce\":0,\"gas\":21000,\"gasPrice\":1}", "chainId"),
            ("{\(base),\"gasPrice\":1,\"type\":3}", "type"),
            ("{\(base),\"gasPrice\":1,\"colour\":1}", "colour"),
            ("{\(base),\"gasPrice\":1,\"data\":\"0x12\",\"input\":\"0x34\"}", "differ"),
            ("{\(base),\"gasPrice\":1,\"to\":\"0x42\"}", "address"),
            ("{\"chainId\":1,\"nonce\":\"0x10000000000000000\",\"gas\":1,\"gasPrice\":1}", "nonce"),
        ]
        for (text, phrase) in cases {
            let error = #expect(throws: EthereumError.self, "\(text)") { try TransactionJSON(json: json(text)) }
            #expect(error?.description.contains(phrase) == true, "\(text): \(error?.description ?? "")")
        }
    }

    @Test func theDomainTypeIsDerivedInTheStandardOrder() throws {
        let typed = try json(
            #"{"types":{"M":[{"name":"a","type":"uint8"}]},"primaryType":"M","domain":{"verifyingContract":"0x4242424242424242424242424242424242424242","name":"N","chainId":1},"message":{"a":1}}"#
        )
        let completed = try TypedDataDomain.withDomainType(typed)
        let names = try #require(completed["types"]?["EIP712Domain"]).arrayNames
        #expect(names == ["name", "chainId", "verifyingContract"])
        _ = try TypedData(json: completed).digest()
        #expect(throws: EthereumError.self) {
            try TypedDataDomain.withDomainType(
                json(#"{"types":{},"primaryType":"M","domain":{"colour":"red"},"message":{}}"#))
        }
        #expect(throws: EthereumError.self) {
            try TypedDataDomain.withDomainType(
                json(
                    #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}]},"primaryType":"M","domain":{"chainId":1},"message":{}}"#
                ))
        }
    }
}

extension JSONValue {
    fileprivate var arrayNames: [String] {
        guard case let .array(items) = self else { return [] }
        return items.compactMap { if case let .string(name)? = $0["name"] { return name } else { return nil } }
    }
}
