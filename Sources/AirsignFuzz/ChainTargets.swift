import AirsignStellar

extension FuzzTarget {
    static let stellarEnvelope = FuzzTarget(
        name: "stellar-envelope",
        summary: "Stellar TransactionEnvelope XDR (v0, v1, fee bump); accepted bytes re-encode exactly"
    ) { input throws(FuzzViolation) in
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

    static let stellarResult = FuzzTarget(
        name: "stellar-result", summary: "Horizon's TransactionResult XDR, read to name the outcome of a submission"
    ) { input throws(FuzzViolation) in
        _ = try? TransactionResultSummary(base64: StellarBase64.encode(input))
    }

    static let stellarSEP7 = FuzzTarget(name: "stellar-sep7", summary: "SEP-7 web+stellar:tx URIs") {
        input throws(FuzzViolation) in
        _ = try? SEP7TransactionRequest(uri: input.fuzzText)
    }
}
