import AirsignEthereum
import AirsignStellar

extension FuzzTarget {
    static let stellarEnvelope = FuzzTarget(name: "stellar-envelope", summary: "Stellar TransactionEnvelope XDR (v0, v1, fee bump); accepted bytes re-encode exactly") { input throws(FuzzViolation) in
        guard let envelope = try? TransactionEnvelope(xdr: input) else { return }
        let again: [UInt8]
        do {
            again = try envelope.xdr()
        } catch {
            throw FuzzViolation("a decoded envelope does not re-encode: \(error)")
        }
        try FuzzViolation.check(again == input, "Stellar XDR accepted bytes it would not write")
        _ = try? envelope.base64()
        // What the signer shows before the PIN: every operation in words, amounts and dates.
        _ = try? envelope.review(network: .testnet)
    }

    static let stellarResult = FuzzTarget(name: "stellar-result", summary: "Horizon's TransactionResult XDR, read to name the outcome of a submission") { input throws(FuzzViolation) in
        _ = try? TransactionResultSummary(base64: StellarBase64.encode(input))
    }

    static let stellarSEP7 = FuzzTarget(name: "stellar-sep7", summary: "SEP-7 web+stellar:tx URIs") { input throws(FuzzViolation) in
        _ = try? SEP7TransactionRequest(uri: input.fuzzText)
    }

    static let ethereumTransaction = FuzzTarget(name: "ethereum-transaction", summary: "unsigned and signed EIP-2718 transactions (legacy, 2930, 1559)") { input throws(FuzzViolation) in
        if let transaction = try? EthereumTransaction.decodeUnsigned(input) {
            try FuzzViolation.check(transaction.unsignedEncoding == input, "an unsigned transaction does not re-encode exactly")
        }
        _ = try? SignedEthereumTransaction.decode(input)
    }

    static let ethereumTypedData = FuzzTarget(name: "ethereum-typed-data", summary: "EIP-712 typed data JSON, hashed and reviewed as the signer would") { input throws(FuzzViolation) in
        guard let typed = try? TypedData(jsonText: input) else { return }
        _ = try? typed.digest()
        _ = try? TypedDataReview(typed)
    }
}
