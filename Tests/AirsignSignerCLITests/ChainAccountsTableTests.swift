import AirsignChains
import AirsignKeys
import AirsignMessages
import AirsignSignerCLI
import Testing

/// Issue 34 item 3: the signer's account commands take each chain's account knowledge from the
/// chain table (`ChainModule.accounts`), so the table must cover every chain and every
/// `key import --kind`, and give a new key the accounts it always got.
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
}
