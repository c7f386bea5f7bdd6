import AirsignChains
import AirsignEncoding
import Testing

@testable import AirsignMessages

/// Inputs that are not descriptors at all: each gets a typed error, never a crash.
@Suite struct AccountDescriptorLimitsTests {
    @Test func nonDescriptorsAreRefused() {
        let cases: [String] = [
            "", "null", "[]", "42", #""account""#, "{", #"{"airsign":"account"}"#, #"{"version":1}"#,
            #"{"airsign":1,"version":1}"#, #"[{"airsign":"account","version":1}]"#,
            String(repeating: "[", count: 100), String(repeating: " ", count: 5000),
        ]
        for text in cases {
            #expect(throws: MessagesError.self, "\(text.prefix(20))") {
                try AccountDescriptor.parseList(Array(text.utf8), rules: .standard)
            }
        }
        #expect(throws: MessagesError.self) {
            try AccountDescriptor(parsing: Array(String(repeating: "x", count: 5000).utf8), rules: .standard)
        }
    }
}
