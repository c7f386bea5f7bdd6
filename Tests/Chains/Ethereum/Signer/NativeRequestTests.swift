import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import BigInt
import Testing

/// The signer takes a bare unsigned transaction (0x hex) from other tools: signed by the one
/// Ethereum account added for its chain id's network, refused when there is none or several.
@Suite struct NativeRequestTests {
    let module = EthereumChain()

    func own(_ n: UInt8, network: String?) throws -> OwnAccount {
        let account = try EthereumChainTests.account(n)
        return OwnAccount(
            chain: module.chain, address: account.address, publicKey: account.publicKey, keyName: "k\(n)", path: nil,
            network: network)
    }

    func transaction(chainId: BigUInt) throws -> EthereumTransaction {
        try EthereumTransaction(
            type: .feeMarket, chainId: chainId, nonce: 3, fees: .feeMarket(maxPriorityFeePerGas: 1, maxFeePerGas: 2),
            gasLimit: 21_000, to: try EthereumAddress("0x9858EfFD232B4033E47d90003D41EC34EcaEda94"), value: 5, data: [])
    }

    func input(_ tx: EthereumTransaction, suffix: String = "\n") -> [UInt8] {
        Array((Hex.encode(tx.unsignedEncoding, prefix: true) + suffix).utf8)
    }

    @Test func hexBecomesARequestForTheAccountOnItsNetwork() throws {
        let tx = try transaction(chainId: 11_155_111)
        let accounts = [try own(1, network: "eip155:1"), try own(2, network: "eip155:11155111")]
        let requests = try #require(try module.nativeRequests(input(tx), accounts: accounts))
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.network == "eip155:11155111")
        #expect(request.account.address == accounts[1].address)
        #expect(request.payload["transaction"] == .string(Hex.encode(tx.unsignedEncoding, prefix: true)))
        // And it reviews like any request from the watch.
        let review = try module.review(request, context: ReviewContext(now: 0))
        #expect(review.signing.first?.bytes == tx.unsignedEncoding)
    }

    @Test func otherInputIsNotOurs() throws {
        let accounts = [try own(1, network: "eip155:1")]
        for text in ["{\"airsign\":\"sign-request\"}", "AAAA", "0x", "0xzz", "02f0"] {
            #expect(try module.nativeRequests(Array(text.utf8), accounts: accounts) == nil, "\(text)")
        }
        #expect(try module.nativeRequests([0xff, 0xfe], accounts: accounts) == nil)
    }

    @Test func refusals() throws {
        let tx = try transaction(chainId: 5)
        func refusal(_ bytes: [UInt8], _ accounts: [OwnAccount]) -> String {
            do {
                _ = try module.nativeRequests(bytes, accounts: accounts)
                return "accepted"
            } catch {
                return String(describing: error)
            }
        }
        // No account on the transaction's network (the same address on mainnet does not count).
        #expect(
            refusal(input(tx), [try own(1, network: "eip155:1")]).contains(
                "no Ethereum account of yours is on that network"))
        #expect(refusal(input(tx), []).contains("no Ethereum account"))
        // Two different accounts on it: which one is not for the signer to guess.
        #expect(
            refusal(input(tx), [try own(1, network: "eip155:5"), try own(2, network: "eip155:5")]).contains(
                "2 Ethereum accounts"))
        // Bytes that do not decode strictly: trailing byte, non-canonical integer, signed form.
        #expect(refusal(input(tx, suffix: "00"), [try own(1, network: "eip155:5")]).contains("unexpected byte"))
        let legacyNoChain: [UInt8] = RLP.encode(
            .list([
                .bytes([]), .bytes([1]), .bytes([0x52, 0x08]), .bytes([UInt8](repeating: 1, count: 20)), .bytes([1]),
                .bytes([]),
            ]))
        #expect(
            refusal(Array(Hex.encode(legacyNoChain, prefix: true).utf8), [try own(1, network: "eip155:5")])
                != "accepted")
    }
}
