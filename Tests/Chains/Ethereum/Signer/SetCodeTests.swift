import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignEthereumOnline
import AirsignMessages
import BigInt
import Testing

/// EIP-7702 on the signer: authorization requests and type-4 transactions reviewed against the
/// person's delegate list (trusted, unknown, revocation, chain id 0), the nonce rule when the
/// sender is the authority, the tuples a client skips, the strict codec's refusals, and the
/// watch's finalize of a signed authorization. Byte-for-byte agreement with eth-account is
/// Tests/interop/ethereum/test_eip7702.py.
@Suite struct SetCodeTests {
    typealias Fixture = EthereumChainTests
    /// MetaMask's EIP7702StatelessDeleGator (docs/chains/ethereum.md lists its source).
    static let delegate = "0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B"
    static let zero = "0x0000000000000000000000000000000000000000"

    static func trusting(chainId: UInt64) throws -> EthereumChain {
        EthereumChain(
            knowledge: EthereumKnowledge(delegates: [
                try TrustedDelegate(chainId: chainId, address: EthereumAddress(delegate), name: "MetaMask delegator")
            ]))
    }

    static func authorizationRequest(chainId: BigUInt, delegate: String = delegate, nonce: UInt64 = 3) throws
        -> SignRequest
    {
        let authorization = try SetCodeAuthorization(
            chainId: chainId, delegate: EthereumAddress(delegate), nonce: nonce)
        return try Fixture.request(
            .object([
                (key: "type", value: .string("authorization")),
                (key: "authorization", value: .string(Hex.encode(authorization.preimage, prefix: true))),
            ]))
    }

    static func review(_ module: EthereumChain, _ request: SignRequest) throws -> Review {
        try module.review(request, context: try Fixture.context())
    }

    @Test func trustedDelegateIsAControlChangeAndAnAuthorizationOthersMaySubmit() throws {
        let review = try Self.review(try Self.trusting(chainId: 1), try Self.authorizationRequest(chainId: 1))
        #expect(review.confirmation == .standard)
        #expect(review.effects.controlChanges.count == 1)
        let change = try #require(review.effects.controlChanges.first)
        #expect(change.granted && change.what.contains("control of the account"))
        #expect(change.party?.contains(Self.delegate) == true && change.party?.contains("MetaMask delegator") == true)
        #expect(review.effects.deferredSignatures.first?.until == "the account's nonce passes 3")
        #expect(review.warnings.isEmpty)
        #expect(review.effects.totals.isEmpty)
    }

    @Test func unknownDelegateNeedsBlind() throws {
        // Nothing trusted; and an entry for chain 10 does not cover chain 1.
        for module in [EthereumChain(), try Self.trusting(chainId: 10)] {
            let review = try Self.review(module, try Self.authorizationRequest(chainId: 1))
            guard case .explicit(let reason) = review.confirmation else {
                Issue.record("an unknown delegate must need --blind")
                continue
            }
            #expect(reason.contains("not on this signer's delegate list"))
            #expect(review.warnings.contains { $0.contains("its code would control this account") })
            #expect(review.effects.controlChanges.count == 1)
        }
    }

    @Test func chainIdZeroWarnsAndNeedsAnEveryChainEntry() throws {
        let request = try Self.authorizationRequest(chainId: 0)
        // An entry for chain 1 only does not trust an authorization valid everywhere.
        let onOne = try Self.review(try Self.trusting(chainId: 1), request)
        #expect(onOne.unknowns.count == 1)
        let everywhere = try Self.review(try Self.trusting(chainId: 0), request)
        #expect(everywhere.confirmation == .standard)
        for review in [onOne, everywhere] {
            #expect(review.lines.contains { $0.label == "valid on" && $0.value == "every chain (chain id 0)" })
            #expect(review.warnings.contains { $0.hasPrefix("chain id 0:") && $0.contains("every EVM chain") })
        }
    }

    @Test func zeroAddressIsARevocationAndNeedsNoEntry() throws {
        let review = try Self.review(EthereumChain(), try Self.authorizationRequest(chainId: 1, delegate: Self.zero))
        #expect(review.confirmation == .standard)
        #expect(review.title.contains("revoke"))
        let change = try #require(review.effects.controlChanges.first)
        #expect(!change.granted && change.party == nil)
        #expect(review.lines.contains { $0.label == "delegate" && $0.value.hasPrefix("none: the zero address") })
    }

