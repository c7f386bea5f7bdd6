import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

/// An `eth-sign-request` becomes Airsign's own Ethereum request for the keystore's account at
/// its path, is reviewed and signed as any other, and is answered with an `eth-signature` whose
/// signature recovers to that account. What is not ours, or does not agree with itself, is
/// refused with one line before any review.
@Suite struct ERC4527SigningTests {
    static let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    let module = EthereumChain()

    /// The phrase's accounts 0 and 1 at m/44'/60'/0'/0/i on mainnet, and their keys.
    static func keystore() throws -> (accounts: [OwnAccount], keys: [SigningKey]) {
        let mnemonic = try Mnemonic(phrase: phrase)
        var accounts: [OwnAccount] = []
        var keys: [SigningKey] = []
        for index: UInt32 in 0...1 {
            let derived = try AccountRules.standard.derive(.ethereum(index: index), from: .mnemonic(mnemonic))
            accounts.append(
                OwnAccount(
                    chain: ChainID(Chain.ethereum), address: derived.account.address,
                    publicKey: derived.account.publicKey,
                    keyName: "main", path: derived.account.path, network: "eip155:1"))
            keys.append(derived.signingKey)
        }
        return (accounts, keys)
    }

    static func path(_ index: UInt32, fingerprint: UInt32? = 0x73c5_da0a) throws -> CryptoKeypath {
        CryptoKeypath(try DerivationPath("m/44'/60'/0'/0/\(index)"), sourceFingerprint: fingerprint)
    }

    static let requestId: [UInt8] = Array(0..<16)

    static func request(
        _ data: [UInt8], _ type: EthSignRequest.DataType, chainId: UInt64? = 1, index: UInt32 = 0,
        address: [UInt8]? = nil
    ) throws -> EthSignRequest {
        EthSignRequest(
            requestId: requestId, signData: data, dataType: type, chainId: chainId, derivationPath: try path(index),
            address: address, origin: "metamask")
    }

    static func transaction(_ type: TransactionType, chainId: BigUInt = 1) throws -> EthereumTransaction {
        let fees: TransactionFees =
            type == .feeMarket
            ? .feeMarket(maxPriorityFeePerGas: 1_000_000_000, maxFeePerGas: 30_000_000_000)
            : .gasPrice(20_000_000_000)
        return try EthereumTransaction(
            type: type, chainId: chainId, nonce: 7, fees: fees, gasLimit: 21_000,
            to: try EthereumAddress("0x9858EfFD232B4033E47d90003D41EC34EcaEda94"), value: 12_345, data: [])
    }

    /// Review, sign with the key of `index`, answer.
    func signed(_ request: EthSignRequest, index: Int = 0) throws -> (ERC4527Signing, EthSignature, Review) {
        let (accounts, keys) = try Self.keystore()
        let signing = try ERC4527Signing(request, accounts: accounts)
        let review = try module.review(
            signing.signRequest, context: ReviewContext(ownAccounts: accounts, now: 1_700_000_000))
        let output = try module.sign(review, with: keys[index])
        let response = try SignResponse(
            id: signing.signRequest.id, chain: signing.signRequest.chain, network: signing.signRequest.network,
            account: signing.signRequest.account, signatures: output.signatures, result: output.result)
        let answer = try signing.answer(response)
        // The answer survives its own CBOR.
        #expect(try EthSignature(cbor: answer.cbor()) == answer)
        return (signing, answer, review)
    }

    @Test func typedTransactionsAreSignedWithYParity() throws {
        for type in [TransactionType.feeMarket, .accessList] {
            let tx = try Self.transaction(type)
            let (signing, answer, review) = try signed(try Self.request(tx.unsignedEncoding, .typedTransaction))
            #expect(signing.signRequest.network == "eip155:1")
            #expect(review.title.contains("Ethereum transaction"))
            #expect(answer.requestId == Self.requestId)
            #expect(answer.signature.count == 65)
            let recovered = try MessageSignature.recover(digest: tx.signingHash, signature: answer.signature)
            let accounts = try Self.keystore().accounts
            #expect(recovered.checksummed == accounts[0].address)
        }
    }

    @Test func legacyTransactionsCarryTheEIP155V() throws {
        let tx = try Self.transaction(.legacy, chainId: 1337)
        let (_, answer, _) = try signed(try Self.request(tx.unsignedEncoding, .transaction, chainId: 1337))
        // v = 2·1337 + 35 + recid = 2709 or 2710: two bytes, minimal big-endian.
        #expect(answer.signature.count == 66)
        let v = Int(answer.signature[64]) << 8 | Int(answer.signature[65])
        #expect(v == 2709 || v == 2710)
        let recovered = try MessageSignature.recover(
            digest: tx.signingHash, signature: Array(answer.signature.prefix(64)) + [UInt8(v - 2709)])
        #expect(try recovered.checksummed == Self.keystore().accounts[0].address)
    }

