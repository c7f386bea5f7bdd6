import AirsignKeys

/// Which account an address names, in a form two spellings of one account share: the review
/// compares destinations with the keystore's accounts and the contacts by it, so an Ethereum
/// address in lower case, or a Substrate address in another network's SS58 format, is still
/// recognised. Each chain's account rules read its address formats
/// (`ChainAccounts.addressIdentity`), and chain modules may refine them
/// (`ChainModule.addressIdentity`).
extension AccountRules {
    /// The identity of `address` on `chain` by the chain's address formats, or nil when it is
    /// not a valid address there. A chain outside `Chain` (the tests' own) compares the text as
    /// it is.
    public func addressIdentity(_ address: String, chain: ChainID) -> String? {
        guard let known = chain.knownChain else { return address.isEmpty ? nil : address }
        return addressIdentity(address, chain: known)
    }

    /// The address written the way the chain's wallets show it (EIP-55 case); otherwise
    /// `address` unchanged.
    public func displayAddress(_ address: String, chain: ChainID) -> String {
        guard let known = chain.knownChain else { return address }
        return displayAddress(address, chain: known)
    }
}
