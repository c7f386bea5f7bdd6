import AirsignChains
import AirsignKeys
import AirsignMessages
import AirsignWatch
import Foundation

/// What the watch's tests share, generic and per chain: a scratch store, descriptors of the
/// public test phrase's accounts, and the watch store of a `ProgramHome`.
public enum WatchFixtures {
    /// A directory removed when released.
    public final class Scratch: Sendable {
        public let path: String
        public init() {
            path = NSTemporaryDirectory() + "airsign-watch-test-" + UUID().uuidString
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        public var home: String { path + "/watch" }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The public "abandon … about" test phrase: it holds nothing.
    public static let phrase =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    /// The descriptor of the test phrase's account `request` on `network`.
    public static func descriptor(_ request: AccountRequest, network: String, name: String? = nil) throws
        -> AccountDescriptor
    {
        let account = try AccountRules.standard.derive(request, from: .mnemonic(Mnemonic(phrase: phrase))).account.on(
            network)
        return try AccountDescriptor(account: account, name: name, rules: .standard)
    }
}

extension ProgramHome {
    /// The watch's request store in this home.
    public var store: WatchRequestStore { WatchRequestStore(home: watchHome) }
}
