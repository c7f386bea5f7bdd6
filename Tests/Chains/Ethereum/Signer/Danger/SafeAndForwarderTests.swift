import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignMessages
import BigInt
import Testing

/// Typed data that makes another account act: a Safe transaction (the Safe calls), an ERC-2771
/// forward request (a forwarder calls as the signer). The inner call is read as the chain
/// reads it, from the account that makes it. Crafted by hand, as an attacker would.
@Suite struct SafeAndForwarderTests {
    typealias C = Crafted
    typealias P = PermitReviewTests
    static let safe = "0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE"

    func reviewed(_ json: String) throws -> Review {
        try EthereumChainTests.module.review(try C.typedData(json), context: EthereumChainTests.context())
    }

    static func transferData(to: String, amount: BigUInt) throws -> String {
        Hex.encode([0xa9, 0x05, 0x9c, 0xbb] + (try C.word(to)) + C.word(amount), prefix: true)
    }

    /// A SafeTx as Safe 1.3+ signs it; `gas: "dataGas"` and `chainId: false` give the older
    /// forms (0.1.0's member name; 1.0–1.2's domain with no chain id).
    static func safeTx(
        to: String, value: String = "0", data: String, operation: Int = 0, gasPrice: String = "0",
        gasToken: String = "0x0000000000000000000000000000000000000000",
        refundReceiver: String = "0x0000000000000000000000000000000000000000", gas: String = "baseGas",
        chainId: Bool = true
    ) -> String {
        let types =
            "\"SafeTx\":["
            + [
                P.member("to", "address"), P.member("value", "uint256"), P.member("data", "bytes"),
                P.member("operation", "uint8"),
                P.member("safeTxGas", "uint256"), P.member(gas, "uint256"), P.member("gasPrice", "uint256"),
                P.member("gasToken", "address"), P.member("refundReceiver", "address"), P.member("nonce", "uint256"),
            ]
            .joined(separator: ",") + "]"
        let domain = (chainId ? [("chainId", "uint256", "1")] : []) + [("verifyingContract", "address", "\"\(safe)\"")]
        return C.typedJSON(
            domain: domain, types: types, primary: "SafeTx",
            message:
                "{\"to\":\"\(to)\",\"value\":\"\(value)\",\"data\":\"\(data)\",\"operation\":\(operation),\"safeTxGas\":0,\"\(gas)\":0,\"gasPrice\":\"\(gasPrice)\",\"gasToken\":\"\(gasToken)\",\"refundReceiver\":\"\(refundReceiver)\",\"nonce\":3}"
        )
    }

