import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys

// Key derivation ops for the interop suite. Secrets (phrases, passphrases, seeds, URIs, key
// files) arrive in the stdin JSON only, never on the command line, and derived secrets are
// revealed only so a reference library can be compared with them.

private func revealed(_ secret: SecureBytes) -> String {
    secret.withUnsafeBytes { Hex.encode($0) }
}

private func text(_ request: Request, _ key: String) throws -> SecureBytes {
    SecureBytes(copying: Array(try request.string(key).utf8))
}

private func describe(_ derived: DerivedAccount) -> [String: Any] {
    let account = derived.account
    var out: [String: Any] = [
        "chain": account.chain.rawValue, "scheme": account.scheme.rawValue, "path": account.path,
        "public_key": Hex.encode(account.publicKey), "address": account.address,
    ]
    if let id = account.icpAccountIdentifier { out["account_id"] = id.hex }
    switch derived.signingKey {
    case .secp256k1(let key): out["private_key"] = revealed(key.secret)
    case .ed25519, .sr25519: break
    }
    return out
}

private func accountRequest(_ request: Request) throws -> AccountRequest {
    let index = UInt32(truncatingIfNeeded: try request.int("index"))
    switch try request.string("chain") {
    case "ethereum": return .ethereum(index: index)
    case "icp": return .icp(index: index)
    case "stellar": return .stellar(index: index)
    case let other: throw TestkitError.badRequest("unknown chain \(other)")
    }
}

let keysHandlers: [String: Handler] = [
    "ripemd160": { request in ["hex": Hex.encode(RIPEMD160.hash(try request.bytes("data")))] },
    "bip39": { request in
        let mnemonic = try Mnemonic(phrase: try text(request, "phrase"))
        let seed = try mnemonic.seed(passphrase: try text(request, "passphrase"))
        return [
            "entropy": revealed(mnemonic.entropy), "seed": revealed(seed),
            "phrase": String(decoding: mnemonic.phrase.withUnsafeBytes { Array($0) }, as: UTF8.self),
        ]
    },
    "bip39_from_entropy": { request in
        let mnemonic = try Mnemonic(entropy: try request.secret("entropy"))
        return ["phrase": String(decoding: mnemonic.phrase.withUnsafeBytes { Array($0) }, as: UTF8.self)]
    },
    "bip32": { request in
        let key = try ExtendedPrivateKey(seed: try request.secret("seed")).derived(
            DerivationPath(try request.string("path")))
        return [
            "xprv": String(decoding: key.serialized.withUnsafeBytes { Array($0) }, as: UTF8.self),
            "xpub": key.extendedPublicKey.serialized, "private_key": revealed(key.privateKey.secret),
            "public_key": Hex.encode(key.privateKey.publicKey.compressed),
        ]
    },
    "bip32_public": { request in
        let key = try ExtendedPublicKey(serialized: try request.string("xpub")).derived(
            DerivationPath(try request.string("path")))
        return ["xpub": key.serialized, "public_key": Hex.encode(key.publicKey.compressed)]
    },
    "slip10_ed25519": { request in
        let key = try SLIP10Ed25519Key(seed: try request.secret("seed")).derived(
            DerivationPath(try request.string("path")))
        return ["private_key": revealed(key.secret), "public_key": Hex.encode(try key.keyPair().publicKey)]
    },
    "account_from_phrase": { request in
        let secret = KeySecret.mnemonic(try Mnemonic(phrase: try text(request, "phrase")))
        return describe(
            try AccountRules.standard.derive(
                accountRequest(request), from: secret, passphrase: try text(request, "passphrase")))
    },
    "account_from_import": { request in
        let input = try text(request, "secret")
        let secret: KeySecret
        switch try request.string("kind") {
        case "stellar": secret = try KeyImport.stellarSecret(input)
        case "ethereum": secret = try KeyImport.ethereumPrivateKey(input)
        case "icp_pem": secret = try KeyImport.icpPEM(input)
        case let other: throw TestkitError.badRequest("unknown import kind \(other)")
        }
        return describe(try AccountRules.standard.derive(accountRequest(request), from: secret))
    },
    "substrate_uri": { request in
        guard let scheme = SubstrateScheme(rawValue: try request.string("scheme")) else {
            throw TestkitError.badRequest("unknown scheme")
        }
        let uri = try SecretURI(
            parsing: try text(request, "uri"), allowDevelopmentPhrase: try request.bool("allow_dev"))
        let prefix = UInt16(truncatingIfNeeded: try request.int("prefix"))
        return describe(try AccountRules.standard.derive(uri: uri, scheme: scheme, ss58Prefix: prefix))
    },
    "substrate_uri_sign": { request in
        guard let scheme = SubstrateScheme(rawValue: try request.string("scheme")) else {
            throw TestkitError.badRequest("unknown scheme")
        }
        let uri = try SecretURI(parsing: try text(request, "uri"))
        let derived = try AccountRules.standard.derive(uri: uri, scheme: scheme, ss58Prefix: 42)
        let message = try request.bytes("message")
        switch derived.signingKey {
        case .sr25519(let key): return ["signature": Hex.encode(try key.sign(message))]
        case .ed25519(let key): return ["signature": Hex.encode(key.sign(message))]
        case .secp256k1:
            throw TestkitError.badRequest("substrate_uri_sign: ecdsa signing belongs to the Substrate chain module")
        }
    },
    "substrate_mini_secret": { request in
        let mnemonic = try Mnemonic(phrase: try text(request, "phrase"))
        return ["mini_secret": revealed(try mnemonic.substrateMiniSecret(password: try text(request, "password")))]
    },
    "ss58_encode": { request in
        [
            "address": try SS58.encode(
                try request.bytes("payload"), prefix: UInt16(truncatingIfNeeded: try request.int("prefix")))
        ]
    },
    "ss58_decode": { request in
        let (prefix, payload) = try SS58.decode(try request.string("address"))
        return ["prefix": Int(prefix), "payload": Hex.encode(payload)]
    },
]
