import AirsignMessages
import Testing

// Placeholder so the target builds; the first real tests of AirsignMessages replace this file.
@Suite struct AirsignMessagesPlaceholder {
    @Test func moduleLoads() { #expect(String(describing: MessagesError.self).hasSuffix("Error")) }
}
