import AirsignWatch
import Testing

// Placeholder so the target builds; the first real tests of AirsignWatch replace this file.
@Suite struct AirsignWatchPlaceholder {
    @Test func moduleLoads() { #expect(String(describing: WatchError.self).hasSuffix("Error")) }
}
