import AirsignCLI
import AirsignChains
import AirsignCrypto
import AirsignKeys
import AirsignMessages
import AirsignSignerCLI
import Testing

/// Issue 34 item 3: the signer's account commands take each chain's account knowledge from the
/// chain table (`ChainModule.accounts`), so the table must cover every chain and every
/// `key import --kind`, give a new key the accounts it always got, and each chain's networks,
/// derivation and checks must agree with each other.
@Suite struct ChainAccountsTableTests {
    @Test func everyChainHasItsAccountsInTheTable() {
        let chains = ChainRegistry.standard.accounts.map(\.chain)
        #expect(chains == [.ethereum, .icp, .stellar, .substrate])
        #expect(Set(chains) == Set(Chain.allCases))
    }

    @Test func everyImportKindIsReadByExactlyOneChain() {
        let forms = ChainRegistry.standard.accounts.flatMap { $0.secretImports.map(\.kind) }
        #expect(forms.count == Set(forms).count)
        #expect(Set(forms + ["phrase"]) == Set(ImportKind.allCases.map(\.rawValue)))
        for kind in ImportKind.allCases where kind != .phrase {
            #expect(AccountChoice.defaults(for: kind).count == 1)
        }
    }

    @Test func aNewKeyGetsTheWalletsDefaultAccounts() {
        let phrase = AccountChoice.defaults(for: .phrase)
        #expect(
            phrase.map(\.request) == [
                .ethereum(index: 0), .icp(index: 0), .stellar(index: 0),
                .substrate(scheme: .sr25519, path: SubstrateDerivationPath(junctions: []), ss58Prefix: 0),
            ])
        #expect(
            phrase.map(\.network.id) == [
                "eip155:1", "icp:mainnet", "stellar:pubnet", "polkadot:91b171bb158e2d3848fa23a9f1c25182",
            ])
        #expect(AccountChoice.defaults(for: .icpPEM).map(\.request) == [.icp(index: 0)])
        #expect(
            AccountChoice.defaults(for: .substrateSeed).map(\.network.id) == [
                "polkadot:91b171bb158e2d3848fa23a9f1c25182"
            ])
    }

    @Test func eachChainsNetworksReadBackAsThemselves() throws {
        var ids: Set<String> = []
        for accounts in ChainRegistry.standard.accounts {
            #expect(!accounts.knownNetworks.isEmpty, "\(accounts.chain)")
            #expect(accounts.defaultNetwork == accounts.knownNetworks.first)
            for network in accounts.knownNetworks {
                #expect(network.chain == accounts.chain && ids.insert(network.id).inserted, "\(network)")
                #expect(try accounts.network(caip2: network.id) == network)
                #expect(try accounts.network(parsing: network.id, genesis: nil) == network)
                if let name = network.name { #expect(try accounts.network(parsing: name, genesis: nil) == network) }
                #expect(try AccountRules.standard.network(caip2: network.id, chain: accounts.chain) == network)
            }
            // A name is not a CAIP-2 identifier.
            for name in accounts.knownNetworks.compactMap(\.name) {
                #expect(throws: KeysError.self) { try accounts.network(caip2: name) }
            }
        }
    }

    @Test func theDefaultAccountsDeriveCheckAndNameTheirRequestAgain() throws {
        let phrase = KeySecret.mnemonic(
            try Mnemonic(phrase: String(repeating: "abandon ", count: 11) + "about"))
        for choice in AccountChoice.defaults(for: .phrase) {
            let derived = try AccountRules.standard.derive(choice.request, from: phrase)
            let account = derived.account.on(choice.network.id)
            try AccountRules.standard.verify(account)
            #expect(try AccountRules.standard.request(for: account) == choice.request)
            #expect(AccountRules.standard.addressIdentity(account.address, chain: account.chain) != nil)
            #expect(AccountRules.standard.displayAddress(account.address, chain: account.chain) == account.address)
        }
    }

    @Test func aTableWithoutAChainRefusesItsAccounts() {
        let rules = AccountRules(ChainRegistry.standard.accounts.filter { $0.chain != .stellar })
        #expect(throws: KeysError.noChainRules(chain: "stellar")) {
            try rules.derive(.stellar(index: 0), from: .ed25519(SecureBytes(copying: [UInt8](repeating: 1, count: 32))))
        }
        #expect(
            rules.addressIdentity("GDVSYYTUAJ3ACHTPQNSTQBDQ4LDHQCMNY4FCEQH5TJUMSSLWQSTG42MV", chain: .stellar) == nil)
        #expect(KeysError.noChainRules(chain: "stellar").exitStatus == .failure)
    }
}
