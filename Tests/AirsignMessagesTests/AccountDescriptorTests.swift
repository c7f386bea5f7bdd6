import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignMessages

/// Account descriptors: canonical output, strict parsing, and refusal of any field that
/// disagrees with the others.
@Suite struct AccountDescriptorTests {
    static let abandon = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    static let devPhrase = "bottom drive obey lake curtain smoke basket hold race lonely fit walk"

    static func derived(_ request: AccountRequest, phrase: String = abandon, network: String) throws -> Account {
        try AccountRules.standard.derive(request, from: .mnemonic(Mnemonic(phrase: phrase))).account.on(network)
    }

    static func ethereum() throws -> AccountDescriptor {
        try AccountDescriptor(
            account: derived(.ethereum(index: 0), network: "eip155:1"), name: "main", rules: .standard)
    }

    static func text(_ d: AccountDescriptor) -> String { String(decoding: d.bytes, as: UTF8.self) }

    @Test func descriptorIsCanonicalAndRoundTrips() throws {
        let d = try Self.ethereum()
        let text = Self.text(d)
        #expect(
            text.hasPrefix(
                #"{"airsign":"account","version":1,"chain":"ethereum","network":"eip155:1","address":"0x9858EfFD232B4033E47d90003D41EC34EcaEda94","publicKey":"0x04"#
            ))
        #expect(
            text.hasSuffix(
                #","scheme":"secp256k1","path":"m/44'/60'/0'/0/0","xpub":""# + (d.account.xpub ?? "")
                    + #"","name":"main"}"# + "\n"))
        #expect(try AccountDescriptor(parsing: d.bytes, rules: .standard) == d)
        // Whitespace and member order are free on input; the output form is one.
        let pretty = JSONSerializer(sortKeys: true, pretty: true).serialize(d.json)
        let reread = try AccountDescriptor(parsing: Array(pretty.utf8), rules: .standard)
        #expect(reread == d && reread.bytes == d.bytes)
    }

    @Test func descriptorsOfEveryChainVerify() throws {
        let accounts = [
            try Self.derived(.ethereum(index: 3), network: "eip155:11155111"),
            try Self.derived(
                .icp(index: 0), phrase: "tornado allow zero warm have deer wool finish tiger ski dynamic strong",
                network: "icp:mainnet"),
            try Self.derived(.stellar(index: 2), network: "stellar:testnet"),
            try Self.derived(
                .substrate(scheme: .sr25519, path: SubstrateDerivationPath("//Alice"), ss58Prefix: 42),
                phrase: Self.devPhrase, network: "polkadot:e143f23803ac50e8f6f8e62695d1ce9e"),
            try Self.derived(
                .substrate(scheme: .ecdsa, path: SubstrateDerivationPath("//Alice"), ss58Prefix: 0),
                phrase: Self.devPhrase, network: "polkadot:91b171bb158e2d3848fa23a9f1c25182"),
            try Self.derived(
                .substrate(scheme: .ed25519, path: SubstrateDerivationPath("//Bob"), ss58Prefix: 7),
                phrase: Self.devPhrase, network: "polkadot:0123456789abcdef0123456789abcdef"),
        ]
        #expect(accounts[1].address == "beckf-r6bg7-t6ju6-s7k45-b5jtj-mcm57-zjaie-svgrr-7ekzs-55v75-sae")
        #expect(accounts[3].address == "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY")
        #expect(accounts[4].address == "13VAtLwNPFNMpqRJ6yzU4cwe3w4eyS9pDaLVW5DFzdvFwWa")
        for account in accounts {
            let d = try AccountDescriptor(account: account, rules: .standard)
            #expect(try AccountDescriptor(parsing: d.bytes, rules: .standard) == d, "\(account.chain)")
        }
        // A list: JSON lines (as account export writes), or a JSON array.
        let lines = try accounts.flatMap { try AccountDescriptor(account: $0, rules: .standard).bytes }
        #expect(try AccountDescriptor.parseList(lines, rules: .standard).map(\.account) == accounts)
        let array = JSONSerializer().serialize(
            .array(try accounts.map { try AccountDescriptor(account: $0, rules: .standard).json }))
        #expect(try AccountDescriptor.parseList(Array(array.utf8), rules: .standard).count == accounts.count)
    }

    /// The descriptor's text with `old` replaced by `new` (`old` must be there).
    static func edited(_ d: AccountDescriptor, _ old: String, _ new: String) -> [UInt8] {
        let text = Self.text(d)
        precondition(text.contains(old), "fixture lacks \(old)")
        return Array(text.replacingOccurrences(of: old, with: new).utf8)
    }

    /// The field a parse failed on (nil when it parsed).
    static func field(_ bytes: [UInt8]) -> String? {
        do {
            _ = try AccountDescriptor(parsing: bytes, rules: .standard)
            return nil
        } catch {
            if case let .descriptorField(field, _) = error { return field }
            return "(\(error))"
        }
    }

