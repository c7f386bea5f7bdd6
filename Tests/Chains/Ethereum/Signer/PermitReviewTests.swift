import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

/// Issue 18 items 2 and 9: typed data that grants allowances when signed (EIP-2612, DAI, Uniswap
/// Permit2) is shown as the approval it is, with its deadline; typed data whose domain has no
/// chainId is said to be valid on every chain.
@Suite struct PermitReviewTests {
    typealias C = Crafted
    static let module = EthereumChainTests.module

    static func owner() throws -> String { try EthereumChainTests.account(0x46).address }

    static func member(_ name: String, _ type: String) -> String { "{\"name\":\"\(name)\",\"type\":\"\(type)\"}" }

    /// USDC's EIP-2612 permit, as the token's domain names it.
    static func permit(
        value: String, owner: String? = nil, deadline: String = "1767312000",
        domain: [(name: String, type: String, value: String)]? = nil
    ) throws -> String {
        let types =
            "\"Permit\":["
            + [
                member("owner", "address"), member("spender", "address"), member("value", "uint256"),
                member("nonce", "uint256"), member("deadline", "uint256"),
            ].joined(separator: ",") + "]"
        return C.typedJSON(
            domain: domain ?? [
                ("name", "string", "\"USD Coin\""), ("version", "string", "\"2\""), ("chainId", "uint256", "1"),
                ("verifyingContract", "address", "\"\(C.usdc)\""),
            ],
            types: types, primary: "Permit",
            message:
                "{\"owner\":\"\(try owner ?? Self.owner())\",\"spender\":\"\(C.stranger)\",\"value\":\(value),\"nonce\":0,\"deadline\":\(deadline)}"
        )
    }

    static let permit2Domain: [(name: String, type: String, value: String)] = [
        ("name", "string", "\"Permit2\""), ("chainId", "uint256", "1"),
        ("verifyingContract", "address", "\"\(Crafted.permit2)\""),
    ]
    static let permitDetails =
        "\"PermitDetails\":["
        + [
            member("token", "address"), member("amount", "uint160"), member("expiration", "uint48"),
            member("nonce", "uint48"),
        ].joined(separator: ",") + "]"
    static let tokenPermissions =
        "\"TokenPermissions\":[" + member("token", "address") + "," + member("amount", "uint256") + "]"

    static func details(_ token: String, _ amount: String, expiration: String = "1769904000") -> String {
        "{\"token\":\"\(token)\",\"amount\":\(amount),\"expiration\":\(expiration),\"nonce\":0}"
    }

    static func permitSingle(_ details: String, contract: String = Crafted.permit2) -> String {
        C.typedJSON(
            domain: [
                ("name", "string", "\"Permit2\""), ("chainId", "uint256", "1"),
                ("verifyingContract", "address", "\"\(contract)\""),
            ],
            types: "\"PermitSingle\":["
                + [member("details", "PermitDetails"), member("spender", "address"), member("sigDeadline", "uint256")]
                .joined(separator: ",") + "]," + permitDetails,
            primary: "PermitSingle",
            message: "{\"details\":\(details),\"spender\":\"\(C.stranger)\",\"sigDeadline\":1767227400}")
    }

    func reviewed(_ json: String) throws -> Review {
        try Self.module.review(try C.typedData(json), context: EthereumChainTests.context())
    }

