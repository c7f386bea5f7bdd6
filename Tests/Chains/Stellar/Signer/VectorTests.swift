import AirsignCrypto
import AirsignEncoding
import AirsignStellar
import AirsignTestSupport
import Foundation
import Testing

private struct StellarVectors: Decodable {
    struct Network: Decodable { let passphrase: String; let network_id_sha256_hex: String? }
    struct Tx: Decodable {
        let name: String
        let network_passphrase: String
        let secret_seed: String?
        let unsigned_envelope_xdr_base64: String?
        let signature_base_hex: String?
        let tx_hash_hex: String?
        let signature_hint_hex: String?
        let signature_hex: String?
        let signed_envelope_xdr_base64: String
        let inner_secret_seed: String?
        let inner_tx_hash_hex: String?
        let fee_source_secret_seed: String?
        let fee_bump_unsigned_envelope_xdr_base64: String?
        let fee_bump_tx_hash_hex: String?
        let fee_bump_signature_hint_hex: String?
        let fee_bump_signature_hex: String?
        let fee_bump_signature_base_prefix_hex: String?
    }
    struct Op: Decodable { let op: String; let operation_xdr_hex: String }
    struct SEP7Signing: Decodable {
        let uri_without_signature: String; let signing_account_id: String; let signature_base64: String;
        let full_uri: String
    }
    struct SEP7Tx: Decodable { let uri: String; let xdr_base64: String }
    let networks: [Network]
    let transactions: [Tx]
    let operations: [Op]
    let sep7_request_signing: SEP7Signing
    let sep7_tx_example: SEP7Tx
}

private func key(_ seed: String) throws -> Ed25519.PrivateKey {
    try Ed25519.PrivateKey(seed: try StrKey.decodeSecretSeed(SecureBytes(copying: Array(seed.utf8))))
}

@Suite struct StellarVectorTests {
    private let v: StellarVectors = try! Vectors.load("stellar")

