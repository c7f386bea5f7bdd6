import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignTestSupport
import AirsignTransport
import Foundation
import Testing

/// vectors/erc4527.json: the published Keystone and MetaMask examples decode to their
/// documented fields, and re-encode to the same bytes.
enum ERC4527Vectors {
    static var file: [String: Any] {
        let url = Vectors.directory.appendingPathComponent("erc4527.json")
        // A missing or broken vector file is a broken test setup.
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { preconditionFailure("vectors/erc4527.json is unreadable") }
        return object
    }

    static func cases(_ name: String) -> [[String: Any]] {
        guard let list = file[name] as? [[String: Any]] else {
            preconditionFailure("vectors/erc4527.json has no \(name)")
        }
        return list
    }

    static func text(_ v: [String: Any], _ key: String) -> String {
        guard let text = v[key] as? String else { preconditionFailure("vector field \(key) missing") }
        return text
    }

    static func number(_ v: [String: Any], _ key: String) -> UInt64? {
        (v[key] as? NSNumber)?.uint64Value
    }

    /// The CBOR a single-part UR carries.
    static func urCBOR(_ text: String, type: String) throws -> [UInt8] {
        guard case let .single(ur) = try URString.parse(text) else {
            preconditionFailure("\(text.prefix(30)) is not a single-part UR")
        }
        #expect(ur.type == type)
        return ur.cbor
    }
}

@Suite struct ERC4527VectorTests {
    @Test func everyCaseNamesItsSource() {
        for name in ["sign_requests", "signatures", "hdkeys"] {
            for v in ERC4527Vectors.cases(name) { #expect((v["source"] as? String)?.isEmpty == false) }
        }
    }

    @Test func keystoneSignRequestsDecodeToTheirDocumentedFields() throws {
        for v in ERC4527Vectors.cases("sign_requests") {
            let cbor = try ERC4527Vectors.urCBOR(ERC4527Vectors.text(v, "ur"), type: EthSignRequest.urType)
            if let documented = v["cbor"] as? String { #expect(cbor == testBytes(documented)) }
            let request = try EthSignRequest(cbor: cbor)
            #expect(request.requestId == testBytes(ERC4527Vectors.text(v, "request_id")))
            #expect(request.signData == testBytes(ERC4527Vectors.text(v, "sign_data")))
            #expect(request.dataType.rawValue == ERC4527Vectors.number(v, "data_type"))
            #expect(request.chainId == ERC4527Vectors.number(v, "chain_id"))
            #expect(request.derivationPath.text == ERC4527Vectors.text(v, "path"))
            #expect(
                request.derivationPath.sourceFingerprint.map(UInt64.init)
                    == ERC4527Vectors.number(v, "source_fingerprint"))
            #expect(request.address == nil)
            #expect(request.origin == v["origin"] as? String)
            // Keystone's encoder writes deterministic CBOR; ours writes the same bytes.
            #expect(try request.cbor() == cbor)
        }
    }

    @Test func keystoneSignaturesDecodeAndReEncode() throws {
        for v in ERC4527Vectors.cases("signatures") {
            let cbor = try ERC4527Vectors.urCBOR(ERC4527Vectors.text(v, "ur"), type: EthSignature.urType)
            let signature = try EthSignature(cbor: cbor)
            #expect(signature.requestId == testBytes(ERC4527Vectors.text(v, "request_id")))
            #expect(signature.signature == testBytes(ERC4527Vectors.text(v, "signature")))
            #expect(signature.origin == v["origin"] as? String)
            #expect(try signature.cbor() == cbor)
            #expect(try UR(type: EthSignature.urType, cbor: signature.cbor()).string == ERC4527Vectors.text(v, "ur"))
        }
    }

    @Test func publishedHDKeysDecodeToTheirDocumentedFields() throws {
        for v in ERC4527Vectors.cases("hdkeys") {
            let cbor =
                try (v["cbor"] as? String).map(testBytes)
                ?? ERC4527Vectors.urCBOR(ERC4527Vectors.text(v, "ur"), type: CryptoHDKey.urType)
            let key = try CryptoHDKey(cbor: cbor)
            #expect(key.keyData == testBytes(ERC4527Vectors.text(v, "key")))
            #expect(key.chainCode == testBytes(ERC4527Vectors.text(v, "chain_code")))
            #expect(key.origin?.text == ERC4527Vectors.text(v, "origin"))
            #expect(key.origin?.sourceFingerprint.map(UInt64.init) == ERC4527Vectors.number(v, "source_fingerprint"))
            #expect(key.origin?.depth.map(UInt64.init) == ERC4527Vectors.number(v, "depth"))
            #expect(key.parentFingerprint.map(UInt64.init) == ERC4527Vectors.number(v, "parent_fingerprint"))
            #expect(key.coinType == ERC4527Vectors.number(v, "coin_type"))
            #expect(key.children?.text == v["children"] as? String)
            #expect(key.name == v["name"] as? String)
            #expect(key.note == v["note"] as? String)
        }
    }

    /// The real Keystone export is byte for byte what our encoder writes for the same fields
    /// (the shape `account export --format crypto-hdkey` uses).
    @Test func ourEncoderWritesKeystonesShape() throws {
        let v = ERC4527Vectors.cases("hdkeys")[0]
        let cbor = try ERC4527Vectors.urCBOR(ERC4527Vectors.text(v, "ur"), type: CryptoHDKey.urType)
        #expect(try CryptoHDKey(cbor: cbor).cbor() == cbor)
    }
}