    /// Safes before 1.3 are read as Safe transactions too: their signature moves the same
    /// tokens, and (with no chain id in the domain) on every chain the Safe address exists on.
    @Test func olderSafesAreReadToo() throws {
        let data = try Self.transferData(to: C.stranger, amount: 5_000_000)
        let current = try reviewed(Self.safeTx(to: C.usdc, data: data))
        #expect(current.totals.map(\.formatted) == ["5 USDC from \(Self.safe) (not in your contacts)"])
        for json in [
            Self.safeTx(to: C.usdc, data: data, chainId: false),
            Self.safeTx(to: C.usdc, data: data, gas: "dataGas", chainId: false),
        ] {
            let old = try reviewed(json)
            #expect(old.unknowns.isEmpty, "\(old.unknowns)")
            #expect(old.totals == current.totals)
            #expect(
                old.effects.filter { if case .outflow = $0 { true } else { false } }
                    == current.effects.filter { if case .outflow = $0 { true } else { false } })
            #expect(
                old.warnings.contains(
                    "the typed data's domain has no chainId: the signature is valid on every chain, not only on eip155:1"
                ))
        }
        // Another member name is not a Safe transaction: plain typed data, unknown.
        #expect(!(try reviewed(Self.safeTx(to: C.usdc, data: data, gas: "refundGas"))).unknowns.isEmpty)
    }

    @Test func aSafeTransactionMovesTheSafesTokens() throws {
        let request = try C.typedData(
            Self.safeTx(to: C.usdc, data: try Self.transferData(to: C.stranger, amount: 5_000_000)))
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
                  primary type SafeTx
                  domain
                    chainId (uint256) 1
                    verifyingContract (address) 0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE (not
                                                | in your contacts)
                  message
                    to (address) 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 (not in your
                                 | contacts)
                    value (uint256) 0
                    data (bytes) 0xa9059cbb00000000000000000000000042424242424242424242424242424
                                 |24242424242000000000000000000000000000000000000000000000000000
                                 |00000004c4b40
                    operation (uint8) 0
                    safeTxGas (uint256) 0
                    baseGas (uint256) 0
                    gasPrice (uint256) 0
                    gasToken (address) 0x0000000000000000000000000000000000000000 (not in your
                                       | contacts)
                    refundReceiver (address) 0x0000000000000000000000000000000000000000 (not in
                                             | your contacts)
                    nonce (uint256) 3
                  Safe transaction the Safe performs this call once enough of its owners have
                                   | signed
                  Safe      0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE (not in your contacts)
                  Safe nonce 3
                  to        0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 (not in your contacts)
                  value     0 ETH, from the Safe
                  operation 0 (CALL)
                  Safe's call
                    call      ERC-20 transfer
                    token     USDC (USDCoin, 6 decimals) [signer's table]
                    token recipient 0x4242424242424242424242424242424242424242 (not in your
                                    | contacts)
                    token amount 5 USDC (5000000 base units) [signer's table]
                  digest    0x53094e51102824c2e03260ca268d9e6ae9ab020e08796d241d7afb6b82092c88
                  total     5 USDC from 0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE (not in your
                            | contacts)
                  later     a Safe transaction signature: any owner can execute it once enough
                            | owners signed: whoever holds it can submit it with no end in the
                            | signed bytes
                  signs     1 message, 994 bytes: typed data

                """, "\(text)")
        let summary = try C.summary([request])
        #expect(
            summary == """
                Batch: 1 request, all reviewed, 1 signature others may submit later
                  total     5 USDC from 0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE (not in your
                            | contacts) on ethereum eip155:1
                            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)
                  later     a Safe transaction signature: any owner can execute it once enough
                            | owners signed: whoever holds it can submit it with no end in the
                            | signed bytes
                """, "\(summary)")
    }

    @Test func safeEtherDelegateCallsAndRefunds() throws {
        let ether = try reviewed(Self.safeTx(to: C.stranger, value: "1500000000000000000", data: "0x"))
        #expect(
            ether.effects.filter { if case .outflow = $0 { true } else { false } }
                == [
                    .outflow(
                        Outflow(
                            AssetAmount(
                                asset: Asset(
                                    chain: ChainID(Chain.ethereum), network: "eip155:1", symbol: "ETH", decimals: 18),
                                amount: 1_500_000_000_000_000_000),
                            from: "\(Self.safe) (not in your contacts)", to: "\(C.stranger) (not in your contacts)"))
                ])
        #expect(ether.unknowns.isEmpty)

        let delegate = try reviewed(
            Self.safeTx(to: C.stranger, data: try Self.transferData(to: C.stranger, amount: 1), operation: 1))
        #expect(
            delegate.warnings == [
                "DELEGATECALL: the called contract runs with the Safe's storage and funds: it can do anything with the Safe"
            ])
        #expect(
            delegate.unknowns == [
                "a Safe DELEGATECALL to \(C.stranger): code that runs as the Safe \(Self.safe), with its storage and funds"
            ])
        #expect(delegate.totals.isEmpty)

        let refund = try reviewed(
            Self.safeTx(to: C.stranger, data: "0x", gasPrice: "1000", gasToken: C.usdc, refundReceiver: C.stranger))
        #expect(
            refund.warnings == [
                "the Safe pays a gas refund in token \(C.usdc) at 1000 per gas to \(C.stranger) (not in your contacts), which is not one of your accounts or contacts; the gas used, and so the amount, is the executor's to choose"
            ])
        #expect(
            refund.unknowns == [
                "a gas refund the Safe \(Self.safe) pays in token \(C.usdc) to \(C.stranger), its amount set by the gas used"
            ])

        // A call the signer cannot read, made by the Safe, is unknown.
        let blind = try reviewed(Self.safeTx(to: C.stranger, data: "0xdeadbeef"))
        #expect(!blind.unknowns.isEmpty)
        #expect(
            blind.effects.deferredSignatures == [
                DeferredSignature(
                    "a Safe transaction signature: any owner can execute it once enough owners signed", until: nil)
            ])
    }

    static func forward(data: String, deadline: Bool = true, from: String? = nil) throws -> String {
        var members = [
            P.member("from", "address"), P.member("to", "address"), P.member("value", "uint256"),
            P.member("gas", "uint256"), P.member("nonce", "uint256"),
        ]
        if deadline { members.append(P.member("deadline", "uint48")) }
        members.append(P.member("data", "bytes"))
        return C.typedJSON(
            domain: [
                ("name", "string", "\"Forwarder\""), ("version", "string", "\"1\""), ("chainId", "uint256", "1"),
                ("verifyingContract", "address", "\"\(C.stranger)\""),
            ],
            types: "\"ForwardRequest\":[" + members.joined(separator: ",") + "]", primary: "ForwardRequest",
            message:
                "{\"from\":\"\(try from ?? P.owner())\",\"to\":\"\(C.dai)\",\"value\":0,\"gas\":100000,\"nonce\":0,"
                + (deadline ? "\"deadline\":1767312000," : "") + "\"data\":\"\(data)\"}")
    }

    @Test func forwardRequestsAreCallsTheSignerMakes() throws {
        let review = try reviewed(
            try Self.forward(data: try Self.transferData(to: C.stranger, amount: 2_000_000_000_000_000_000)))
        #expect(review.totals.map(\.formatted) == ["2 DAI"])
        #expect(review.totals.map(\.account) == [nil])
        #expect(
            review.effects.deferredSignatures == [
                DeferredSignature(
                    "an ERC-2771 forward request a relayer submits",
                    until: "1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)")
            ])
        #expect(review.unknowns.isEmpty)
        #expect(review.lines.contains(ReviewLine("token recipient", "\(C.stranger) (not in your contacts)", level: 1)))

        let minimal = try reviewed(try Self.forward(data: "0xdeadbeef", deadline: false))
        #expect(
            minimal.effects.deferredSignatures == [
                DeferredSignature("an ERC-2771 forward request a relayer submits", until: nil)
            ])
        #expect(!minimal.unknowns.isEmpty)
        let other = try reviewed(try Self.forward(data: "0x", from: C.stranger))
        #expect(
            other.warnings.contains(
                "the request's caller \(C.stranger) (not in your contacts) is not the signing account: the forwarder will refuse this signature"
            ))
    }
}
