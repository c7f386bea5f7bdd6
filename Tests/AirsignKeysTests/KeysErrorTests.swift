import AirsignKeys
import Testing

@Suite struct KeysErrorTests {
    @Test func moduleLinks() {
        // Replaced by real tests as the keys module fills in.
        #expect(String(describing: KeysError.self) == "KeysError")
    }
}
