import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignTestSupport
import BigInt
import Foundation
import Testing

/// vectors/ethereum.json read loosely: each case is an object of strings and numbers.
private func loadVectors() -> [String: Any] {
    let url = Vectors.directory.appendingPathComponent("ethereum.json")
    // A missing or broken vector file is a broken test setup.
    guard let data = try? Data(contentsOf: url),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { preconditionFailure("vectors/ethereum.json is unreadable") }
    return object
}

private func vector(_ name: String) -> [String: Any] {
    guard let v = loadVectors()[name] as? [String: Any] else { preconditionFailure("no vector \(name)") }
    return v
}

private func hex(_ v: [String: Any], _ key: String) -> [UInt8] {
    guard let text = v[key] as? String else { preconditionFailure("vector field \(key) missing") }
    return testBytes(text)
}

private func key(_ v: [String: Any], _ field: String = "private_key") throws -> Secp256k1.PrivateKey {
    try Secp256k1.PrivateKey(SecureBytes(copying: hex(v, field)))
}

@Suite struct EthereumVectorTests {
    @Test func everyCaseNamesItsSource() {
        for (name, value) in loadVectors() where !name.hasPrefix("_") && name != "source" {
            let source = (value as? [String: Any])?["source"] as? String
            #expect(source?.isEmpty == false, "\(name) has no source")
        }
    }

    /// The EIP-155 example: signing data, signing hash, v/r/s, signed raw tx.
    @Test func eip155Example() throws {
        let v = vector("eip155_legacy")
        let tx = try EthereumTransaction(
            type: .legacy, chainId: 1, nonce: 9, fees: .gasPrice(BigUInt(20_000_000_000)), gasLimit: 21000,
            to: try EthereumAddress("0x3535353535353535353535353535353535353535"),
            value: BigUInt(10).power(18), data: [])
        #expect(tx.unsignedEncoding == hex(v, "signing_data_rlp"))
        #expect(tx.signingHash == hex(v, "signing_hash"))
        let signed = try tx.signed(with: key(v))
        #expect(signed.v == 37)
        #expect(testHex(signed.signature.compact) == testHex(hex(v, "r_hex") + hex(v, "s_hex")))
        #expect(signed.encoded == hex(v, "signed_raw_tx"))
        #expect(signed.hash == hex(v, "tx_hash"))
        #expect(try signed.sender().checksummed == v["sender_address"] as? String)
        #expect(try SignedEthereumTransaction.decode(hex(v, "signed_raw_tx")) == signed)
        #expect(try EthereumTransaction.decodeUnsigned(hex(v, "signing_data_rlp")) == tx)
    }

    /// eth-account's legacy docstring example: chain id 1337, a two-byte v (2709).
    @Test func legacyChain1337() throws {
        let v = vector("legacy_eip155_chain1337_eth_account")
        let tx = try EthereumTransaction.decodeUnsigned(hex(v, "signing_data_rlp"))
        #expect(tx.chainId == 1337)
        #expect(tx.signingHash == hex(v, "signing_hash"))
        let signed = try tx.signed(with: key(v))
        #expect(signed.v == 2709)
        #expect(signed.encoded == hex(v, "signed_raw_tx"))
        #expect(signed.hash == hex(v, "tx_hash"))
    }

