import AirsignStellar
import AirsignTestSupport
import Testing

private struct SDKOperations: Decodable {
    struct Case: Decodable { let op: String; let operation_xdr_hex: String }
    let operations_stellar_sdk: [Case]
}

/// Transaction around one operation, for its review line.
private func reviewLine(_ op: Operation) throws -> String {
    let source = try MuxedAccount("GCNY5OXYSY4FKHOPT2SPOQZAOEIGXB5LBYW3HVU3OWSTQITS65M5RCNY")
    let env = TransactionEnvelope.v1(
        Transaction(source: source, fee: 100, sequence: 1, operations: [op]), signatures: [])
    return try #require(try env.review(network: .testnet).operations.first)
}

@Suite struct StellarOperationVectorTests {
    private let cases: [String: [UInt8]] = {
        let v: SDKOperations = try! Vectors.load("stellar")
        return Dictionary(
            uniqueKeysWithValues: v.operations_stellar_sdk.map { ($0.op, testBytes($0.operation_xdr_hex)) })
    }()

    @Test func roundTripAndType() throws {
        let types: [String: Int32] = [
            "create_passive_sell_offer": 4, "allow_trust": 7, "change_trust_pool": 6,
            "begin_sponsoring_future_reserves": 16,
            "end_sponsoring_future_reserves": 17, "clawback": 19, "clawback_claimable_balance": 20,
            "set_trust_line_flags": 21,
            "create_claimable_balance_nested": 14,
        ]
        #expect(cases.count == 17)
        for (name, bytes) in cases {
            let op = try Operation(xdr: bytes)
            #expect(try op.xdr() == bytes, "\(name)")
            #expect(op.body.type == types[name] ?? (name.hasPrefix("revoke_sponsorship") ? 18 : -1), "\(name)")
            _ = try reviewLine(op)
        }
    }

    @Test func reviewWords() throws {
        let issuer = "GCNY5OXYSY4FKHOPT2SPOQZAOEIGXB5LBYW3HVU3OWSTQITS65M5RCNY"
        let a = "GC2GT6BHYJUKD7SVAKXVLBYBCELCHY577CAXJM5QNVLERDGFF37LR35K"
        func line(_ name: String) throws -> String { try reviewLine(try Operation(xdr: try #require(cases[name]))) }
        #expect(
            try line("create_passive_sell_offer")
                == "create passive sell offer: sell 12.5 XLM for USD (issuer \(issuer)) at 3/7 USD (issuer \(issuer)) per XLM"
        )
        #expect(try line("clawback").hasPrefix("claw back 0.0000001 USD (issuer \(issuer)) from M"))
        #expect(try line("clawback").hasSuffix("(account \(a), muxed id 1234)"))
        #expect(
            try line("set_trust_line_flags")
                == "set trust line flags of \(a) for USD (issuer \(issuer)): clear 1 [authorized], set 2 [authorized to maintain liabilities]"
        )
        #expect(
            try line("create_claimable_balance_nested")
                == "create claimable balance of 5 USD (issuer \(issuer)) for \(a) (not within 3600 s of creation and (unconditionally or before Unix time 1700000000))"
        )
        #expect(
            try line("change_trust_pool")
                == "trust liquidity pool shares of XLM / USD (issuer \(issuer)), fee 30 bp up to 1000")
        #expect(try line("revoke_sponsorship_data") == "revoke sponsorship of data entry \"hello\" of \(a)")
        #expect(try line("end_sponsoring_future_reserves").hasPrefix("end sponsoring future reserves [source M"))
    }
}
