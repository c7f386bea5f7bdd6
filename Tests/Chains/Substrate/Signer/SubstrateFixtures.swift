import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignSubstrateOnline
import AirsignTestSupport
import AirsignWatch

/// Dev keys (//Alice, //Bob in each scheme), accounts and requests for the chain tests.
enum SubstrateFixtures {
    static let module = SubstrateChain()
    static let now: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z
    static let id = "22222222-2222-4222-8222-222222222222"
    static let polkadotGenesis = "0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3"
    static let polkadotNetwork = "polkadot:91b171bb158e2d3848fa23a9f1c25182"
    static let blockHash = "0x" + String(repeating: "11", count: 32)

    static func uri(_ text: String) throws -> SecretURI {
        try SecretURI(parsing: SecureBytes(copying: Array(text.utf8)), allowDevelopmentPhrase: true)
    }

    static func key(_ suri: String, _ scheme: KeyScheme) throws -> SigningKey {
        let parsed = try uri(suri)
        let mini = try parsed.miniSecret()
        switch scheme {
        case .sr25519: return .sr25519(try SubstrateDerivation.sr25519(seed: mini, path: parsed.path))
        case .ed25519: return .ed25519(try SubstrateDerivation.ed25519(seed: mini, path: parsed.path))
        case .secp256k1: return .secp256k1(try SubstrateDerivation.ecdsa(seed: mini, path: parsed.path))
        }
    }

    static func publicKey(_ key: SigningKey) -> [UInt8] {
        switch key {
        case let .sr25519(secret): return secret.publicKey.bytes
        case let .ed25519(secret): return secret.publicKey
        case let .secp256k1(secret): return secret.publicKey.compressed
        }
    }

    static func account(_ key: SigningKey, prefix: UInt16 = 0) throws -> MessageAccount {
        let publicKey = publicKey(key)
        let id = publicKey.count == 33 ? try Blake2b.hash(publicKey, outputLength: 32) : publicKey
        return try MessageAccount(address: try SS58.encode(id, prefix: prefix), publicKey: publicKey)
    }

    static func accountID(_ key: SigningKey) throws -> [UInt8] {
        let publicKey = publicKey(key)
        return publicKey.count == 33 ? try Blake2b.hash(publicKey, outputLength: 32) : publicKey
    }

    static func context() throws -> ReviewContext {
        let alice = try account(try key("//Alice", .sr25519))
        let bob = try account(try key("//Bob", .sr25519))
        let book = try AddressBook([Contact(chain: module.chain, name: "Bob", address: bob.address, rules: .standard)])
        return ReviewContext(
            ownAccounts: [
                OwnAccount(
                    chain: module.chain, address: alice.address, publicKey: alice.publicKey, keyName: "dev",
                    path: "//Alice")
            ],
            contacts: book, now: now)
    }

    /// Balances.transfer_keep_alive (5, 3) to //Bob of `amount` on Polkadot.
    static func transferCall(amount: UInt128 = 12_345_000_000, callIndex: UInt8 = 3) throws -> String {
        var writer = SCALEWriter()
        writer.writeBytes([5, callIndex, 0])
        writer.writeBytes(try accountID(try key("//Bob", .sr25519)))
        writer.writeCompact(amount)
        return "0x" + testHex(writer.bytes)
    }

    static let polkadotExtensions = [
        "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality",
        "CheckNonce", "CheckWeight", "ChargeTransactionPayment", "PrevalidateAttests", "CheckMetadataHash",
    ]

    static func payloadJSON(
        _ account: MessageAccount, method: String, genesis: String = polkadotGenesis, era: String = "0xa502",
        blockHash: String = blockHash, extensions: [String] = polkadotExtensions, tip: UInt128 = 1_000_000
    ) -> JSONValue {
        signerPayloadJSON(
            address: account.address, method: method, era: era, nonce: 5, tip: tip, specVersion: 1_002_005,
            transactionVersion: 26, genesis: genesis, blockHash: blockHash, blockNumber: 42, extensions: extensions,
            mode: 0)
    }

    static func request(_ account: MessageAccount, payload: JSONValue, network: String = polkadotNetwork) throws
        -> SignRequest
    {
        try SignRequest(
            id: RequestID(id), chain: module.chain, network: network, account: account,
            payload: .object([(key: "type", value: .string("extrinsic")), (key: "signerPayload", value: payload)]))
    }

    static func rawRequest(
        _ account: MessageAccount, data: String, type: String = "bytes", network: String = polkadotNetwork
    ) throws -> SignRequest {
        let raw: JSONValue = .object([
            ("address", .string(account.address)), ("data", .string(data)), ("type", .string(type)),
        ])
        return try SignRequest(
            id: RequestID(id), chain: module.chain, network: network, account: account,
            payload: .object([(key: "type", value: .string("raw")), (key: "signerPayloadRaw", value: raw)]))
    }

    /// Review → sign → finalize, as the signer and the watch do.
    static func roundTrip(_ request: SignRequest, key: SigningKey) throws -> (SignedOutput, Finalized) {
        let review = try module.review(request, context: context())
        let output = try module.sign(review, with: key)
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: output.result)
        return (output, try SubstrateFinalizer().finalize(response, for: request))
    }
}
