@_spi(Testing) import AirsignCrypto
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignSubstrate
import AirsignTestSupport
import Foundation
import Testing

/// vectors/substrate.json read loosely.
func substrateVectors() -> [String: Any] {
    let url = Vectors.directory.appendingPathComponent("substrate.json")
    guard let data = try? Data(contentsOf: url),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
        preconditionFailure("vectors/substrate.json is unreadable")
    }
    return object
}

func substrateVector(_ name: String) -> [String: Any] {
    guard let v = substrateVectors()[name] as? [String: Any] else { preconditionFailure("no vector \(name)") }
    return v
}

func field(_ v: [String: Any], _ key: String) -> String {
    guard let text = v[key] as? String else { preconditionFailure("vector field \(key) missing") }
    return text
}

/// A SignerPayloadJSON as polkadot-js writes it, from typed values (numbers as padded BE hex).
func signerPayloadJSON(
    address: String, method: String, era: String, nonce: UInt64, tip: UInt128, specVersion: UInt32,
    transactionVersion: UInt32,
    genesis: String, blockHash: String, blockNumber: UInt32 = 0, extensions: [String], assetId: String? = nil,
    metadataHash: String? = nil, mode: Int? = nil
) -> JSONValue {
    func hexNumber<T: FixedWidthInteger>(_ value: T) -> String {
        "0x" + testHex((0..<T.bitWidth / 8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) })
    }
    var members: [(key: String, value: JSONValue)] = [
        ("address", .string(address)), ("blockHash", .string(blockHash)),
        ("blockNumber", .string(hexNumber(blockNumber))),
        ("era", .string(era)), ("genesisHash", .string(genesis)), ("method", .string(method)),
        ("nonce", .string(hexNumber(UInt32(truncatingIfNeeded: nonce)))),
        ("signedExtensions", .array(extensions.map { .string($0) })), ("specVersion", .string(hexNumber(specVersion))),
        ("tip", .string(hexNumber(tip))), ("transactionVersion", .string(hexNumber(transactionVersion))),
        ("version", .number("4")),
    ]
    if let assetId { members.append(("assetId", .string(assetId))) } else { members.append(("assetId", .null)) }
    if let metadataHash {
        members.append(("metadataHash", .string(metadataHash)))
    } else {
        members.append(("metadataHash", .null))
    }
    if let mode { members.append(("mode", .number(String(mode)))) }
    return .object(members)
}

func parseJSON(_ text: String) throws -> JSONValue { try JSONParser().parse(Array(text.utf8)) }

@Suite struct SubstrateVectorTests {
    static let alice = "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY"

    @Test func everyCaseNamesItsSource() {
        for (name, value) in substrateVectors() where name != "source" {
            let source = (value as? [String: Any])?["source"] as? String
            #expect(source?.isEmpty == false, "\(name) has no source")
        }
    }

    @Test func eras() throws {
        for case let v as [String: Any] in substrateVector("era")["vectors"] as? [Any] ?? [] {
            let encoded = testBytes(field(v, "encoded"))
            let era = try Era(decoding: encoded)
            if v["immortal"] as? Bool == true {
                #expect(era == .immortal)
            } else {
                let period = try #require(v["period"] as? Int), phase = try #require(v["phase"] as? Int)
                #expect(era == .mortal(period: UInt64(period), phase: UInt64(phase)))
                if let requested = v["period_requested"] as? Int, let current = v["current"] as? Int {
                    #expect(Era(period: UInt64(requested), current: UInt64(current)) == era)
                }
            }
            #expect(era.encoded == encoded)
        }
    }

    @Test func badErasAreRefused() {
        // Period 2 (low nibble 0) and a phase beyond the period; a lone mortal byte; extra bytes.
        for bad in [[0x00, 0x01], [0x10, 0x00], [0xf5, 0x0f], [0x05], [0xa5, 0x02, 0x00], []] as [[UInt8]] {
            #expect(throws: SubstrateError.self, "\(bad)") { try Era(decoding: bad) }
        }
    }

