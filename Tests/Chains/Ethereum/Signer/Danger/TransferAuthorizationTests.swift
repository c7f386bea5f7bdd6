import AirsignEthereum
import AirsignMessages
import BigInt
import Testing

/// EIP-3009 authorizations, written by hand as an attacker would: a payment signed now and
/// submitted later is counted as leaving the account, with a signature others submit later.
@Suite struct TransferAuthorizationTests {
    typealias C = Crafted
    typealias P = PermitReviewTests

    static func authorization(
        _ primary: String = "TransferWithAuthorization", token: String = Crafted.usdc, from: String? = nil,
        to: String = Crafted.stranger, value: String = "2500000", validBefore: String = "1767312000"
    ) throws -> String {
        let types =
            "\"\(primary)\":["
            + [
                P.member("from", "address"), P.member("to", "address"), P.member("value", "uint256"),
                P.member("validAfter", "uint256"), P.member("validBefore", "uint256"), P.member("nonce", "bytes32"),
            ]
            .joined(separator: ",") + "]"
        return C.typedJSON(
            domain: [
                ("name", "string", "\"USD Coin\""), ("version", "string", "\"2\""), ("chainId", "uint256", "1"),
                ("verifyingContract", "address", "\"\(token)\""),
            ],
            types: types, primary: primary,
            message:
                "{\"from\":\"\(try from ?? P.owner())\",\"to\":\"\(to)\",\"value\":\(value),\"validAfter\":0,\"validBefore\":\(validBefore),\"nonce\":\"0x\(String(repeating: "ab", count: 32))\"}"
        )
    }

    func reviewed(_ json: String) throws -> Review {
        try EthereumChainTests.module.review(try C.typedData(json), context: EthereumChainTests.context())
    }

    @Test func aTransferAuthorizationToAStranger() throws {
        let request = try C.typedData(try Self.authorization())
        let text = try C.render(request)
        #expect(
            text == """
                Request 1 of 1  id 11111111-1111-4111-8111-111111111111
                  Ethereum typed data (EIP-712)
                  chain     Ethereum (ethereum)
                  network   eip155:1
                  account   0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                            | "main"))
                  from      0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                            | "main"))
                  primary type TransferWithAuthorization
                  domain
                    name (string) "USD Coin"
                    version (string) "2"
                    chainId (uint256) 1
                    verifyingContract (address) 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 (not
                                                | in your contacts)
                  message
                    from (address) 0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                                   | "main"))
                    to (address) 0x4242424242424242424242424242424242424242 (not in your
                                 | contacts)
                    value (uint256) 2500000
                    validAfter (uint256) 0
                    validBefore (uint256) 1767312000
                    nonce (bytes32) 0xababababababababababababababababababababababababababababab
                                    |ababab
                  authorization EIP-3009 transferWithAuthorization: whoever holds this signature
                                | can move these tokens to the recipient
                  token     USDC (USDCoin, 6 decimals) [signer's table]
                  token owner 0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                              | "main"))
                  token recipient 0x4242424242424242424242424242424242424242 (not in your
                                  | contacts)
                  token amount 2.5 USDC (2500000 base units) [signer's table]
                  valid after 0 (at once)
                  valid before 1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)
                  digest    0xfb479cfca543a025bc6244a603dc332eda5b5880f265a9650f0bf972ea0277ad
                  total     2.5 USDC
                  later     an EIP-3009 transfer authorization: whoever holds it can submit it
                            | until 1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)
                  warning   the authorization pays 0x4242424242424242424242424242424242424242,
                            | which is not one of your accounts or contacts
                  signs     1 message, 827 bytes: typed data

                """, "\(text)")
        let summary = try C.summary([request])
        #expect(
            summary == """
                Batch: 1 request, all reviewed, 1 signature others may submit later
                  total     2.5 USDC on ethereum eip155:1
                            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)
                  later     an EIP-3009 transfer authorization: whoever holds it can submit it
                            | until 1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)
                """, "\(summary)")
    }

    @Test func receiveAuthorizationsUnknownTokensOtherOwnersAndFarExpiries() throws {
        let receive = try reviewed(
            try Self.authorization("ReceiveWithAuthorization", to: try EthereumChainTests.account(2).address))
        #expect(receive.warnings.isEmpty)
        #expect(
            receive.effects.deferredSignatures.map(\.what) == [
                "an EIP-3009 receive authorization the recipient submits"
            ])
        #expect(receive.unknowns.isEmpty)

        // A token the list lacks still leaves, in base units of its contract.
        let unknown = try reviewed(try Self.authorization(token: C.unknownToken, value: "7"))
        #expect(unknown.totals.map(\.formatted) == ["7 base units of token \(C.unknownToken)"])
        #expect(
            unknown.warnings.contains(
                "the token \(C.unknownToken) is not in the signer's token list: its amount is shown and totalled in base units"
            ))

        let other = try reviewed(try Self.authorization(from: C.stranger))
        #expect(
            other.warnings.contains(
                "the authorization's owner \(C.stranger) (not in your contacts) is not the signing account: the token will refuse this signature"
            ))
        #expect(other.totals.map(\.account) == ["\(C.stranger) (not in your contacts)"])

        let far = try reviewed(try Self.authorization(validBefore: "\"\((BigUInt(1) << 256) - 1)\""))
        #expect(
            far.warnings.contains(
                "FAR EXPIRY: the authorization is valid before 2^256 − 1 (after the year 9999: never, in practice); a payment signature valid that long is easily forgotten, and whoever holds it can submit it at any time until then"
            ))
        #expect(
            far.effects.deferredSignatures == [
                DeferredSignature(
                    "an EIP-3009 transfer authorization", until: "2^256 − 1 (after the year 9999: never, in practice)")
            ])
    }

    /// The token hashes its own type string: one member more or less is plain typed data.
    @Test func aLookAlikeIsUnknown() throws {
        let json = try Self.authorization().replacingOccurrences(
            of: "\"name\":\"nonce\",\"type\":\"bytes32\"", with: "\"name\":\"nonce\",\"type\":\"uint256\""
        )
        .replacingOccurrences(of: "\"0x\(String(repeating: "ab", count: 32))\"", with: "1")
        let review = try reviewed(json)
        #expect(review.totals.isEmpty)
        #expect(
            review.unknowns == [
                "typed data TransferWithAuthorization that the signer cannot interpret: what a contract does with the signature is not counted"
            ])
    }
}
