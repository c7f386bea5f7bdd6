import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignEthereumOnline
import AirsignKeys
import AirsignMessages
import AirsignTestSupport
import AirsignWatch
import BigInt
import Testing

/// The Ethereum chain module end to end: review text, sign → finalize for every payload type,
/// and the refusals issue 7 asks for.
@Suite struct EthereumChainTests {
    static let now: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z
    static let id = "11111111-1111-4111-8111-111111111111"
    static let module = EthereumChain()
    static let finalizer = EthereumFinalizer()
    static let token = "0xdAC17F958D2ee523a2206206994597C13D831ec7"

    static func key(_ n: UInt8) throws -> Secp256k1.PrivateKey {
        try Secp256k1.PrivateKey(SecureBytes(copying: [UInt8](repeating: n, count: 32)))
    }

    static func account(_ n: UInt8) throws -> MessageAccount {
        let publicKey = try key(n).publicKey
        return try MessageAccount(
            address: EthereumAddress(publicKey: publicKey).checksummed, publicKey: publicKey.uncompressed)
    }

    static func context() throws -> ReviewContext {
        let own = try account(0x46)
        let book = try AddressBook([
            Contact(chain: module.chain, name: "Alice", address: try account(2).address, rules: .standard)
        ])
        return ReviewContext(
            ownAccounts: [
                OwnAccount(
                    chain: module.chain, address: own.address, publicKey: own.publicKey, keyName: "main", path: nil)
            ],
            contacts: book, now: now)
    }

    static func request(_ payload: JSONValue, network: String = "eip155:1", account: MessageAccount? = nil) throws
        -> SignRequest
    {
        try SignRequest(
            id: RequestID(id), chain: module.chain, network: network, account: account ?? Self.account(0x46),
            payload: payload)
    }

    static func transactionRequest(
        _ tx: EthereumTransaction, network: String = "eip155:1", account: MessageAccount? = nil
    ) throws -> SignRequest {
        try request(
            .object([
                (key: "type", value: .string("transaction")),
                (key: "transaction", value: .string(Hex.encode(tx.unsignedEncoding, prefix: true))),
            ]),
            network: network, account: account)
    }

    static func erc20Transfer(chainId: BigUInt = 1) throws -> EthereumTransaction {
        let recipient = try EthereumAddress(try account(2).address)
        let data =
            [0xa9, 0x05, 0x9c, 0xbb] + [UInt8](repeating: 0, count: 12) + recipient.bytes
            + BigUInt(25_000_000).bigEndianWord
        return try EthereumTransaction(
            type: .feeMarket, chainId: chainId, nonce: 7,
            fees: .feeMarket(maxPriorityFeePerGas: 1_000_000_000, maxFeePerGas: 30_000_000_000),
            gasLimit: 60000, to: EthereumAddress(token), value: 0, data: data)
    }

    static func plainTransfer() throws -> EthereumTransaction {
        try EthereumTransaction(
            type: .legacy, chainId: 1, nonce: 0, fees: .gasPrice(20_000_000_000), gasLimit: 21000,
            to: EthereumAddress(try account(3).address), value: BigUInt(15) * BigUInt(10).power(17), data: [])
    }

    static let typedJSON = """
        {"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],\
        "Mail":[{"name":"to","type":"address"},{"name":"contents","type":"string"}]},"primaryType":"Mail",\
        "domain":{"name":"Ether Mail","chainId":1},"message":{"to":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","contents":"Hello, Bob!"}}
        """

    static func typedRequest(_ text: String = typedJSON) throws -> SignRequest {
        let json = try JSONParser().parse(Array(text.utf8))
        return try request(.object([(key: "type", value: .string("typed_data")), (key: "typedData", value: json)]))
    }

    static func messageRequest(_ bytes: [UInt8]) throws -> SignRequest {
        try request(
            .object([
                (key: "type", value: .string("personal_message")),
                (key: "message", value: .string(Hex.encode(bytes, prefix: true))),
            ]))
    }

    func render(_ request: SignRequest) throws -> String {
        let context = try Self.context()
        let review = try Self.module.review(request, context: context)
        return ReviewText.render(review, position: 1, of: 1, module: Self.module, context: context) + "\n"
    }