    @Test(arguments: ["eip2930_eth_account", "eip1559_eth_account", "eip1559_ethereumjs_fixture0"])
    func typedTransactions(name: String) throws {
        let v = vector(name)
        let tx = try EthereumTransaction.decodeUnsigned(hex(v, "signing_preimage"))
        #expect(tx.unsignedEncoding == hex(v, "signing_preimage"))
        #expect(tx.signingHash == hex(v, "signing_hash"))
        let signed = try tx.signed(with: key(v))
        #expect(signed.v == BigUInt(v["yParity"] as? Int ?? -1))
        #expect(signed.encoded == hex(v, "signed_raw_tx"))
        if v["tx_hash"] != nil { #expect(signed.hash == hex(v, "tx_hash")) }
        if let sender = v["sender_address"] as? String { #expect(try signed.sender().checksummed == sender) }
        #expect(try SignedEthereumTransaction.decode(hex(v, "signed_raw_tx")) == signed)
    }

    /// The EIP-1559 vector built from its fields rather than decoded, access list included.
    @Test func eip1559FromFields() throws {
        let v = vector("eip1559_eth_account")
        let entry = try AccessListEntry(
            address: try EthereumAddress("0x0000000000000000000000000000000000000001"),
            storageKeys: [testBytes("0x0100000000000000000000000000000000000000000000000000000000000000")])
        let tx = try EthereumTransaction(
            type: .feeMarket, chainId: 1337, nonce: 34,
            fees: .feeMarket(maxPriorityFeePerGas: 2_000_000_000, maxFeePerGas: 2_000_000_000), gasLimit: 100_000,
            to: try EthereumAddress("0x09616C3d61b3331fc4109a9E41a8BDB7d9776609"),
            value: BigUInt(0x5af3107a4000), data: Array("abcdef".utf8), accessList: [entry])
        #expect(tx.unsignedEncoding == hex(v, "signing_preimage"))
        #expect(try tx.signed(with: key(v)).encoded == hex(v, "signed_raw_tx"))
    }

    /// The EIP-712 "Mail" example: encodeType, type hashes, domain separator, struct hash,
    /// digest and signature.
    @Test func eip712Mail() throws {
        let v = vector("eip712_mail")
        let json = try JSONSerialization.data(withJSONObject: v["typed_data"] as Any)
        let typed = try TypedData(jsonText: Array(json))
        #expect(try typed.encodeType("Mail") == v["encodeType_Mail"] as? String)
        #expect(try typed.encodeType("EIP712Domain") == v["encodeType_EIP712Domain"] as? String)
        #expect(try typed.typeHash("Mail") == hex(v, "typeHash_Mail"))
        #expect(try typed.typeHash("EIP712Domain") == hex(v, "typeHash_EIP712Domain"))
        #expect(try typed.encodeData("Mail", typed.message) == hex(v, "encodeData_Mail"))
        #expect(try typed.domainSeparator() == hex(v, "domainSeparator"))
        #expect(try typed.hashStruct("Mail", typed.message) == hex(v, "hashStruct_message"))
        #expect(try typed.digest() == hex(v, "digest"))
        let signer = try key(v, "signer_private_key")
        #expect(EthereumAddress(publicKey: signer.publicKey).checksummed == v["signer_address"] as? String)
        let signature = try typed.sign(with: signer)
        #expect(signature == hex(v, "signature_rsv"))
        #expect(
            try MessageSignature.recover(digest: typed.digest(), signature: signature).checksummed == v[
                "signer_address"] as? String)
    }

    @Test func personalSign() throws {
        let v = vector("eip191_personal_sign_keystone")
        let message = hex(v, "message_hex")
        #expect(PersonalMessage.hash(message) == hex(v, "hash"))
        let k = try key(v)
        #expect(EthereumAddress(publicKey: k.publicKey).checksummed == v["address"] as? String)
        let signature = try PersonalMessage.sign(message, with: k)
        #expect(signature == hex(v, "signature_rsv"))
        #expect(try PersonalMessage.recover(message, signature: signature).checksummed == v["address"] as? String)
    }

    @Test func eip55() throws {
        let list = vector("eip55")["valid_checksummed"] as? [String] ?? []
        #expect(list.count == 8)
        for text in list { #expect(try EthereumAddress(text).checksummed == text) }
    }

    @Test func erc20TransferCalldata() throws {
        let v = vector("erc20_transfer")
        guard let example = v["example"] as? [String: Any], let calldata = example["calldata"] as? String else {
            Issue.record("erc20 example missing"); return
        }
        #expect(
            CallData(testBytes(calldata))
                == .erc20Transfer(
                    to: try EthereumAddress("0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"), amount: 1_000_000))
        #expect(testHex(Keccak256.hash(Array("transfer(address,uint256)".utf8)).prefix(4)) == "a9059cbb")
        #expect(testHex(Keccak256.hash(Array("approve(address,uint256)".utf8)).prefix(4)) == "095ea7b3")
        #expect(testHex(Keccak256.hash(Array("transferFrom(address,address,uint256)".utf8)).prefix(4)) == "23b872dd")
    }
}
