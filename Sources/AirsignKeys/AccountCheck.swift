import AirsignCrypto
import AirsignEncoding

/// The checks the chains' `ChainAccounts.verify` share, each refusing with the field at fault.
extension Account {
    /// The address must be `expected`, the address of the account's own key.
    public func requireAddress(_ expected: String) throws(KeysError) {
        guard expected == address else {
            throw .inconsistentAccount(
                field: "address", reason: "is not the address of this public key (that is \(expected))")
        }
    }

    /// A refusal of the path, for `reason`.
    public func pathRefusal(_ reason: String) -> KeysError { .inconsistentAccount(field: "path", reason: reason) }

    /// The path is `parent` and one more step, hardened or not as `lastHardened` says, written
    /// as Airsign writes it. Only the last step of a BIP32 path can be checked against the key
    /// (through the xpub), so the rest is held to the one form Airsign writes.
    public func requireBIP32Path(parent: String, lastHardened: Bool, refusal: String) throws(KeysError) {
        let steps = try DerivationPath(path).components
        let parentSteps = try DerivationPath(parent).components.count
        guard steps.count == parentSteps + 1,
            try DerivationPath(components: Array(steps.prefix(parentSteps))).description == parent,
            let last = steps.last, (last >= DerivationPath.hardenedOffset) == lastHardened,
            try DerivationPath(components: steps).description == path
        else { throw pathRefusal(refusal) }
    }

    /// The index a BIP32 account was added at: its path's last step (unhardened), 0 for an
    /// imported key's empty path.
    public func pathIndex() throws(KeysError) -> UInt32 {
        guard !path.isEmpty, let last = try DerivationPath(path).components.last else { return 0 }
        return last >= DerivationPath.hardenedOffset ? last - DerivationPath.hardenedOffset : last
    }

    /// An xpub, when there is one, on an account of a chain whose accounts never carry one.
    public func refuseXpub() throws(KeysError) {
        guard xpub == nil else { throw Self.xpubRefusal }
    }

    /// The xpub, when there is one, is the parent of the path's last, non-hardened step and
    /// derives the public key; only a phrase's BIP32 secp256k1 accounts (a path) carry one.
    public func verifyXpub() throws(KeysError) {
        guard let text = xpub else { return }
        guard scheme == .secp256k1, !path.isEmpty else { throw Self.xpubRefusal }
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

    private static let xpubRefusal = KeysError.inconsistentAccount(
        field: "xpub", reason: "only BIP32 accounts of Ethereum and ICP carry one")
}
