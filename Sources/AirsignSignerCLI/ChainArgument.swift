import AirsignKeys
import ArgumentParser

/// A `--chain` value: one of the chains Airsign signs for, else a usage error (exit 2).
public enum ChainArgument {
    public static func parse(_ text: String) throws(ValidationError) -> Chain {
        guard let chain = Chain(rawValue: text) else {
            throw ValidationError(
                "unknown chain \"\(text)\": use " + Chain.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return chain
    }
}
