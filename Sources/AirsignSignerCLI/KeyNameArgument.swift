import AirsignCLI
import AirsignKeys
import AirsignKeystore
import ArgumentParser

/// A key name given on the command line: an invalid one is a usage error (exit 2).
public enum KeyNameArgument {
    /// The validated name, or a `ValidationError` saying why it is not one.
    public static func parse(_ text: String) throws(ValidationError) -> KeyName {
        do throws(KeystoreError) {
            return try KeyName(text)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