    @Test func anEIP2612PermitOfTwoToThe256MinusOne() throws {
        let text = try C.render(try C.typedData(try Self.permit(value: "\"\((BigUInt(1) << 256) - 1)\"")))
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
                  primary type Permit
                  domain
                    name (string) "USD Coin"
                    version (string) "2"
                    chainId (uint256) 1
                    verifyingContract (address) 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 (not
                                                | in your contacts)
                  message
                    owner (address) 0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account
                                    | (key "main"))
                    spender (address) 0x4242424242424242424242424242424242424242 (not in your
                                      | contacts)
                    value (uint256) 115792089237316195423570985008687907853269984665640564039457
                                    |584007913129639935
                    nonce (uint256) 0
                    deadline (uint256) 1767312000
                  permit    EIP-2612 permit: the spender may set its allowance with this
                            | signature
                  token     USDC (USDCoin, 6 decimals) [signer's table]
                  owner     0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                            | "main"))
                  spender   0x4242424242424242424242424242424242424242 (not in your contacts)
                  allowance Unlimited USDC (2^256 − 1 base units) [signer's table]
                  deadline  1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)
                  digest    0x51c870a4e8ecc33fd6c0ff07de3d179f7e140adc00a32c75a34e87543def23db
                  approval  Unlimited USDC (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48) to
                            | spender 0x4242424242424242424242424242424242424242 (not in your
                            | contacts)
                  later     a Permit signature the spender submits: whoever holds it can submit
                            | it until 1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)
                  warning   UNLIMITED approval: 0x4242424242424242424242424242424242424242 (not
                            | in your contacts) may take all of this account's USDC
                            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48), now and later, until
                            | the approval is revoked or expires
                  warning   the permit goes to 0x4242424242424242424242424242424242424242, which
                            | is not one of your accounts or contacts
                  signs     1 message, 747 bytes: typed data

                """, "\(text)")
        // The same in hex, and a limited one, read as the digest reads them.
        let hex = try reviewed(try Self.permit(value: "\"0x" + String(repeating: "f", count: 64) + "\""))
        #expect(hex.approvals.map(\.isUnlimited) == [true])
        let limited = try reviewed(try Self.permit(value: "1000000"))
        #expect(limited.approvals.map(\.allowance) == ["1"])
        #expect(limited.warnings == ["the permit goes to \(C.stranger), which is not one of your accounts or contacts"])
    }

    @Test func aPermit2PermitSingle() throws {
        let request = try C.typedData(Self.permitSingle(Self.details(C.usdc, "\"\((BigUInt(1) << 160) - 1)\"")))
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
                  primary type PermitSingle
                  domain
                    name (string) "Permit2"
                    chainId (uint256) 1
                    verifyingContract (address) 0x000000000022D473030F116dDEE9F6B43aC78BA3 (not
                                                | in your contacts)
                  message
                    details (PermitDetails)
                      token (address) 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 (not in your
                                      | contacts)
                      amount (uint160) 1461501637330902918203684832716283019655932542975
                      expiration (uint48) 1769904000
                      nonce (uint48) 0
                    spender (address) 0x4242424242424242424242424242424242424242 (not in your
                                      | contacts)
                    sigDeadline (uint256) 1767227400
                  permit    Permit2 allowance (PermitSingle): the spender may move these tokens
                            | until each allowance expires
                  contract  0x000000000022D473030F116dDEE9F6B43aC78BA3 (Uniswap Permit2)
                            | [signer's table]
                  spender   0x4242424242424242424242424242424242424242 (not in your contacts)
                  sig deadline 1767227400 (2026-01-01 00:30:00 UTC, in 30 minutes)
                  token     USDC (USDCoin, 6 decimals) [signer's table]
                    allowance Unlimited USDC (2^160 − 1 base units) [signer's table]
                    expires   1769904000 (2026-02-01 00:00:00 UTC, in 31 days)
                  digest    0xcd1d8bd1fbad3eddea86d6d3d580709259640392fbe62932428f19f23e4f3ba3
                  approval  Unlimited USDC (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48) to
                            | spender 0x4242424242424242424242424242424242424242 (not in your
                            | contacts)
                  later     a PermitSingle signature the spender submits: whoever holds it can
                            | submit it until 1767227400 (2026-01-01 00:30:00 UTC, in 30
                            | minutes)
                  warning   UNLIMITED approval: 0x4242424242424242424242424242424242424242 (not
                            | in your contacts) may take all of this account's USDC
                            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48), now and later, until
                            | the approval is revoked or expires
                  warning   the permit goes to 0x4242424242424242424242424242424242424242, which
                            | is not one of your accounts or contacts
                  warning   FAR EXPIRY: the permit's allowance expiry is 1769904000 (2026-02-01
                            | 00:00:00 UTC, in 31 days); a signature valid that long is an
                            | allowance that is easily forgotten
                  signs     1 message, 821 bytes: typed data

                """, "\(text)")
        let summary = try C.summary([request])
        #expect(
            summary == """
                Batch: 1 request, all reviewed, 1 approval (1 unlimited), 1 signature others may submit later
                  total     nothing leaves the accounts when signed; the approvals, control
                            | changes or signatures below let others act later
                  approval  Unlimited USDC (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48) to
                            | spender 0x4242424242424242424242424242424242424242 (not in your
                            | contacts)
                  later     a PermitSingle signature the spender submits: whoever holds it can
                            | submit it until 1767227400 (2026-01-01 00:30:00 UTC, in 30
                            | minutes)
                """, "\(summary)")
        // Expiration 0 lasts one block; a look-alike contract is named as not Permit2's.
        let zero = try reviewed(Self.permitSingle(Self.details(C.usdc, "5", expiration: "0"), contract: C.stranger))
        #expect(
            zero.lines.contains(ReviewLine("expires", "0 (the allowance ends with the block that sets it)", level: 1)))
        #expect(
            zero.lines.contains(
                ReviewLine("contract", "\(C.stranger) (not in your contacts), not Uniswap's Permit2 (\(C.permit2))")))
        #expect(zero.approvals.map(\.allowance) == ["0.000005"])
    }

    @Test func permit2BatchesAndTransfers() throws {
        let batch = C.typedJSON(
            domain: Self.permit2Domain,
            types: "\"PermitBatch\":["
                + [
                    Self.member("details", "PermitDetails[]"), Self.member("spender", "address"),
                    Self.member("sigDeadline", "uint256"),
                ]
                .joined(separator: ",") + "]," + Self.permitDetails,
            primary: "PermitBatch",
            message:
                "{\"details\":[\(Self.details(C.usdc, "1000000")),\(Self.details(C.unknownToken, "\"\((BigUInt(1) << 160) - 1)\""))],\"spender\":\"\(C.stranger)\",\"sigDeadline\":1767227400}"
        )
        let review = try reviewed(batch)
        #expect(review.approvals.map(\.allowance) == ["1", "Unlimited"])
        #expect(
            review.approvals.map(\.asset) == [
                "USDC (\(C.usdc))", "token \(C.unknownToken) (not in the signer's token list)",
            ])
        // Unlimited, to a stranger (said once for the batch), and valid for 31 days.
        #expect(
            review.warnings.map { String($0.prefix(18)) } == [
                "the permit goes to", "FAR EXPIRY: the pe", "UNLIMITED approval",
            ])

        let transfer = C.typedJSON(
            domain: Self.permit2Domain,
            types: "\"PermitTransferFrom\":["
                + [
                    Self.member("permitted", "TokenPermissions"), Self.member("spender", "address"),
                    Self.member("nonce", "uint256"),
                    Self.member("deadline", "uint256"),
                ].joined(separator: ",") + "]," + Self.tokenPermissions,
            primary: "PermitTransferFrom",
            message:
                "{\"permitted\":{\"token\":\"\(C.dai)\",\"amount\":\"2500000000000000000\"},\"spender\":\"\(C.stranger)\",\"nonce\":1,\"deadline\":1767312000}"
        )
        let once = try reviewed(transfer)
        #expect(
            once.lines.contains(
                ReviewLine("up to", "2.5 DAI (2500000000000000000 base units)", level: 1, source: .signerTable)))
        #expect(
            once.approvals == [
                Approval(
                    asset: "DAI (\(C.dai))", spender: "\(C.stranger) (not in your contacts)", allowance: "2.5",
                    isUnlimited: false)
            ])

        // The witness form: one more member, any struct, still Permit2's transfer.
        let witness = C.typedJSON(
            domain: Self.permit2Domain,
            types: "\"PermitBatchWitnessTransferFrom\":["
                + [
                    Self.member("permitted", "TokenPermissions[]"), Self.member("spender", "address"),
                    Self.member("nonce", "uint256"), Self.member("deadline", "uint256"),
                    Self.member("witness", "Order"),
                ]
                .joined(separator: ",") + "]," + Self.tokenPermissions + ",\"Order\":["
                + Self.member("recipient", "address") + "]",
            primary: "PermitBatchWitnessTransferFrom",
            message:
                "{\"permitted\":[{\"token\":\"\(C.usdc)\",\"amount\":\"\((BigUInt(1) << 256) - 1)\"}],\"spender\":\"\(C.stranger)\",\"nonce\":1,\"deadline\":1767312000,\"witness\":{\"recipient\":\"\(C.stranger)\"}}"
        )
        let witnessed = try reviewed(witness)
        #expect(witnessed.approvals.map(\.isUnlimited) == [true])
        #expect(
            witnessed.lines.contains {
                $0.label == "permit"
                    && $0.value.hasPrefix("Permit2 signature transfer (PermitBatchWitnessTransferFrom)")
            })
    }

    @Test func daiPermitsAllowEverythingOrRevoke() throws {
        let types =
            "\"Permit\":["
            + [
                Self.member("holder", "address"), Self.member("spender", "address"), Self.member("nonce", "uint256"),
                Self.member("expiry", "uint256"), Self.member("allowed", "bool"),
            ].joined(separator: ",") + "]"
        let document = { (allowed: Bool) in
            C.typedJSON(
                domain: [
                    ("name", "string", "\"Dai Stablecoin\""), ("version", "string", "\"1\""),
                    ("chainId", "uint256", "1"),
                    ("verifyingContract", "address", "\"\(C.dai)\""),
                ],
                types: types, primary: "Permit",
                message:
                    "{\"holder\":\"\(try Self.owner())\",\"spender\":\"\(C.stranger)\",\"nonce\":0,\"expiry\":0,\"allowed\":\(allowed)}"
            )
        }
        let allowed = try reviewed(try document(true))
        #expect(
            allowed.lines.contains(
                ReviewLine("allowance", "Unlimited DAI (2^256 − 1 base units)", source: .signerTable)))
        #expect(allowed.lines.contains(ReviewLine("expiry", "0 (no expiry)")))
        #expect(allowed.approvals.map(\.isUnlimited) == [true])
        let revoked = try reviewed(try document(false))
        #expect(revoked.approvals.isEmpty && revoked.warnings.isEmpty)
    }

    @Test func aPermitForAnotherOwnerOrWithoutItsTokenIsStillShown() throws {
        let other = try reviewed(try Self.permit(value: "1", owner: C.stranger))
        #expect(
            other.warnings == [
                "the permit goes to \(C.stranger), which is not one of your accounts or contacts",
                "the permit's owner \(C.stranger) (not in your contacts) is not the signing account: the token will refuse this signature",
            ])
        let noToken = try reviewed(
            try Self.permit(
                value: "\"\((BigUInt(1) << 256) - 1)\"",
                domain: [("name", "string", "\"USD Coin\""), ("chainId", "uint256", "1")]))
        #expect(noToken.approvals.map(\.asset) == ["token (no contract named) (not in the signer's token list)"])
        #expect(noToken.approvals.map(\.isUnlimited) == [true])
        // A contract named as a string binds no contract either.
        let asText = try reviewed(
            try Self.permit(
                value: "1",
                domain: [
                    ("name", "string", "\"USD Coin\""), ("chainId", "uint256", "1"),
                    ("verifyingContract", "string", "\"USDC\""),
                ]))
        #expect(asText.approvals.map(\.asset) == ["token (no contract named) (not in the signer's token list)"])
        let permit2WithoutContract = try reviewed(
            Self.permitSingle(Self.details(C.usdc, "5")).replacingOccurrences(
                of: ",{\"name\":\"verifyingContract\",\"type\":\"address\"}", with: ""
            ).replacingOccurrences(of: ",\"verifyingContract\":\"\(C.permit2)\"", with: ""))
        #expect(
            permit2WithoutContract.lines.contains(
                ReviewLine("contract", "none named in the domain: not Uniswap's Permit2 (\(C.permit2))")))
        // A permit of zero grants nothing.
        #expect(try reviewed(try Self.permit(value: "0")).approvals.isEmpty)
    }

    /// Contracts hash their own type string: a "Permit" with other members is no permit any
    /// token accepts, and is shown as the plain typed data it is.
    @Test func aLookAlikeIsPlainTypedData() throws {
        let json = try Self.permit(value: "1").replacingOccurrences(
            of: "{\"name\":\"nonce\",\"type\":\"uint256\"},", with: ""
        )
        .replacingOccurrences(of: ",\"nonce\":0", with: "")
        let review = try reviewed(json)
        #expect(review.approvals.isEmpty)
        #expect(!review.lines.contains { $0.label == "permit" })
    }

    @Test func typedDataWithoutAChainIdIsValidOnEveryChain() throws {
        let json = EthereumChainTests.typedJSON.replacingOccurrences(
            of: ",{\"name\":\"chainId\",\"type\":\"uint256\"}", with: ""
        )
        .replacingOccurrences(of: ",\"chainId\":1", with: "")
        #expect(json != EthereumChainTests.typedJSON)
        let review = try reviewed(json)
        #expect(
            review.warnings == [
                "the typed data's domain has no chainId: the signature is valid on every chain, not only on eip155:1",
                "the typed data's domain names neither a chain nor a contract: any contract on any chain that accepts this type may take the signature",
            ])
        // With one, no warning.
        #expect(try self.reviewed(EthereumChainTests.typedJSON).warnings.isEmpty)
    }

    @Test func deadlinesSayWhenAndHowFar() {
        let now = EthereumChainTests.now
        #expect(
            DeadlineText.describe(BigUInt(now - 1), now: now) == "1767225599 (2025-12-31 23:59:59 UTC, already passed)")
        #expect(
            DeadlineText.describe(BigUInt(now + 90), now: now) == "1767225690 (2026-01-01 00:01:30 UTC, in 1 minute)")
        #expect(
            DeadlineText.describe(BigUInt(now + 100 * 86400), now: now)
                == "1775865600 (2026-04-11 00:00:00 UTC, in 100 days)")
        #expect(
            DeadlineText.describe(BigUInt(now) + 30 * 31_557_600, now: now)
                == "2713953600 (2056-01-01 12:00:00 UTC, in about 30 years)")
        #expect(
            DeadlineText.describe((BigUInt(1) << 256) - 1, now: now)
                == "2^256 − 1 (after the year 9999: never, in practice)")
        #expect(
            DeadlineText.describe((BigUInt(1) << 48) - 1, now: now)
                == "281474976710655 (after the year 9999: never, in practice)")
    }
}
