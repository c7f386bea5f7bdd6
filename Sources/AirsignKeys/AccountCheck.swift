import AirsignCrypto
import AirsignEncoding

extension Account {
    /// Checks that the public fields agree with each other, for an account read from a file
    /// that anyone could have edited: the scheme is one the chain uses, the public key is a
    /// valid key of that scheme, the address is that key's (checksum included), the path is
    /// written as Airsign writes it, the network is one of the chain's (and for a known
    /// Substrate network, the address uses its SS58 prefix), and an xpub derives the key.
    public func verify() throws(KeysError) {
        var prefix: UInt16 = 42
        if chain == .substrate {
            do {
                prefix = try SS58.decode(address).prefix
            } catch {
                throw .inconsistentAccount(field: "address", reason: "not an SS58 address (\(error.description))")
            }
        }
        let expected = try AccountAddress.of(chain: chain, scheme: scheme, publicKey: publicKey, ss58Prefix: prefix)
        guard expected == address else {
            throw .inconsistentAccount(
                field: "address", reason: "is not the address of this public key (that is \(expected))")
        }
        try verifyPath()
        if let network {
            let known = try ChainNetwork(caip2: network, chain: chain)
            if let wanted = known.ss58Prefix, wanted != prefix {
                throw .inconsistentAccount(
                    field: "address", reason: "uses SS58 prefix \(prefix), but \(known) uses \(wanted)")
            }
        }
        if let xpub { try verifyXpub(xpub) }
    }

    /// Empty, or the path Airsign derives the chain's accounts at (the wallets' defaults):
    /// Ethereum `m/44'/60'/0'/0/i`, ICP `m/44'/223'/0'/0/i`, Stellar `m/44'/148'/i'`, and
    /// Substrate junctions as `SubstrateDerivationPath` writes them. Only the last step of a
    /// BIP32 path can be checked against the key (through the xpub), so the rest is held to
    /// the one form Airsign writes.
    private func verifyPath() throws(KeysError) {
        guard !path.isEmpty else { return }
        let fail = { (reason: String) in KeysError.inconsistentAccount(field: "path", reason: reason) }
        switch (chain, scheme) {
        case (.substrate, _):
            let canonical = try SubstrateDerivationPath(path).description
            guard canonical == path else { throw fail("must be written as \(canonical)") }
        case (.ethereum, .secp256k1), (.icp, .secp256k1):
            let prefix = chain == .ethereum ? "m/44'/60'/0'/0" : "m/44'/223'/0'/0"
            let steps = try DerivationPath(path).components
            guard steps.count == 5, try DerivationPath(components: Array(steps.prefix(4))).description == prefix,
                let last = steps.last, last < DerivationPath.hardenedOffset,
                try DerivationPath(components: steps).description == path
            else { throw fail("\(chain.rawValue) accounts are at \(prefix)/<index>") }
        case (.stellar, .ed25519):
            let steps = try DerivationPath(path).components
            guard steps.count == 3, try DerivationPath(components: Array(steps.prefix(2))).description == "m/44'/148'",
                let last = steps.last, last >= DerivationPath.hardenedOffset,
                try DerivationPath(components: steps).description == path
            else { throw fail("Stellar accounts are at m/44'/148'/<index>' (SEP-5)") }
        default:
            throw fail("an imported \(chain.rawValue) \(scheme.rawValue) key has no path")
        }
    }

    /// The xpub is the parent of the path's last, non-hardened step and derives the public key.
    private func verifyXpub(_ text: String) throws(KeysError) {
        guard chain == .ethereum || chain == .icp, scheme == .secp256k1, !path.isEmpty else {
            throw .inconsistentAccount(field: "xpub", reason: "only BIP32 accounts of Ethereum and ICP carry one")
        }
        let steps = try DerivationPath(path).components
        guard let last = steps.last, last < DerivationPath.hardenedOffset else {
            throw .inconsistentAccount(
                field: "xpub", reason: "the path's last step must be non-hardened for an xpub to derive it")
        }
        let parent = try ExtendedPublicKey(serialized: text)
        guard Int(parent.depth) == steps.count - 1, parent.childNumber == (steps.dropLast().last ?? 0) else {
            throw .inconsistentAccount(
                field: "xpub", reason: "it is not the key at the path's parent (depth \(steps.count - 1))")
        }
        guard try parent.child(last).publicKey.uncompressed == publicKey else {
            throw .inconsistentAccount(field: "xpub", reason: "its child \(last) is not this account's public key")
        }
    }
}