    @Test func personalMessagesAndTypedDataAreSignedWith27Or28() throws {
        let message = Array("Sign in to example.org\nNonce: 42".utf8)
        let (_, answer, review) = try signed(
            try Self.request(message, .personalMessage, chainId: nil, index: 1), index: 1)
        #expect(answer.signature.count == 65 && (answer.signature[64] == 27 || answer.signature[64] == 28))
        #expect(
            try PersonalMessage.recover(message, signature: answer.signature).checksummed
                == Self.keystore().accounts[1].address)
        #expect(
            unwrappedReview(
                ReviewText.render(review, position: 1, of: 1, module: module, context: ReviewContext(now: 0))
            ).contains("Sign in to example.org"))

        let typed = """
            {"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],\
            "Mail":[{"name":"contents","type":"string"}]},"primaryType":"Mail",\
            "domain":{"name":"Ether Mail","chainId":1},"message":{"contents":"Hello, Bob!"}}
            """
        let (signing, typedAnswer, _) = try signed(try Self.request(Array(typed.utf8), .typedData, chainId: nil))
        #expect(signing.signRequest.network == "eip155:1")
        let digest = try TypedData(jsonText: Array(typed.utf8)).digest()
        #expect(
            try MessageSignature.recover(digest: digest, signature: typedAnswer.signature).checksummed
                == Self.keystore().accounts[0].address)
    }

    @Test func theAddressPicksTheAccountAndMustBeOurs() throws {
        let accounts = try Self.keystore().accounts
        let tx = try Self.transaction(.feeMarket)
        let address = try EthereumAddress(accounts[1].address).bytes
        let signing = try ERC4527Signing(
            try Self.request(tx.unsignedEncoding, .typedTransaction, index: 1, address: address), accounts: accounts)
        #expect(signing.signRequest.account.address == accounts[1].address)

        // The right path with another key's address: not ours.
        let error = #expect(throws: ERC4527Error.self) {
            try ERC4527Signing(
                try Self.request(tx.unsignedEncoding, .typedTransaction, index: 0, address: address), accounts: accounts
            )
        }
        #expect(error?.description.contains("not ours") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test func refusals() throws {
        let accounts = try Self.keystore().accounts
        let tx = try Self.transaction(.feeMarket)
        let cases: [(String, EthSignRequest, String)] = [
            (
                "path not ours", try Self.request(tx.unsignedEncoding, .typedTransaction, index: 5),
                "not an account of this keystore"
            ),
            ("chain id mismatch", try Self.request(tx.unsignedEncoding, .typedTransaction, chainId: 5), "chain id 1"),
            (
                "chain id left out, tx not on 1",
                try Self.request(
                    try Self.transaction(.feeMarket, chainId: 10).unsignedEncoding, .typedTransaction, chainId: nil),
                "(the default)"
            ),
            ("typed tx sent as legacy", try Self.request(tx.unsignedEncoding, .transaction), "is a"),
            (
                "legacy sent as typed",
                try Self.request(try Self.transaction(.legacy).unsignedEncoding, .typedTransaction), "is a"
            ),
            (
                "typed data for another chain",
                try Self.request(
                    Array(
                        #"{"types":{"EIP712Domain":[{"name":"chainId","type":"uint256"}]},"primaryType":"EIP712Domain","domain":{"chainId":5},"message":{}}"#
                            .utf8), .typedData, chainId: 1), "chain id 5"
            ),
            ("typed data not JSON", try Self.request(Array("{".utf8), .typedData), "typed data JSON"),
        ]
        for (name, request, phrase) in cases {
            let error = #expect(throws: ERC4527Error.self, "\(name)") {
                try ERC4527Signing(request, accounts: accounts)
            }
            #expect(error?.description.contains(phrase) == true, "\(name): \(error?.description ?? "")")
            #expect(error?.description.contains("\n") == false)
        }
    }

    /// A path that is not ours gets the `account add` command that adds it only when
    /// `--index` can: MetaMask's m/44'/60'/0'/0/i with i not hardened.
    @Test func theAddHintIsGivenOnlyForAPathIndexCanAdd() throws {
        let accounts = try Self.keystore().accounts
        let tx = try Self.transaction(.feeMarket)
        for (text, hint) in [
            ("m/44'/60'/0'/0/5", " (add it with: airsign-signer account add KEY --chain ethereum --index 5)"),
            ("m/44'/60'/0'/0/5'", ""), ("m/44'/60'/0'/0/5/7", ""), ("m/44'/60'/1'/0/5", ""),
        ] {
            let request = EthSignRequest(
                requestId: Self.requestId, signData: tx.unsignedEncoding, dataType: .typedTransaction, chainId: 1,
                derivationPath: CryptoKeypath(try DerivationPath(text)), address: nil, origin: nil)
            let error = #expect(throws: ERC4527Error.self) { try ERC4527Signing(request, accounts: accounts) }
            #expect(
                error?.description == "eth-sign-request is for \(text), which is not an account of this keystore\(hint)"
            )
        }
    }

    /// The request's source fingerprint goes with it to the signer, which compares it with the
    /// key's own master fingerprint once the key is open (absent: nothing to compare).
    @Test func theFormatHandsOnTheSourceFingerprint() throws {
        let accounts = try Self.keystore().accounts
        let tx = try Self.transaction(.feeMarket)
        for fingerprint: UInt32? in [0x73c5_da0a, 0x0102_0304, nil] {
            let request = EthSignRequest(
                requestId: Self.requestId, signData: tx.unsignedEncoding, dataType: .typedTransaction, chainId: 1,
                derivationPath: try Self.path(0, fingerprint: fingerprint), address: nil, origin: nil)
            let read = try ERC4527Format().requests(
                SignerInput(bytes: try request.cbor(), urType: EthSignRequest.urType), accounts: accounts)
            #expect(read.map(\.masterFingerprint) == [fingerprint])
            #expect(
                read.first?.request.note?.hasSuffix(", for the wallet with fingerprint 73c5da0a")
                    == (fingerprint == 0x73c5_da0a))
        }
        let named = try ERC4527Signing(
            EthSignRequest(
                requestId: nil, signData: [1], dataType: .personalMessage, chainId: nil,
                derivationPath: try Self.path(0, fingerprint: 0xf01), address: nil, origin: "metamask"),
            accounts: accounts)
        #expect(
            named.signRequest.note
                == "ERC-4527 personal message request from \"metamask\", for the wallet with fingerprint 00000f01")
    }

    /// Typed data's network comes from its domain's chainId by the rule the native JSON path
    /// uses (`typedDataNetwork`): 0, a negative number and one past uint256 are no chain ids,
    /// whether the request names a chain id or not.
    @Test func typedDataDomainChainIdsThatAreNoChainIdAreRefused() throws {
        let accounts = try Self.keystore().accounts
        for chainId in [
            "0", "\"0\"", "\"0x0\"", "-1", "\"-1\"", "1.5", "\"0x1\(String(repeating: "0", count: 64))\"",
            "1\(String(repeating: "0", count: 80))",
        ] {
            let typed =
                #"{"types":{"EIP712Domain":[{"name":"chainId","type":"uint256"}]},"primaryType":"EIP712Domain","domain":{"chainId":"#
                + chainId + "},\"message\":{}}"
            for requested: UInt64? in [nil, 1] {
                let error = #expect(throws: ERC4527Error.self, "\(chainId)") {
                    try ERC4527Signing(
                        try Self.request(Array(typed.utf8), .typedData, chainId: requested), accounts: accounts)
                }
                #expect(
                    error?.description.contains("domain.chainId is not a chain id") == true,
                    "\(chainId): \(error?.description ?? "")")
            }
        }
        // The largest uint256 is a chain id (no network of ours, but not refused as a number).
        let largest = (BigUInt(1) << 256) - 1
        #expect(try EthereumChain.typedDataNetwork(domainChainId: .number("\(largest)")) == "eip155:\(largest)")
        #expect(try EthereumChain.typedDataNetwork(domainChainId: .string("0x89")) == "eip155:137")
    }

    /// The Keystone example is a pre-EIP-155 legacy transaction (its chain id slot is 0) for
    /// m/44'/1'/1'/0/1: decoded, and refused for both reasons a careful signer has.
    @Test func keystonesExampleIsRefusedNotSigned() throws {
        let v = ERC4527Vectors.cases("sign_requests")[0]
        let request = try EthSignRequest(
            cbor: try ERC4527Vectors.urCBOR(ERC4527Vectors.text(v, "ur"), type: EthSignRequest.urType))
        let accounts = try Self.keystore().accounts
        #expect(throws: ERC4527Error.self) { try ERC4527Signing(request, accounts: accounts) }
        let own = OwnAccount(
            chain: ChainID(Chain.ethereum), address: accounts[0].address, publicKey: accounts[0].publicKey,
            keyName: "t",
            path: "m/44'/1'/1'/0/1", network: "eip155:1")
        let error = #expect(throws: ERC4527Error.self) { try ERC4527Signing(request, accounts: [own]) }
        #expect(
            error?.description.contains("EIP-155") == true || error?.description.contains("chain id") == true,
            "\(error?.description ?? "")")
    }
}
