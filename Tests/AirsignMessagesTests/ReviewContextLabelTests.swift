import AirsignChains
import AirsignKeys
import AirsignMessages
import Foundation
import Testing

/// `ReviewContext.label` keeps the identities of the accounts and contacts per chain; these tests
/// hold it to the plain rule (own account first, in list order, then the first contact).
@Suite struct ReviewContextLabelTests {
    static let ethereum = ChainID(Chain.ethereum)
    static let substrate = ChainID(Chain.substrate)
    // EIP-55 examples and the bench account: valid checksummed addresses.
    static let a = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    static let b = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
    static let c = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"

    func context() throws -> ReviewContext {
        let own = [
            OwnAccount(
                chain: Self.ethereum, address: Self.a, publicKey: [4], keyName: "main", path: "m/44'/60'/0'/0/0"),
            OwnAccount(chain: Self.ethereum, address: Self.a.lowercased(), publicKey: [4], keyName: "copy", path: nil),
        ]
        let book = try AddressBook([
            Contact(chain: Self.ethereum, name: "Bob", address: Self.a.lowercased(), rules: .standard),
            Contact(chain: Self.ethereum, name: "Alice", address: Self.b, rules: .standard),
        ])
        return ReviewContext(ownAccounts: own, contacts: book, now: 0)
    }

    /// The rule as it reads, without remembering anything.
    func plainLabel(_ address: String, chain: ChainID, in context: ReviewContext) -> AddressLabel {
        let identity = { AccountRules.standard.addressIdentity($0, chain: chain) }
        guard let wanted = identity(address) else { return .unknown }
        if let own = context.ownAccounts.first(where: { $0.chain == chain && identity($0.address) == wanted }) {
            return .own(keyName: own.keyName, path: own.path)
        }
        if let contact = context.contacts.contact(for: address, chain: chain, rules: .standard, identity: identity) {
            return .contact(name: contact.name)
        }
        return .unknown
    }

    @Test func labelsFollowTheRule() throws {
        let context = try context()
        let label = { (address: String) in
            context.label(address, chain: Self.ethereum) {
                AccountRules.standard.addressIdentity($0, chain: Self.ethereum)
            }
        }
        // Twice each: the second answer comes from what the first worked out.
        for _ in 0..<2 {
            #expect(label(Self.a) == .own(keyName: "main", path: "m/44'/60'/0'/0/0"))
            #expect(
                label(Self.a.uppercased().replacingOccurrences(of: "0X", with: "0x"))
                    == .own(keyName: "main", path: "m/44'/60'/0'/0/0"))
            #expect(label(Self.b.lowercased()) == .contact(name: "Alice"))
            #expect(label(Self.c) == .unknown)
            #expect(label("0x9858efFD232B4033E47d90003D41EC34EcaEda94") == .unknown)  // checksum broken
            #expect(label("not an address") == .unknown)
        }
        #expect(
            context.label(Self.a, chain: Self.substrate) {
                AccountRules.standard.addressIdentity($0, chain: Self.substrate)
            }
                == .unknown)
    }

    @Test func agreesWithThePlainRule() throws {
        let context = try context()
        let addresses = [
            Self.a, Self.a.lowercased(), Self.b, Self.b.lowercased(), Self.c, "0x" + String(repeating: "0", count: 40),
            "", "0x",
        ]
        for chain in [Self.ethereum, Self.substrate] {
            for address in addresses {
                let cached = context.label(address, chain: chain) {
                    AccountRules.standard.addressIdentity($0, chain: chain)
                }
                #expect(cached == plainLabel(address, chain: chain, in: context), "\(address) on \(chain)")
            }
        }
    }
}
