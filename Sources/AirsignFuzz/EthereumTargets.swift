import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignMessages

extension FuzzTarget {
    static let ethereumTransaction = FuzzTarget(
        name: "ethereum-transaction",
        summary: "unsigned and signed EIP-2718 transactions (legacy, 2930, 1559), reviewed as the signer would"
    ) { input throws(FuzzViolation) in
        if let transaction = try? EthereumTransaction.decodeUnsigned(input) {
            try FuzzViolation.check(
                transaction.unsignedEncoding == input, "an unsigned transaction does not re-encode exactly")
            if let from = EthereumFuzzAccount.address { _ = try review(transaction, from: from) }
        }
        _ = try? SignedEthereumTransaction.decode(input)
    }

    static let ethereumCallData = FuzzTarget(
        name: "ethereum-calldata",
        summary: "transaction data reviewed as the signer shows it: token calls and approvals, or every byte in words"
    ) { input throws(FuzzViolation) in
        guard let from = EthereumFuzzAccount.address,
            let token = try? EthereumAddress(bytes: EthereumFuzzAccount.listedToken)
        else { return }
        // A call to a token the signer's list has, and init code of a creation.
        for to in [token, nil] {
            guard
                let transaction = try? EthereumTransaction(
                    type: .feeMarket, chainId: 1, nonce: 0, fees: .feeMarket(maxPriorityFeePerGas: 1, maxFeePerGas: 2),
                    gasLimit: 21000, to: to, value: 1, data: input)
            else { return }
            let review = try review(transaction, from: from)
            // Only data shown whole at the top (not a standard call with a blind call inside).
            guard review.blindReason != nil,
                review.lines.contains(where: { ($0.label == "call" || $0.label == "init code") && $0.level == 0 })
            else { continue }
            // Data that is not shown as a call is shown whole: the words are the bytes.
            let shown = review.lines.filter { $0.level == 1 }.map {
                $0.value.split(separator: " ").first.map(String.init) ?? ""
            }
            var bytes: [UInt8] = []
            for word in shown {
                guard let decoded = try? Hex.decode(word) else {
                    throw FuzzViolation("a data word is not hex: \(word)")
                }
                bytes += decoded
            }
            let expected = to == nil ? input : Array(input.dropFirst(4))
            try FuzzViolation.check(
                input.count < 4 && to != nil ? shown.isEmpty : bytes == expected,
                "the words shown are not the data signed")
        }
    }

    static let ethereumTypedData = FuzzTarget(
        name: "ethereum-typed-data",
        summary: "EIP-712 typed data JSON, hashed and reviewed as the signer would (permits included)"
    ) { input throws(FuzzViolation) in
        guard let typed = try? TypedData(jsonText: input) else { return }
        _ = try? typed.digest()
        _ = try? TypedDataReview(typed)
        // The chain module's review: the tree, permits and their approvals, the chainId warning.
        guard let account = EthereumFuzzAccount.account, let json = try? JSONParser().parse(input),
            let request = try? SignRequest.make(
                chain: ChainID(Chain.ethereum), network: "eip155:1", account: account,
                payload: .object([(key: "type", value: .string("typed_data")), (key: "typedData", value: json)]))
        else { return }
        guard let review = try? EthereumChain().review(request, context: ReviewContext(now: 1_767_225_600)),
            let digest = try? typed.digest()
        else { return }
        try FuzzViolation.check(
            review.lines.contains(ReviewLine("digest", Hex.encode(digest, prefix: true))),
            "the review shows another digest than the one signed")
    }
}

/// The signer's review of a transaction with no installed knowledge and no request ABI: it
/// must not throw (only an installed descriptor or a request's ABI can claim a call and refuse it).
private func review(_ transaction: EthereumTransaction, from: EthereumAddress) throws(FuzzViolation)
    -> TransactionReview
{
    do { return try TransactionReview(transaction, from: from) } catch {
        throw FuzzViolation("the built-in review refused a transaction: \(error)")
    }
}

/// The account the Ethereum targets review for: the EIP-155 example key's (0x46…46).
enum EthereumFuzzAccount {
    static let account: MessageAccount? = {
        guard let key = try? Secp256k1.PrivateKey(SecureBytes(copying: [UInt8](repeating: 0x46, count: 32))) else {
            return nil
        }
        return try? MessageAccount(
            address: EthereumAddress(publicKey: key.publicKey).checksummed, publicKey: key.publicKey.uncompressed)
    }()

    static let address: EthereumAddress? = account.flatMap { try? EthereumAddress($0.address) }

    /// USDC on mainnet, in the signer's token list, so token calls are read in its units.
    static let listedToken: [UInt8] = [
        0xa0, 0xb8, 0x69, 0x91, 0xc6, 0x21, 0x8b, 0x36, 0xc1, 0xd1, 0x9d, 0x4a, 0x2e, 0x9e, 0xb0, 0xce, 0x36, 0x06,
        0xeb, 0x48,
    ]
}