    /// Signs with `signer` and finalizes against `request`, as the watch would.
    func roundTrip(_ request: SignRequest, signer: UInt8 = 0x46) throws -> Finalized {
        let review = try Self.module.review(request, context: Self.context())
        let output = try Self.module.sign(review, with: .secp256k1(Self.key(signer)))
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: output.result)
        return try Self.finalizer.finalize(response, for: request)
    }

    // MARK: golden review texts

    @Test func reviewOfAnERC20TransferToAContact() throws {
        let text = try render(Self.transactionRequest(Self.erc20Transfer()))
        #expect(
            text == """
                Request 1 of 1  id 11111111-1111-4111-8111-111111111111
                  Ethereum transaction, EIP-1559 (type 2)
                  chain     Ethereum (ethereum)
                  network   eip155:1
                  account   0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                            | "main"))
                  network name Ethereum Mainnet (chain id 1) [signer's table]
                  from      0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                            | "main"))
                  to        0xdAC17F958D2ee523a2206206994597C13D831ec7 (not in your contacts)
                  value     0 ETH
                  nonce     7
                  gas limit 60000
                  max priority fee 1 gwei
                  max fee   30 gwei
                  max fees  0.0018 ETH
                  max total cost 0.0018 ETH
                  access list none
                  call      ERC-20 transfer
                  token     USDT (Tether USD, 6 decimals) [signer's table]
                  token recipient 0x5050A4F4b3f9338C3472dcC01A87C76A144b3c9c (contact "Alice")
                  token amount 25 USDT (25000000 base units) [signer's table]
                  total     0.0018 ETH
                  total     25 USDT
                  signs     1 message, 112 bytes: transaction

                """, "\(text)")
    }

    @Test func reviewOfAPlainTransfer() throws {
        let text = try render(Self.transactionRequest(Self.plainTransfer()))
        #expect(
            text == """
                Request 1 of 1  id 11111111-1111-4111-8111-111111111111
                  Ethereum transaction, legacy (EIP-155)
                  chain     Ethereum (ethereum)
                  network   eip155:1
                  account   0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                            | "main"))
                  network name Ethereum Mainnet (chain id 1) [signer's table]
                  from      0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                            | "main"))
                  to        0x3325a78425F17a7E487Eb5666b2bFd93aBb06c70 (not in your contacts)
                  value     1.5 ETH
                  nonce     0
                  gas limit 21000
                  gas price 20 gwei
                  max fees  0.00042 ETH
                  max total cost 1.50042 ETH
                  data      none
                  total     1.50042 ETH
                  signs     1 message, 45 bytes: transaction

                """, "\(text)")
    }

    @Test func reviewDetails() throws {
        let review = try Self.module.review(Self.transactionRequest(Self.erc20Transfer()), context: Self.context())
        #expect(review.confirmation == .standard)
        #expect(review.key.scheme == .secp256k1)
        // The ether cost, and the token amount read with the signer's list (USDT, 6 decimals).
        #expect(review.totals.map(\.amount) == [BigUInt(60000) * 30_000_000_000, 25_000_000])
        #expect(review.totals.map(\.asset.symbol) == ["ETH", "USDT"])
        #expect(review.totals.last?.asset.id == Self.token)
        #expect(review.signing == [EthereumSignable.transaction(try Self.erc20Transfer()).item])
        // Calldata that is not ERC-20 needs the explicit confirmation.
        let call = try EthereumTransaction(
            type: .feeMarket, chainId: 1, nonce: 0, fees: .feeMarket(maxPriorityFeePerGas: 1, maxFeePerGas: 2),
            gasLimit: 100_000, to: EthereumAddress(Self.token), value: 0, data: [1, 2, 3, 4, 5])
        let blind = try Self.module.review(Self.transactionRequest(call), context: Self.context())
        guard case .explicit = blind.confirmation else { Issue.record("expected explicit confirmation"); return }
        // Text messages are shown as text, others as hex.
        let text = try Self.module.review(Self.messageRequest(Array("Sign in\nnonce 1".utf8)), context: Self.context())
        #expect(text.lines.contains(ReviewLine("message", "Sign in\nnonce 1")))
        let binary = try Self.module.review(Self.messageRequest([0x00, 0xff]), context: Self.context())
        #expect(binary.lines.contains(ReviewLine("message (hex)", "0x00ff")))
    }

    // MARK: sign → finalize

    @Test func transactionsRoundTrip() throws {
        for tx in [try Self.erc20Transfer(), try Self.plainTransfer()] {
            let request = try Self.transactionRequest(tx)
            let finalized = try roundTrip(request)
            guard case let .string(raw)? = finalized.response.result?["rawTransaction"] else {
                Issue.record("no rawTransaction"); continue
            }
            let signed = try SignedEthereumTransaction.decode(Hex.decode(raw))
            #expect(signed.transaction == tx)
            #expect(try signed.sender().checksummed == request.account.address)
            #expect(finalized.response.result?["hash"] == .string(Hex.encode(signed.hash, prefix: true)))
        }
    }

    @Test func messagesRoundTrip() throws {
        let message = try roundTrip(Self.messageRequest(Array("hello".utf8)))
        #expect(message.response.result == nil)
        #expect(try Hex.decode(message.response.signatures[0]).count == 65)
        #expect(
            try PersonalMessage.recover(Array("hello".utf8), signature: Hex.decode(message.response.signatures[0]))
                .checksummed
                == Self.account(0x46).address)
        let typed = try roundTrip(Self.typedRequest())
        let digest = try TypedData(jsonText: Array(Self.typedJSON.utf8)).digest()
        #expect(
            try MessageSignature.recover(digest: digest, signature: Hex.decode(typed.response.signatures[0]))
                .checksummed
                == Self.account(0x46).address)
    }

    @Test func anUnlimitedApprovalIsAWarning() throws {
        let spender = try EthereumAddress(try Self.account(2).address)
        let data =
            [0x09, 0x5e, 0xa7, 0xb3] + [UInt8](repeating: 0, count: 12) + spender.bytes
            + [UInt8](repeating: 0xff, count: 32)
        let tx = try EthereumTransaction(
            type: .feeMarket, chainId: 1, nonce: 1, fees: .feeMarket(maxPriorityFeePerGas: 1, maxFeePerGas: 2),
            gasLimit: 60000, to: EthereumAddress(Self.token), value: 0, data: data)
        let review = try Self.module.review(Self.transactionRequest(tx), context: Self.context())
        #expect(review.warnings.contains { $0.contains("UNLIMITED") })
        #expect(review.lines.contains(ReviewLine("spender", "\(spender.checksummed) (contact \"Alice\")")))
        #expect(review.approvals.map(\.spender) == ["\(spender.checksummed) (contact \"Alice\")"])
    }

    @Test func aCompactResponseIsCompletedByFinalize() throws {
        let request = try Self.transactionRequest(Self.erc20Transfer())
        let review = try Self.module.review(request, context: Self.context())
        let output = try Self.module.sign(review, with: .secp256k1(Self.key(0x46)))
        // The compact response carries only the signature; finalize assembles the same result.
        let finalized = try Self.finalizer.finalize(
            try SignResponse(id: request.id, signatures: output.signatures).completed(from: request), for: request)
        #expect(finalized.response.result == output.result)
        // A yParity other than 0/1 is refused.
        var bad = try Hex.decode(output.signatures[0])
        bad[64] = 27
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: [Hex.encode(bad, prefix: true)], result: nil)
        #expect(throws: EthereumChainError.recoveryValue(value: "yParity 27", expected: "0 or 1")) {
            try Self.finalizer.finalize(response, for: request)
        }
    }

    // MARK: refusals

    @Test func aChainIDMismatchIsRefused() throws {
        #expect(throws: EthereumChainError.otherChain(field: "payload.transaction", chainId: "1", network: "eip155:5"))
        {
            try Self.module.review(
                Self.transactionRequest(Self.erc20Transfer(), network: "eip155:5"), context: Self.context())
        }
        #expect(throws: EthereumChainError.otherChain(field: "payload.transaction", chainId: "10", network: "eip155:1"))
        {
            try Self.module.review(Self.transactionRequest(Self.erc20Transfer(chainId: 10)), context: Self.context())
        }
        let otherDomain = Self.typedJSON.replacingOccurrences(of: "\"chainId\":1}", with: "\"chainId\":137}")
        #expect(otherDomain != Self.typedJSON)
        #expect(
            throws: EthereumChainError.otherChain(
                field: "payload.typedData.domain.chainId", chainId: "137", network: "eip155:1")
        ) {
            try Self.module.review(Self.typedRequest(otherDomain), context: Self.context())
        }
    }

    @Test func anUnknownPayloadKeyIsRefused() throws {
        let tx = Hex.encode(try Self.plainTransfer().unsignedEncoding, prefix: true)
        let payload: JSONValue = .object([
            (key: "type", value: .string("transaction")), (key: "transaction", value: .string(tx)),
            (key: "extra", value: .string("1")),
        ])
        #expect(
            throws: EthereumChainError.members(
                payloadType: "transaction", expected: "\"type\", \"transaction\" (a 0x string) and optionally \"abi\"")
        ) {
            try Self.module.review(Self.request(payload), context: Self.context())
        }
        let typed = try JSONParser().parse(Array(Self.typedJSON.utf8))
        let typedPayload: JSONValue = .object([
            (key: "type", value: .string("typed_data")), (key: "typedData", value: typed),
            (key: "chainId", value: .number("1")),
        ])
        #expect(throws: EthereumChainError.members(payloadType: "typed_data", expected: "\"type\" and \"typedData\"")) {
            try Self.module.review(Self.request(typedPayload), context: Self.context())
        }
    }

    @Test func anAccountWhoseKeyIsNotItsAddressIsRefused() throws {
        let wrong = try MessageAccount(address: Self.account(2).address, publicKey: Self.account(0x46).publicKey)
        let derived = try Self.account(0x46).address
        #expect(throws: EthereumChainError.addressNotOfKey(derived: derived)) {
            try Self.module.review(
                Self.transactionRequest(Self.plainTransfer(), account: wrong), context: Self.context())
        }
    }

    @Test func aResponseFromAnotherKeyIsRefused() throws {
        for request in [
            try Self.transactionRequest(Self.plainTransfer()), try Self.messageRequest([1, 2, 3]),
            try Self.typedRequest(),
        ] {
            // The module will not sign with a key other than the account's.
            #expect(throws: EthereumChainError.notAccountKey(address: request.account.address)) {
                try roundTrip(request, signer: 2)
            }
        }
        // A signature by the right key presented for another account's identical request.
        let mine = try Self.transactionRequest(Self.plainTransfer())
        let output = try Self.module.sign(
            try Self.module.review(mine, context: Self.context()), with: .secp256k1(Self.key(0x46)))
        let theirs = try Self.transactionRequest(Self.plainTransfer(), account: Self.account(2))
        let response = try SignResponse(
            id: theirs.id, chain: theirs.chain, network: theirs.network, account: theirs.account,
            signatures: output.signatures, result: nil)
        #expect(throws: EthereumChainError.otherSigner(recovered: nil, expected: theirs.account.address)) {
            try Self.finalizer.finalize(response, for: theirs)
        }
    }

    @Test func aTamperedRawTransactionIsRefused() throws {
        let request = try Self.transactionRequest(Self.plainTransfer())
        let review = try Self.module.review(request, context: Self.context())
        let output = try Self.module.sign(review, with: .secp256k1(Self.key(0x46)))
        guard case let .string(raw)? = output.result?["rawTransaction"],
            case let .string(hash)? = output.result?["hash"]
        else {
            Issue.record("no result"); return
        }
        // Another recipient, same signature: the fields no longer match the request.
        let other = try EthereumTransaction(
            type: .legacy, chainId: 1, nonce: 0, fees: .gasPrice(20_000_000_000), gasLimit: 21000,
            to: EthereumAddress(Self.account(2).address), value: BigUInt(15) * BigUInt(10).power(17), data: [])
        let signed = try SignedEthereumTransaction.decode(Hex.decode(raw))
        let forged = try SignedEthereumTransaction(transaction: other, signature: signed.signature)
        let tampered: JSONValue = .object([
            (key: "rawTransaction", value: .string(Hex.encode(forged.encoded, prefix: true))),
            (key: "hash", value: .string(hash)),
        ])
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: tampered)
        #expect(throws: EthereumChainError.notRequestedTransaction) {
            try Self.finalizer.finalize(response, for: request)
        }
        // A wrong hash alone is refused too.
        let badHash: JSONValue = .object([
            (key: "rawTransaction", value: .string(raw)), (key: "hash", value: .string("0x00")),
        ])
        let response2 = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: badHash)
        #expect(throws: EthereumChainError.hashMismatch) { try Self.finalizer.finalize(response2, for: request) }
        // Other key kinds are refused by sign.
        let ed = try Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: 1, count: 32)))
        #expect(throws: EthereumChainError.notSecp256k1Key) { try Self.module.sign(review, with: .ed25519(ed)) }
    }

    /// Reviews label an address by the identity its bytes give, without hashing its text; it
    /// must be the identity the checksummed text gets (and any other spelling of it).
    @Test func labelsUseTheIdentityOfTheAddressText() throws {
        var random = SeededRandom.forTest("Ethereum address identity")
        for _ in 0..<200 {
            let bytes = random.bytes(20)
            let address = try EthereumAddress(bytes: bytes)
            let known = "eth:" + Hex.encode(bytes)
            #expect(
                AccountRules.standard.addressIdentity(address.checksummed, chain: EthereumChainTests.module.chain)
                    == known,
                "seed \(random.seed)")
            #expect(
                AccountRules.standard.addressIdentity(
                    address.checksummed.lowercased(), chain: EthereumChainTests.module.chain)
                    == known, "seed \(random.seed)")
        }
    }
}

extension BigUInt {
    /// The 32-byte ABI word.
    fileprivate var bigEndianWord: [UInt8] {
        let bytes = Array(serialize())
        return [UInt8](repeating: 0, count: Swift.max(0, 32 - bytes.count)) + bytes
    }
}