    /// polkadot-js ExtrinsicPayload.spec "handles toU8a(true)": the fallback extension set.
    @Test func fallbackExtensionPayload() throws {
        let v = substrateVector("payload_fallback_extensions")
        let input = try #require(v["input"] as? [String: Any])
        let json = signerPayloadJSON(
            address: Self.alice, method: field(input, "method"), era: field(input, "era"), nonce: 0x1234, tip: 0x5678,
            specVersion: 123, transactionVersion: 0, genesis: field(input, "genesisHash"),
            blockHash: field(input, "blockHash"),
            extensions: try #require(v["signed_extensions"] as? [String]))
        let payload = try SigningPayload(trusting: try SignerPayload(json: json))
        #expect(testHex(payload.bytes) == field(v, "payload"))
    }

    /// polkadot-js Extrinsic.spec "creates a signed extrinsic": the kitchensink extension set
    /// with ChargeAssetTxPayment and CheckMetadataHash; ed25519 signature and extrinsic exact.
    @Test func kitchensinkSignedExtrinsic() throws {
        let v = substrateVector("signed_extrinsic_ed25519_kitchensink")
        let json = signerPayloadJSON(
            address: try SS58.encode(testBytes(field(v, "signer_public")), prefix: 42),
            method: "0x060000d7568e5f0a7eda67a82691ff379ac4bba4f9c9b859fe779b5d46363b61ad2db9e56c", era: "0x00",
            nonce: 1, tip: 2,
            specVersion: 123, transactionVersion: 123,
            genesis: "0xdcd1346701ca8396496e52aa2785b1748deb6db09551b72159dcb3e08991025b",
            blockHash: "0xec7afaf1cca720ce88c1d1b689d81f0583cc15a97d621cf046dd9abf605ef22f",
            extensions: try #require(v["signed_extensions_in_order"] as? [String]), mode: 0)
        let signer = try SignerPayload(json: json)
        let payload = try SigningPayload(trusting: signer)
        #expect(testHex(payload.extra) == field(v, "extra"))
        #expect(testHex(payload.additional) == field(v, "additional"))
        #expect(testHex(payload.bytes) == field(v, "payload"))
        let key = try Ed25519.PrivateKey(seed: SecureBytes(copying: Array(field(v, "signer_seed_ascii").utf8)))
        #expect(testHex(key.publicKey) == field(v, "signer_public"))
        let signature = try SubstrateSigning.signPayload(payload.bytes, with: .ed25519(key))
        #expect(testHex(signature.raw) == field(v, "signature_ed25519"))
        let extrinsic = SignedExtrinsic(
            accountID: key.publicKey, signature: signature, extra: payload.extra, call: signer.method)
        #expect(testHex(extrinsic.encoded) == field(v, "full_extrinsic"))
        #expect(testHex(extrinsic.body.dropFirst()) == field(v, "extrinsic_body_as_in_test"))
    }

    /// The Polkadot-relay order with CheckMetadataHash mode 1, signed by //Alice in all three
    /// schemes (derived vector; ed25519 and ecdsa are deterministic, sr25519 with zero RNG).
    @Test func polkadotStyleAllSchemes() throws {
        let v = substrateVector("payload_polkadot_style_mode1")
        let json = try parseJSON(
            String(
                decoding: try JSONSerialization.data(withJSONObject: try #require(v["signer_payload_json"])),
                as: UTF8.self))
        let signer = try SignerPayload(json: json)
        let payload = try SigningPayload(trusting: signer)
        #expect(testHex(payload.extra) == field(v, "extra"))
        #expect(testHex(payload.additional) == field(v, "additional"))
        #expect(testHex(payload.bytes) == field(v, "payload"))

        let uri = try SecretURI(parsing: SecureBytes(copying: Array("//Alice".utf8)), allowDevelopmentPhrase: true)
        let mini = try uri.miniSecret()
        let sr = try SubstrateDerivation.sr25519(seed: mini, path: uri.path)
        #expect(testHex(sr.publicKey.bytes) == field(v, "sr25519_alice_public"))
        let zeroRNG = try sr.sign(
            payload.bytes, context: Sr25519.substrateContext, testRandomness: [UInt8](repeating: 0, count: 32))
        #expect(testHex(zeroRNG) == field(v, "sr25519_signature_zero_rng"))
        let fresh = try SubstrateSigning.signPayload(payload.bytes, with: .sr25519(sr))
        #expect(try SubstrateSigning.isValid(fresh, message: payload.bytes, publicKey: sr.publicKey.bytes))
        let extrinsic = SignedExtrinsic(
            accountID: sr.publicKey.bytes, signature: .sr25519(zeroRNG), extra: payload.extra, call: signer.method)
        #expect(testHex(extrinsic.encoded) == field(v, "full_extrinsic_sr25519"))
        #expect(testHex(MultiSignature.sr25519(zeroRNG).encoded) == field(v, "multisignature_sr25519"))

        let ed = try SubstrateDerivation.ed25519(seed: mini, path: uri.path)
        let edSignature = try SubstrateSigning.signPayload(payload.bytes, with: .ed25519(ed))
        #expect(testHex(edSignature.encoded) == field(v, "multisignature_ed25519"))

        let ecdsa = try SubstrateDerivation.ecdsa(seed: mini, path: uri.path)
        let ecdsaSignature = try SubstrateSigning.signPayload(payload.bytes, with: .secp256k1(ecdsa))
        #expect(testHex(ecdsaSignature.encoded) == field(v, "multisignature_ecdsa"))
        #expect(
            try SubstrateSigning.isValid(ecdsaSignature, message: payload.bytes, publicKey: ecdsa.publicKey.compressed))
        #expect(
            testHex(try SubstrateSigning.accountID(ofPublicKey: ecdsa.publicKey.compressed))
                == field(v, "ecdsa_alice_account_id"))
    }

    /// Over 256 bytes the BLAKE2b-256 of the payload is signed.
    @Test func longPayloadIsHashed() throws {
        let v = substrateVector("payload_longer_than_256")
        let payload = testBytes(field(v, "payload"))
        #expect(payload.count == 381)
        #expect(testHex(try SigningPayload.message(for: payload)) == field(v, "message_to_sign_blake2b_256"))
        let exactly256 = [UInt8](repeating: 7, count: 256)
        #expect(try SigningPayload.message(for: exactly256) == exactly256)
        #expect(try SigningPayload.message(for: exactly256 + [7]).count == 32)
    }

    /// The dev accounts of all three schemes derive to the published keys and addresses.
    @Test func devAccounts() throws {
        for case let v as [String: Any] in substrateVector("dev_accounts")["cases"] as? [Any] ?? [] {
            let uri = try SecretURI(
                parsing: SecureBytes(copying: Array(field(v, "suri").utf8)), allowDevelopmentPhrase: true)
            let mini = try uri.miniSecret()
            let publicKey: [UInt8]
            switch field(v, "scheme") {
            case "sr25519": publicKey = try SubstrateDerivation.sr25519(seed: mini, path: uri.path).publicKey.bytes
            case "ed25519": publicKey = try SubstrateDerivation.ed25519(seed: mini, path: uri.path).publicKey
            default: publicKey = try SubstrateDerivation.ecdsa(seed: mini, path: uri.path).publicKey.compressed
            }
            #expect(testHex(publicKey) == (v["public"] as? String ?? field(v, "public_compressed")))
            let account = try SubstrateSigning.accountID(ofPublicKey: publicKey)
            #expect(try SS58.encode(account, prefix: 42) == field(v, "ss58_42"))
            #expect(try SS58.encode(account, prefix: 0) == field(v, "ss58_0"))
        }
    }

    /// The `<Bytes>` wrapping: the published signature verifies over the wrapped message only,
    /// and the wrapper adds tags exactly once.
    @Test func wrappedBytes() throws {
        for case let v as [String: Any] in substrateVector("wrapped_bytes_sr25519")["cases"] as? [Any] ?? [] {
            let message = Array(field(v, "message_utf8").utf8)
            let valid = Sr25519.isValidSignature(
                testBytes(field(v, "signature")), message: message, publicKey: testBytes(field(v, "public")))
            #expect(valid == (v["valid"] as? Bool))
        }
        let wrapped = RawMessage.wrapBytes(Array("message to sign".utf8))
        #expect(wrapped == Array("<Bytes>message to sign</Bytes>".utf8))
        #expect(RawMessage.wrapBytes(wrapped) == wrapped)
        let ethereum = Array("\u{19}Ethereum Signed Message:\n5hello".utf8)
        #expect(RawMessage.wrapBytes(ethereum) == ethereum)
    }
}

@Suite struct SubstrateNetworkTableTests {
    @Test func everyNetworkHasAGenesisHashAndAUniqueKey() {
        for network in SubstrateNetwork.known {
            #expect(network.genesisHash.count == 32, "\(network.name)")
            #expect(SubstrateNetwork.byGenesis(network.genesisHash)?.key == network.key)
            #expect(SubstrateNetwork.byKey(network.key)?.name == network.name)
            #expect(network.caip2 == "polkadot:" + testHex(network.genesisHash.prefix(16)))
        }
        #expect(Set(SubstrateNetwork.known.map(\.key)).count == SubstrateNetwork.known.count)
    }
}
