import AirsignEncoding
import Testing

@testable import AirsignEthereum

/// The built-in descriptors are read with the same strict reader as installed ones, and a text
/// that failed to read would drop its standard from clear signing without a word (its calls
/// would become blind): every one of them must read.
@Suite struct BuiltInDescriptorTests {
    @Test func everyBuiltInDescriptorReads() throws {
        for text in BuiltInDescriptors.texts {
            _ = try ClearSigningDescriptor(document: try JSONParser().parse(Array(text.utf8)), builtIn: true)
        }
        #expect(BuiltInDescriptors.calls.count == BuiltInDescriptors.texts.count)
    }
}
