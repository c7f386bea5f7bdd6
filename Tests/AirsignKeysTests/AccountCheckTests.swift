import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignTestSupport
import Testing

@testable import AirsignKeys

/// `Account.verify`, `AccountAddress` and `ChainNetwork`: public account data checked on its own.
@Suite struct AccountCheckTests {
    static func abandon() throws -> Mnemonic {
        try Mnemonic(
            phrase: "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")
    }

    @Test func derivedAccountsVerifyAndCarryTheParentXpub() throws {
        let phrase = KeySecret.mnemonic(try Self.abandon())
        for request in [
            AccountRequest.ethereum(index: 0), .ethereum(index: 7), .icp(index: 2), .stellar(index: 1),
            .substrate(scheme: .sr25519, path: try SubstrateDerivationPath("//polkadot/0"), ss58Prefix: 0),
            .substrate(scheme: .ecdsa, path: try SubstrateDerivationPath("//1"), ss58Prefix: 2),
        ] {
            let account = try AccountRules.standard.derive(request, from: phrase).account
            try AccountRules.standard.verify(account)
            #expect((account.xpub != nil) == (account.chain == .ethereum || account.chain == .icp), "\(request)")
        }
        // A stored account names the request that derives it again (for signing).
        for request in [
            AccountRequest.ethereum(index: 5), .icp(index: 1), .stellar(index: 3),
            .substrate(scheme: .ecdsa, path: try SubstrateDerivationPath("//a//b"), ss58Prefix: 2),
            .substrate(scheme: .sr25519, path: try SubstrateDerivationPath("//a/b"), ss58Prefix: 0),
        ] {
            let account = try AccountRules.standard.derive(request, from: phrase).account
            #expect(try AccountRules.standard.request(for: account) == request)
        }
        let first = try AccountRules.standard.derive(.ethereum(index: 0), from: phrase).account
        let eighth = try AccountRules.standard.derive(.ethereum(index: 7), from: phrase).account
        // Siblings share the parent xpub; a watch derives any of them from it.
        #expect(first.xpub == eighth.xpub)
        let parent = try ExtendedPublicKey(serialized: try #require(first.xpub))
        #expect(try parent.child(7).publicKey.uncompressed == eighth.publicKey)
        // Single imported keys have no path and no xpub.
        let single = try AccountRules.standard.derive(
            .ethereum(index: 0),
            from: try KeyImport.ethereumPrivateKey(
                secret("0x4646464646464646464646464646464646464646464646464646464646464646"))
        ).account
        #expect(
            single.path == "" && single.xpub == nil && single.address == "0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F")
        try AccountRules.standard.verify(single)
    }

    @Test func inconsistentAccountsAreRefused() throws {
        let account = try AccountRules.standard.derive(.ethereum(index: 0), from: .mnemonic(try Self.abandon())).account
        let wrongKey = Account(
            chain: .ethereum, scheme: .secp256k1, path: account.path,
            publicKey: [0x04] + [UInt8](repeating: 1, count: 64), address: account.address)
        #expect(throws: KeysError.self) { try AccountRules.standard.verify(wrongKey) }
        let wrongScheme = Account(
            chain: .stellar, scheme: .secp256k1, path: "", publicKey: account.publicKey, address: account.address)
        #expect(
            throws: KeysError.inconsistentAccount(field: "scheme", reason: "stellar accounts do not use secp256k1 keys")
        ) { try AccountRules.standard.verify(wrongScheme) }
        let softStellar = Account(
            chain: .stellar, scheme: .ed25519, path: "m/44'/148'/0", publicKey: [UInt8](repeating: 0, count: 32),
            address: try StrKey.encodeAccountID([UInt8](repeating: 0, count: 32)))
        #expect(
            throws: KeysError.inconsistentAccount(
                field: "path", reason: "Stellar accounts are at m/44'/148'/<index>' (SEP-5)")
        ) { try AccountRules.standard.verify(softStellar) }
        let otherXpub = try AccountRules.standard.derive(.icp(index: 0), from: .mnemonic(try Self.abandon())).account
            .xpub
        let swapped = Account(
            chain: .ethereum, scheme: .secp256k1, path: account.path, publicKey: account.publicKey,
            address: account.address, xpub: otherXpub)
        #expect(throws: KeysError.self) { try AccountRules.standard.verify(swapped) }
    }

    @Test func networksParseFromNamesNumbersAndCAIP2() throws {
        #expect(try AccountRules.standard.network(parsing: "kusama", chain: .substrate).ss58Prefix == 2)
        #expect(
            try AccountRules.standard.network(parsing: "polkadot:91b171bb158e2d3848fa23a9f1c25182", chain: .substrate)
                .name == "polkadot")
        #expect(try AccountRules.standard.network(parsing: "137", chain: .ethereum).id == "eip155:137")
        #expect(try AccountRules.standard.network(parsing: "1", chain: .ethereum).name == "mainnet")
        #expect(try AccountRules.standard.network(parsing: "sepolia", chain: .ethereum).id == "eip155:11155111")
        #expect(try AccountRules.standard.network(parsing: "testnet", chain: .stellar).id == "stellar:testnet")
        let custom = try AccountRules.standard.network(
            parsing: "7", chain: .substrate, genesis: "0x" + String(repeating: "ab", count: 32))
        #expect(custom.id == "polkadot:" + String(repeating: "ab", count: 16) && custom.ss58Prefix == 7)
        for (text, chain, genesis) in [
            ("7", Chain.substrate, nil), ("46", .substrate, "0x" + String(repeating: "ab", count: 32)),
            ("2", .substrate, "0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3"),
            ("polkadot", .ethereum, nil), ("mainnet", .icp, "0x00"), ("eip155:0", .ethereum, nil),
            ("007", .ethereum, nil), ("local", .stellar, nil),
        ] as [(String, Chain, String?)] {
            #expect(throws: KeysError.self, "\(text)") {
                try AccountRules.standard.network(parsing: text, chain: chain, genesis: genesis)
            }
        }
        #expect(
            try AccountRules.standard.network(
                parsing:
                    "0", chain: .substrate,
                genesis: "0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3"
            ).name == "polkadot")
        #expect(try AccountRules.standard.defaultNetwork(for: .substrate).ss58Prefix == 0)
        #expect(throws: KeysError.self) {
            try AccountRules.standard.network(caip2: "polkadot:91B171BB158E2D3848FA23A9F1C25182", chain: .substrate)
        }
    }
}
