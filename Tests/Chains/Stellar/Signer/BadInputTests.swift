import AirsignCrypto
import AirsignEncoding
import AirsignStellar
import AirsignTestSupport
import Testing

/// The v1 payment from vectors/stellar.json (py-stellar-base), as bytes to damage.
private let payment = try! StellarBase64.decode(
    "AAAAAgAAAADL13HWIyocdKsZ7A7HM8Srqmv+uZWc+rI4xx3M8oedCQAAAMgAAAAAAAAAAQAAAAEAAAAAAAAwOQAAAAAAAN3VAAAAAgAAAAAAAABkAAAAAQAAAAAAAAABAAAAANKYxYFXEWWR6TIJ6Vx6W/8SGy4dP2GLaND8yO/l5eRwAAAAAAAAAAJUC+QAAAAAAAAAAAA="
)
/// Offset of operation 0's `OperationType` in `payment`: after the optional-source flag.
private let opTypeOffset = 4 + 36 + 4 + 8 + 4 + 16 + 4 + 8 + 4 + 4

@Suite struct StellarBadInputTests {
    @Test func wrongNetwork() throws {
        let envelope = try TransactionEnvelope(xdr: payment)
        let key = try Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: 7, count: 32)))
        let (signed, sig) = try envelope.signed(with: key, network: .public)
        #expect(try !signed.verify(sig, publicKey: key.publicKey, network: .testnet))
        #expect(throws: StellarError.invalidSignature(hint: testHex(sig.hint))) {
            try envelope.adding(sig, publicKey: key.publicKey, network: .testnet)
        }
        #expect(throws: StellarError.wrongNetwork(expected: "testnet", found: "public")) {
            try StellarNetwork.testnet.require(.public)
        }
        let uri = try SEP7TransactionRequest(envelope: envelope, networkPassphrase: StellarNetwork.testnet.passphrase)
            .uri()
        #expect(throws: StellarError.self) {
            try StellarNetwork.public.require(try SEP7TransactionRequest(uri: uri).network)
        }
    }

    @Test func unknownOperationNamesTheIndex() throws {
        #expect(payment[opTypeOffset..<opTypeOffset + 4] == [0, 0, 0, 1])
        for (type, expected) in [
            (Int32(99), StellarError.unknownOperationType(99)),
            (27, .unknownOperationType(27)),
            (9, .retiredOperation(name: "inflation", type: 9, retiredIn: 12)),
        ] {
            var bytes = payment
            bytes[opTypeOffset + 3] = UInt8(type)
            #expect(throws: StellarError.inOperation(index: 0, expected)) { try TransactionEnvelope(xdr: bytes) }
        }
        let error = StellarError.inOperation(index: 0, .unknownOperationType(99))
        #expect(error.description == "operation 1: unknown or unsupported operation type 99")
    }

    @Test func badStrKeyChecksum() {
        let good = "GDJJRRMBK4IWLEPJGIE6SXD2LP7REGZODU7WDC3I2D6MR37F4XSHBKX2"
        let bad = String(good.dropLast()) + "3"
        #expect(throws: StellarError.self) { try AccountID(bad) }
        #expect(throws: StellarError.self) { try MuxedAccount(bad) }
        do { _ = try AccountID(bad) } catch {
            #expect(error.description.contains("checksum") || error.description.contains("invalid"))
        }
        #expect(throws: StellarError.self) { try AccountID("SBPOVRVKTTV7W3IOX2FJPSMPCJ5L2WU2YKTP3HCLYPXNI5MDIGREVNYC") }
    }

    @Test func overLongMemo() throws {
        #expect(throws: StellarError.memoTooLong(bytes: 29)) { try Memo.text(String(repeating: "a", count: 29)) }
        #expect(
            try Memo.text(String(repeating: "é", count: 14)) == .text(Array(String(repeating: "é", count: 14).utf8)))
        // A 29-byte memo on the wire: the reader refuses the length.
        var w = XDRWriter()
        w.writeDiscriminant(1)
        try w.writeString(String(repeating: "a", count: 29))
        #expect(throws: StellarError.self) { try Memo(xdr: w.bytes) }
        var tx = try Transaction(xdr: Array(payment.dropFirst(4).dropLast(4)))
        tx.memo = .text(Array(repeating: 0x61, count: 29))
        #expect(throws: StellarError.memoTooLong(bytes: 29)) { try TransactionEnvelope.v1(tx, signatures: []).xdr() }
    }

    @Test func amounts() throws {
        #expect(try StellarAmount.parse("1.5") == 15_000_000)
        #expect(try StellarAmount.parse("0.0000001") == 1)
        #expect(try StellarAmount.parse("922337203685.4775807") == Int64.max)
        #expect(try StellarAmount.parse("-3", allowNegative: true) == -30_000_000)
        #expect(StellarAmount.format(15_000_000) == "1.5")
        #expect(StellarAmount.format(Int64.max) == "922337203685.4775807")
        #expect(StellarAmount.format(Int64.min) == "-922337203685.4775808")
        #expect(StellarAmount.format(0) == "0")
        for bad in ["-1", "1.00000001", "922337203685.4775808", "", ".5", "1.", "1e7", "+1", " 1", "1,5", "١"] {
            #expect(throws: StellarError.self, "\(bad)") { try StellarAmount.parse(bad) }
        }
        #expect(throws: StellarError.invalidAmount("-1", reason: "negative amounts are not allowed here")) {
            try StellarAmount.parse("-1")
        }
        var random = SeededRandom.forTest("amounts")
        for _ in 0..<2000 {
            let v = Int64.random(in: .min ... .max, using: &random)
            #expect(try StellarAmount.parse(StellarAmount.format(v), allowNegative: true) == v)
        }
    }

    @Test func negativeAmountOnTheWireIsRefusedByTheReview() throws {
        var tx = try Transaction(xdr: Array(payment.dropFirst(4).dropLast(4)))
        guard case let .payment(d, a, _) = tx.operations[0].body else { Issue.record("not a payment"); return }
        tx.operations[0].body = .payment(destination: d, asset: a, amount: -5)
        let envelope = try TransactionEnvelope(xdr: try TransactionEnvelope.v1(tx, signatures: []).xdr())
        #expect(throws: StellarError.inOperation(index: 0, .amountNotAllowed(field: "payment amount", stroops: -5))) {
            try envelope.review(network: .public)
        }
    }

    @Test func truncatedAndTrailing() {
        for cut in 0..<payment.count {
            #expect(throws: StellarError.self) { try TransactionEnvelope(xdr: Array(payment.prefix(cut))) }
        }
        #expect(throws: StellarError.xdr(.trailingBytes(codec: "XDR", count: 4))) {
            try TransactionEnvelope(xdr: payment + [0, 0, 0, 0])
        }
    }

    @Test func nonZeroPadding() throws {
        // A text memo "ab" has two padding bytes; make one non-zero.
        var tx = try Transaction(xdr: Array(payment.dropFirst(4).dropLast(4)))
        tx.memo = .text(Array("ab".utf8))
        var bytes = try TransactionEnvelope.v1(tx, signatures: []).xdr()
        let memoOffset = 4 + 36 + 4 + 8 + 4 + 16
        #expect(bytes[memoOffset..<memoOffset + 10] == [0, 0, 0, 1, 0, 0, 0, 2, 0x61, 0x62])
        bytes[memoOffset + 11] = 1
        #expect(
            throws: StellarError.xdr(
                .nonCanonical(codec: "XDR", offset: memoOffset + 11, reason: "padding byte is not zero"))
        ) {
            try TransactionEnvelope(xdr: bytes)
        }
        // Inside an operation, the error names the operation: manage data "abc" = "x".
        tx.memo = .none
        tx.operations = [Operation(body: .manageData(name: Array("abc".utf8), value: Array("x".utf8)))]
        var opBytes = try TransactionEnvelope.v1(tx, signatures: []).xdr()
        let last = opBytes.count - 4 - 4 - 1  // before ext and the signature count: the value's last padding byte
        opBytes[last] = 9
        do {
            _ = try TransactionEnvelope(xdr: opBytes)
            Issue.record("accepted non-zero padding")
        } catch {
            guard case .inOperation(index: 0, .xdr(.nonCanonical)) = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func badAssetCodesAndBase64() {
        for bad in ["", "ABCDEFGHIJKLM", "US D", "U$D"] {
            #expect(throws: StellarError.self, "\(bad)") { try AssetCode(bad) }
        }
        #expect(throws: StellarError.self) { try AssetCode(raw: [0x55, 0, 0x53, 0]) }  // interior zero
        // short alphanum12
        #expect(throws: StellarError.self) { try AssetCode(raw: Array("ABC".utf8) + [UInt8](repeating: 0, count: 9)) }
        #expect(throws: StellarError.self) { try TransactionEnvelope(base64: "AAAAAg=") }
        #expect(throws: StellarError.self) { try TransactionEnvelope(base64: "AAAAAh==") }  // non-zero unused bits
        #expect(throws: StellarError.self) { try SEP7TransactionRequest(uri: "web+stellar:tx?xdr=AAAA&foo=1") }
        #expect(throws: StellarError.self) { try SEP7TransactionRequest(uri: "web+stellar:pay?destination=G") }
    }

    @Test func deepPredicateIsRefused() throws {
        // `not` nested 40 deep: more than the decoder's depth limit, refused without recursion trouble.
        var w = XDRWriter()
        for _ in 0..<40 { w.writeDiscriminant(3); w.writeUInt32(1) }
        w.writeDiscriminant(0)
        #expect(throws: StellarError.self) { try ClaimPredicate(xdr: w.bytes) }
    }
}
