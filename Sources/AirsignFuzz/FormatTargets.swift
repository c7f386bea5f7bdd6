import AirsignChains
import AirsignCrypto
import AirsignKeys
import AirsignKeystore
import AirsignMessages

extension FuzzTarget {
    /// Message files as both programs read them, and every request through its chain module's
    /// review, as `airsign-signer inspect` does before any PIN; also every module's native form.
    static let messages = FuzzTarget(
        name: "messages",
        summary:
            "sign requests (reviewed by every registered chain module), responses, account descriptors, native artifacts"
    ) { input throws(FuzzViolation) in
        let registry = ChainRegistry.standard
        let context = ReviewContext(now: 1_767_225_600)
        if let requests = try? MessageFile.requests(input) {
            for request in requests {
                guard let module = try? registry.module(for: request.chain) else { continue }
                _ = try? module.review(request, context: context)
            }
        }
        _ = try? MessageFile.responses(input)
        _ = try? AccountDescriptor.parseList(input, rules: .standard)
        for module in registry.modules {
            guard let requests = try? module.nativeRequests(input, accounts: ownAccounts) else { continue }
            for request in requests {
                _ = try? module.review(request, context: context)
            }
        }
    }

    /// Accounts of the public test phrases (Substrate's //Alice, the "abandon … about"
    /// Ethereum account), derived here, so native artifacts the vectors hold for them get past
    /// the account lookup into the chain module's review.
    private static let ownAccounts: [OwnAccount] = {
        var derived: [Account] = []
        if let uri = try? SecretURI(parsing: SecureBytes(copying: Array("//Alice".utf8)), allowDevelopmentPhrase: true),
            let alice = try? AccountRules.standard.derive(uri: uri, scheme: .sr25519, ss58Prefix: 42)
        {
            derived.append(alice.account)
        }
        let abandon = String(repeating: "abandon ", count: 11) + "about"
        if let mnemonic = try? Mnemonic(phrase: abandon),
            let ethereum = try? AccountRules.standard.derive(.ethereum(index: 0), from: .mnemonic(mnemonic))
        {
            derived.append(ethereum.account)
        }
        return derived.compactMap { account in
            guard let chain = try? ChainID(account.chain.rawValue) else { return nil }
            return OwnAccount(
                chain: chain, address: account.address, publicKey: account.publicKey, keyName: "fuzz", path: nil,
                network: account.network)
        }
    }()

    static let keystoreFile = FuzzTarget(
        name: "keystore-file", summary: "keystore key files and pin-check.json as read from disk"
    ) { input throws(FuzzViolation) in
        _ = try? KeystoreDocument.parse(input, path: "fuzz.json")
    }
}
