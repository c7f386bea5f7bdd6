import AirsignTestSupport
import Foundation
import Synchronization
import Testing

/// One signer keystore and one watch store in a temporary directory, the built programs run
/// against them, and every output kept so a test can check at its end that no secret was
/// printed or written anywhere but the keystore.
final class AccountCLISession: Sendable {
    let dir = TemporaryDirectory()
    let pin: String
    private let outputs = Mutex<[String]>([])
    private let secrets = Mutex<[String]>([oldPIN])

    init() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/in", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: true)
        pin = pinFile(dir, "in/pin", oldPIN)
    }

    var watchHome: String { dir.path + "/watch" }
    var outDirectory: String { dir.path + "/out" }

    /// `airsign-signer arguments…` (`--pin-file` added when `pin` is set).
    @discardableResult
    func signer(_ arguments: [String], stdin: String = "", pin withPIN: Bool = false) throws -> Signer.Result {
        let result = try Signer.run(arguments + (withPIN ? ["--pin-file", pin] : []), home: dir.home, stdin: stdin)
        outputs.withLock { $0.append(result.all) }
        return result
    }

    /// `airsign-watch arguments…` with this session's watch store.
    @discardableResult
    func watch(_ arguments: [String], stdin: String = "") throws -> Signer.Result {
        let result = try Signer.start(
            arguments, home: watchHome, stdin: stdin, program: Signer.sibling("airsign-watch"),
            homeVariable: "AIRSIGN_WATCH_HOME"
        ).wait()
        outputs.withLock { $0.append(result.all) }
        return result
    }

    /// A secret input file (mode 600) under `in/`, remembered as a secret for the final check.
    func secretFile(_ name: String, _ text: String) -> String {
        remember(text)
        let path = dir.path + "/in/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        chmod(path, 0o600)
        return path
    }

    /// Remembers a secret (or the parts of one that must never appear) for `expectNoSecrets`.
    func remember(_ secret: String) {
        let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        var parts = [trimmed]
        if trimmed.hasPrefix("0x") { parts.append(String(trimmed.dropFirst(2))) }
        // A phrase: any two words in a row. A PEM: every base64 line.
        let words = trimmed.split(separator: " ")
        if words.count >= 12 { parts += zip(words, words.dropFirst()).map { "\($0) \($1)" } }
        if trimmed.hasPrefix("-----BEGIN") {
            parts += trimmed.split(separator: "\n").filter { !$0.hasPrefix("-----") }.map(String.init)
        }
        secrets.withLock { $0 += parts }
    }

    /// No secret in anything the programs printed, nor in any file they wrote outside the
    /// keystore (exports, QR images' neighbours, the watch store).
    func expectNoSecrets(sourceLocation: SourceLocation = #_sourceLocation) {
        var texts = outputs.withLock { $0 }
        for root in [outDirectory, watchHome] {
            guard let files = FileManager.default.enumerator(atPath: root) else { continue }
            for case let name as String in files {
                if let data = FileManager.default.contents(atPath: root + "/" + name) {
                    texts.append(String(decoding: data, as: UTF8.self))
                }
            }
        }
        let all = texts.joined(separator: "\n")
        for secret in secrets.withLock({ $0 }) where !secret.isEmpty {
            #expect(!all.contains(secret), "a secret appeared in an output or file", sourceLocation: sourceLocation)
        }
        #expect(!all.lowercased().contains("abandon abandon"), sourceLocation: sourceLocation)
    }

    /// `account list --json` of the signer, as dictionaries.
    func signerAccounts() throws -> [[String: Any]] {
        let result = try signer(["account", "list", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// The addresses of the signer's accounts.
    func signerAddresses() throws -> Set<String> {
        Set(try signerAccounts().compactMap { $0["address"] as? String })
    }
}

/// A vector file as loosely typed JSON, for the few published values these tests need.
func vectorJSON(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: Vectors.directory.appendingPathComponent(name + ".json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}
