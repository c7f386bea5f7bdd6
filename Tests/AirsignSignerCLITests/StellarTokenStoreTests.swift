import AirsignCrypto
import AirsignEncoding
import AirsignKeystore
import AirsignMessages
import AirsignSignerCLI
import AirsignStellar
import AirsignTestChain
import Foundation
import Testing

@testable import AirsignStellarSignerCommands

/// Stellar SEP-41 tokens installed on the signer: kept in the same PIN-sealed knowledge file as
/// the Ethereum descriptors and tokens, by network, and checked by the same seal before a
/// signature leaves. Files of the first version (Ethereum only) stay readable.
@Suite struct StellarTokenStoreTests {
    static let contract = SCAddress.contract([UInt8](repeating: 0x5e, count: 32)).description

    static func token(_ network: String = "stellar:testnet", symbol: String = "TST") throws -> InstalledStellarToken {
        try InstalledStellarToken(network: network, contract: contract, symbol: symbol, decimals: 6, name: "Test token")
    }

    /// What Stellar's reviews read of the store's file, by network, as `sign` reads it.
    static func byNetwork(_ store: SignerKnowledgeStore) throws -> [String: [StellarToken]] {
        try StellarInstalled(store.loadContent().installed).byNetwork()
    }

    /// An initialized keystore's empty knowledge store, as the Ethereum tests make it.
    func store() throws -> (SignerKnowledgeStore, ScratchDirectory) {
        try EthereumKnowledgeStoreTests().store()
    }

    @Test func tokensRoundTripByNetwork() throws {
        let (store, dir) = try store()
        _ = dir
        try store.update(pin: testPIN) { content in
            let (testnet, pubnet) = (try Self.token(), try Self.token("stellar:pubnet", symbol: "PUB"))
            try content.change(StellarInstalled.self) { try $0.add(testnet) }
            try content.change(StellarInstalled.self) { try $0.add(pubnet) }
        }
        let content = try store.loadContent()
        #expect(try content.read(StellarInstalled.self).tokens.map(\.network) == ["stellar:pubnet", "stellar:testnet"])
        let loaded = try store.loadSealed()
        let byNetwork = try Self.byNetwork(store)
        #expect(byNetwork["stellar:testnet"]?.map(\.symbol) == ["TST"])
        #expect(byNetwork["stellar:pubnet"]?.map(\.symbol) == ["PUB"])
        #expect(byNetwork["stellar:futurenet"] == nil)
        try loaded.verify(testPIN)
        // One token per network and contract; removing needs the right network.
        #expect(throws: KnowledgeStoreError.self) {
            try store.update(pin: testPIN) { content in
                let token = try Self.token(); try content.change(StellarInstalled.self) { try $0.add(token) }
            }
        }
        #expect(throws: KnowledgeStoreError.self) {
            try store.update(pin: testPIN) {
                try $0.change(StellarInstalled.self) {
                    try $0.remove(network: "stellar:futurenet", contract: Self.contract)
                }
            }
        }
        try store.update(pin: testPIN) {
            try $0.change(StellarInstalled.self) { try $0.remove(network: "stellar:testnet", contract: Self.contract) }
        }
        #expect(try store.loadContent().read(StellarInstalled.self).tokens.map(\.symbol) == ["PUB"])
    }

    @Test func badTokensAreRefusedWithTheirField() {
        for (network, contract, symbol, decimals) in [
            ("stellar:mainnet", Self.contract, "TST", UInt64(7)),  // not a Stellar network name
            ("eip155:1", Self.contract, "TST", 7),
            // an account, not a contract
            ("stellar:testnet", "GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR", "TST", 7),
            ("stellar:testnet", Self.contract, "TST", 39),
            ("stellar:testnet", Self.contract, "", 7),
            ("stellar:testnet", Self.contract, "T\u{1b}[2J", 7),
            ("stellar:testnet", Self.contract, String(repeating: "T", count: 65), 7),
        ] {
            // As `token add --network` refuses it.
            #expect(throws: KnowledgeStoreError.self) {
                _ = try StellarTokens().addition(
                    try TokenPlace(chainId: nil, network: network), address: contract, symbol: symbol,
                    decimals: decimals, name: "n")
            }
        }
    }

    @Test func symbolsThatCouldPassForOthersAreEscapedInReviews() throws {
        // Cyrillic "Т" and "С" in a Latin-looking symbol.
        let token = try InstalledStellarToken(
            network: "stellar:testnet", contract: Self.contract, symbol: "U\u{0421}D\u{0422}", decimals: 6, name: "n")
        #expect(try token.reviewToken.symbol == "U\\u{421}D\\u{422}")
        #expect(try Self.token().reviewToken.symbol == "TST")
    }

    @Test func aVersionOneFileIsReadAndUpgradedOnItsNextChange() throws {
        let (store, dir) = try store()
        _ = dir
        let body = #"{"airsign":"ethereum-knowledge","version":1,"descriptors":[],"tokens":[]}"#
        let seal = try store.keystore.seal(publicData: Array(body.utf8), pin: testPIN)
        let file = String(body.dropLast()) + #","seal":"# + JSONSerializer(sortKeys: false).serialize(seal.json) + "}\n"
        try Data(file.utf8).write(to: URL(fileURLWithPath: store.path))
        try store.loadSealed().verify(testPIN)
        #expect(try store.loadContent().read(StellarInstalled.self).tokens.isEmpty)
        try store.update(pin: testPIN) { content in
            let token = try Self.token(); try content.change(StellarInstalled.self) { try $0.add(token) }
        }
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.contains(#""version":3"#) && text.contains(#""stellarTokens":[{"network":"stellar:testnet""#))
        try store.loadSealed().verify(testPIN)
        // A version 1 file with Stellar tokens is refused: each version has exactly its members.
        try Data(text.replacingOccurrences(of: #""version":3"#, with: #""version":1"#).utf8).write(
            to: URL(fileURLWithPath: store.path))
        let error = #expect(throws: KnowledgeStoreError.self) { _ = try store.loadContent() }
        #expect(error?.description.contains("a version 1 file has exactly") == true)
    }

    @Test func aChangedStellarTokenFailsTheSealAtSigning() throws {
        let fixture = try SignerFixture()
        let store = SignerKnowledgeStore(keystore: fixture.keystore)
        try store.update(pin: testPIN) { content in
            let token = try Self.token(); try content.change(StellarInstalled.self) { try $0.add(token) }
        }
        // Six decimals become two: every amount would read 10,000 times larger.
        let text = try String(contentsOfFile: store.path, encoding: .utf8).replacingOccurrences(
            of: #""decimals":6"#, with: #""decimals":2"#)
        try text.write(toFile: store.path, atomically: true, encoding: .utf8)
        let loaded = try store.loadSealed()
        #expect(try Self.byNetwork(store)["stellar:testnet"]?.first?.decimals == 2)
        var job = fixture.job()
        job.verifyInstalled = loaded.verify
        let request = MessageFile.serialize([try TestChainFixtures.transfer()])
        let error = #expect(throws: KnowledgeStoreError.self) {
            _ = try job.sign(
                request, blind: .none, compact: false, confirmed: true, confirm: { _ in true }, pin: { testPIN })
        }
        #expect(error?.description.contains("nothing was signed") == true)
        #expect(throws: KnowledgeStoreError.self) {
            try store.update(pin: testPIN) { content in
                let token = try Self.token("stellar:pubnet");
                try content.change(StellarInstalled.self) { try $0.add(token) }
            }
        }
    }
}
