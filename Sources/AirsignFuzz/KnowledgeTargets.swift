import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignSignerCLI
import AirsignStellar

extension FuzzTarget {
    /// The signer's knowledge file (`ethereum-knowledge.json`, which anyone who can write the
    /// signer home can edit; it is parsed before its seal is checked) as the store reads it, and
    /// its members as each chain reads them, into the chain modules that review with them.
    static let signerKnowledge = FuzzTarget(
        name: "signer-knowledge",
        summary: "the signer's knowledge file (installed descriptors and tokens) and each chain's members of it"
    ) { input throws(FuzzViolation) in
        if let stored = try? KnowledgeContent.parse(input, path: "fuzz.json") {
            _ = try? SignerKnowledgeStore.registry(stored.content)
        }
        // The members alone, as an object of them, through each chain's reader.
        guard case .object(let members)? = try? JSONParser().parse(input) else { return }
        var installed: [String: JSONValue] = [:]
        for (key, value) in members { installed[key] = value }
        if let ethereum = try? EthereumInstalled(installed) {
            _ = try? ethereum.knowledge()
            try FuzzViolation.check(
                (try? EthereumInstalled(ethereum.members)) == ethereum, "Ethereum's members do not read back the same")
        }
        if let stellar = try? StellarInstalled(installed) {
            _ = try? stellar.byNetwork()
            try FuzzViolation.check(
                (try? StellarInstalled(stellar.members)) == stellar, "Stellar's members do not read back the same")
        }
    }
}
