/// The version both binaries report with `--version`.
public enum AirsignVersion {
    public static let string = "0.1.0"
}
