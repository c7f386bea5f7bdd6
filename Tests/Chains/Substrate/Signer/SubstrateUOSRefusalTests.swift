import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignTestSupport
import Testing

/// What a UOS transaction is refused for, or shown blind for, and when: a crypto byte naming
/// another scheme than the account's is refused as the request is read (before any review,
/// PIN or signature); an immortal era signing another checkpoint than the genesis hash is
/// refused by the review both UOS and SignerPayloadJSON requests go through; a transaction
/// no runtime table reads says why.
@Suite struct SubstrateUOSRefusalTests {
    typealias F = SubstrateFixtures

    static func own(_ account: MessageAccount, _ scheme: KeyScheme?) -> OwnAccount {
        OwnAccount(
            chain: F.module.chain, address: account.address, publicKey: account.publicKey, keyName: "dev",
            path: "//Alice", scheme: scheme)
    }

    static func refusal(_ body: () throws -> Void) -> SubstrateError? {
        do { try body() } catch let error as SubstrateError { return error } catch {
            Issue.record("not a Substrate refusal: \(error)")
            return nil
        }
        Issue.record("not refused")
        return nil
    }

    // MARK: scheme

    /// Crypto 00 (ed25519) for an sr25519 account and for an ecdsa account, 02 for an ed25519
    /// one: refused by `requests`, the first step after the scan; crypto 01 (polkadot-js, any
    /// account) and the account's own byte are read.
    @Test func aCryptoByteOfAnotherSchemeIsRefusedWhenRead() throws {
        let sr = try F.key("//Alice", .sr25519), ed = try F.key("//Alice", .ed25519),
            ecdsa = try F.key("//Alice", .secp256k1)
        for (key, scheme) in [(sr, KeyScheme.sr25519), (ed, .ed25519), (ecdsa, .secp256k1)] {
            let account = try F.account(key)
            let json = F.payloadJSON(account, method: try F.transferCall())
            let id = try F.accountID(key)
            for crypto: UInt8 in [0, 1] {
                let bytes = try SubstrateUOSTests.uos(for: json, key: id, crypto: crypto)
                let read = {
                    _ = try UOSFormat().requests(SignerInput(bytes: bytes), accounts: [Self.own(account, scheme)])
                }
                if crypto == 1 || scheme == .ed25519 {
                    try read()
                } else {
                    let named = scheme == .secp256k1 ? "ecdsa" : "sr25519"
                    #expect(
                        Self.refusal(read)
                            == .uos(
                                .schemeNotAccount(crypto: "ed25519", byte: 0, account: account.address, scheme: named)))
                }
            }
        }
        // An ed25519 account asked for an ecdsa signature: a 33-byte key is never an ed25519
        // account's, so crypto 02 cannot name it. Its 32-byte id read as a 33-byte key shifts
        // every byte after it, so the payload does not even parse.
        let account = try F.account(ed)
        let bytes = try SubstrateUOSTests.uos(
            for: F.payloadJSON(account, method: try F.transferCall()), key: try F.accountID(ed), crypto: 2)
        let refused = Self.refusal {
            _ = try UOSFormat().requests(SignerInput(bytes: bytes), accounts: [Self.own(account, .ed25519)])
        }
        guard case .call(field: "UOS transaction", .lengthMismatch)? = refused else {
            Issue.record("not a refusal of the call's length: \(refused.map(\.description) ?? "none")")
            return
        }
    }

    /// A message (03) has no type byte in its answer, and polkadot-js sends 01 or whatever:
    /// its crypto byte is not checked.
    @Test func aMessageIsNotCheckedForItsCryptoByte() throws {
        let key = try F.key("//Alice", .sr25519)
        let account = try F.account(key)
        let bytes: [UInt8] = [0x53, 0, 3] + (try F.accountID(key)) + Array("hi".utf8) + SubstrateUOSTests.polkadot
        #expect(try UOSFormat().requests(SignerInput(bytes: bytes), accounts: [Self.own(account, .sr25519)]).count == 1)
    }

    // MARK: immortal era

    /// An immortal era (`00`) signs the genesis hash as CheckMortality's checkpoint: any other
    /// hash is refused, as a SignerPayloadJSON and as UOS, with the same line.
    @Test func anImmortalEraWithAnotherCheckpointIsRefused() throws {
        let key = try F.key("//Alice", .sr25519)
        let account = try F.account(key)
        let wrong = F.payloadJSON(account, method: try F.transferCall(), era: "0x00", blockHash: F.blockHash)
        let expected = SubstrateError.immortalCheckpoint(
            genesis: String(F.polkadotGenesis.dropFirst(2)), checkpoint: String(F.blockHash.dropFirst(2)))
        let native = Self.refusal {
            _ = try F.module.review(try F.request(account, payload: wrong), context: F.context())
        }
        #expect(native == expected)
        let bytes = try SubstrateUOSTests.uos(for: wrong, key: try F.accountID(key))
        let request = try #require(
            try UOSFormat().requests(SignerInput(bytes: bytes), accounts: [Self.own(account, .sr25519)]).first
        ).request
        let uos = Self.refusal { _ = try F.module.review(request, context: F.context()) }
        #expect(uos == expected)
        // With the genesis hash as its checkpoint it is shown, as immortal.
        let right = F.payloadJSON(account, method: try F.transferCall(), era: "0x00", blockHash: F.polkadotGenesis)
        let good = try SubstrateUOSTests.uos(for: right, key: try F.accountID(key))
        let read = try #require(
            try UOSFormat().requests(SignerInput(bytes: good), accounts: [Self.own(account, .sr25519)]).first
        ).request
        let review = try F.module.review(read, context: F.context())
        #expect(review.lines.contains(ReviewLine("era", "immortal")))
        #expect(review.confirmation == .standard)
    }

    // MARK: what no table reads

    /// Asset Hub tips in an asset (ChargeAssetTxPayment) and the signer has no table for it: a
    /// UOS 02 without a proof is shown raw, blind only, saying that; a Polkadot payload of a
    /// spec the table does not cover, or with bytes the table's list leaves over, says which.
    @Test func anUnreadTransactionSaysWhy() throws {
        let key = try F.key("//Alice", .sr25519)
        let account = try F.account(key)
        let hub = "0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f"
        let hubList = F.polkadotExtensions.map { $0 == "ChargeTransactionPayment" ? "ChargeAssetTxPayment" : $0 }.filter
        { $0 != "PrevalidateAttests" }
        let tipped = signerPayloadJSON(
            address: account.address, method: try F.transferCall(), era: "0x00", nonce: 1, tip: 7,
            specVersion: 1_004_000,
            transactionVersion: 15, genesis: hub, blockHash: hub, extensions: hubList, assetId: "0x01020304", mode: 0)
        let uncovered = signerPayloadJSON(
            address: account.address, method: try F.transferCall(), era: "0x00", nonce: 1, tip: 0,
            specVersion: 2_000_001,
            transactionVersion: 26, genesis: F.polkadotGenesis, blockHash: F.polkadotGenesis,
            extensions: F.polkadotExtensions, mode: 0)
        let id = try F.accountID(key)
        var longer = try SubstrateUOSTests.uos(for: F.payloadJSON(account, method: try F.transferCall()), key: id)
        longer.insert(0, at: longer.count - 32)
        let cases: [([UInt8], String, String)] = [
            (
                try SubstrateUOSTests.uos(for: tipped, key: id), "polkadot:68d56f15f85d3136970ec16946040bc1",
                "this signer has no runtime table for Polkadot Asset Hub, and a UOS transaction without a metadata proof does not say which "
                    + "signed extensions its bytes hold"
            ),
            (
                try SubstrateUOSTests.uos(for: uncovered, key: id), F.polkadotNetwork,
                "no runtime table of Polkadot this signer has reads it (spec 1002005…2000000, transaction version 26 reads it as spec 2000001, "
                    + "transaction version 26, which it does not cover)"
            ),
            (
                longer, F.polkadotNetwork,
                "no runtime table of Polkadot this signer has reads it (spec 1002005…2000000, transaction version 26: signing payload: 1 bytes follow"
            ),
        ]
        for (bytes, network, why) in cases {
            let own = OwnAccount(
                chain: F.module.chain, address: account.address, publicKey: account.publicKey, keyName: "dev",
                path: nil,
                network: network, scheme: .sr25519)
            let request = try #require(try UOSFormat().requests(SignerInput(bytes: bytes), accounts: [own]).first)
                .request
            let review = try F.module.review(request, context: F.context())
            #expect(review.title == "Substrate transaction (UOS) that cannot be decoded")
            #expect(
                review.confirmation
                    == .explicit(reason: "a UOS transaction whose signed extensions this signer cannot read"))
            #expect(review.warnings.count == 1)
            #expect(
                review.warnings.first?.hasPrefix("the transaction's signed extensions cannot be read: " + why) == true,
                "\(review.warnings)")
        }
    }
}
