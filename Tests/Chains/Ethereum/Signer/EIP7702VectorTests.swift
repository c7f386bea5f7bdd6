import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignTestSupport
import Foundation
import Testing

/// vectors/ethereum-eip7702.json: eth-account's published authorization (its docstring's
/// doctest) and the type-4 transaction built from it, signed to the same bytes here.
@Suite struct EIP7702VectorTests {
    static var vectors: [String: Any] {
        let url = Vectors.directory.appendingPathComponent("ethereum-eip7702.json")
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { preconditionFailure("vectors/ethereum-eip7702.json is unreadable") }
        return object
    }

    static func field(_ name: String, _ key: String) -> String {
        guard let value = (vectors[name] as? [String: Any])?[key] as? String else {
            preconditionFailure("vector \(name) has no \(key)")
        }
        return value
    }

    static func key(_ name: String) throws -> Secp256k1.PrivateKey {
        try Secp256k1.PrivateKey(SecureBytes(copying: testBytes(field(name, "private_key"))))
    }

    @Test func everyCaseNamesItsSource() {
        for (name, value) in Self.vectors where !name.hasPrefix("_") && name != "source" {
            #expect(((value as? [String: Any])?["source"] as? String)?.isEmpty == false, "\(name) has no source")
        }
    }

    @Test func authorizationSignsAsPublished() throws {
        let name = "authorization_eth_account_docstring"
        let authorization = try SetCodeAuthorization.decodePreimage(testBytes(Self.field(name, "signing_preimage")))
        #expect(authorization.chainId == 1337 && authorization.nonce == 1)
        #expect(authorization.delegate == (try EthereumAddress(Self.field(name, "address"))))
        #expect(authorization.signingHash == testBytes(Self.field(name, "authorization_hash")))
        let signed = try authorization.signed(with: try Self.key(name))
        #expect(EthereumChain.signatureBytes(signed) == testBytes(Self.field(name, "signature")))
        #expect(try signed.authority().get().checksummed == Self.field(name, "authority"))
    }

    @Test func setCodeTransactionSignsAsEthAccount() throws {
        let name = "set_code_tx_eth_account_docstring"
        let preimage = testBytes(Self.field(name, "signing_preimage"))
        let tx = try EthereumTransaction.decodeUnsigned(preimage)
        #expect(tx.type == .setCode && tx.unsignedEncoding == preimage)
        let signed = try tx.signed(with: try Self.key(name))
        #expect(signed.encoded == testBytes(Self.field(name, "signed_raw_tx")))
        #expect(signed.hash == testBytes(Self.field(name, "tx_hash")))
        #expect(try SignedEthereumTransaction.decode(signed.encoded) == signed)
    }
}
