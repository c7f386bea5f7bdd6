import AirsignCLI
import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignSignerCLI
import ArgumentParser

/// The work behind `delegate add|list|remove`: the trusted EIP-7702 delegates (Ethereum's
/// `delegates` in `SignerKnowledgeStore`'s file). Adding and removing need the PIN (the file is
/// sealed with it); listing does not.
enum DelegateActions {
    /// The address as the command line gives it: a usage error (exit 2) when it does not read.
    static func address(_ text: String) throws -> EthereumAddress {
        do { return try EthereumAddress(text) } catch { throw ValidationError("\(text.debugDescription): \(error)") }
    }

    static func delegate(address text: String, chainId: UInt64, name: String) throws -> TrustedDelegate {
        let parsed = try address(text)
        do throws(InstalledKnowledgeError) {
            return try TrustedDelegate(chainId: chainId, address: parsed, name: name)
        } catch {
            throw ValidationError(error.description)
        }
    }

    static func add(_ delegate: TrustedDelegate, pinFile: String?) throws {
        let keystore = try SignerContext.keystore()
        let pin = try PINEntry.current(file: pinFile)
        try SignerKnowledgeStore(keystore: keystore).update(pin: pin) { content in
            try content.change(EthereumInstalled.self) { try $0.add(delegate) }
        }
        Console.info("Trusted \(line(delegate)).")
    }

    static func list(json: Bool) throws {
        let content = try SignerKnowledgeStore(keystore: SignerContext.keystore()).loadContent()
        let delegates = try content.read(EthereumInstalled.self).delegates
        if json {
            let rows: [JSONValue] = delegates.map {
                .object([
                    ("chainId", .integer($0.chainId)), ("address", .string($0.address.checksummed)),
                    ("name", .string($0.name)),
                ])
            }
            Console.output(JSONSerializer(sortKeys: false).serialize(.array(rows)) + "\n")
        } else if delegates.isEmpty {
            Console.info("No EIP-7702 delegates are trusted: every delegation needs --blind.")
        } else {
            delegates.forEach { Console.info(line($0)) }
        }
    }

    static func remove(address: EthereumAddress, chainId: UInt64, pinFile: String?) throws {
        let keystore = try SignerContext.keystore()
        let pin = try PINEntry.current(file: pinFile)
        try SignerKnowledgeStore(keystore: keystore).update(pin: pin) { content in
            try content.change(EthereumInstalled.self) { try $0.removeDelegate(chainId: chainId, address: address) }
        }
        Console.info("No longer trusted: \(address.checksummed) on \(scope(chainId)).")
    }

    /// How the commands show an entry: the name escaped as reviews show it.
    static func line(_ delegate: TrustedDelegate) -> String {
        "\(delegate.address.checksummed) \"\(SafeName.shown(delegate.name))\" on \(scope(delegate.chainId))"
    }

    private static func scope(_ chainId: UInt64) -> String {
        chainId == 0 ? "every chain (chain id 0)" : "chain id \(chainId)"
    }
}
