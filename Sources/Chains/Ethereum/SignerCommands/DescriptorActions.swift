import AirsignCLI
import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignSignerCLI
import Foundation

/// The work behind `descriptor add|list|remove`: ERC-7730 clear-signing descriptors installed
/// on the signer (Ethereum's `descriptors` in `SignerKnowledgeStore`'s file). Adding and
/// removing need the PIN (the file is sealed with it); listing does not.
enum DescriptorActions {
    /// `descriptor add FILE|- [--name NAME]` (or `--scan`): reads the descriptor, resolves its
    /// `includes` (paths relative to the file's folder, or to the current folder for standard
    /// input and scans), reads the merged document with the signer's strict rules and installs
    /// it under NAME (default: the file's name without `.json`).
    static func add(bytes: [UInt8], source: String?, name: String?, pinFile: String?) throws {
        let base =
            source.flatMap { $0 == "-" ? nil : URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            ?? FileManager.default.currentDirectoryPath
        let shownName = source.map { $0 == "-" ? "standard input" : $0 } ?? "the scanned descriptor"
        let installName = try DescriptorName.check(name ?? source.flatMap(DescriptorName.fromFile) ?? "")
        let merged = try merge(bytes, name: shownName, base: base)
        let descriptor: ClearSigningDescriptor
        do { descriptor = try ClearSigningDescriptor(document: merged) } catch {
            throw KnowledgeStoreError("\(shownName): \(error)")
        }
        let keystore = try SignerContext.keystore()
        let pin = try PINEntry.current(file: pinFile)
        try SignerKnowledgeStore(keystore: keystore).update(pin: pin) { content in
            try content.change(EthereumInstalled.self) {
                try $0.add(EthereumInstalled.Descriptor(name: installName, document: merged))
            }
        }
        let installed = InstalledDescriptor(name: installName, descriptor: descriptor)
        Console.info(
            "Installed the descriptor \"\(installName)\" (\(MessageText.escaped(descriptor.displayName))) for \(DescriptorText.binding(descriptor)); sha256 \(installed.digest)"
        )
    }

    /// `descriptor list [--json]`.
    static func list(json: Bool) throws {
        let content = try SignerKnowledgeStore(keystore: SignerContext.keystore()).loadContent()
        let knowledge: EthereumKnowledge
        do throws(InstalledKnowledgeError) {
            knowledge = try EthereumInstalled(content.installed).knowledge()
        } catch {
            throw KnowledgeStoreError(error.description, status: .keystoreDamaged)
        }
        if json {
            Console.output(
                JSONSerializer(sortKeys: false).serialize(.array(knowledge.descriptors.map(DescriptorText.json))) + "\n"
            )
        } else if knowledge.descriptors.isEmpty {
            Console.info("No descriptors installed.")
        } else {
            knowledge.descriptors.forEach { Console.info(DescriptorText.line($0)) }
        }
    }

    /// `descriptor remove NAME`.
    static func remove(name: String, pinFile: String?) throws {
        let keystore = try SignerContext.keystore()
        let pin = try PINEntry.current(file: pinFile)
        try SignerKnowledgeStore(keystore: keystore).update(pin: pin) { content in
            try content.change(EthereumInstalled.self) { try $0.removeDescriptor(named: name) }
        }
        Console.info("Removed the descriptor \"\(MessageText.escaped(name))\".")
    }

    /// The document with its `includes` merged in, each read from a file under `base`.
    static func merge(_ bytes: [UInt8], name: String, base: String) throws -> JSONValue {
        let document = try parse(bytes, name: name)
        do {
            return try DescriptorIncludes.resolve(document, name: name) { include, from in
                let path = include.hasPrefix("/") ? include : base + "/" + include
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw KnowledgeStoreError("\(from): \"includes\": \(include) cannot be read (looked for \(path))")
                }
                return (try parse(Array(data), name: path), URL(fileURLWithPath: path).standardizedFileURL.path)
            }
        } catch let error as KnowledgeStoreError {
            throw error
        } catch {
            throw KnowledgeStoreError("\(error)")
        }
    }

    private static func parse(_ bytes: [UInt8], name: String) throws -> JSONValue {
        guard bytes.count <= ClearSigningDescriptor.maxSize else {
            throw KnowledgeStoreError("\(name): larger than \(ClearSigningDescriptor.maxSize) bytes")
        }
        do { return try JSONParser().parse(bytes) } catch { throw KnowledgeStoreError("\(name): not JSON: \(error)") }
    }
}

/// Names of installed descriptors: short, plain, and usable on a command line.
enum DescriptorName {
    static func check(_ name: String) throws -> String {
        let allowed = name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
        }
        guard (1...64).contains(name.count), allowed, !name.hasPrefix(".") else {
            throw KnowledgeStoreError(
                "descriptor name \"\(MessageText.escaped(name))\": 1 to 64 ASCII letters, digits, '.', '_' or '-', not starting with '.' (use --name)"
            )
        }
        return name
    }

    static func fromFile(_ path: String) -> String? {
        guard path != "-" else { return nil }
        let file = URL(fileURLWithPath: path).lastPathComponent
        return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }
}

/// How `descriptor list` and `add` describe a descriptor.
enum DescriptorText {
    static func binding(_ descriptor: ClearSigningDescriptor) -> String {
        let deployments = descriptor.deployments.map { "\($0.address.checksummed) on chain id \($0.chainId)" }
        switch descriptor.binding {
        case .contract:
            return deployments.isEmpty ? "no deployments" : "calls to " + deployments.joined(separator: ", ")
        case .eip712(_, let domain, _):
            let named = domain.keys.sorted().map { "\($0)=\(domain[$0].map { JSONSerializer().serialize($0) } ?? "")" }
            let parts =
                (deployments.isEmpty ? [] : ["verifying contract " + deployments.joined(separator: ", ")])
                + (named.isEmpty ? [] : ["domain " + named.joined(separator: " ")])
            return "EIP-712 messages" + (parts.isEmpty ? "" : " with " + parts.joined(separator: "; "))
        }
    }

    static func line(_ installed: InstalledDescriptor) -> String {
        "\(installed.name): \(MessageText.escaped(installed.descriptor.displayName)), \(binding(installed.descriptor)); sha256 \(installed.digest)"
    }

    static func json(_ installed: InstalledDescriptor) -> JSONValue {
        .object([
            ("name", .string(installed.name)), ("owner", .string(installed.descriptor.displayName)),
            ("binding", .string(binding(installed.descriptor))), ("sha256", .string(installed.digest)),
        ])
    }
}