    @Test func networkIDs() throws {
        for n in v.networks {
            let network = StellarNetwork(passphrase: n.passphrase)
            if let id = n.network_id_sha256_hex { #expect(testHex(network.id) == id) }
        }
        #expect(StellarNetwork.public.passphrase == v.networks[0].passphrase)
        #expect(StellarNetwork.testnet.passphrase == v.networks[1].passphrase)
        #expect(StellarNetwork.futurenet.passphrase == v.networks[2].passphrase)
        #expect(try StellarNetwork(name: "testnet") == .testnet)
        #expect(throws: StellarError.unknownNetwork("mainet")) { try StellarNetwork(name: "mainet") }
    }

    /// py-stellar-base's v1 payment: signature base, hash, hint and signature reproduced, and the
    /// signed envelope byte for byte.
    @Test func v1Payment() throws {
        let t = v.transactions[0]
        let network = StellarNetwork(passphrase: t.network_passphrase)
        let unsigned = try TransactionEnvelope(base64: try #require(t.unsigned_envelope_xdr_base64))
        #expect(try unsigned.base64() == t.unsigned_envelope_xdr_base64)
        #expect(testHex(try unsigned.signatureBase(network: network)) == t.signature_base_hex)
        #expect(testHex(try unsigned.hash(network: network)) == t.tx_hash_hex)
        let (signed, signature) = try unsigned.signed(with: try key(try #require(t.secret_seed)), network: network)
        #expect(testHex(signature.hint) == t.signature_hint_hex)
        #expect(testHex(signature.signature) == t.signature_hex)
        #expect(try signed.base64() == t.signed_envelope_xdr_base64)
        // Decoding the upstream signed envelope and re-encoding it is the identity.
        #expect(try TransactionEnvelope(base64: t.signed_envelope_xdr_base64).base64() == t.signed_envelope_xdr_base64)
        let review = try signed.review(network: network)
        #expect(review.operations == ["pay 1000 XLM to GDJJRRMBK4IWLEPJGIE6SXD2LP7REGZODU7WDC3I2D6MR37F4XSHBKX2"])
        #expect(review.memo == "id 100")
        #expect(review.fee == "200 stroops (0.00002 XLM)")
        #expect(
            review.signatures == [
                .init(hint: "f2879d09", signer: "GDF5O4OWEMVBY5FLDHWA5RZTYSV2U276XGKZZ6VSHDDR3THSQ6OQS7UM")
            ])
        #expect(review.hash == t.tx_hash_hex)
    }

    @Test func feeBump() throws {
        let t = v.transactions[1]
        let network = StellarNetwork(passphrase: t.network_passphrase)
        let unsigned = try TransactionEnvelope(base64: try #require(t.fee_bump_unsigned_envelope_xdr_base64))
        guard case .feeBump(let fb, _) = unsigned else { Issue.record("not a fee bump"); return }
        let inner = TransactionEnvelope.v1(fb.innerTransaction, signatures: [])
        #expect(testHex(try inner.hash(network: network)) == t.inner_tx_hash_hex)
        #expect(
            try inner.verify(
                fb.innerSignatures[0], publicKey: try key(try #require(t.inner_secret_seed)).publicKey, network: network
            ))
        #expect(
            try testHex(unsigned.signatureBase(network: network).prefix(40)) == t.fee_bump_signature_base_prefix_hex)
        #expect(testHex(try unsigned.hash(network: network)) == t.fee_bump_tx_hash_hex)
        let (signed, signature) = try unsigned.signed(
            with: try key(try #require(t.fee_source_secret_seed)), network: network)
        #expect(testHex(signature.hint) == t.fee_bump_signature_hint_hex)
        #expect(testHex(signature.signature) == t.fee_bump_signature_hex)
        #expect(try signed.base64() == t.signed_envelope_xdr_base64)
        let review = try signed.review(network: network)
        #expect(review.kind == "fee bump")
        #expect(review.innerSignatures.first?.signer == "GAOFJ4J6I747KVTWZCWAFN5W5ZZFL5HEQZFJLT2OCKCWSNSKWF34BJQN")
        #expect(review.signatures.first?.signer == "GDQERENWDDSQZS7R7WKHZI3BSOYMV3FSWR7TFUYFTKQ447PIX6NREOJM")
    }

    @Test func operationsRoundTrip() throws {
        #expect(v.operations.count == 25)
        for op in v.operations {
            let bytes = testBytes(op.operation_xdr_hex)
            let decoded = try Operation(xdr: bytes)
            #expect(try decoded.xdr() == bytes, "\(op.op)")
        }
    }

    @Test func sep7Examples() throws {
        let example = try SEP7TransactionRequest(uri: v.sep7_tx_example.uri)
        #expect(try example.envelope.base64() == v.sep7_tx_example.xdr_base64)
        #expect(example.callback == "https://someSigningService.com/a8f7asdfkjha")
        #expect(example.message == "order number 24")
        #expect(example.network == .public)
        #expect(try example.uri() == v.sep7_tx_example.uri)
        guard case .v0 = example.envelope else { Issue.record("expected a v0 envelope"); return }

        let s = v.sep7_request_signing
        let signer = try AccountID(s.signing_account_id)
        #expect(try SEP7RequestSignature.isValid(uri: s.full_uri, publicKey: signer.publicKey))
        #expect(
            try !SEP7RequestSignature.isValid(
                uri: s.full_uri.replacingOccurrences(of: "120.1234567", with: "120.1234568"),
                publicKey: signer.publicKey))
        let payload = SEP7RequestSignature.payload(uriWithoutSignature: s.uri_without_signature)
        #expect(
            StellarBase64.encode(try key("SBPOVRVKTTV7W3IOX2FJPSMPCJ5L2WU2YKTP3HCLYPXNI5MDIGREVNYC").sign(payload))
                == s.signature_base64)
    }

    @Test func sep7NetworkPassphrase() throws {
        let envelope = try TransactionEnvelope(base64: try #require(v.transactions[0].unsigned_envelope_xdr_base64))
        let request = SEP7TransactionRequest(
            envelope: envelope, networkPassphrase: StellarNetwork.testnet.passphrase, message: "pay rent & more")
        let uri = try request.uri()
        #expect(
            uri.contains(
                "&msg=pay%20rent%20%26%20more&network_passphrase=Test%20SDF%20Network%20%3B%20September%202015"))
        let parsed = try SEP7TransactionRequest(uri: uri)
        #expect(parsed == request)
        #expect(parsed.network == .testnet)
        #expect(throws: StellarError.wrongNetwork(expected: "public", found: "testnet")) {
            try StellarNetwork.public.require(parsed.network)
        }
    }
}
