import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignMessages
import BigInt

extension FuzzTarget {
    /// EIP-7702 authorization requests: the bytes as the payload's preimage, decoded strictly
    /// and reviewed by the module. Properties: an accepted preimage re-encodes to itself, and a
    /// review whose delegate is not the trusted one (nor zero) needs `--blind`.
    static let ethereumAuthorization = FuzzTarget(
        name: "ethereum-authorization",
        summary: "EIP-7702 authorization preimages (0x05 ‖ rlp([chain_id, address, nonce])), decoded and reviewed"
    ) { input throws(FuzzViolation) in
        guard let authorization = try? SetCodeAuthorization.decodePreimage(input) else { return }
        try FuzzViolation.check(authorization.preimage == input, "an authorization does not re-encode exactly")
        guard let account = EthereumFuzzAccount.account else { return }
        let payload: JSONValue = .object([
            (key: "type", value: .string("authorization")),
            (key: "authorization", value: .string(Hex.encode(input, prefix: true))),
        ])
        let network = authorization.chainId == 0 ? "eip155:1" : "eip155:\(authorization.chainId)"
        guard
            let request = try? SignRequest(
                id: RequestID("11111111-1111-4111-8111-111111111111"), chain: ChainID(Chain.ethereum),
                network: network, account: account, payload: payload)
        else { return }
        let module = EthereumSetCodeFuzz.module
        guard let review = try? module.review(request, context: ReviewContext(now: 0)) else {
            try FuzzViolation.check(
                !authorization.nonceIsUsable || authorization.chainId.bitWidth > 256,
                "an authorization with a usable nonce was refused")
            return
        }
        let trusted = authorization.isRevocation || authorization.delegate == EthereumSetCodeFuzz.trusted
        try FuzzViolation.check(
            trusted == (review.confirmation == .standard), "the delegate list did not decide the confirmation")
        try FuzzViolation.check(review.effects.controlChanges.count == 1, "an authorization is one control change")
    }

    /// Type-4 transactions built from the fuzzer's bytes: one to six tuples, each signed by
    /// the sender or another key, for this chain, another or every chain, to the trusted
    /// delegate, another or zero, at a chosen nonce, its signature sometimes broken (y_parity,
    /// high s). The expected outcome is worked out here apart from the review: the review
    /// refuses exactly when a sender's tuple breaks the nonce rule, and otherwise has one
    /// control change per applied tuple and needs `--blind` exactly when an applied tuple's
    /// delegate is untrusted.
    static let ethereumSetCodeStructured = FuzzTarget(
        name: "ethereum-set-code-structured",
        summary:
            "structure-aware: type-4 transactions with signed authorizations (skipped tuples, the sender's nonce rule, the delegate list)"
    ) { input throws(FuzzViolation) in
        guard let sender = EthereumSetCodeFuzz.keys.first, let from = EthereumFuzzAccount.address else { return }
        var source = FuzzByteSource(input)
        let txNonce = UInt64(source.byte())
        var expectedSenderNonce = txNonce + 1
        var tuples: [SignedSetCodeAuthorization] = []
        var applied = 0
        var untrusted = false
        var breaksNonceRule = false
        for _ in 0...source.below(6) {
            let bySender = source.bool()
            let key = bySender ? sender : EthereumSetCodeFuzz.keys[1 + source.below(EthereumSetCodeFuzz.keys.count - 1)]
            let chainId: BigUInt = source.pick([0, 1, 1, 5])
            let delegate = source.pick(EthereumSetCodeFuzz.delegates)
            let nonce =
                bySender && source.below(4) != 0
                ? expectedSenderNonce : UInt64(source.byte()) | (source.bool() ? 0 : 1 << 63)
            guard
                let signed = try? SetCodeAuthorization(chainId: chainId, delegate: delegate, nonce: nonce).signed(
                    with: key)
            else { return }
            var tuple = signed
            var broken = false
            switch source.below(8) {
            case 0:
                tuple = SignedSetCodeAuthorization(
                    authorization: signed.authorization, yParity: 2 + source.byte() % 254, r: signed.r, s: signed.s)
                broken = true
            case 1:
                tuple = SignedSetCodeAuthorization(
                    authorization: signed.authorization, yParity: signed.yParity, r: signed.r,
                    s: EthereumSetCodeFuzz.order - signed.s)
                broken = true
            default: break
            }
            tuples.append(tuple)
            let skipped = broken || (chainId != 0 && chainId != 1)
            guard !skipped else { continue }
            if bySender {
                if nonce != expectedSenderNonce { breaksNonceRule = true }
                expectedSenderNonce += 1
            }
            applied += 1
            if !delegate.bytes.allSatisfy({ $0 == 0 }) && delegate != EthereumSetCodeFuzz.trusted { untrusted = true }
        }
        guard
            let transaction = try? EthereumTransaction(
                type: .setCode, chainId: 1, nonce: txNonce, fees: .feeMarket(maxPriorityFeePerGas: 1, maxFeePerGas: 2),
                gasLimit: 100_000, to: from, value: 0, data: [], authorizationList: tuples)
        else { throw FuzzViolation("a type-4 transaction built from valid parts was refused") }
        // Through the codec first: the signed bytes are what the review reads.
        let decoded: EthereumTransaction
        do { decoded = try EthereumTransaction.decodeUnsigned(transaction.unsignedEncoding) } catch {
            throw FuzzViolation("a type-4 transaction does not decode: \(error)")
        }
        try FuzzViolation.check(decoded == transaction, "a type-4 transaction decodes to another")
        let review: TransactionReview
        do {
            review = try TransactionReview(
                decoded, from: from, knowledge: EthereumSetCodeFuzz.module.knowledge)
        } catch let error as EthereumChainError {
            guard case .authorizationNonce = error else { throw FuzzViolation("refused for another reason: \(error)") }
            try FuzzViolation.check(breaksNonceRule, "refused a list that keeps the nonce rule")
            return
        } catch {
            throw FuzzViolation("refused for another reason: \(error)")
        }
        try FuzzViolation.check(!breaksNonceRule, "accepted a sender's tuple that breaks the nonce rule")
        try FuzzViolation.check(
            review.effects.controlChanges.count == applied, "the control changes are not the applied tuples")
        try FuzzViolation.check(
            untrusted == !review.effects.unknowns.isEmpty, "the delegate list did not decide what is unknown")
    }
}

/// The keys, delegates and the module the EIP-7702 targets use: the sender (0x46…46), three
/// other keys; a trusted delegate (the one the module's list has, on every chain), an untrusted
/// one and the zero address.
enum EthereumSetCodeFuzz {
    static let keys: [Secp256k1.PrivateKey] = [0x46, 0x01, 0x02, 0x03].compactMap {
        try? Secp256k1.PrivateKey(SecureBytes(copying: [UInt8](repeating: $0, count: 32)))
    }
    static let trusted = (try? EthereumAddress(bytes: [UInt8](repeating: 0x77, count: 20)))
    static let delegates: [EthereumAddress] = [[0x77], [0x99], [0x00]].compactMap {
        try? EthereumAddress(bytes: [UInt8](repeating: $0[0], count: 20))
    }
    static let module = EthereumChain(
        knowledge: EthereumKnowledge(
            delegates: trusted.flatMap { try? TrustedDelegate(chainId: 0, address: $0, name: "trusted") }.map { [$0] }
                ?? []))
    static let order =
        BigUInt("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", radix: 16) ?? 0
}
