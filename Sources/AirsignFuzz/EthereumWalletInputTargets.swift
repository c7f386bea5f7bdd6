import AirsignEncoding
import AirsignEthereum
import AirsignEthereumOnline
import AirsignKeys
import AirsignMessages

extension FuzzTarget {
    static let ethereumWalletInput = FuzzTarget(
        name: "ethereum-wallet-input",
        summary:
            "what other wallets and tools send: ERC-4527 eth-sign-request CBOR (eth-signature, crypto-hdkey and the watch's pairing check too) and the native forms (tx hex, tx JSON, eth_signTypedData_v4), turned into requests and reviewed as the signer would"
    ) { input throws(FuzzViolation) in
        if let request = try? EthSignRequest(cbor: input) {
            // What decodes re-encodes to CBOR that decodes to the same request.
            guard let encoded = try? request.cbor(), let again = try? EthSignRequest(cbor: encoded) else {
                throw FuzzViolation("a decoded eth-sign-request does not re-encode")
            }
            try FuzzViolation.check(again == request, "an eth-sign-request changes when re-encoded")
            // The request for the fuzz account at m/44'/60'/0'/0/0, reviewed as the signer would.
            if let account = EthereumFuzzAccount.account,
                let signing = try? ERC4527Signing(
                    request,
                    accounts: [
                        OwnAccount(
                            chain: ChainID(Chain.ethereum), address: account.address, publicKey: account.publicKey,
                            keyName: "fuzz", path: "m/44'/60'/0'/0/0", network: "eip155:1")
                    ])
            {
                try FuzzViolation.check(
                    signing.signRequest.account == account, "an eth-sign-request was matched to another account")
                _ = try? EthereumChain().review(signing.signRequest, context: ReviewContext(now: 1_767_225_600))
            }
        }
        if let signature = try? EthSignature(cbor: input) {
            try FuzzViolation.check(
                (try? EthSignature(cbor: signature.cbor())) == signature, "an eth-signature changes when re-encoded")
        }
        if let key = try? CryptoHDKey(cbor: input) {
            try FuzzViolation.check(
                (try? CryptoHDKey(cbor: key.cbor())) == key, "a crypto-hdkey changes when re-encoded")
            // As the watch's --pairing: whatever key it holds, deriving the account neither
            // traps nor hangs (a fingerprint it names is the key's own by construction).
            if let account = EthereumFuzzAccount.account, let path = try? DerivationPath("m/44'/60'/0'/0/0") {
                _ = try? ERC4527Pairing(key: key).sourceFingerprint(account: account.publicKey, path: path)
            }
        }
        // The native forms `import` and the signer read, for the fuzz account on mainnet.
        if let account = EthereumFuzzAccount.account,
            let requests = try? EthereumChain().nativeRequests(
                input,
                accounts: [
                    OwnAccount(
                        chain: ChainID(Chain.ethereum), address: account.address, publicKey: account.publicKey,
                        keyName: "fuzz", path: nil, network: "eip155:1")
                ])
        {
            for request in requests {
                _ = try? EthereumChain().review(request, context: ReviewContext(now: 1_767_225_600))
            }
        }
    }
}