    @Test func authorizationForAnotherChainOrNeverValidIsRefused() throws {
        #expect(throws: EthereumChainError.self) {
            try Self.review(EthereumChain(), try Self.authorizationRequest(chainId: 5))
        }
        #expect(throws: EthereumChainError.authorizationNeverValid(field: "payload.authorization")) {
            try Self.review(EthereumChain(), try Self.authorizationRequest(chainId: 1, nonce: UInt64.max))
        }
        // The preimage is strict: no magic, trailing bytes, a fourth field.
        let good = try SetCodeAuthorization(chainId: 1, delegate: EthereumAddress(Self.delegate), nonce: 3).preimage
        for bad in [Array(good.dropFirst()), good + [0], [0x05] + RLP.encode(.list([.integer(1), .integer(2)]))] {
            #expect(throws: EthereumError.self) { try SetCodeAuthorization.decodePreimage(bad) }
        }
    }

    @Test func signedAuthorizationFinalizes() throws {
        let module = try Self.trusting(chainId: 1)
        let request = try Self.authorizationRequest(chainId: 1)
        let review = try Self.review(module, request)
        let output = try module.sign(review, with: .secp256k1(try Fixture.key(0x46)))
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: nil)
        let finalized = try Fixture.finalizer.finalize(response, for: request)
        #expect(finalized.response.result == output.result)
        // A changed parity recovers another key: refused by the watch.
        var forged = try Hex.decode(try #require(output.signatures.first))
        forged[64] ^= 1
        let bad = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: [Hex.encode(forged, prefix: true)], result: nil)
        #expect(throws: (any Error).self) { try Fixture.finalizer.finalize(bad, for: request) }
    }

    // MARK: type-4 transactions

    static func tuple(_ key: UInt8, chainId: BigUInt = 1, delegate: String = delegate, nonce: UInt64) throws
        -> SignedSetCodeAuthorization
    {
        try SetCodeAuthorization(chainId: chainId, delegate: EthereumAddress(delegate), nonce: nonce)
            .signed(with: try Fixture.key(key))
    }

    static func setCode(nonce: UInt64 = 7, _ list: [SignedSetCodeAuthorization]) throws -> EthereumTransaction {
        try EthereumTransaction(
            type: .setCode, chainId: 1, nonce: nonce,
            fees: .feeMarket(maxPriorityFeePerGas: 1_000_000_000, maxFeePerGas: 30_000_000_000), gasLimit: 100_000,
            to: EthereumAddress(try Fixture.account(0x46).address), value: 0, data: [],
            authorizationList: list)
    }

    @Test func nonceRuleWhenTheSenderIsTheAuthority() throws {
        let module = try Self.trusting(chainId: 0)
        // Sender 0x46 at nonce 7: its tuples must be 8, then 9.
        let good = try Self.review(
            module, try Fixture.transactionRequest(try Self.setCode([try Self.tuple(0x46, nonce: 8)])))
        #expect(good.confirmation == .standard)
        #expect(good.effects.controlChanges.first?.what.contains("this account (the sender)") == true)
        _ = try Self.review(
            module,
            try Fixture.transactionRequest(
                try Self.setCode([try Self.tuple(0x46, nonce: 8), try Self.tuple(0x46, nonce: 9)])))
        for wrong: UInt64 in [7, 9] {
            #expect(throws: EthereumChainError.authorizationNonce(index: 0, found: wrong, expected: 8)) {
                try Self.review(
                    module, try Fixture.transactionRequest(try Self.setCode([try Self.tuple(0x46, nonce: wrong)])))
            }
        }
        // Another authority's nonce is not known offline: shown, not checked.
        let sponsored = try Self.review(
            module, try Fixture.transactionRequest(try Self.setCode([try Self.tuple(0x09, nonce: 0)])))
        #expect(sponsored.lines.contains { $0.label == "nonce" && $0.value.contains("only if that account's nonce") })
    }

    @Test func skippedTuplesAreShownWithoutEffect() throws {
        let module = try Self.trusting(chainId: 0)
        let otherChain = try Self.tuple(0x09, chainId: 5, nonce: 0)
        let valid = try Self.tuple(0x46, nonce: 8)
        let order = try #require(BigUInt("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", radix: 16))
        let highS = SignedSetCodeAuthorization(
            authorization: valid.authorization, yParity: valid.yParity, r: valid.r, s: order - valid.s)
        let badParity = SignedSetCodeAuthorization(
            authorization: valid.authorization, yParity: 2, r: valid.r, s: valid.s)
        let review = try Self.review(
            module, try Fixture.transactionRequest(try Self.setCode([otherChain, highS, badParity, valid])))
        #expect(review.lines.filter { $0.label == "skipped" }.count == 3)
        #expect(review.warnings.filter { $0.contains("is skipped by the chain") }.count == 3)
        // Only the valid tuple (the sender's, nonce 8: skipped ones do not raise the nonce) acts.
        #expect(review.effects.controlChanges.count == 1)
    }

    @Test func unknownDelegateInATransactionNeedsBlind() throws {
        let review = try Self.review(
            EthereumChain(), try Fixture.transactionRequest(try Self.setCode([try Self.tuple(0x46, nonce: 8)])))
        #expect(review.unknowns.count == 1)
        #expect(review.unknowns.first?.contains("not on this signer's delegate list") == true)
    }

    @Test func typeFourShapeIsStrict() throws {
        let tuple = try Self.tuple(0x46, nonce: 8)
        let fees = TransactionFees.feeMarket(maxPriorityFeePerGas: 1, maxFeePerGas: 2)
        #expect(throws: EthereumError.self) {
            try EthereumTransaction(
                type: .setCode, chainId: 1, nonce: 0, fees: fees, gasLimit: 1, to: nil, value: 0, data: [],
                authorizationList: [tuple])
        }
        #expect(throws: EthereumError.self) {
            try EthereumTransaction(
                type: .setCode, chainId: 1, nonce: 0, fees: fees, gasLimit: 1,
                to: EthereumAddress(Self.delegate), value: 0, data: [])
        }
        #expect(throws: EthereumError.self) {
            try EthereumTransaction(
                type: .feeMarket, chainId: 1, nonce: 0, fees: fees, gasLimit: 1,
                to: EthereumAddress(Self.delegate), value: 0, data: [], authorizationList: [tuple])
        }
        // Round trip, and the decoder refuses an empty list, a five-field tuple and a y_parity of two bytes.
        let tx = try Self.setCode([tuple])
        #expect(try EthereumTransaction.decodeUnsigned(tx.unsignedEncoding) == tx)
        let signed = try tx.signed(with: try Fixture.key(0x46))
        #expect(try SignedEthereumTransaction.decode(signed.encoded) == signed)
        guard case .list(var fields) = try RLP.decode(Array(tx.unsignedEncoding.dropFirst())) else {
            Issue.record("not a list")
            return
        }
        let emptyList = [UInt8(4)] + RLP.encode(.list(Array(fields.dropLast()) + [.list([])]))
        #expect(throws: EthereumError.self) { try EthereumTransaction.decodeUnsigned(emptyList) }
        guard case .list(let tuples) = fields[9], case .list(let first) = tuples[0] else {
            Issue.record("no tuple")
            return
        }
        fields[9] = .list([.list(Array(first.dropLast()))])
        #expect(throws: EthereumError.self) {
            try EthereumTransaction.decodeUnsigned([4] + RLP.encode(.list(fields)))
        }
        var wide = first
        wide[3] = .bytes([1, 0])
        fields[9] = .list([.list(wide)])
        #expect(throws: EthereumError.self) {
            try EthereumTransaction.decodeUnsigned([4] + RLP.encode(.list(fields)))
        }
    }

    @Test func jsonTransactionsCarryAuthorizations() throws {
        let tuple = try Self.tuple(0x46, chainId: 0, nonce: 8)
        let json: JSONValue = .object([
            (key: "chainId", value: .number("1")), (key: "nonce", value: .number("7")),
            (key: "gas", value: .number("100000")), (key: "maxFeePerGas", value: .number("2")),
            (key: "maxPriorityFeePerGas", value: .number("1")),
            (key: "to", value: .string(Self.delegate)), (key: "authorizationList", value: .array([tuple.json])),
        ])
        let read = try TransactionJSON(json: json)
        #expect(read.transaction.type == .setCode && read.transaction.authorizationList == [tuple])
        // A blob type is refused with its own reason.
        guard case .object(var members) = json else { return }
        members.append((key: "type", value: .number("3")))
        #expect(throws: EthereumError.blobTransaction) { try TransactionJSON(json: .object(members)) }
    }
}
