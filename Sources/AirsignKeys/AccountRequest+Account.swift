import AirsignEncoding

extension AccountRequest {
    /// The request that derives a stored account again (to sign for it): the index is the
    /// path's last step, a Substrate account's junctions and scheme are its own, and its SS58
    /// prefix is its address's. An empty path is index 0 (a single imported key) or the
    /// Substrate root. The caller compares the derived public key with the stored one.
    public init(for account: Account) throws(KeysError) {
        switch account.chain {
        case .substrate:
            let scheme: SubstrateScheme
            switch account.scheme {
            case .sr25519: scheme = .sr25519
            case .ed25519: scheme = .ed25519
            case .secp256k1: scheme = .ecdsa
            }
            let prefix: UInt16
            do {
                prefix = try SS58.decode(account.address).prefix
            } catch {
                throw .inconsistentAccount(field: "address", reason: "not an SS58 address (\(error.description))")
            }
            self = .substrate(scheme: scheme, path: try SubstrateDerivationPath(account.path), ss58Prefix: prefix)
        case .ethereum, .icp, .stellar:
            var index: UInt32 = 0
            if !account.path.isEmpty, let last = try DerivationPath(account.path).components.last {
                index = last >= DerivationPath.hardenedOffset ? last - DerivationPath.hardenedOffset : last
            }
            switch account.chain {
            case .ethereum: self = .ethereum(index: index)
            case .icp: self = .icp(index: index)
            default: self = .stellar(index: index)
            }
        }
    }
}
