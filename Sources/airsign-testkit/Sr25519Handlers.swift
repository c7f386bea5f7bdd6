import AirsignCrypto
import AirsignEncoding

/// Secret outputs are revealed here only because the interop suite must compare them with
/// schnorrkel; production code never turns SecureBytes into hex.
private func revealed(_ secret: SecureBytes) -> String {
    secret.withUnsafeBytes { Hex.encode($0) }
}

/// The signing context: Substrate's unless the request names one (hex).
private func context(_ request: Request) throws -> [UInt8] {
    request.fields["context"] == nil ? Sr25519.substrateContext : try request.bytes("context")
}

/// A secret key from `secret` (64 bytes) in `format` "schnorrkel" (default) or "ed25519".
private func secretKey(_ request: Request) throws -> Sr25519.SecretKey {
    let format = request.fields["format"] == nil ? "schnorrkel" : try request.string("format")
    switch format {
    case "schnorrkel": return try Sr25519.SecretKey(schnorrkelBytes: try request.secret("secret"))
    case "ed25519": return try Sr25519.SecretKey(ed25519Bytes: try request.secret("secret"))
    default: throw TestkitError.badRequest("sr25519: unknown secret format \(format)")
    }
}

private func describe(_ key: Sr25519.SecretKey) -> [String: Any] {
    [
        "public": Hex.encode(key.publicKey.bytes),
        "secret": revealed(key.schnorrkelBytes),
        "secret_ed25519": revealed(key.ed25519Bytes),
    ]
}

let sr25519Handlers: [String: Handler] = [
    // {mini} → {public, secret (schnorrkel form), secret_ed25519}
    "sr25519_from_mini": { request in
        describe(try Sr25519.SecretKey(miniSecret: try request.secret("mini")))
    },
    // {secret, format?} → the same key read back
    "sr25519_from_secret": { request in
        describe(try secretKey(request))
    },
    // {secret, format?, message, context?} → {signature, public}
    "sr25519_sign": { request in
        let key = try secretKey(request)
        let signature = try key.sign(try request.bytes("message"), context: try context(request))
        return ["signature": Hex.encode(signature), "public": Hex.encode(key.publicKey.bytes)]
    },
    // {public, message, signature, context?} → {valid}; a public key that does not parse is an error
    "sr25519_verify": { request in
        let key = try Sr25519.PublicKey(bytes: try request.bytes("public"))
        let valid = key.isValidSignature(
            try request.bytes("signature"), message: try request.bytes("message"),
            context: try context(request))
        return ["valid": valid]
    },
    // {secret, format?, chain_code} → hard child {public, secret, secret_ed25519, mini}
    "sr25519_derive_hard": { request in
        let key = try secretKey(request)
        let chainCode = try request.bytes("chain_code")
        var out = describe(try key.hardDerived(chainCode: chainCode))
        out["mini"] = revealed(try key.hardDerivedMiniSecret(chainCode: chainCode))
        return out
    },
    // {secret, format?, chain_code} → soft child {public, secret, secret_ed25519}
    "sr25519_derive_soft": { request in
        describe(try secretKey(request).softDerived(chainCode: try request.bytes("chain_code")))
    },
    // {public, chain_code} → soft child {public}
    "sr25519_derive_soft_public": { request in
        let key = try Sr25519.PublicKey(bytes: try request.bytes("public"))
        return ["public": Hex.encode(try key.softDerived(chainCode: try request.bytes("chain_code")).bytes)]
    },
]