    @Test func tamperedDescriptorsAreRefusedNamingTheField() throws {
        let d = try Self.ethereum()
        let other = try Self.derived(.ethereum(index: 1), network: "eip155:1")
        // The address of another key, the public key of another account, an xpub that does
        // not derive the key: each is refused, naming what is wrong.
        #expect(Self.field(Self.edited(d, d.account.address, other.address)) == "address")
        #expect(Self.field(Self.edited(d, d.account.address, d.account.address.lowercased())) == "address")
        #expect(Self.field(Self.edited(d, d.account.publicKeyHex, other.publicKeyHex)) == "address")
        #expect(Self.field(Self.edited(d, "m/44'/60'/0'/0/0", "m/44'/60'/0'/0/1")) == "xpub")
        #expect(Self.field(Self.edited(d, "m/44'/60'/0'/0/0", "m/44h/60h/0h/0/0")) == "path")
        #expect(Self.field(Self.edited(d, "m/44'/60'/0'/0/0", "m/44'/60'/1'/0/0")) == "path")
        #expect(Self.field(Self.edited(d, #""scheme":"secp256k1""#, #""scheme":"ed25519""#)) == "scheme")
        #expect(Self.field(Self.edited(d, #""chain":"ethereum""#, #""chain":"icp""#)) == "address")
        #expect(Self.field(Self.edited(d, #""chain":"ethereum""#, #""chain":"bitcoin""#)) == "chain")
        #expect(Self.field(Self.edited(d, "eip155:1", "polkadot:91b171bb158e2d3848fa23a9f1c25182")) == "network")
        #expect(Self.field(Self.edited(d, "eip155:1", "eip155:01")) == "network")
        let upper = "0x" + d.account.publicKeyHex.dropFirst(2).uppercased()
        #expect(Self.field(Self.edited(d, d.account.publicKeyHex, upper)) == "publicKey")
        #expect(Self.field(Self.edited(d, #","name":"main""#, #","name":"main","extra":1"#)) == "extra")
        #expect(Self.field(Self.edited(d, #","name":"main""#, #","name":"\u0007""#)) == "name")
        #expect(Self.field(Self.edited(d, #""path":"m/44'/60'/0'/0/0","#, "")) == "path")
        #expect(Self.field(Self.edited(d, #""version":1"#, #""version":"1""#)) == "version")
        #expect(throws: MessagesError.descriptorVersionUnsupported("2")) {
            try AccountDescriptor(parsing: Self.edited(d, #""version":1"#, #""version":2"#), rules: .standard)
        }
        #expect(throws: MessagesError.notAnAccountDescriptor(found: #"it is an Airsign "sign-request" message"#)) {
            try AccountDescriptor(
                parsing: Self.edited(d, #""airsign":"account""#, #""airsign":"sign-request""#), rules: .standard)
        }
        #expect(throws: MessagesError.self) {
            try AccountDescriptor(
                parsing: Self.edited(d, #""chain":"ethereum""#, #""chain":"ethereum","chain":"ethereum""#),
                rules: .standard)
        }
        #expect(throws: MessagesError.self) {
            try AccountDescriptor(parsing: Array(Self.text(d).dropLast(5).utf8), rules: .standard)
        }
        // Substrate: an address written with another network's SS58 prefix.
        let alice = try Self.derived(
            .substrate(scheme: .sr25519, path: SubstrateDerivationPath("//Alice"), ss58Prefix: 42),
            phrase: Self.devPhrase, network: "polkadot:91b171bb158e2d3848fa23a9f1c25182")
        #expect(
            throws: MessagesError.descriptorField(
                field: "address",
                reason: "uses SS58 prefix 42, but polkadot (polkadot:91b171bb158e2d3848fa23a9f1c25182) uses 0")
        ) {
            try AccountDescriptor(account: alice, rules: .standard)
        }
        // In a list, the item is named.
        let list = d.bytes + Self.edited(d, d.account.address, other.address)
        #expect(
            throws: MessagesError.descriptorField(
                field: "#2.address",
                reason: "is not the address of this public key (that is 0x9858EfFD232B4033E47d90003D41EC34EcaEda94)")
        ) {
            try AccountDescriptor.parseList(list, rules: .standard)
        }
    }

    @Test func everySingleByteChangeIsRefusedOrKeepsTheKey() throws {
        // Flipping one bit of any byte gives an error, or (in the free-text name and the final
        // newline) a descriptor of the very same account.
        let d = try Self.ethereum()
        var accepted = 0
        for index in d.bytes.indices {
            var bytes = d.bytes
            bytes[index] ^= 0x01
            if let reread = try? AccountDescriptor(parsing: bytes, rules: .standard) {
                accepted += 1
                #expect(reread.account == d.account)
            }
        }
        #expect(accepted <= 5)
    }
}
